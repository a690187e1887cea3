"""The whole permission matrix of the contract: each role × each action, allowed and refused,
with the status the contract names (401 not signed in, 403 forbidden, 404 not visible)."""

from __future__ import annotations

import uuid

import pytest
from rest_framework.test import APIClient

from scoring.models import Match
from tests.factories import (
    DEAL_BYTE,
    DEAL_MADE,
    ClubFactory,
    UserFactory,
    make_club_organiser,
    make_evening,
)
from tournaments.events.models import Round, Tournament

pytestmark = pytest.mark.django_db

ROLES = ["organiser", "referee", "scorer", "other_scorer", "player", "stranger", "anonymous"]


def client_for(ev, role: str) -> APIClient:
    client = APIClient()
    if role != "anonymous":
        client.force_authenticate(user=ev.users[role])
    return client


def client_for_user(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user=user)
    return client


def sheet(names=("Anna", "Boris")) -> dict:
    return {
        "format": "deberc-scoresheet/1",
        "ruleset": "moscow",
        "players": list(names),
        "first_dealer": names[0],
        "deals": [
            {
                "trump": "S",
                "declarer": names[1],
                "points": {names[0]: 40, names[1]: 90},
                "last_trick": names[1],
            }
        ],
    }


def _read_match(c, ev):
    return c.get(f"/api/v1/matches/{ev.match.pk}/")


def _read_scoresheet(c, ev):
    return c.get(f"/api/v1/matches/{ev.match.pk}/scoresheet/")


def _submit_deal(c, ev):
    version = Match.objects.get(pk=ev.match.pk).version
    return c.post(
        f"/api/v1/matches/{ev.match.pk}/deals/",
        DEAL_MADE | {"version": version},
        format="json",
        HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )


def _correct_deal(c, ev):
    return c.put(f"/api/v1/matches/{ev.match.pk}/deals/1/", DEAL_BYTE, format="json")


def _correct_deal_with_a_reason(c, ev):
    return c.put(
        f"/api/v1/matches/{ev.match.pk}/deals/1/",
        {**DEAL_BYTE, "reason": "the scoresheet says so"},
        format="json",
    )


def _read_history(c, ev):
    return c.get(f"/api/v1/matches/{ev.match.pk}/history/")


def _list_matches(c, ev):
    return c.get(f"/api/v1/tournaments/{ev.tournament.pk}/matches/")


def _read_tournament(c, ev):
    return c.get(f"/api/v1/tournaments/{ev.tournament.pk}/")


def _create_tournament(c, ev):
    return c.post(
        "/api/v1/tournaments/",
        {"name": "Кубок осені", "club": ev.tournament.club_id, "ruleset": "moscow"},
        format="json",
    )


def _patch_tournament(c, ev):
    return c.patch(f"/api/v1/tournaments/{ev.tournament.pk}/", {"rounds": 7}, format="json")


def _import(c, ev):
    return c.post(
        f"/api/v1/tournaments/{ev.tournament.pk}/import/", sheet(("Олена", "Pavlo")), format="json"
    )


ACTIONS = {
    "read match": _read_match,
    "read scoresheet": _read_scoresheet,
    "submit deal": _submit_deal,
    "correct deal": _correct_deal,
    "correct, a reason": _correct_deal_with_a_reason,
    "read history": _read_history,
    "list matches": _list_matches,
    "read tournament": _read_tournament,
    "create tournament": _create_tournament,
    "patch tournament": _patch_tournament,
    "import": _import,
}

# Published tournament, open round. Columns in the order of ROLES.
PUBLISHED = {
    "read match":        [200, 200, 200, 200, 200, 200, 200],
    "read scoresheet":   [200, 200, 200, 200, 200, 200, 200],
    "submit deal":       [201, 201, 201, 403, 403, 403, 401],
    "correct deal":      [200, 200, 200, 403, 403, 403, 401],
    "read history":      [200, 200, 200, 403, 200, 403, 401],
    "list matches":      [200, 200, 200, 200, 200, 200, 200],
    "read tournament":   [200, 200, 200, 200, 200, 200, 200],
    "create tournament": [201, 403, 403, 403, 403, 403, 401],
    "patch tournament":  [200, 403, 403, 403, 403, 403, 401],
    "import":            [201, 403, 403, 403, 403, 403, 401],
}  # fmt: skip

# An unpublished tournament is invisible (404) to those without a role in it.
UNPUBLISHED = {
    "read match":        [200, 200, 200, 200, 200, 404, 404],
    "read scoresheet":   [200, 200, 200, 200, 200, 404, 404],
    "submit deal":       [201, 201, 201, 403, 403, 404, 401],
    "correct deal":      [200, 200, 200, 403, 403, 404, 401],
    "read history":      [200, 200, 200, 403, 200, 404, 401],
    "list matches":      [200, 200, 200, 200, 200, 404, 404],
    "read tournament":   [200, 200, 200, 200, 200, 404, 404],
    "patch tournament":  [200, 403, 403, 403, 403, 404, 401],
    "import":            [201, 403, 403, 403, 403, 404, 401],
}  # fmt: skip

# The round is closed: its results are settled. Only the organiser changes them, with a
# reason (400 `reason_required` without); no new deal goes in (409 `round_closed`: the
# organiser opens the round again first).
CLOSED_ROUND = {
    "submit deal":       [409, 403, 403, 403, 403, 403, 401],
    "correct deal":      [400, 403, 403, 403, 403, 403, 401],
    "correct, a reason": [200, 403, 403, 403, 403, 403, 401],
    "read history":      [200, 200, 200, 403, 200, 403, 401],
}  # fmt: skip


def _cases(table: dict) -> list:
    return [
        pytest.param(action, role, expected[i], id=f"{action}-{role}")
        for action, expected in table.items()
        for i, role in enumerate(ROLES)
    ]


def _evening(*, published: bool = True):
    ev = make_evening(published=published)
    # The organiser organises the club too: a tournament is created only in one's own club.
    make_club_organiser(ev.organiser, ev.tournament.club)
    # A first deal so that corrections have something to correct.
    from scoring import services

    services.deal_submit(
        match=ev.match, record=DEAL_MADE, user=ev.scorer, idempotency_key=None, version=None
    )
    return ev


@pytest.mark.parametrize(("action", "role", "expected"), _cases(PUBLISHED))
def test_published_tournament(action, role, expected):
    ev = _evening()
    response = ACTIONS[action](client_for(ev, role), ev)
    assert response.status_code == expected, response.content[:300]
    if expected >= 400:
        assert response.json()["errors"][0]["code"]


@pytest.mark.parametrize(("action", "role", "expected"), _cases(UNPUBLISHED))
def test_unpublished_tournament(action, role, expected):
    ev = _evening(published=False)
    response = ACTIONS[action](client_for(ev, role), ev)
    assert response.status_code == expected, response.content[:300]


@pytest.mark.parametrize(("action", "role", "expected"), _cases(CLOSED_ROUND))
def test_closed_round(action, role, expected):
    ev = _evening()
    Round.objects.filter(pk=ev.round.pk).update(status=Round.Status.CLOSED)
    response = ACTIONS[action](client_for(ev, role), ev)
    assert response.status_code == expected, response.content[:300]


def test_a_tournament_is_created_only_by_an_organiser_of_its_club():
    """Roles belong to a club (issue 31): organising one of the club's tournaments is no
    right to create another there (403: no club organised), nor is organising another club
    (400 at `club`)."""
    ev = _evening()
    tournament_only = UserFactory(username="tournament_only")
    ev.tournament.organisers.add(tournament_only)
    other_club = make_club_organiser(UserFactory(username="other_clubs_organiser"), ClubFactory())
    before = Tournament.objects.count()
    forbidden = _create_tournament(client_for_user(tournament_only), ev)
    assert forbidden.status_code == 403, forbidden.content[:300]
    refused = _create_tournament(client_for_user(other_club), ev)
    assert refused.status_code == 400, refused.content[:300]
    assert [(e["field"], e["code"]) for e in refused.json()["errors"]] == [
        ("club", "not_club_organiser")
    ]
    assert Tournament.objects.count() == before


def test_a_refused_write_changes_nothing():
    ev = _evening()
    before = Match.objects.get(pk=ev.match.pk)
    for role in ("other_scorer", "player", "stranger", "anonymous"):
        _submit_deal(client_for(ev, role), ev)
        _correct_deal(client_for(ev, role), ev)
    after = Match.objects.get(pk=ev.match.pk)
    assert after.version == before.version
    assert after.result == before.result
    assert after.deals.count() == 1


def test_token_auth_works_for_a_scorer():
    from rest_framework.authtoken.models import Token

    ev = _evening()
    token = Token.objects.create(user=ev.scorer)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert _submit_deal(client, ev).status_code == 201


def test_a_wrong_or_inactive_token_is_401():
    from rest_framework.authtoken.models import Token

    ev = _evening()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert _submit_deal(client, ev).status_code == 401
    assert _read_match(client, ev).status_code == 401
    token = Token.objects.create(user=ev.scorer)
    ev.scorer.is_active = False
    ev.scorer.save()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert _submit_deal(client, ev).status_code == 401
