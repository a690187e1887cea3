"""Fixtures of the fuzz tests: one club evening with data behind every API route (a running
round, deals, a ruling, a report job) and an API token per role; a Preferans evening (a
three- and a four-handed table) for the Preferans forms."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from scoring.models import Match
from tests.factories import (
    DEAL_BIG,
    DEAL_BYTE,
    DEAL_HANGING,
    DEAL_MADE,
    PREF_SIX_SPADES,
    PlayerFactory,
    TableFactory,
    make_club_organiser,
    make_evening,
    make_match,
    make_preferans_evening,
)

# The roles the API is fuzzed as; "public" is an anonymous client.
ROLES = ("organiser", "referee", "scorer", "player", "public")


@pytest.fixture(autouse=True)
def _deal_throttle_lifted(settings):
    """The deal throttle (10 a second per user, the API's and the scorer pages') would answer
    most of a fuzzer's posts with 429 before the view reads them: here it allows plenty (its
    own tests, tests/security/test_deal_throttle.py, check it)."""
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {}),
            "deals": "100000/second",
        },
    }


def _post_deal(client: APIClient, match: Match, record: dict, key: str) -> None:
    version = Match.objects.get(pk=match.pk).version
    response = client.post(
        f"/api/v1/matches/{match.pk}/deals/",
        data=json.dumps(record | {"version": version}),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=key,
    )
    assert response.status_code == 201, response.content


@pytest.fixture
def fuzz_evening(db):
    """make_evening() plus what the other routes read: two deals at the scorer's match, a
    ruling on the second, a finished report job; and the ids the fuzzers aim at."""
    ev = make_evening()
    # The organiser may create tournaments in the club too (roles belong to a club: issue 31).
    make_club_organiser(ev.organiser, ev.tournament.club)
    scorer = APIClient()
    scorer.force_authenticate(user=ev.scorer)
    _post_deal(scorer, ev.match, DEAL_HANGING, "fuzz-1")
    _post_deal(scorer, ev.match, DEAL_MADE, "fuzz-2")

    referee = APIClient()
    referee.force_authenticate(user=ev.referee)
    ruling = referee.post(
        f"/api/v1/matches/{ev.match.pk}/rulings/",
        {"deal": 2, "kind": "renonce", "violator": "Boris", "explanation": "fuzz"},
        format="json",
    )
    assert ruling.status_code == 201, ruling.content
    # Issue 19: a yellow card to Anna, for the cards' withdraw to aim at.
    anna = ev.match.seats.get(position=0).player_id
    card = referee.post(
        f"/api/v1/tournaments/{ev.tournament.pk}/cards/",
        {"player": anna, "kind": "yellow", "reason": "fuzz"},
        format="json",
    )
    assert card.status_code == 201, card.content

    organiser = APIClient()
    organiser.force_authenticate(user=ev.organiser)
    job = organiser.post(
        f"/api/v1/tournaments/{ev.tournament.pk}/reports/", {"kind": "standings_csv"}, format="json"
    )
    assert job.status_code == 202, job.content

    # Issue 31, item 6: an object behind every path parameter, so that the fuzzer's
    # requests reach real ones (a preset, an invitation, an entry, a staff member).
    club = ev.tournament.club.pk
    preset = organiser.post(
        f"/api/v1/clubs/{club}/presets/",
        {"name": "Fuzz", "tournament": ev.tournament.pk},
        format="json",
    )
    assert preset.status_code == 201, preset.content
    invitation = organiser.post(
        f"/api/v1/clubs/{club}/invitations/", {"role": "scorer"}, format="json"
    )
    assert invitation.status_code == 201, invitation.content
    entry = ev.tournament.entries.order_by("pk").first()

    ev.tokens = {
        role: Token.objects.get_or_create(user=ev.users[role])[0].key
        for role in ROLES
        if role != "public"
    }
    ev.seeds = _seeds(ev, organiser)
    ev.known = SimpleNamespace(
        tournament_id=[ev.tournament.pk],
        match_id=[ev.match.pk, ev.other_match.pk],
        number=[1, 2, 3],
        ruling_id=[ruling.json()["ruling"]["id"]],
        card_id=[card.json()["id"]],
        job_id=[job.json()["job"]],
        article_id=["scoring.byte", "conventions.target"],
        club_id=[club],
        preset_id=[preset.json()["id"]],
        invitation_id=[invitation.json()["id"]],
        entry_id=[entry.pk],
        # Text, as the path's schema says (a user id in a path is its digits).
        user=[str(ev.referee.pk), ev.scorer.username],
    )
    return ev


EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "examples"


def _seeds(ev: SimpleNamespace, organiser: APIClient) -> dict[str, Any]:
    """A valid body for each operation whose schema says only "an object": the fuzzer also
    sends these with a few parts changed, so that its requests get past the first check."""
    match = Match.objects.get(pk=ev.match.pk)
    scoresheet = organiser.get(f"/api/v1/matches/{match.pk}/scoresheet/").json()
    export = organiser.get(f"/api/v1/tournaments/{ev.tournament.pk}/export/").json()
    played = json.loads((EXAMPLES / "moscow-2p-card-by-card.json").read_text())
    deal = played["deals"][0]
    return {
        "POST /api/v1/matches/{match_id}/deals/": DEAL_BIG | {"version": match.version},
        "PUT /api/v1/matches/{match_id}/deals/{number}/": DEAL_BYTE
        | {"version": match.version, "reason": "fuzz"},
        "POST /api/v1/score-match/": played,
        "POST /api/v1/tournaments/{tournament_id}/import/": scoresheet | {"round": 1, "table": 3},
        "POST /api/v1/tournaments/import/": export,
        "POST /api/v1/referee/check-deal/": {
            "players": played["players"],
            "dealer": played["first_dealer"],
            "trump": deal["trump"],
            "declarer": deal["declarer"],
            "declarations": deal["declarations"],
            "hands": deal["play"]["hands"],
            "tricks": deal["play"]["tricks"],
        },
        "POST /api/v1/referee/legal-cards/": {"trump": "C", "trick": ["JC"], "hand": ["7C", "AS"]},
        "POST /api/v1/referee/combinations/": {
            "trump": "D",
            "players": ["Anna", "Boris"],
            "declarations": {"Anna": ["terz:AS", "terz:AC"], "Boris": ["fifty:10H"]},
            "tricks": {"Anna": 3, "Boris": 6},
            "last_trick": "Boris",
        },
        "POST /api/v1/referee/check-closing/": {
            "players": ["Anna", "Boris"],
            "dealer": "Boris",
            "totals": {"Anna": 452, "Boris": 480},
            "claimant": "Anna",
            "points": 49,
        },
    }


@pytest.fixture
def preferans_fuzz_evening(db, fuzz_evening):
    """make_preferans_evening() plus a four-handed table (`four_match`, Anna, Boris, Vera,
    Gleb: the dealer sits out) at table 3 and a deal entered at each table; fuzz_evening's
    referee referees it too, so that the referee tools offer both games' tables."""
    from scoring import services

    ev = make_preferans_evening()
    ev.tournament.referees.add(fuzz_evening.referee)
    names = ["Anna", "Boris", "Vera", "Gleb"]
    players = [p.player for p in ev.match.seats.select_related("player")]
    players.append(PlayerFactory(club=ev.tournament.club, display_name=names[3]))
    table = TableFactory(round=ev.round, number=3, scorer=ev.scorer)
    ev.four_match = make_match(players=players, table=table)
    for match, record in ((ev.match, PREF_SIX_SPADES), (ev.four_match, PREF_FOUR_HANDED)):
        services.deal_submit(
            match=match, record=record, user=ev.scorer, idempotency_key=None, version=None
        )
    return ev


# Anna deals and sits out: Boris makes 6♠ against Vera whisting, Gleb passing.
PREF_FOUR_HANDED = {
    "kind": "game",
    "declarer": "Boris",
    "contract": "6S",
    "whist": {"Vera": "whist", "Gleb": "pass"},
    "tricks": {"Boris": 6, "Vera": 3, "Gleb": 1},
}
