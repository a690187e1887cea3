"""Rules §4: "how high?" [вишка] asked and then a plainly senior combination declared.

Seed 000 (Moscow rules): "Якщо ж він задасть питанння про вишку, а потім задекларує
комбінацію, яка завідомо страша об'явленої оппонентом, то його комбінації аннулюються, а
опонента проходять – така кара за незаконне питання." Not a byte: the deal is played and
scored with its figures (violation `senior_after_question`), unlike the question asked with
nothing to compete (`illegal_question`: "роздачу припиняють і аннулюють, а порушника карають
байтом на картах").
"""

from __future__ import annotations

from typing import Any

from .helpers import codes, deal, record, score

AB = ["Anna", "Boris"]
ABC = ["Anna", "Boris", "Cleo"]
ABCD = ["Anna", "Boris", "Cleo", "Dima"]


def asked(player: str) -> dict[str, str]:
    return {"player": player, "kind": "senior_after_question"}


def test_the_askers_combinations_are_annulled_and_the_opponents_pass() -> None:
    """The seed: "його комбінації аннулюються, а опонента проходять". Boris's fifty would beat
    Anna's terz; after his illegal question Anna's terz scores (44 + 20 = 64) and Boris keeps
    only his bella (88 + 10 + 20 = 118). He still makes his game."""
    played = deal(
        "H",
        "Boris",
        {"Anna": 44, "Boris": 88},
        "Boris",
        declarations={"Anna": ["terz:QC"], "Boris": ["fifty:KH", "bella"]},
        violation=asked("Boris"),
    )
    result = score(AB, [played])["deals"][0]
    assert result["outcome"] == "made"
    assert result["combinations_to"] == "Anna"
    assert result["totals"] == {"Anna": 64, "Boris": 118}
    # Without the question Boris's fifty wins the seniority: 88 + 10 + 50 + 20 = 168.
    del played["violation"]
    assert score(AB, [played])["deals"][0]["totals"] == {"Anna": 44, "Boris": 168}


def test_with_three_players_seniority_is_decided_between_the_other_two() -> None:
    # Spec §4: Cleo (the asker) loses her fifty; Boris's terz from the king beats Anna's from
    # the queen: Boris 40 + 20 = 60, Anna 40 + 10 = 50, Cleo 30.
    played = deal(
        "S",
        "Boris",
        {"Anna": 40, "Boris": 40, "Cleo": 30},
        "Anna",
        declarations={"Anna": ["terz:QC"], "Boris": ["terz:KD"], "Cleo": ["fifty:AH"]},
        violation=asked("Cleo"),
    )
    result = score(ABC, [played])["deals"][0]
    assert result["combinations_to"] == "Boris"
    assert result["totals"] == {"Anna": 50, "Boris": 60, "Cleo": 30}


def test_with_pairs_the_askers_pair_loses_its_combinations() -> None:
    # Anna asked; her partner Cleo's fifty is annulled with her terz; Boris's terz passes.
    played = deal(
        "S",
        "Boris",
        {"Anna": 40, "Boris": 36, "Cleo": 40, "Dima": 36},
        "Boris",
        declarations={"Anna": ["terz:AC"], "Cleo": ["fifty:AH"], "Boris": ["terz:9D"]},
        violation=asked("Anna"),
    )
    result = score(ABCD, [played])["deals"][0]
    assert result["combinations_to"] == "Boris"
    # Anna & Cleo: 80; Boris & Dima: 72 + 10 + 20 = 102.
    assert result["totals"] == {"Anna": 80, "Boris": 102, "Cleo": 80, "Dima": 102}


def test_the_opponents_combinations_still_need_a_trick() -> None:
    # combinations_need_trick still applies: Anna took no trick, so her terz is not credited.
    played = deal(
        "H",
        "Boris",
        {"Anna": 0, "Boris": 120},
        "Boris",
        tricks={"Anna": 0, "Boris": 9},
        declarations={"Anna": ["terz:QC"], "Boris": ["fifty:KH"]},
        violation=asked("Boris"),
    )
    result = score(AB, [played])["deals"][0]
    assert result["totals"] == {"Anna": 0, "Boris": 130}


def test_the_deal_needs_its_figures_and_no_trick_fields() -> None:
    # Not a byte: without points the deal cannot be scored; take_trick's fields do not belong.
    bare: dict[str, Any] = {"trump": "H", "declarer": "Boris", "violation": asked("Boris")}
    assert codes(record(AB, [bare])) == [(1, "missing_field")]
    extra = deal(
        "H",
        "Boris",
        {"Anna": 44, "Boris": 88},
        "Boris",
        violation={**asked("Boris"), "taken_by": "Anna"},
    )
    assert codes(record(AB, [extra])) == [(1, "bad_violation")]


def test_illegal_question_is_still_a_card_byte() -> None:
    """The seed: "роздачу припиняють і аннулють, а порушника карають байтом на картах"."""
    bad = {
        "trump": "H",
        "declarer": "Anna",
        "violation": {"player": "Boris", "kind": "illegal_question"},
    }
    result = score(AB, [bad])["deals"][0]
    assert (result["outcome"], result["recorded"]) == ("card_byte", {"Anna": 162, "Boris": 0})
