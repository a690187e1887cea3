"""API routes of the referee app, mounted under /api/v1/."""

from django.urls import path

urlpatterns: list = []
