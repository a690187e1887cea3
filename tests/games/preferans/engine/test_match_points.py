"""Match points by place at the table [места в пульке] from the final balances: three
players 2/1/0, four players 3/2/1/0, ties share the average."""

from __future__ import annotations

from typing import Any

from scoring.games.preferans.engine import match_points

from .helpers import A, B, C, D, game, score


def result_with(balance: dict[str, int]) -> dict[str, Any]:
    return {"players": list(balance), "settlement": {"balance": balance}}


def test_three_players_score_two_one_nothing() -> None:
    assert match_points(result_with({A: -30, B: 50, C: -20})) == {A: 0, B: 2, C: 1}


def test_four_players_score_three_two_one_nothing() -> None:
    points = match_points(result_with({A: 10, B: -40, C: 45, D: -15}))
    assert points == {A: 2, B: 0, C: 3, D: 1}


def test_ties_share_the_average_of_their_places() -> None:
    assert match_points(result_with({A: 10, B: 10, C: -20})) == {A: 1.5, B: 1.5, C: 0}
    assert match_points(result_with({A: 0, B: 0, C: 0})) == {A: 1, B: 1, C: 1}
    four = match_points(result_with({A: 5, B: -5, C: -5, D: 5}))
    assert four == {A: 2.5, B: 0.5, C: 0.5, D: 2.5}


def test_points_come_from_a_real_result() -> None:
    result = score([game(B, "9S", {C: "pass", A: "pass"})])  # −26, 53, −27
    assert match_points(result) == {A: 1, B: 2, C: 0}


def test_whole_shares_are_integers() -> None:
    points = match_points(result_with({A: 1, B: 1, C: 1, D: -3}))
    assert points == {A: 2, B: 2, C: 2, D: 0}
    assert all(type(value) is int for value in points.values())
