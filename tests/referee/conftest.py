"""Fixtures of the referee desk tests: a tournament evening with a referee and an organiser,
and a match with one deal entered through the scoring service."""

from __future__ import annotations

import pytest

from scoring import services as scoring_services
from tests.factories import UserFactory, make_match


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def evening(db):
    """A running 2-player Moscow match with its referee, organiser, an outsider and deal 1:
    Anna declares and makes the game 90 : 60."""
    referee = UserFactory(username="referee")
    organiser = UserFactory(username="organiser")
    outsider = UserFactory(username="outsider")
    match = make_match()
    tournament = match.tournament
    tournament.referees.add(referee)
    tournament.organisers.add(organiser)
    names = [seat.player.display_name for seat in match.seats.order_by("position")]
    scoring_services.deal_submit(
        match=match,
        record={
            "trump": "H",
            "declarer": names[0],
            "points": {names[0]: 80, names[1]: 60},
            "last_trick": names[0],
        },
        user=organiser,
        idempotency_key="deal-1",
        version=None,
    )
    match.refresh_from_db()
    return {
        "match": match,
        "tournament": tournament,
        "names": names,
        "referee": referee,
        "organiser": organiser,
        "outsider": outsider,
    }
