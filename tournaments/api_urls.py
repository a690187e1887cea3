"""API routes of the tournaments app, mounted under /api/v1/."""

from django.urls import path

urlpatterns: list = []
