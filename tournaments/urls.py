"""Pages of the tournaments app: each domain's routes (`tournaments/<domain>/urls.py`), in the
`tournaments` namespace."""

from django.urls import URLPattern

from tournaments.clubs import urls as clubs
from tournaments.events import urls as events
from tournaments.federations import urls as federations
from tournaments.live import urls as live
from tournaments.people import urls as people
from tournaments.reports import urls as reports

app_name = "tournaments"

urlpatterns: list[URLPattern] = [
    *events.urlpatterns,
    *live.urlpatterns,
    *reports.urlpatterns,
    *clubs.urlpatterns,
    *people.urlpatterns,
    *federations.urlpatterns,
]
