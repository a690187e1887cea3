"""GET /api/v1/matches/{id}/ and a deal's answer for a Preferans table: the match says its
game and carries the engine's running figures (the balances "if the pulka ended now", the
sheet of each deal), as a Deberc match carries its totals."""

from __future__ import annotations

import uuid

import pytest

from tests.factories import PREF_SIX_SPADES, make_evening, make_preferans_evening

from .conftest import client_for

pytestmark = pytest.mark.django_db


def test_a_preferans_match_gives_its_game_and_balances() -> None:
    ev = make_preferans_evening()
    scorer = client_for(ev, "scorer")
    empty = scorer.get(f"/api/v1/matches/{ev.match.pk}/").json()
    assert empty["game"] == "preferans" and empty["next_dealer"] == "Anna"
    answer = scorer.post(
        f"/api/v1/matches/{ev.match.pk}/deals/",
        PREF_SIX_SPADES | {"version": empty["version"]},
        format="json",
        HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )
    assert answer.status_code == 201, answer.content
    doc = answer.json()
    assert doc["settlement"]["balance"] == {"Anna": -6, "Boris": 5, "Vera": 1}
    assert doc["deals"][0]["sheet"]["pool"] == {"Anna": 0, "Boris": 2, "Vera": 0}
    assert doc["next_dealer"] == "Boris" and doc["finished"] is False
    assert "match" not in doc and doc["winner"] is None  # Deberc's figures, not this game's
    assert scorer.get(f"/api/v1/matches/{ev.match.pk}/").json() == doc


def test_a_deberc_match_keeps_its_contract() -> None:
    ev = make_evening()
    doc = client_for(ev, "scorer").get(f"/api/v1/matches/{ev.match.pk}/").json()
    assert doc["game"] == "deberc"
    assert doc["match"] == {"Anna": 0, "Boris": 0}
    for key in ("deals", "hanging", "next_dealer", "finished", "winner", "reason", "version"):
        assert key in doc
