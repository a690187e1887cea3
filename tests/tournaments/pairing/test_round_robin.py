"""Round robin: Berger tables for two, even meetings for three."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from tournaments.pairing import berger_round, berger_schedule, triples_schedule


def test_round_one_of_six_players_follows_the_berger_table():
    assert berger_round([1, 2, 3, 4, 5, 6], 1).tables == [(1, 6), (2, 5), (3, 4)]
    # FIDE Berger table for 6: round 2 is 6-4, 5-3, 1-2; round 3 is 2-6, 3-1, 4-5.
    assert sorted(map(sorted, berger_round([1, 2, 3, 4, 5, 6], 2).tables)) == [
        [1, 2],
        [3, 5],
        [4, 6],
    ]
    assert sorted(map(sorted, berger_round([1, 2, 3, 4, 5, 6], 3).tables)) == [
        [1, 3],
        [2, 6],
        [4, 5],
    ]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8, 11, 12, 16])
def test_every_pair_meets_exactly_once(n):
    players = list(range(n))
    rounds = n - 1 if n % 2 == 0 else n
    schedule = berger_schedule(players, rounds)
    meetings = Counter(frozenset(t) for r in schedule for t in r.tables)
    assert set(meetings) == {frozenset(p) for p in itertools.combinations(players, 2)}
    assert set(meetings.values()) == {1}
    byes = Counter(b for r in schedule for b in r.byes)
    assert byes == (Counter(players) if n % 2 else Counter())
    for r in schedule:
        assert sorted(p for t in r.tables for p in t) + r.byes != []
        assert len({p for t in r.tables for p in t} | set(r.byes)) == n


def test_nine_players_at_tables_of_three_meet_each_other_exactly_once():
    schedule = triples_schedule(list("ABCDEFGHI"), 4)
    meetings = Counter(
        frozenset(p) for r in schedule for t in r.tables for p in itertools.combinations(t, 2)
    )
    assert len(meetings) == 36
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize("n,rounds", [(6, 2), (7, 3), (10, 4), (12, 5), (13, 6), (15, 7)])
def test_tables_of_three_spread_meetings_evenly(n, rounds):
    schedule = triples_schedule(list(range(n)), rounds, seed=5)
    meetings = Counter(
        frozenset(p) for r in schedule for t in r.tables for p in itertools.combinations(t, 2)
    )
    assert max(meetings.values()) <= 2
    # Nobody meets anyone twice while the schedule leaves room for fresh meetings: no player
    # has a repeat and also an opponent never met, beyond one pair a round.
    repeats = sum(v - 1 for v in meetings.values())
    assert repeats <= rounds
    byes = Counter(b for r in schedule for b in r.byes)
    for r in schedule:
        assert len({p for t in r.tables for p in t} | set(r.byes)) == n
        assert all(len(t) == 3 for t in r.tables)
    counts = [byes.get(p, 0) for p in range(n)]
    assert max(counts) - min(counts) <= 1


def test_the_same_seed_gives_the_same_schedule():
    a = triples_schedule(list(range(12)), 4, seed="t7")
    b = triples_schedule(list(range(12)), 4, seed="t7")
    assert [r.tables for r in a] == [r.tables for r in b]
