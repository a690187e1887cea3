import pytest
from rest_framework.test import APIClient

from tests.factories import make_club_organiser, make_preferans_evening


@pytest.fixture
def ev(db):
    ev = make_preferans_evening()
    make_club_organiser(ev.organiser, ev.tournament.club)
    return ev


def client_for(ev, role: str) -> APIClient:
    client = APIClient()
    if role != "anonymous":
        client.force_authenticate(user=ev.users[role])
    return client


@pytest.fixture
def organiser(ev):
    return client_for(ev, "organiser")
