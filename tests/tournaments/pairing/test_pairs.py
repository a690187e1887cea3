"""Fixed pairs (Deberc 2 × 2), pure: the pairs paired as units, partners opposite."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    Competitor,
    draw_seats,
    pair_round_robin_fixed_pairs,
    pair_swiss_fixed_pairs,
)
from tournaments.pairing.draw import draw_pair_seats

from .helpers import has_rematch_free_pairing


def pairs_of(n: int) -> dict[str, tuple[int, int]]:
    """Pairs "P0".."Pn-1"; pair k's partners are players 2k and 2k + 1."""
    return {f"P{k}": (2 * k, 2 * k + 1) for k in range(n)}


def check_round(pairing, members: dict[str, tuple[int, int]]) -> list[tuple[str, str]]:
    """The table's pairs (first side, second side); asserts the seating is of whole pairs."""
    unit_of = {p: unit for unit, partners in members.items() for p in partners}
    seated = []
    for table in pairing.tables:
        assert len(table) == 4
        # Clockwise A1, B1, A2, B2: partners at seats 1 & 3 and 2 & 4, never side by side.
        assert unit_of[table[0]] == unit_of[table[2]]
        assert unit_of[table[1]] == unit_of[table[3]]
        assert unit_of[table[0]] != unit_of[table[1]]
        seated.append((unit_of[table[0]], unit_of[table[1]]))
    # A bye is a whole pair's: both partners or neither.
    bye_units = Counter(unit_of[p] for p in pairing.byes)
    assert set(bye_units.values()) <= {2}
    placed = [p for t in pairing.tables for p in t] + list(pairing.byes)
    assert sorted(placed) == sorted(p for partners in members.values() for p in partners)
    return seated


@pytest.mark.parametrize("n", range(2, 21))
def test_round_robin_of_every_count_of_pairs_meets_each_pair_once(n):
    members = pairs_of(n)
    units = list(members)
    rounds = n - 1 if n % 2 == 0 else n
    meetings: Counter[frozenset] = Counter()
    byes: Counter[str] = Counter()
    for number in range(1, rounds + 1):
        pairing = pair_round_robin_fixed_pairs(units, members, number)
        for a, b in check_round(pairing, members):
            meetings[frozenset((a, b))] += 1
        for p in pairing.byes[::2]:
            byes[{q: u for u, ps in members.items() for q in ps}[p]] += 1
        assert len(pairing.byes) == (2 if n % 2 else 0)
    assert len(meetings) == n * (n - 1) // 2
    assert set(meetings.values()) == {1}
    if n % 2:
        assert sorted(byes.values()) == [1] * n


def play(pairs: list[Competitor], seated, bye_units, rng: random.Random) -> list[Competitor]:
    """The pairs after a round: one of the two pairs at each table wins (1 point), a bye 1."""
    by_id = {p.id: p for p in pairs}
    out = dict(by_id)
    for a, b in seated:
        winner = rng.choice((a, b))
        for me, other in ((a, b), (b, a)):
            p = out[me]
            out[me] = dataclasses.replace(
                p, score=p.score + (me == winner), opponents=p.opponents | {other}
            )
    for unit in bye_units:
        p = out[unit]
        out[unit] = dataclasses.replace(p, score=p.score + 1, byes=p.byes + 1)
    return [out[p.id] for p in pairs]


@pytest.mark.parametrize("n", range(2, 21))
def test_swiss_of_every_count_of_pairs_seats_whole_pairs_without_avoidable_repeats(n):
    members = pairs_of(n)
    unit_of = {p: unit for unit, partners in members.items() for p in partners}
    pairs = [Competitor(id=unit, rank=k) for k, unit in enumerate(members)]
    rng = random.Random(n)
    for _ in range(min(5, n - 1 if n % 2 == 0 else n)):
        avoidable = has_rematch_free_pairing_with_a_bye(pairs)
        pairing = pair_swiss_fixed_pairs(pairs, members)
        seated = check_round(pairing, members)
        repeats = sum(1 for a, b in seated if b in dict((p.id, p) for p in pairs)[a].opponents)
        if avoidable:
            assert repeats == 0
        bye_units = sorted({unit_of[p] for p in pairing.byes})
        assert len(bye_units) == n % 2
        # No second bye while another pair has none.
        for unit in bye_units:
            had = {p.id: p.byes for p in pairs}
            assert had[unit] == min(had.values())
        pairs = play(pairs, seated, bye_units, rng)


def has_rematch_free_pairing_with_a_bye(pairs: list[Competitor]) -> bool:
    if len(pairs) % 2 == 0:
        return has_rematch_free_pairing(pairs)
    fewest = min(p.byes for p in pairs)
    return any(
        has_rematch_free_pairing([q for q in pairs if q is not p])
        for p in pairs
        if p.byes == fewest
    )


def test_swiss_pairs_meet_their_own_score_group():
    members = pairs_of(8)
    scores = {"P0": 2, "P1": 2, "P2": 2, "P3": 2, "P4": 0, "P5": 0, "P6": 0, "P7": 0}
    pairs = [Competitor(id=u, rank=k, score=scores[u]) for k, u in enumerate(members)]
    seated = check_round(pair_swiss_fixed_pairs(pairs, members), members)
    for a, b in seated:
        assert scores[a] == scores[b]


@settings(max_examples=60, deadline=None)
@given(
    table=st.permutations(["a1", "b1", "a2", "b2"]).map(tuple),
    seed=st.text(max_size=8),
    dealt=st.dictionaries(st.sampled_from(["a1", "b1", "a2", "b2"]), st.integers(0, 3)),
)
def test_the_seat_draw_keeps_partners_opposite(table, seed, dealt):
    # Whatever order the pairs come in, the draw keeps the two partnerships of the table.
    partners = {frozenset((table[0], table[2])), frozenset((table[1], table[3]))}
    draw = draw_pair_seats(table, seed=seed, first_deals=dealt)
    assert sorted(draw.seats) == sorted(table)
    assert {frozenset((draw.seats[0], draw.seats[2])), frozenset(draw.seats[1::2])} == partners
    fewest = min(dealt.get(p, 0) for p in table)
    assert dealt.get(draw.seats[draw.first_dealer_seat], 0) == fewest


def test_the_pair_draw_varies_sides_and_partners_by_lot():
    seen = {draw_pair_seats(("a1", "b1", "a2", "b2"), seed=str(k)).seats for k in range(200)}
    # Which pair takes seats 1 & 3 and which partner sits first: 2 × 2 × 2 seatings.
    assert len(seen) == 8
    # A free draw would split partners: the pair draw never does.
    free = {draw_seats(("a1", "b1", "a2", "b2"), seed=str(k)).seats for k in range(200)}
    assert any({s[0], s[2]} not in ({"a1", "a2"}, {"b1", "b2"}) for s in free)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 12), rounds=st.integers(1, 4), seed=st.integers(0, 1000))
def test_swiss_pairs_property_everyone_placed_once_and_whole(n, rounds, seed):
    members = pairs_of(n)
    pairs = [Competitor(id=u, rank=k) for k, u in enumerate(members)]
    rng = random.Random(seed)
    for _ in range(rounds):
        pairing = pair_swiss_fixed_pairs(pairs, members)
        seated = check_round(pairing, members)
        units = [u for t in seated for u in t]
        assert len(units) == len(set(units))
        unit_of = {p: u for u, ps in members.items() for p in ps}
        pairs = play(pairs, seated, sorted({unit_of[p] for p in pairing.byes}), rng)
