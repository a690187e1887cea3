"""preferans-scoresheet/1 "Errors": every code, every problem of a record at once, never a
partial result."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.games.preferans.engine import PreferansError, score_pulka
from scoring.games.preferans.engine.errors import CODES

from .helpers import FOUR, A, B, C, D, allpass, codes, game, misere, problems, record

GOOD = game(B, "7S", {C: "whist", A: "pass"}, {A: 1, B: 7, C: 2})


def test_the_error_has_the_deberc_shape() -> None:
    with pytest.raises(PreferansError) as caught:
        score_pulka(record([GOOD], ruleset="moscow"))
    error = caught.value
    assert isinstance(error, ValueError)
    assert [problem.as_dict() for problem in error.problems] == error.errors
    assert error.errors == [
        {
            "deal": None,
            "field": "ruleset",
            "code": "bad_convention",
            "message": error.errors[0]["message"],
        }
    ]
    assert "moscow" in str(error)


@pytest.mark.parametrize(
    "rec",
    [
        {**record([]), "format": "deberc-scoresheet/1"},
        {**record([]), "deals": "none"},
        {**record([]), "closed": "yes"},
        record([["a deal as a list"]]),
    ],
)
def test_bad_format(rec: dict[str, Any]) -> None:
    assert [code for _, code in codes(rec)] == ["bad_format"]


def test_a_record_that_is_not_an_object_is_bad_format() -> None:
    with pytest.raises(PreferansError) as caught:
        score_pulka(["not", "a", "record"])
    assert caught.value.errors[0]["code"] == "bad_format"


@pytest.mark.parametrize(
    "players",
    [[A, B], [A, B, C, D, "Zoya"], [A, A, B], [A, "", C], [A, B, 3], "Anna Boris Vera", None],
)
def test_bad_players(players: Any) -> None:
    rec = record([])
    rec["players"] = players
    assert codes(rec) == [(None, "bad_players")]


@pytest.mark.parametrize(
    ("deal", "field"),
    [
        ({"declarer": B, "contract": "7S"}, "kind"),
        ({"kind": "game", "contract": "7S", "whist": {A: "pass", C: "pass"}}, "declarer"),
        ({"kind": "game", "declarer": B, "whist": {A: "pass", C: "pass"}}, "contract"),
        ({"kind": "game", "declarer": B, "contract": "7S"}, "whist"),
        (
            {"kind": "game", "declarer": B, "contract": "7S", "whist": {A: "whist", C: "pass"}},
            "tricks",
        ),
        ({"kind": "misere", "declarer": B}, "tricks"),
        ({"kind": "allpass"}, "tricks"),
        ({"kind": "allpass", "tricks": {A: 5, B: 5}}, f"tricks.{C}"),
        (
            {"kind": "allpass", "tricks": {A: 5, B: 5, C: 0}, "violation": {"kind": "renonce"}},
            "violation.player",
        ),
        (
            {"kind": "allpass", "tricks": {A: 5, B: 5, C: 0}, "violation": {"player": A}},
            "violation.kind",
        ),
    ],
)
def test_missing_field(deal: dict[str, Any], field: str) -> None:
    errors = problems(record([deal]))
    assert [(e["deal"], e["code"], e["field"]) for e in errors] == [(1, "missing_field", field)]


def test_missing_record_fields() -> None:
    rec = record([])
    del rec["first_dealer"], rec["ruleset"], rec["deals"]  # no deals: none yet, fine
    assert sorted(e["field"] for e in problems(rec)) == ["first_dealer", "ruleset"]
    assert {e["code"] for e in problems(rec)} == {"missing_field"}


@pytest.mark.parametrize(
    ("deal", "field"),
    [
        (game("Zoya", "7S", {A: "pass", C: "pass"}), "declarer"),
        (game(B, "7S", {A: "pass", "Zoya": "pass", C: "pass"}), "whist.Zoya"),
        (allpass({A: 5, B: 5, "Zoya": 0}), "tricks.Zoya"),
        (allpass({A: 5, B: 5, C: 0}, dealer="Zoya"), "dealer"),
        (
            allpass({A: 5, B: 5, C: 0}, violation={"player": "Zoya", "kind": "renonce"}),
            "violation.player",
        ),
    ],
)
def test_unknown_player(deal: dict[str, Any], field: str) -> None:
    errors = [e for e in problems(record([deal])) if e["code"] == "unknown_player"]
    assert [e["field"] for e in errors] == [field]


def test_unknown_first_dealer() -> None:
    assert codes(record([], first_dealer="Zoya")) == [(None, "unknown_player")]


@pytest.mark.parametrize(
    "tricks",
    [
        {A: 1, B: 7, C: 1},
        {A: 1, B: 7, C: 3},
        {A: -1, B: 7, C: 4},
        {A: 11, B: 0, C: 0},
        {A: 1.5, B: 7, C: 1.5},
        {A: "1", B: 7, C: 2},
    ],
)
def test_tricks_sum(tricks: dict[str, Any]) -> None:
    rec = record([game(B, "7S", {C: "whist", A: "pass"}, tricks)])
    assert {code for _, code in codes(rec)} == {"tricks_sum"}


def test_tricks_sum_for_a_sitting_out_dealer() -> None:
    in_game = game(B, "7S", {C: "whist", D: "pass"}, {A: 1, B: 7, C: 1, D: 1})
    assert codes(record([in_game], players=FOUR)) == [(1, "tricks_sum")]
    zero_is_no_trick = game(B, "7S", {C: "whist", D: "pass"}, {A: 0, B: 7, C: 2, D: 1})
    assert score_pulka(record([zero_is_no_trick], players=FOUR))["deals"][0]["pool"] == {B: 4}


def test_every_code_is_in_the_contract() -> None:
    assert {
        "bad_format",
        "bad_players",
        "missing_field",
        "unknown_player",
        "bad_convention",
        "bad_contract",
        "tricks_sum",
        "bad_whist",
        "whist_required",
        "below_allpass_exit",
        "sitting_out",
        "dealer_out_of_turn",
        "bad_violation",
        "match_finished",
        "unknown_field",
        "bad_option",
    } == CODES


def test_every_problem_of_every_deal_is_reported_at_once() -> None:
    deals = [
        GOOD,
        game(C, "6S", {A: "half", B: "whist"}),  # deal 2: bad_whist
        allpass({A: 3, B: 3, C: 3}, dealer=A),  # deal 3: Anna deals, tricks 9
        misere(A, {A: 0, B: 5, C: 5}, whist={B: "whist"}),  # deal 4: a whist on a misère
        game(B, "6H", {C: "pass", A: "pass"}),  # deal 5: fine (the exit after one is 6)
        game("Zoya", "5S", {A: "pass", C: "pass"}),  # deal 6
    ]
    rec = record(deals, pool_target=-1)
    assert codes(rec) == [
        (None, "bad_convention"),
        (2, "bad_whist"),
        (3, "dealer_out_of_turn"),
        (3, "tricks_sum"),
        (4, "bad_whist"),
        (6, "unknown_player"),
        (6, "bad_contract"),
    ]


def test_every_code_of_the_table_can_be_produced() -> None:
    seen: set[str] = set()
    samples = [
        {**record([]), "format": "x"},
        {**record([]), "players": [A]},
        record([{"kind": "game"}]),
        record([allpass({A: 5, B: 5, "Zoya": 0})]),
        record([], ruleset="moscow"),
        record([game(B, "5S", {A: "pass", C: "pass"})]),
        record([allpass({A: 5, B: 5, C: 5})]),
        record([game(B, "8S", {A: "half", C: "pass"})]),
        record([game(B, "6S", {A: "pass", C: "pass"})], stalingrad=True),
        record(
            [
                allpass({A: 5, B: 5, C: 0}),
                allpass({A: 5, B: 5, C: 0}),
                game(B, "6S", {A: "pass", C: "pass"}),
            ]
        ),
        record([game(A, "6S", {B: "pass", C: "pass"})], players=FOUR),
        record([allpass({A: 5, B: 5, C: 0}, dealer=B)]),
        record([game(B, "6S", {A: "pass", C: "pass"}, violation={"player": A, "kind": "renonce"})]),
        record(
            [game(B, "10S", {A: "pass", C: "pass"}), game(C, "6S", {A: "pass", B: "pass"})],
            pool_target=5,
            end="fixed_deals",
            fixed_deals=1,
        ),
        record([{**allpass({A: 5, B: 5, C: 0}), "contrakt": "6S"}]),
        record([game(B, "6S", {A: "pass", C: "pass"}, bomb=1)]),  # bombs: no
    ]
    for rec in samples:
        seen.update(code for _, code in codes(rec))
    assert seen == CODES
