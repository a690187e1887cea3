"""Rules §6 `renonce_penalty: take_trick`: Kharkov's renonce costs a trick, not a byte.

Seed 001 (Kharkov): "при розыгрыше карт игрок имеет право положить козырь или карту другой
масти в ответ на первую карту, с которой начался ход. В таком случае, в конце игры игрок
заметивший это, имеет право забрать у этого игрока одну любую взятку, но только кроме взятки
с козырным валетом".
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scoring.games.deberc.engine import score_match
from scoring.games.deberc.engine.match import deal_violations

from .helpers import codes, deal, problems, record

AB = ["Anna", "Boris"]

# Hearts are trumps; Anna declares and leads (Kharkov: first lead to the declarer). In trick 1
# Boris trumps Anna's ace of spades with 8♥ although he holds spades: a renonce. He takes
# trick 1 (11), trick 2 with the trump jack (20 + 3) and the last trick (11): 45; Anna the
# other six: 63. The dealt cards hold 108.
HANDS = {
    "Anna": ["QH", "9H", "AH", "AS", "10S", "AC", "10C", "KC", "7D"],
    "Boris": ["JH", "8H", "7H", "7S", "8S", "QS", "9C", "8C", "AD"],
}
TRICKS = [
    ["AS", "8H"],  # 1: the renonce; Boris's, 11
    ["JH", "QH"],  # 2: Boris leads the trump jack; his, 23
    ["QS", "10S"],  # 3: Anna's, 13
    ["9H", "7H"],  # 4: Anna's, 14
    ["AH", "7S"],  # 5: Anna's, 11
    ["AC", "8C"],  # 6: Anna's, 11
    ["10C", "9C"],  # 7: Anna's, 10
    ["KC", "8S"],  # 8: Anna's, 4
    ["7D", "AD"],  # 9: Boris's, 11, and the last trick
]


def played(trick: int | None = 1, **violation: Any) -> dict[str, Any]:
    """The deal card by card, Boris's renonce ruled with Anna taking `trick`."""
    ruling: dict[str, Any] = {"player": "Boris", "kind": "renonce", "taken_by": "Anna"}
    if trick is not None:
        ruling["trick"] = trick
    ruling.update(violation)
    return {
        "trump": "H",
        "declarer": "Anna",
        "violation": ruling,
        "play": {"hands": copy.deepcopy(HANDS), "tricks": copy.deepcopy(TRICKS)},
    }


def kharkov(*deals: dict[str, Any], **conventions: Any) -> dict[str, Any]:
    # The hands below are of 9 cards: Kharkov's deal of 10 (§2) is switched off.
    return record(AB, list(deals), "kharkov", **{"deal_after_trump": 3, **conventions})


def test_the_noticing_opponent_takes_one_of_the_violators_tricks_and_play_goes_on() -> None:
    """The seed: "игрок заметивший это, имеет право забрать у этого игрока одну любую взятку":
    no byte; Anna takes trick 1 (11): Anna 63 + 11 = 74, Boris 45 − 11 = 34 + 10 for the last
    trick."""
    result = score_match(kharkov(played(1)))["deals"][0]
    assert result["outcome"] == "made"
    assert result["totals"] == {"Anna": 74, "Boris": 44}
    assert result["recorded"] == {"Anna": 74, "Boris": 44}


def test_taking_the_last_trick_takes_its_ten() -> None:
    # Trick 9 is the last: Anna takes its 11 and the last trick's 10: 63 + 21 = 84; Boris 34.
    result = score_match(kharkov(played(9)))["deals"][0]
    assert result["totals"] == {"Anna": 84, "Boris": 34}


def test_the_trick_of_the_trump_jack_cannot_be_taken() -> None:
    """The seed: "но только кроме взятки с козырным валетом": trick 2 holds J♥."""
    found = problems(kharkov(played(2)))
    assert [(e["field"], e["code"]) for e in found] == [("violation.trick", "bad_violation")]
    assert "trump jack" in found[0]["message"]


def test_only_a_trick_of_the_violator_can_be_taken() -> None:
    """The seed: "забрать у этого игрока": trick 3 is Anna's own."""
    assert codes(kharkov(played(3))) == [(1, "bad_violation")]


def test_a_figures_record_is_written_after_the_move_and_scores_the_same() -> None:
    # With figures alone the scorer writes them after the move: the same result as the play.
    figures = deal(
        "H",
        "Anna",
        {"Anna": 74, "Boris": 34},
        "Boris",
        tricks={"Anna": 7, "Boris": 2},
        violation={"player": "Boris", "kind": "renonce", "taken_by": "Anna"},
    )
    assert score_match(kharkov(figures)) == score_match(kharkov(played(1)))


def test_losing_the_only_trick_brings_the_bolt() -> None:
    # Spec §6: the violator's tricks are counted after the move. Boris declared, took one
    # trick and lost it: byte, and Kharkov's bolt with two players, 50.
    figures = deal(
        "H",
        "Boris",
        {"Anna": 120, "Boris": 0},
        "Anna",
        tricks={"Anna": 9, "Boris": 0},
        violation={"player": "Boris", "kind": "renonce", "taken_by": "Anna"},
    )
    result = score_match(kharkov(figures))["deals"][0]
    assert result["outcome"] == "byte"
    assert result["recorded"] == {"Anna": 130, "Boris": -50}


@pytest.mark.parametrize(
    ("violation", "field", "code"),
    [
        ({"taken_by": None}, "violation.taken_by", "missing_field"),
        ({"taken_by": "Boris"}, "violation.taken_by", "bad_violation"),
        ({"taken_by": "Zoe"}, "violation.taken_by", "unknown_player"),
        ({"trick": None}, "violation.trick", "missing_field"),
        ({"trick": 10}, "violation.trick", "bad_violation"),
        ({"trick": "1"}, "violation.trick", "bad_violation"),
        ({"player": "Anna", "taken_by": "Boris"}, "violation.player", "bad_violation"),
    ],
)
def test_a_card_by_card_ruling_must_name_an_opponent_and_a_trick(
    violation: dict[str, Any], field: str, code: str
) -> None:
    """The seed: "игрок заметивший это" is an opponent of the violator; the trick is named by
    number. A renonce the play shows must be Boris's (the one the cards show)."""
    deal_ = played(1)
    for key, value in violation.items():
        if value is None:
            del deal_["violation"][key]
        else:
            deal_["violation"][key] = value
    found = problems(kharkov(deal_))
    assert (found[0]["field"], found[0]["code"]) == (field, code)


def test_a_renonce_in_the_play_needs_the_ruling() -> None:
    # Under take_trick the play goes on past the renonce; the record says who took which trick.
    deal_ = played(1)
    del deal_["violation"]
    found = problems(kharkov(deal_))
    assert [(e["field"], e["code"]) for e in found] == [("violation", "missing_field")]
    assert "trick 1" in found[0]["message"]


def test_a_figures_record_names_no_trick_and_a_partner_takes_nothing() -> None:
    figures = deal(
        "H",
        "Anna",
        {"Anna": 74, "Boris": 34},
        "Boris",
        violation={"player": "Boris", "kind": "renonce", "taken_by": "Anna", "trick": 1},
    )
    assert codes(kharkov(figures)) == [(1, "bad_violation")]
    abcd = ["Anna", "Boris", "Cleo", "Dima"]
    pairs = deal(
        "H",
        "Anna",
        {"Anna": 40, "Boris": 36, "Cleo": 40, "Dima": 36},
        "Anna",
        violation={"player": "Anna", "kind": "renonce", "taken_by": "Cleo"},
    )
    assert codes(record(abcd, [pairs], "kharkov")) == [(1, "bad_violation")]


def test_moscow_renonce_is_still_a_card_byte_and_takes_no_trick_fields() -> None:
    # Under card_byte the same play stops at the renonce: Anna records everything, 162.
    moscow = played(None, taken_by=None)
    del moscow["violation"]
    result = score_match(record(AB, [moscow], "moscow", first_lead="declarer"))["deals"][0]
    assert (result["outcome"], result["recorded"]) == ("card_byte", {"Anna": 162, "Boris": 0})
    assert codes(record(AB, [played(1)], "moscow", first_lead="declarer")) == [
        (1, "bad_violation"),
        (1, "bad_violation"),
    ]


def test_the_referees_deal_check_reports_the_taken_trick() -> None:
    # deal_violations (the referee's deal check) names the ruling that did not stop the deal.
    found = deal_violations(kharkov(played(1)))
    assert found == [
        {
            "deal": 1,
            "player": "Boris",
            "kind": "renonce",
            "taken_by": "Anna",
            "taken_trick": 1,
            "trick": 1,  # the renonce's trick
            "card": "8H",
            "reason": "must_follow_suit",
            "led": "AS",
        }
    ]
