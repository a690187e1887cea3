"""Pages of the referee app."""

from django.urls import path

app_name = "referee"

urlpatterns: list = []
