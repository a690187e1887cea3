"""openskill ratings: who ranks where in a match, and what a match does to the ratings."""

from __future__ import annotations

from tournaments.standings.ratings import match_ranks, ordinal, rate_sides


def test_the_winner_ranks_first_and_the_others_by_their_totals():
    data = {"players": [1, 2, 3], "totals": [480, 505, 300], "winners": [2], "sides": [0, 1, 2]}
    teams, ranks = match_ranks(data)
    assert dict(zip([t[0] for t in teams], ranks, strict=True)) == {2: 1, 1: 2, 3: 3}


def test_equal_losing_totals_share_a_rank():
    data = {"players": [1, 2, 3], "totals": [300, 510, 300], "winners": [2], "sides": [0, 1, 2]}
    teams, ranks = match_ranks(data)
    assert dict(zip([t[0] for t in teams], ranks, strict=True)) == {2: 1, 1: 2, 3: 2}


def test_a_closing_winner_ranks_first_even_with_fewer_points():
    # A player who closed the match wins it although another has more points.
    data = {"players": [1, 2], "totals": [501, 530], "winners": [1], "sides": [0, 1]}
    teams, ranks = match_ranks(data)
    assert dict(zip([t[0] for t in teams], ranks, strict=True)) == {1: 1, 2: 2}


def test_pairs_are_rated_as_teams():
    data = {
        "players": [1, 2, 3, 4],
        "totals": [510, 200, 510, 200],
        "winners": [1, 3],
        "sides": [0, 1, 0, 1],
    }
    updated = rate_sides({}, data)
    assert updated[1] == updated[3]
    assert updated[1][0] > 25 > updated[2][0]


def test_beating_a_strong_player_gains_more_than_beating_a_newcomer():
    data = {"players": [1, 2], "totals": [510, 300], "winners": [1], "sides": [0, 1]}
    against_newcomer = rate_sides({}, data)[1]
    against_strong = rate_sides({2: (32.0, 4.0)}, data)[1]
    assert against_strong[0] > against_newcomer[0]
    assert ordinal(*against_strong) > ordinal(*against_newcomer)
