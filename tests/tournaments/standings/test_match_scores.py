"""Result conversions on plain numbers: normalised places, places by sign, compressed bands."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.standings.match_scores import (
    bands_check,
    compressed_balance,
    normalised_place_points,
    places_by_sign,
)

ISSUE_BANDS = [{"up_to": 200, "factor": 1}, {"up_to": 650, "factor": 0.1}, {"factor": 0}]


def test_a_first_place_is_worth_the_same_at_a_three_and_at_a_four():
    assert normalised_place_points([30, 0, -30]) == [1, 0.5, 0]
    assert normalised_place_points([-5, 40, 10, -45]) == pytest.approx([1 / 3, 1, 2 / 3, 0])


def test_tied_players_share_the_places():
    assert normalised_place_points([10, 10, -20]) == [0.75, 0.75, 0]


def test_league_places_by_sign_at_a_three():
    assert places_by_sign([60, -20, -40]) == [4, 1, 0]  # the only positive player
    assert places_by_sign([60, 20, -80]) == [3, 2, 0]
    assert places_by_sign([-10, -20, 30]) == [1, 0, 4]


def test_league_places_by_sign_at_a_four_reads_one_more_each():
    assert places_by_sign([90, -10, -30, -50]) == [5, 2, 1, 0]
    assert places_by_sign([90, 30, 10, -130]) == [4, 3, 2, 0]


def test_the_issue_bands_compress_symmetrically():
    bands, problems = bands_check(ISSUE_BANDS)
    assert problems == []
    assert compressed_balance(150, bands) == 150
    assert compressed_balance(300, bands) == pytest.approx(210)
    assert compressed_balance(-300, bands) == pytest.approx(-210)
    assert compressed_balance(1000, bands) == pytest.approx(245)


@pytest.mark.parametrize(
    ("raw", "index"),
    [
        ([{"up_to": 650, "factor": 1}, {"up_to": 200, "factor": 0.1}, {"factor": 0}], 1),
        ([{"up_to": 200, "factor": 1.5}, {"factor": 0}], 0),
        ([{"up_to": 200, "factor": -0.1}, {"factor": 0}], 0),
        ([{"up_to": 200, "factor": 1}, {"up_to": 400, "factor": 0}], 1),
        ([{"factor": 1}, {"factor": 0}], 0),
        ([{"up_to": 200, "factor": "1"}, {"factor": 0}], 0),
        ([], None),
        ("200:1", None),
    ],
)
def test_bad_bands_are_refused_at_their_item(raw, index):
    bands, problems = bands_check(raw)
    assert bands == []
    assert problems[0].index == index
    assert problems[0].code == "bad_match_score"


@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False))
def test_compression_never_grows_a_balance_and_keeps_its_sign(balance):
    bands, _ = bands_check(ISSUE_BANDS)
    value = compressed_balance(balance, bands)
    assert abs(value) <= abs(balance) + 1e-9
    assert compressed_balance(-balance, bands) == -value
    assert value * balance >= 0


@given(st.lists(st.integers(min_value=-500, max_value=500), min_size=3, max_size=4))
def test_places_add_up_to_the_table_total(balances):
    n = len(balances)
    assert sum(normalised_place_points(balances)) == pytest.approx(n / 2)
    points = places_by_sign(balances)
    assert all(0 <= p <= n + 1 for p in points)


def test_a_table_outcome_converts_its_totals_under_the_tournament_scoring():
    from tournaments.standings.ranking import MatchOutcome

    four = MatchOutcome(
        match_id=1,
        round_number=1,
        players=("a", "b", "c", "d"),
        totals=(40, -10, 30, -60),
        winners=frozenset({"a"}),
        bytes=(0, 0, 0, 0),
        sides=(0, 1, 2, 3),
        target=0,
    )
    assert four.match_points("a", "places_per_size") == 1
    assert four.match_points("c", "places_per_size") == pytest.approx(2 / 3)
    assert four.match_points("d", "places_per_size") == 0
    assert four.match_points("a", "places_by_sign") == 4  # two players in plus
    assert four.match_points("c", "places_by_sign") == 3
    assert four.match_points("b", "places_by_sign") == 1
