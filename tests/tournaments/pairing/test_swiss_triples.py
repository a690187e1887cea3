"""Swiss pairing at tables of three."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Competitor, pair_swiss_triples

from .helpers import has_repeat_free_triples, history, met


@st.composite
def fields(draw: st.DrawFn) -> list[Competitor]:
    n = draw(st.integers(min_value=3, max_value=11))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    meetings = draw(st.lists(st.sampled_from(pairs), max_size=2 * n))
    byes = draw(st.lists(st.integers(min_value=0, max_value=n - 1), max_size=3))
    scores = {i: draw(st.integers(min_value=0, max_value=3)) for i in range(n)}
    return history(n, meetings, byes, scores)


@settings(max_examples=200, deadline=None)
@given(fields())
def test_it_places_everybody_once_at_tables_of_three(players):
    pairing = pair_swiss_triples(players)
    assert sorted(pairing.placed()) == sorted(p.id for p in players)
    assert all(len(t) == 3 for t in pairing.tables)
    assert len(pairing.byes) == len(players) % 3
    fewest = sorted(p.byes for p in players)[: len(pairing.byes)]
    by_id = {p.id: p for p in players}
    assert sorted(by_id[b].byes for b in pairing.byes) == fewest


@settings(max_examples=150, deadline=None)
@given(fields())
def test_it_makes_no_repeat_meeting_that_could_be_avoided(players):
    pairing = pair_swiss_triples(players)
    by_id = {p.id: p for p in players}
    repeats = sum(
        met(by_id[a], by_id[b]) for t in pairing.tables for a, b in itertools.combinations(t, 2)
    )
    if repeats:
        seated = [by_id[p] for t in pairing.tables for p in t]
        assert not has_repeat_free_triples(seated)


def test_it_groups_equal_scores_into_triples():
    scores = {i: (2 if i < 3 else 1 if i < 6 else 0) for i in range(9)}
    pairing = pair_swiss_triples(history(9, [], scores=scores))
    for table in pairing.tables:
        assert len({scores[p] for p in table}) == 1
    assert set(pairing.tables[0]) == {0, 1, 2}


def test_it_moves_a_player_to_avoid_a_repeat_meeting():
    scores = {i: (1 if i < 3 else 0) for i in range(6)}
    pairing = pair_swiss_triples(history(6, [(0, 1)], scores=scores))
    assert all(not ({0, 1} <= set(t)) for t in pairing.tables)
