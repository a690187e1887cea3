"""Stages on plain data (tournaments.events.stages): a final table ranks above everyone by its own
result, a cut ranks those who continued above those cut, and the qualification rank is kept."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournaments.events.stages import final_groups, final_sizes, stage_order, stage_problems
from tournaments.standings.ranking import MatchOutcome, compute_standings


def _table(match_id, number, players, totals):
    """A finished pulka: whist balances by seat, the best balance the winner."""
    best = max(totals)
    return MatchOutcome(
        match_id=match_id,
        round_number=number,
        players=tuple(players),
        totals=tuple(totals),
        winners=frozenset(p for p, t in zip(players, totals, strict=True) if t == best),
        bytes=(0,) * len(players),
        sides=tuple(range(len(players))),
        target=0,
    )


def _standings(players, outcomes):
    return compute_standings(
        players=players, outcomes=outcomes, tiebreaks=["balance"], scoring="places_per_size"
    )


def test_a_final_table_ranks_above_everyone_in_the_order_of_its_own_result():
    players = list("ABCDEFG")
    qualification_round = [
        _table(1, 1, "ABCD", [60, 20, -10, -70]),
        _table(2, 1, "EFG", [40, 10, -50]),
    ]
    qualification = _standings(players, qualification_round)
    order = [line.player for line in qualification]
    assert order == ["A", "E", "B", "F", "C", "G", "D"]
    [final_table] = final_groups(order, final_sizes(4, [3, 4]))
    assert final_table == ("A", "E", "B", "F")
    # The final: F wins, A is last; E and B draw (the qualification rank decides: E first).
    final = _table(3, 2, final_table, [-90, 0, 0, 90])
    everything = _standings(players, [*qualification_round, final])
    ranked = stage_order(
        lines=everything,
        qualification=qualification,
        groups=[final_table],
        stage_points=_points(_standings(players, [final])),
    )
    assert [line.player for line in ranked] == ["F", "E", "B", "A", "C", "G", "D"]
    assert [line.rank for line in ranked] == [1, 2, 3, 4, 5, 6, 7]
    assert [line.qualification_rank for line in ranked] == [4, 2, 3, 1, 5, 6, 7]
    # The match points of every round are kept beside the staged order.
    assert {line.player: line.match_points for line in ranked}["F"] == 1.5
    assert all(line.row()["qualification_rank"] for line in ranked)


def _points(lines):
    return {line.player: line.match_points for line in lines}


def test_a_cut_ranks_those_who_continued_first_and_the_cut_keep_their_order():
    players = list("ABCDEF")
    first = [_table(1, 1, "ABC", [30, 0, -30]), _table(2, 1, "DEF", [20, 5, -25])]
    qualification = _standings(players, first)
    order = [line.player for line in qualification]
    assert order == ["A", "D", "E", "B", "F", "C"]
    continuing = order[:3]
    # Round 2 among the top three: E wins big; B, F, C sit out, whatever they had.
    second = [_table(3, 2, continuing, [-40, -10, 50])]
    ranked = stage_order(
        lines=_standings(players, [*first, *second]),
        qualification=qualification,
        groups=[continuing],
        stage_points=None,
    )
    # The three who went on by every round's points (E 2, D 1.5, A 1), then the cut.
    assert [line.player for line in ranked] == ["E", "D", "A", "B", "F", "C"]
    assert [line.qualification_rank for line in ranked] == [3, 2, 1, 4, 5, 6]


@given(
    balances=st.lists(
        st.integers(min_value=-200, max_value=200), min_size=9, max_size=9, unique=True
    ),
    final_result=st.permutations([30, 10, -10, -30]),
)
def test_finalists_always_head_the_table_and_the_rest_keep_the_qualification_order(
    balances, final_result
):
    players = list(range(9))
    rounds = [
        _table(k, 1, players[3 * k : 3 * k + 3], balances[3 * k : 3 * k + 3]) for k in range(3)
    ]
    qualification = _standings(players, rounds)
    order = [line.player for line in qualification]
    [table] = final_groups(order, [4])
    final = _table(9, 2, table, list(final_result))
    ranked = stage_order(
        lines=_standings(players, [*rounds, final]),
        qualification=qualification,
        groups=[table],
        stage_points=_points(_standings(players, [final])),
    )
    assert {line.player for line in ranked[:4]} == set(table)
    assert [line.player for line in ranked[4:]] == order[4:]
    winner = table[list(final_result).index(30)]
    assert ranked[0].player == winner
    assert sorted(line.qualification_rank for line in ranked) == list(range(1, 10))


def test_the_top_table_of_each_size_the_largest_first():
    assert final_sizes(None, [3, 4]) == [4, 3]
    assert final_groups(list("ABCDEFGHIJ"), [4, 3]) == [tuple("ABCD"), tuple("EFG")]
    assert final_groups(list("ABCDE"), [4, 3]) == [tuple("ABCD")]  # no second table of 3


def test_stage_settings_problems_by_field():
    def codes(**kw):
        base = {"kind": "final", "after": 2, "size": 4, "rounds": 3, "round_sizes": [3, 4]}
        return {k: e.code for k, e in stage_problems(**{**base, **kw}).items()}

    assert codes() == {}
    assert codes(after=3) == {"stage_after_round": "bad_stage"}
    assert codes(after=1) == {"stage_after_round": "bad_stage"}  # a final is the last round
    assert codes(size=5) == {"stage_size": "bad_table_size"}
    assert codes(size=None) == {}
    assert codes(kind="cut", after=1, size=2) == {"stage_size": "bad_stage"}
    assert codes(kind="cut", after=1, size=8, entrants=8) == {"stage_size": "bad_stage"}
    assert codes(kind="cut", after=1, size=True) == {"stage_size": "bad_stage"}
    assert codes(kind="", after=None, size=4) == {"stage_size": "bad_stage"}
    assert codes(kind="semi") == {"stage_kind": "bad_stage"}
    assert codes(rounds=1, after=1) == {"stage_after_round": "bad_stage"}
