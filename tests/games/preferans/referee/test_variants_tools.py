"""The referee's Preferans tools with issue 34's variants (preferans-rules.md §1, §7a, §8a):
the deal factor of a bomb or blind play, the dealer in halves and Skachki's premiums told
write by write, and the page's form taking bomb, blind and halves."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Boris", "Vera"]


def _post(client, body):
    return client.post(
        "/api/v1/referee/preferans/score-deal/",
        json.dumps(body),
        content_type="application/json",
    )


def _record(*deals, ruleset="sochi", conventions=None, players=PLAYERS):
    return {
        "ruleset": ruleset,
        "conventions": conventions or {},
        "players": players,
        "first_dealer": players[0],
        "deals": list(deals),
    }


def _texts(body):
    return " ".join(line["text"] for line in body["lines"])


def test_a_bomb_and_blind_play_are_told_with_the_deal_factor(client):
    """Example 20's deal 1 blind: bomb 1 and blind, f = 4: B's remise 4 × 4 = 16."""
    deal = {
        "kind": "game",
        "declarer": "Boris",
        "contract": "7H",
        "whist": {"Vera": "whist", "Anna": "pass"},
        "tricks": {"Boris": 6, "Vera": 3, "Anna": 1},
        "bomb": 1,
        "blind": True,
    }
    body = _post(client, {"record": _record(deal, ruleset="classic"), "lang": "en"}).json()
    assert body["mountain"] == {"Boris": 16}
    assert "Deal factor ×4 (bomb level 1, blind)" in _texts(body)


def test_the_dealer_in_halves_and_the_jump_premiums_have_words(client):
    halves = {
        "kind": "misere",
        "declarer": "Boris",
        "tricks": {"Boris": 1, "Vera": 5, "Gleb": 4},
        "halves_with": "Boris",
    }
    four = [*PLAYERS, "Gleb"]
    body = _post(client, {"record": _record(halves, players=four), "lang": "ru"}).json()
    assert body["mountain"] == {"Anna": 5, "Boris": 5}
    assert "halves" in [line["reason"] for line in body["lines"]]
    assert "в пополаме" in _texts(body)
    jump = {"kind": "game", "declarer": "Boris", "contract": "6S"}
    jump["whist"] = {"Vera": "pass", "Anna": "pass"}
    conventions = {"pool_target": 2, "jumps": 1}
    body = _post(
        client, {"record": _record(jump, ruleset="skachki", conventions=conventions), "lang": "uk"}
    ).json()
    reasons = [line["reason"] for line in body["lines"]]
    assert reasons.count("jump_prizer") == 2 and reasons.count("jump_amnester") == 2
    assert "призер" in _texts(body) and "амністер" in _texts(body)


def test_the_score_deal_page_takes_bomb_blind_and_halves(client):
    response = client.post(
        "/referee/preferans/score-deal/",
        {
            "ruleset": "classic",
            "players": "Anna, Boris, Vera",
            "first_dealer": "0",
            "kind": "game",
            "declarer": "1",
            "level": "6",
            "suit": "S",
            "whist_0": "pass",
            "whist_2": "pass",
            "bomb": "2",
            "blind": "on",
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200
    answer = response.context["answer"]
    assert answer["pool"] == {"Boris": 16}  # 2 × 2² × 2
