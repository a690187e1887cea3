"""Who may do what at a Preferans tournament: the same matrix as Deberc's (401 not signed
in, 403 forbidden, 404 not visible), deals, corrections, closing on time, the tournament."""

from __future__ import annotations

import uuid

import pytest

from scoring import services as scoring_services
from scoring.models import Match
from tests.factories import (
    PREF_SEVEN_HEARTS_DOWN,
    PREF_SIX_SPADES,
    make_club_organiser,
    make_preferans_evening,
)

from .conftest import client_for

pytestmark = pytest.mark.django_db

ROLES = ["organiser", "referee", "scorer", "other_scorer", "player", "stranger", "anonymous"]
NEXT_DEAL = {  # Boris deals; Anna plays a misère and takes no trick
    "kind": "misere",
    "declarer": "Anna",
    "tricks": {"Anna": 0, "Boris": 5, "Vera": 5},
}


def _submit_deal(c, ev):
    version = Match.objects.get(pk=ev.match.pk).version
    return c.post(
        f"/api/v1/matches/{ev.match.pk}/deals/",
        NEXT_DEAL | {"version": version},
        format="json",
        HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )


def _close(c, ev):
    return c.post(f"/api/v1/matches/{ev.match.pk}/close/", {}, format="json")


ACTIONS = {
    "read match": lambda c, ev: c.get(f"/api/v1/matches/{ev.match.pk}/"),
    "submit deal": _submit_deal,
    "correct deal": lambda c, ev: c.put(
        f"/api/v1/matches/{ev.match.pk}/deals/1/", PREF_SEVEN_HEARTS_DOWN, format="json"
    ),
    "close match": _close,
    "read tournament": lambda c, ev: c.get(f"/api/v1/tournaments/{ev.tournament.pk}/"),
    "create tournament": lambda c, ev: c.post(
        "/api/v1/tournaments/",
        {"name": "Пулька", "club": ev.tournament.club_id, "game": "preferans", "table_size": 3},
        format="json",
    ),
    "patch tournament": lambda c, ev: c.patch(
        f"/api/v1/tournaments/{ev.tournament.pk}/", {"round_minutes": 90}, format="json"
    ),
}

PUBLISHED = {
    "read match":        [200, 200, 200, 200, 200, 200, 200],
    "submit deal":       [201, 201, 201, 403, 403, 403, 401],
    "correct deal":      [200, 200, 200, 403, 403, 403, 401],
    # The scorer closes only once the round's time is up (this round has no clock): 409.
    "close match":       [200, 200, 409, 403, 403, 403, 401],
    "read tournament":   [200, 200, 200, 200, 200, 200, 200],
    "create tournament": [201, 403, 403, 403, 403, 403, 401],
    "patch tournament":  [200, 403, 403, 403, 403, 403, 401],
}  # fmt: skip

UNPUBLISHED = {
    "read match":        [200, 200, 200, 200, 200, 404, 404],
    "submit deal":       [201, 201, 201, 403, 403, 404, 401],
    "close match":       [200, 200, 409, 403, 403, 404, 401],
    "read tournament":   [200, 200, 200, 200, 200, 404, 404],
    "patch tournament":  [200, 403, 403, 403, 403, 404, 401],
}  # fmt: skip


def _cases(table: dict) -> list:
    return [
        pytest.param(action, role, expected[i], id=f"{action}-{role}")
        for action, expected in table.items()
        for i, role in enumerate(ROLES)
    ]


def _evening(*, published: bool = True):
    # A pulka played to a time limit, with a first deal to correct.
    ev = make_preferans_evening(published=published, conventions={"end": "closed"})
    make_club_organiser(ev.organiser, ev.tournament.club)
    scoring_services.deal_submit(
        match=ev.match, record=PREF_SIX_SPADES, user=ev.scorer, idempotency_key=None, version=None
    )
    return ev


@pytest.mark.parametrize(("action", "role", "expected"), _cases(PUBLISHED))
def test_published_preferans_tournament(action, role, expected):
    ev = _evening()
    response = ACTIONS[action](client_for(ev, role), ev)
    assert response.status_code == expected, response.content[:300]
    if expected >= 400:
        assert response.json()["errors"][0]["code"]


@pytest.mark.parametrize(("action", "role", "expected"), _cases(UNPUBLISHED))
def test_unpublished_preferans_tournament(action, role, expected):
    ev = _evening(published=False)
    response = ACTIONS[action](client_for(ev, role), ev)
    assert response.status_code == expected, response.content[:300]
