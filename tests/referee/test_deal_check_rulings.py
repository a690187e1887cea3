"""The referee's deal check and the rulings that do not stop a deal (issue 21): Kharkov's
renonce that takes a trick (seed 001: "игрок заметивший это, имеет право забрать у этого
игрока одну любую взятку, но только кроме взятки с козырным валетом") and "how high?" followed
by a senior combination (seed 000: "його комбінації аннулюються, а опонента проходять")."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from referee.games.deberc import tools

# Hearts are trumps, Anna declares and leads (Kharkov). Trick 1: Boris trumps the ace of
# spades holding spades (a renonce) and takes it; trick 2 is his, with the trump jack; the
# last trick is his too. Anna 63, Boris 45 of the 108 dealt.
HANDS = {
    "Anna": ["QH", "9H", "AH", "AS", "10S", "AC", "10C", "KC", "7D"],
    "Boris": ["JH", "8H", "7H", "7S", "8S", "QS", "9C", "8C", "AD"],
}
TRICKS = [
    ["AS", "8H"],
    ["JH", "QH"],
    ["QS", "10S"],
    ["9H", "7H"],
    ["AH", "7S"],
    ["AC", "8C"],
    ["10C", "9C"],
    ["KC", "8S"],
    ["7D", "AD"],
]


def check(**extra: Any) -> dict[str, Any]:
    args: dict[str, Any] = {
        "players": ["Anna", "Boris"],
        "dealer": "Boris",
        "trump": "H",
        "declarer": "Anna",
        "declarations": {},
        "hands": HANDS,
        "tricks": TRICKS,
        "ruleset": "kharkov",
        # The hands are of 9 cards: Kharkov's deal of 10 (rules §2) switched off.
        "conventions": {"deal_after_trump": 3},
        "lang": "en",
    }
    args.update(extra)
    return tools.deal_check(**args)


def test_kharkov_renonce_asks_who_took_which_trick_and_lists_the_tricks_allowed():
    with pytest.raises(tools.ToolError) as caught:
        check()
    (problem,) = caught.value.errors
    assert (problem["field"], problem["code"]) == ("taken_by", "missing_field")
    # Boris's tricks are 1, 2 and 9; trick 2 holds the trump jack.
    assert "Trick 1: Boris played 8H" in problem["message"]
    assert "(tricks 1, 9)" in problem["message"]


def test_kharkov_renonce_is_scored_after_the_trick_is_taken():
    answer = check(taken_by="Anna", taken_trick=1)
    assert answer["outcome"] == "made"
    assert answer["totals"] == {"Anna": 74, "Boris": 44}
    assert answer["violation"]["taken_by"] == "Anna"
    assert "Anna takes Boris's trick 1" in answer["explanation"]
    assert "play.renonce" in answer["articles"]


def test_the_trick_of_the_trump_jack_is_refused():
    with pytest.raises(tools.ToolError) as caught:
        check(taken_by="Anna", taken_trick=2)
    assert [(e["field"], e["code"]) for e in caught.value.errors] == [
        ("violation.trick", "bad_violation")
    ]


def test_moscow_still_gives_the_card_byte():
    answer = check(ruleset="moscow", conventions={"first_lead": "declarer"})
    assert (answer["outcome"], answer["recorded"]) == ("card_byte", {"Anna": 162, "Boris": 0})


def test_how_high_then_senior_is_not_a_byte():
    # Moscow, a legal play: Anna asked "how high?" of Boris's terz from the ten of spades and
    # then showed her terz from the ace: hers is annulled, his passes: 76 + 10 and 36 + 20.
    answer = tools.deal_check(
        players=["Anna", "Boris"],
        dealer="Boris",
        trump="H",
        declarer="Anna",
        declarations={"Anna": ["terz:AS"], "Boris": ["terz:10S"]},
        hands={
            "Anna": ["QH", "9H", "AH", "AS", "KS", "QS", "AC", "10C", "KC"],
            "Boris": ["JH", "8H", "7H", "10S", "9S", "8S", "9C", "8C", "AD"],
        },
        tricks=[
            ["AS", "8S"],
            ["KS", "9S"],
            ["QS", "10S"],
            ["JH", "QH"],
            ["8H", "9H"],
            ["AH", "7H"],
            ["AC", "8C"],
            ["10C", "9C"],
            ["KC", "AD"],
        ],
        how_high_by="Anna",
        lang="en",
    )
    assert answer["violation"]["kind"] == "senior_after_question"
    assert answer["combinations_to"] == "Boris"
    assert answer["totals"] == {"Anna": 86, "Boris": 56}
    assert "combinations.how_high" in answer["articles"]


def test_the_api_takes_the_trick_fields():
    body = {
        "players": ["Anna", "Boris"],
        "dealer": "Boris",
        "trump": "H",
        "declarer": "Anna",
        "hands": HANDS,
        "tricks": TRICKS,
        "ruleset": "kharkov",
        "conventions": {"deal_after_trump": 3},
        "taken_by": "Anna",
        "taken_trick": 9,
        "lang": "en",
    }
    response = APIClient().post("/api/v1/referee/check-deal/", body, format="json")
    assert response.status_code == 200, response.content
    # Trick 9 is the last: Anna takes its 11 and the last trick's 10.
    assert response.json()["totals"] == {"Anna": 84, "Boris": 34}
