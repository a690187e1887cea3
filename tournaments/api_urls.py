"""API routes of the tournaments app, mounted under /api/v1/: each domain's `api_urlpatterns`
(`tournaments/<domain>/urls.py`)."""

from django.urls import URLPattern

from tournaments.clubs import urls as clubs
from tournaments.events import urls as events
from tournaments.federations import urls as federations
from tournaments.live import urls as live
from tournaments.people import urls as people
from tournaments.reports import urls as reports

urlpatterns: list[URLPattern] = [
    *events.api_urlpatterns,
    *live.api_urlpatterns,
    *reports.api_urlpatterns,
    *clubs.api_urlpatterns,
    *people.api_urlpatterns,
    *federations.api_urlpatterns,
]
