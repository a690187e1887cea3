"""scoresheet-format.md, Errors: every listed code with a record that triggers it, every
problem of a record reported at once, and never a partial result."""

from __future__ import annotations

import pytest

from scoring.games.deberc.engine import ScoresheetError, score_match

from .helpers import codes, deal, problems, record, score, void

AB = ["Anna", "Boris"]
ABC = ["Anna", "Boris", "Cleo"]
PAIRS = ["Anna", "Boris", "Cleo", "Dima"]


def good() -> dict:
    return deal("H", "Anna", {"Anna": 100, "Boris": 30}, "Anna", tricks={"Anna": 6, "Boris": 3})


def test_a_valid_record_is_scored() -> None:
    assert score(AB, [good()])["format"] == "deberc-result/1"


def test_error_shape_deal_field_code_message() -> None:
    found = problems(record(AB, [good(), {**good(), "declarer": "Zoe"}]))
    assert found == [
        {"deal": 2, "field": "declarer", "code": "unknown_player", "message": found[0]["message"]}
    ]
    assert isinstance(found[0]["message"], str) and found[0]["message"]


@pytest.mark.parametrize(
    "bad",
    [
        {**deal("H", "Zoe", {"Anna": 100, "Boris": 30}, "Anna")},
        {**deal("H", "Anna", {"Anna": 100, "Zoe": 30}, "Anna")},
        {**deal("H", "Anna", {"Anna": 100, "Boris": 30}, "Zoe")},
        {**deal("H", "Anna", {"Anna": 100, "Boris": 30}, "Anna"), "dealer": "Zoe"},
        {**deal("H", "Anna", {"Anna": 100, "Boris": 30}, "Anna", declarations={"Zoe": ["bella"]})},
        {"trump": "H", "declarer": "Anna", "violation": {"player": "Zoe", "kind": "renonce"}},
    ],
)
def test_unknown_player(bad: dict) -> None:
    assert (1, "unknown_player") in codes(record(AB, [bad]))


def test_unknown_first_dealer() -> None:
    assert (None, "unknown_player") in codes(record(AB, [], first_dealer="Zoe"))


@pytest.mark.parametrize("trump", ["X", "hearts!", 7])
def test_bad_card_for_an_unreadable_trump(trump: object) -> None:
    assert (1, "bad_card") in codes(record(AB, [{**good(), "trump": trump}]))


def test_trump_as_a_symbol_or_russian_letter_is_fine() -> None:
    assert score(AB, [{**good(), "trump": "♥"}])["deals"][0]["totals"]["Anna"] == 110
    assert score(AB, [{**good(), "trump": "Ч"}])["deals"][0]["totals"]["Anna"] == 110


def test_bad_combination() -> None:
    assert codes(record(AB, [{**good(), "declarations": {"Anna": ["quint:AS"]}}])) == [
        (1, "bad_combination")
    ]


@pytest.mark.parametrize(
    ("points", "tricks"),
    [
        ({"Anna": 147, "Boris": 0}, None),  # 2 players: the 18 dealt cards hold at most 146
        ({"Anna": 100, "Boris": 47}, None),
        ({"Anna": 100, "Boris": 1}, None),  # no card is worth 1
        ({"Anna": 100, "Boris": -3}, None),
        ({"Anna": 100, "Boris": 35}, {"Anna": 8, "Boris": 1}),  # 2 cards hold at most 20 + 14
        ({"Anna": 100, "Boris": "30"}, None),
    ],
)
def test_impossible_points_2_players(points: dict, tricks: dict | None) -> None:
    bad = deal("H", "Anna", points, "Anna", tricks=tricks)
    assert (1, "impossible_points") in codes(record(AB, [bad]))


def test_possible_extremes_are_accepted() -> None:
    # All 18 richest cards in one player's 9 tricks: 146.
    assert (
        score(
            AB,
            [deal("H", "Anna", {"Anna": 146, "Boris": 0}, "Anna", tricks={"Anna": 9, "Boris": 0})],
        )["deals"][0]["totals"]["Anna"]
        == 156
    )
    # The trump J and 9 in one trick of two cards: 34.
    assert (
        score(
            AB,
            [deal("H", "Anna", {"Anna": 100, "Boris": 34}, "Anna", tricks={"Anna": 8, "Boris": 1})],
        )["deals"][0]["totals"]["Boris"]
        == 34
    )
    # Three players: only 5 cards stay out, they may all be worth 0: 152 is possible.
    assert score(ABC, [deal("H", "Anna", {"Anna": 100, "Boris": 40, "Cleo": 12}, "Anna")])


def test_impossible_points_3_players_pile_of_three_cards() -> None:
    # One trick of 3 cards holds at most trump J + trump 9 + an ace = 45.
    ok = deal(
        "H",
        "Anna",
        {"Anna": 60, "Boris": 40, "Cleo": 45},
        "Anna",
        tricks={"Anna": 5, "Boris": 3, "Cleo": 1},
    )
    assert score(ABC, [ok])["deals"][0]["totals"]["Cleo"] == 45
    bad = deal(
        "H",
        "Anna",
        {"Anna": 60, "Boris": 40, "Cleo": 46},
        "Anna",
        tricks={"Anna": 5, "Boris": 3, "Cleo": 1},
    )
    assert codes(record(ABC, [bad])) == [(1, "impossible_points")]


def test_impossible_points_4_players_a_figure_no_cards_make() -> None:
    bad = deal("H", "Anna", {"Anna": 1, "Boris": 50, "Cleo": 50, "Dima": 51}, "Anna")
    assert codes(record(PAIRS, [bad])) == [(1, "impossible_points")]


def test_bad_format_deals_not_a_list() -> None:
    rec = record(AB, [])
    rec["deals"] = {}
    assert codes(rec) == [(None, "bad_format")]


def test_impossible_points_3_players_over_152() -> None:
    bad = deal("H", "Anna", {"Anna": 100, "Boris": 40, "Cleo": 13}, "Anna")
    assert (1, "impossible_points") in codes(record(ABC, [bad]))


def test_points_sum_with_4_players_must_be_152() -> None:
    bad = deal("H", "Anna", {"Anna": 50, "Boris": 30, "Cleo": 40, "Dima": 30}, "Anna")
    assert codes(record(PAIRS, [bad])) == [(1, "points_sum")]


@pytest.mark.parametrize(
    "tricks",
    [
        {"Anna": 6, "Boris": 2},  # adds up to 8, not 9
        {"Anna": 9, "Boris": 1},
        {"Anna": 9, "Boris": 0},  # Boris has 30 points but no trick
        {"Anna": 6},
    ],
)
def test_tricks_sum(tricks: dict) -> None:
    bad = deal("H", "Anna", {"Anna": 100, "Boris": 30}, "Anna", tricks=tricks)
    assert codes(record(AB, [bad])) == [(1, "tricks_sum")]


def test_tricks_sum_last_trick_taker_with_no_trick() -> None:
    bad = deal("H", "Anna", {"Anna": 130, "Boris": 0}, "Boris", tricks={"Anna": 9, "Boris": 0})
    assert codes(record(AB, [bad])) == [(1, "tricks_sum")]


def test_tricks_sum_with_4_players_is_8() -> None:
    bad = deal(
        "H",
        "Anna",
        {"Anna": 50, "Boris": 30, "Cleo": 40, "Dima": 32},
        "Anna",
        tricks={"Anna": 3, "Boris": 2, "Cleo": 2, "Dima": 2},
    )
    assert codes(record(PAIRS, [bad])) == [(1, "tricks_sum")]


def test_card_conflict() -> None:
    bad = {**good(), "declarations": {"Anna": ["terz:AS"], "Boris": ["fifty:AS"]}}
    assert {code for _, code in codes(record(AB, [bad]))} == {"card_conflict"}


def test_combination_not_allowed() -> None:
    assert codes(record(AB, [{**good(), "declarations": {"Anna": ["hundred:AS"]}}])) == [
        (1, "combination_not_allowed")
    ]
    assert codes(record(AB, [{**good(), "declarations": {"Anna": ["bella:C"]}}])) == [
        (1, "combination_not_allowed")
    ]


def test_dealer_out_of_turn() -> None:
    assert codes(record(AB, [{**good(), "dealer": "Anna"}])) == [(1, "dealer_out_of_turn")]


@pytest.mark.parametrize("field", ["points", "last_trick"])
def test_missing_field_in_a_played_deal(field: str) -> None:
    bad = good()
    del bad[field]
    assert codes(record(AB, [bad])) == [(1, "missing_field")]


def test_missing_field_trump_with_a_declarer() -> None:
    bad = {**good(), "trump": None}
    assert (1, "missing_field") in codes(record(AB, [bad]))


def test_missing_field_trump_without_a_declarer() -> None:
    assert codes(record(AB, [{**good(), "declarer": None}])) == [(1, "missing_field")]


def test_missing_field_a_player_without_points() -> None:
    bad = deal("H", "Anna", {"Anna": 100}, "Anna")
    assert codes(record(AB, [bad])) == [(1, "missing_field")]


def test_unknown_player_in_tricks() -> None:
    bad = deal("H", "Anna", {"Anna": 100, "Boris": 30}, "Anna", tricks={"Anna": 6, "Zoe": 3})
    assert (1, "unknown_player") in codes(record(AB, [bad]))


def test_missing_field_void_deal_under_obligatory_order() -> None:
    assert codes(record(AB, [void()], ruleset="odessa")) == [(1, "missing_field")]
    assert codes(record(AB, [void()], obligatory_order=True)) == [(1, "missing_field")]
    assert score(AB, [void()])["deals"][0]["outcome"] == "void"


def test_missing_field_record_level() -> None:
    rec = record(AB, [])
    del rec["first_dealer"]
    assert codes(rec) == [(None, "missing_field")]


def test_match_finished() -> None:
    rec = record(AB, [good(), good()], target=100)
    assert codes(rec) == [(2, "match_finished")]


def test_bad_convention() -> None:
    assert codes(record(AB, [good()], byte_3p="sometimes")) == [(None, "bad_convention")]


def test_illegal_closing() -> None:
    bad = {"trump": "H", "declarer": "Anna", "closing": {"player": "Zoe", "points": 10}}
    assert (1, "illegal_closing") in codes(record(AB, [bad]))


def test_bad_format() -> None:
    rec = record(AB, [good()])
    rec["format"] = "deberc-scoresheet/2"
    assert codes(rec) == [(None, "bad_format")]
    assert codes(["not", "a", "record"]) == [(None, "bad_format")]


@pytest.mark.parametrize(
    "players",
    [
        ["Anna"],
        ["Anna", "Boris", "Cleo", "Dima", "Egor"],
        ["Anna", "Anna"],
        [],
        "Anna,Boris",
        ["Anna", ""],
        ["Anna", 7],
    ],
)
def test_bad_players(players: object) -> None:
    rec = record(["Anna", "Boris"], [])
    rec["players"] = players
    assert (None, "bad_players") in codes(rec)


def test_bad_play() -> None:
    bad = {**good(), "play": {"hands": {}, "tricks": []}}
    assert (1, "bad_play") in codes(record(AB, [bad]))


def test_bad_violation() -> None:
    bad = {"trump": "H", "declarer": "Anna", "violation": {"player": "Boris", "kind": "cheating"}}
    assert (1, "bad_violation") in codes(record(AB, [bad]))


def test_every_problem_of_a_record_is_reported_at_once() -> None:
    rec = record(
        AB,
        [
            {**good(), "declarer": "Zoe"},  # 1: unknown_player
            deal("H", "Anna", {"Anna": 147, "Boris": 0}, "Anna"),  # 2: impossible_points
            {**good(), "declarations": {"Anna": ["quint:AS"]}},  # 3: bad_combination
            {
                "trump": "H",
                "declarer": "Anna",
                "violation": {"player": "Boris", "kind": "cheating"},
            },  # 4: bad_violation
            deal(
                "H", "Anna", {"Anna": 100, "Boris": 30}, "Anna", tricks={"Anna": 5, "Boris": 3}
            ),  # 5: tricks_sum
        ],
        dealer="random",  # record: bad_convention
    )
    found = codes(rec)
    for expected in [
        (None, "bad_convention"),
        (1, "unknown_player"),
        (2, "impossible_points"),
        (3, "bad_combination"),
        (4, "bad_violation"),
        (5, "tricks_sum"),
    ]:
        assert expected in found


def test_every_deal_after_the_match_is_decided_is_match_finished() -> None:
    slam = deal("H", "Anna", {"Anna": 130, "Boris": 0}, "Anna")
    assert codes(record(AB, [slam, slam, slam], target=100)) == [
        (2, "match_finished"),
        (3, "match_finished"),
    ]


def test_problems_of_later_deals_are_reported_after_an_invalid_deal() -> None:
    found = codes(
        record(
            AB,
            [
                {**good(), "declarer": "Zoe"},
                good(),
                deal("H", "Anna", {"Anna": 100, "Boris": 1}, "Anna"),
            ],
        )
    )
    assert found == [(1, "unknown_player"), (3, "impossible_points")]


def test_a_valid_play_after_an_invalid_deal_is_not_reported() -> None:
    # Deal 2 names its dealer, Anna: Boris is the eldest and leads (Moscow). Its record is
    # valid; only deal 1 has a problem.
    from .test_play import HANDS, TRICKS

    second = {
        "dealer": "Anna",
        "trump": "H",
        "declarer": "Boris",
        "declarations": {"Boris": ["terz:AS"], "Anna": ["bella"]},
        "play": {"hands": {"Anna": HANDS["Boris"], "Boris": HANDS["Anna"]}, "tricks": TRICKS},
    }
    assert codes(record(AB, [{**good(), "declarer": "Zoe"}, second])) == [(1, "unknown_player")]


def test_a_record_is_never_partly_scored() -> None:
    rec = record(AB, [good(), good(), {**good(), "declarer": "Zoe"}])
    with pytest.raises(ScoresheetError) as caught:
        score_match(rec)
    assert [e["deal"] for e in caught.value.errors] == [3]
