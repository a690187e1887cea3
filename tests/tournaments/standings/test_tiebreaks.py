"""Standings computed by hand: match points, each tiebreak, shared ranks, byes.

The calculation (`tournaments.standings.ranking`) runs on plain tuples; only the difference
scoring's
winner rule is the game's (Deberc's, from the registry)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from scoring import games
from tournaments.standings.ranking import MatchOutcome, compute_standings
from tournaments.standings.tallies import outcome_from_result

DEBERC_WINNER_POINTS = games.game_get("deberc").winner_points


def two(match_id, round_number, a, b, ta, tb, *, winner=None, bytes_=(0, 0), target=501):
    winner = winner or (a if ta > tb else b)
    return MatchOutcome(
        match_id=match_id,
        round_number=round_number,
        players=(a, b),
        totals=(ta, tb),
        winners=frozenset({winner}),
        bytes=bytes_,
        sides=(0, 1),
        target=target,
    )


# A round robin of four, worked out by hand:
#   R1: A 510–300 B, C 505–400 D;  R2: A 520–450 C, B 501–200 D;  R3: D 530–480 A, B 515–490 C.
# Match points A 2, B 2, C 1, D 1. Game points A 1510, B 1316, C 1445, D 1130.
# Points against A 1280, B 1200, C 1435, D 1486. Buchholz A 4, B 4, C 5, D 5.
# Sonneborn–Berger A 2+1 = 3, B 1+1 = 2, C 1, D 2.
ROUND_ROBIN = [
    two(1, 1, "A", "B", 510, 300, bytes_=(1, 3)),
    two(2, 1, "C", "D", 505, 400, bytes_=(2, 0)),
    two(3, 2, "A", "C", 520, 450, bytes_=(0, 1)),
    two(4, 2, "B", "D", 501, 200, bytes_=(0, 2)),
    two(5, 3, "D", "A", 530, 480, bytes_=(1, 1)),
    two(6, 3, "B", "C", 515, 490),
]


def standings(tiebreaks, outcomes=ROUND_ROBIN, **kwargs):
    lines = compute_standings(players="ABCD", outcomes=outcomes, tiebreaks=tiebreaks, **kwargs)
    return [(line.player, line.rank, line.rank_shared) for line in lines], {
        line.player: line for line in lines
    }


def test_match_points_and_raw_figures_add_up():
    _, by = standings(["game_points", "points_difference", "buchholz", "sonneborn_berger"])
    assert {p: by[p].match_points for p in "ABCD"} == {"A": 2, "B": 2, "C": 1, "D": 1}
    assert {p: by[p].tiebreaks["game_points"] for p in "ABCD"} == {
        "A": 1510,
        "B": 1316,
        "C": 1445,
        "D": 1130,
    }
    assert {p: by[p].tiebreaks["points_difference"] for p in "ABCD"} == {
        "A": 230,
        "B": 116,
        "C": 10,
        "D": -356,
    }
    assert {p: by[p].tiebreaks["buchholz"] for p in "ABCD"} == {"A": 4, "B": 4, "C": 5, "D": 5}
    assert {p: by[p].tiebreaks["sonneborn_berger"] for p in "ABCD"} == {
        "A": 3,
        "B": 2,
        "C": 1,
        "D": 2,
    }
    assert {p: (by[p].played, by[p].won, by[p].bytes) for p in "ABCD"} == {
        "A": (3, 2, 2),
        "B": (3, 2, 3),
        "C": (3, 1, 3),
        "D": (3, 1, 3),
    }


def test_buchholz_ties_are_broken_by_sonneborn_berger():
    order, _ = standings(["buchholz", "sonneborn_berger"])
    assert order == [("A", 1, False), ("B", 2, False), ("D", 3, False), ("C", 4, False)]


def test_players_tied_on_everything_share_their_rank():
    order, _ = standings(["buchholz"])
    assert [rank for _, rank, _ in order] == [1, 1, 3, 3]
    assert all(shared for _, _, shared in order)
    assert {p for p, _, _ in order[:2]} == {"A", "B"}


def test_head_to_head_decides_between_the_tied_players_only():
    order, by = standings(["head_to_head"])
    assert order == [("A", 1, False), ("B", 2, False), ("C", 3, False), ("D", 4, False)]
    assert by["A"].tiebreaks["head_to_head"] == 1
    assert by["B"].tiebreaks["head_to_head"] == 0


def test_the_organisers_order_of_tiebreaks_matters():
    by_gp, _ = standings(["game_points"])
    assert [p for p, _, _ in by_gp] == ["A", "B", "C", "D"]
    by_sb, _ = standings(["sonneborn_berger", "buchholz"])
    # C and D: SB 1 against 2, so D goes first although C has more game points.
    assert [p for p, _, _ in by_sb] == ["A", "B", "D", "C"]


def test_fewer_bytes_ranks_the_cleaner_player_first():
    order, _ = standings(["fewer_bytes"])
    # A 2 bytes against B 3; C 3 and D 3 stay tied.
    assert order == [("A", 1, False), ("B", 2, False), ("C", 3, True), ("D", 3, True)]


def test_wins_tiebreak_counts_matches_won_not_byes():
    outcomes = [two(1, 1, "A", "B", 510, 300)]
    lines = compute_standings(players="ABC", outcomes=outcomes, byes=[(1, "C")], tiebreaks=["wins"])
    by = {line.player: line for line in lines}
    assert by["C"].match_points == 1
    assert by["C"].played == 0 and by["C"].won == 0
    assert [line.player for line in lines] == ["A", "C", "B"]


def test_difference_scoring_gives_the_win_and_also_the_target_minus_the_losers_total():
    outcomes = [
        two(1, 1, "A", "B", 510, 300),
        # Both at or above the target: the winner writes no difference, only the win.
        two(2, 1, "C", "D", 530, 505),
    ]
    _, by = standings(
        ["wins"], outcomes=outcomes, scoring="difference", winner_points=DEBERC_WINNER_POINTS
    )
    assert by["A"].match_points == 1 + 201
    assert by["B"].match_points == 0
    assert by["C"].match_points == 1
    assert by["C"].won == 1


def test_three_player_tables_count_both_opponents():
    outcome = MatchOutcome(
        match_id=1,
        round_number=1,
        players=("A", "B", "C"),
        totals=(505, 320, 410),
        winners=frozenset({"A"}),
        bytes=(0, 1, 2),
        sides=(0, 1, 2),
        target=501,
    )
    lines = compute_standings(
        players="ABCD",
        outcomes=[outcome],
        byes=[(1, "D")],
        tiebreaks=["points_difference", "sonneborn_berger"],
        scoring="difference",
        winner_points=DEBERC_WINNER_POINTS,
    )
    by = {line.player: line for line in lines}
    # Difference: the win, and also (501 − 320) + (501 − 410) = 272; against = the best opponent.
    assert by["A"].match_points == 1 + 272
    assert by["A"].points_against == 410
    assert by["B"].points_against == 505
    assert by["A"].tiebreaks["points_difference"] == 95
    # A bye in difference scoring is worth half the target (bye_points is the caller's).
    assert by["D"].match_points == 1


def test_a_scoring_beyond_the_win_without_the_games_rule_is_refused_not_guessed():
    with pytest.raises(ValueError, match="winner rule"):
        compute_standings(players="ABCD", outcomes=ROUND_ROBIN, scoring="difference")


def test_the_calculation_runs_without_django():
    """Plain data in, rows out: the calculation ranks plain tuples with no Django loaded."""
    code = (
        "import sys\n"
        "from tournaments.standings.ranking import MatchOutcome, compute_standings\n"
        "m = MatchOutcome(1, 1, ('A', 'B'), (510, 300), frozenset({'A'}), (0, 1), (0, 1), 501)\n"
        "lines = compute_standings(players='AB', outcomes=[m], tiebreaks=['fewer_bytes'])\n"
        "print([(x.player, x.row()['rank'], x.row()['tiebreaks']) for x in lines])\n"
        "print(any(n == 'django' or n.startswith('django.') for n in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out == [
        "[('A', 1, {'fewer_bytes': 0}), ('B', 2, {'fewer_bytes': 1})]",
        "False",
    ]


def test_unknown_tiebreaks_are_refused():
    with pytest.raises(ValueError):
        compute_standings(players="A", outcomes=[], tiebreaks=["coin_toss"])


def test_an_engine_result_is_read_by_seat():
    from scoring.games.deberc.engine import score_match

    result = score_match(
        {
            "format": "deberc-scoresheet/1",
            "ruleset": "moscow",
            "conventions": {"target": 151},
            "players": ["Anna", "Boris"],
            "first_dealer": "Anna",
            "deals": [
                {
                    "trump": "H",
                    "declarer": "Boris",
                    "points": {"Anna": 90, "Boris": 40},
                    "last_trick": "Anna",
                },
                {
                    "trump": "S",
                    "declarer": "Anna",
                    "points": {"Anna": 100, "Boris": 30},
                    "last_trick": "Anna",
                },
            ],
        }
    )
    outcome = outcome_from_result(
        match_id=9, round_number=1, players=[11, 22], result=result, target=151
    )
    assert outcome is not None
    assert outcome.winners == frozenset({11})
    assert outcome.bytes == (0, 1)
    assert outcome.totals == tuple(result["match"][n] for n in ("Anna", "Boris"))


def test_a_match_in_play_adds_nothing():
    assert (
        outcome_from_result(
            match_id=1,
            round_number=1,
            players=[1, 2],
            result={"finished": False, "players": ["a", "b"]},
            target=501,
        )
        is None
    )
