"""Pages of the scoring app."""

from django.urls import path

app_name = "scoring"

urlpatterns: list = []
