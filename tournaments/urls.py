"""Pages of the tournaments app."""

from django.urls import path

app_name = "tournaments"

urlpatterns: list = []
