"""`impossible_points` is exact: figures pass if and only if some split of the deck gives
them (checked against an independent slow search)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.games.deberc.engine.cards import POINTS
from scoring.games.deberc.engine.feasibility import max_points, points_possible
from tests.games.deberc.engine.reference_feasibility import (
    reference_possible,
    reference_possible_any_tricks,
)


def _random_split(rng: random.Random, players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Deal the deck at random into trick piles (one card per player per trick)."""
    hand_size = 8 if players == 4 else 9
    tricks = [0] * players
    for _ in range(hand_size):
        tricks[rng.randrange(players)] += 1
    deck = list(range(32))
    rng.shuffle(deck)
    trump = rng.randrange(4)
    points, start = [], 0
    for taken in tricks:
        pile = deck[start : start + taken * players]
        start += taken * players
        points.append(sum(POINTS[trump][card] for card in pile))
    return tuple(points), tuple(tricks)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4]))
def test_every_real_split_of_the_deck_is_accepted(seed, players):
    points, tricks = _random_split(random.Random(seed), players)
    hand_size = 8 if players == 4 else 9
    assert points_possible(points, tricks, None, hand_size)
    assert points_possible(points, None, None, hand_size)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_it_agrees_with_the_reference_search_on_random_figures(players):
    rng = random.Random(players)
    hand_size = 8 if players == 4 else 9
    checked = accepted = 0
    while checked < (120 if players < 4 else 40):
        tricks = [0] * players
        for _ in range(hand_size):
            tricks[rng.randrange(players)] += 1
        if players == 4:
            points = [rng.randrange(0, 70) for _ in range(3)]
            points.append(152 - sum(points))
            if points[-1] < 0:
                continue
        else:
            points = [rng.randrange(0, 95) for _ in range(players)]
        sizes = tuple(t * players for t in tricks)
        expected = reference_possible(tuple(points), sizes)
        assert points_possible(tuple(points), tuple(tricks), None, hand_size) == expected, (
            points,
            tricks,
        )
        checked += 1
        accepted += expected
    assert 0 < accepted < checked  # both answers were exercised


@pytest.mark.parametrize("players", [2, 3])
def test_it_agrees_with_the_reference_when_tricks_are_not_given(players):
    rng = random.Random(10 + players)
    for _ in range(25):
        points = tuple(rng.randrange(0, 100) for _ in range(players))
        last_trick = rng.randrange(players)
        assert points_possible(points, None, last_trick, 9) == reference_possible_any_tricks(
            points, last_trick, 9
        ), points


def test_two_players_hold_at_most_146_card_points():
    assert max_points(2) == 146
    assert points_possible((146, 0), None, 0, 9)
    assert not points_possible((147, 0), None, 0, 9)
    assert not points_possible((100, 47), None, 0, 9)


def test_a_figure_no_cards_make_is_refused():
    assert not points_possible((1, 100), None, 1, 9)  # no card is worth 1
    assert not points_possible((0, 0, 1), None, 0, 9)


def test_one_trick_of_two_cards_holds_at_most_the_two_trump_honours():
    assert points_possible((34, 100), (1, 8), 1, 9)  # trump J + trump 9
    assert not points_possible((35, 100), (1, 8), 1, 9)


def test_too_few_valued_cards_for_the_dealt_piles_is_refused():
    # 18 cards are dealt but only 11 are worth nothing: the piles hold 7 valued cards at least,
    # worth 2+2+2+3+3+3+3 = 18 at the least.
    assert points_possible((18, 0), (9, 0), 0, 9)
    assert not points_possible((17, 0), (9, 0), 0, 9)


def test_four_players_must_share_all_152():
    assert points_possible((40, 40, 40, 32), (2, 2, 2, 2), 0, 8)
    assert not points_possible((40, 40, 40, 31), (2, 2, 2, 2), 0, 8)


def test_the_last_trick_taker_needs_a_trick():
    # Seat 2 took the last trick, so seat 1 has at most 8 tricks: 16 cards, worth 140 at most.
    assert points_possible((146, 0), None, 0, 9)
    assert points_possible((140, 0), None, 1, 9)
    assert not points_possible((141, 0), None, 1, 9)
