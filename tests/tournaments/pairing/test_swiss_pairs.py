"""Swiss pairing at tables of two: properties on random histories, and worked examples."""

from __future__ import annotations

import random
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Competitor, pair_swiss_pairs

from .helpers import has_rematch_free_pairing, history, met


@st.composite
def fields(draw: st.DrawFn, max_players: int = 11) -> list[Competitor]:
    n = draw(st.integers(min_value=2, max_value=max_players))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    meetings = draw(st.lists(st.sampled_from(pairs), max_size=3 * n))
    byes = draw(st.lists(st.integers(min_value=0, max_value=n - 1), max_size=3))
    scores = {i: draw(st.integers(min_value=0, max_value=4)) for i in range(n)}
    return history(n, meetings, byes, scores)


@settings(max_examples=300, deadline=None)
@given(fields())
def test_it_places_everybody_exactly_once(players):
    pairing = pair_swiss_pairs(players)
    assert sorted(pairing.placed()) == sorted(p.id for p in players)
    assert all(len(table) == 2 for table in pairing.tables)
    assert len(pairing.byes) == len(players) % 2


@settings(max_examples=300, deadline=None)
@given(fields())
def test_it_gives_the_bye_to_someone_with_the_fewest_byes(players):
    pairing = pair_swiss_pairs(players)
    fewest = min(p.byes for p in players)
    by_id = {p.id: p for p in players}
    assert all(by_id[b].byes == fewest for b in pairing.byes)


@settings(max_examples=300, deadline=None)
@given(fields())
def test_it_makes_no_rematch_that_could_be_avoided(players):
    pairing = pair_swiss_pairs(players)
    by_id = {p.id: p for p in players}
    rematches = sum(met(by_id[a], by_id[b]) for a, b in pairing.tables)
    assert rematches == pairing.rematches
    if rematches:
        fewest = min(p.byes for p in players)
        bye_options = (
            [None] if len(players) % 2 == 0 else [p.id for p in players if p.byes == fewest]
        )
        for bye in bye_options:
            rest = [p for p in players if p.id != bye]
            assert not has_rematch_free_pairing(rest), (
                f"a rematch-free pairing exists with bye {bye}"
            )


def test_it_pairs_the_top_half_against_the_bottom_half_of_a_score_group():
    players = history(8, [])
    pairing = pair_swiss_pairs(players)
    assert sorted(tuple(sorted(t)) for t in pairing.tables) == [(0, 4), (1, 5), (2, 6), (3, 7)]
    assert pairing.tables[0] in ((0, 4), (4, 0))


def test_it_pairs_score_groups_separately():
    scores = {0: 2, 1: 2, 2: 2, 3: 2, 4: 0, 5: 0, 6: 0, 7: 0}
    pairing = pair_swiss_pairs(history(8, [], scores=scores))
    for a, b in pairing.tables:
        assert scores[a] == scores[b]


def test_it_transposes_the_bottom_half_to_dodge_a_rematch():
    # 0 met 2 already: 0 takes the next of the bottom half, 1 takes 2.
    pairing = pair_swiss_pairs(history(4, [(0, 2)]))
    assert sorted(tuple(sorted(t)) for t in pairing.tables) == [(0, 3), (1, 2)]


def test_it_floats_down_the_lowest_player_who_did_not_float_last_round():
    scores = {0: 1, 1: 1, 2: 1, 3: 0, 4: 0, 5: 0}
    players = history(6, [], scores=scores)
    # Player 2 (the lowest of the top group) floated down last round: 1 floats instead.
    players[2] = Competitor(id=2, score=1, rank=2, floats=("down",))
    pairing = pair_swiss_pairs(players)
    floats = [t for t in pairing.tables if scores[t[0]] != scores[t[1]]]
    assert len(floats) == 1
    assert 1 in floats[0]
    # The floater meets the highest of the group below.
    assert 3 in floats[0]


def test_it_backtracks_when_the_bottom_group_cannot_pair_without_a_rematch():
    # 2 and 3 (the bottom group) met; 0 and 1 (the top) have not met anyone.
    scores = {0: 1, 1: 1, 2: 0, 3: 0}
    pairing = pair_swiss_pairs(history(4, [(2, 3)], scores=scores))
    assert pairing.rematches == 0
    assert sorted(tuple(sorted(t)) for t in pairing.tables) in ([(0, 2), (1, 3)], [(0, 3), (1, 2)])


def test_it_rematches_only_when_everybody_has_met():
    pairing = pair_swiss_pairs(history(4, [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]))
    assert pairing.rematches == 2


def test_byes_rotate_through_a_whole_odd_tournament():
    n, rounds = 7, 7
    rng = random.Random(3)
    scores = dict.fromkeys(range(n), 0)
    opponents: dict[int, set] = {i: set() for i in range(n)}
    byes = dict.fromkeys(range(n), 0)
    for _ in range(rounds):
        players = [
            Competitor(
                id=i, score=scores[i], rank=i, opponents=frozenset(opponents[i]), byes=byes[i]
            )
            for i in range(n)
        ]
        pairing = pair_swiss_pairs(players)
        for b in pairing.byes:
            byes[b] += 1
            scores[b] += 1
        for a, b in pairing.tables:
            opponents[a].add(b)
            opponents[b].add(a)
            scores[rng.choice((a, b))] += 1
    assert sorted(byes.values()) == [1] * 7


def test_it_pairs_two_thousand_players_within_two_seconds():
    rng = random.Random(7)
    n = 2000
    scores = dict.fromkeys(range(n), 0)
    opponents: dict[int, set] = {i: set() for i in range(n)}
    worst = 0.0
    for _ in range(9):
        players = [
            Competitor(id=i, score=scores[i], rank=i, opponents=frozenset(opponents[i]))
            for i in range(n)
        ]
        started = time.perf_counter()
        pairing = pair_swiss_pairs(players)
        worst = max(worst, time.perf_counter() - started)
        assert pairing.rematches == 0
        for a, b in pairing.tables:
            opponents[a].add(b)
            opponents[b].add(a)
            scores[a if rng.random() < 0.5 else b] += 1
    assert worst <= 2.0
