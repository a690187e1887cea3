"""Mixed table sizes: repeat meetings before the rotation (issue 35, item 11), pure.

A seven-player Preferans evening sat 4 + 3 in round 1; seating the three of the three at the
four in round 2 (the rotation first) made six repeat meetings where three were the fewest
possible. Now the seating makes the fewest repeats, and among seatings with as few the
rotation decides: checked here against brute force over every division of the field.
"""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Competitor, pair_swiss_mixed, table_plan
from tournaments.pairing.mixed import EXACT_LIMIT, best_seating, seating_review

from .helpers import divisions, history, seating_key


def _play(
    players: list[Competitor], tables, byes, rng: random.Random, smallest: int = 3
) -> list[Competitor]:
    """The field after a round at these tables: places drawn at random, opponents, byes and
    larger-table rounds recorded."""
    by_id = {p.id: p for p in players}
    for table in tables:
        order = list(table)
        rng.shuffle(order)
        for place, pid in enumerate(order):
            p = by_id[pid]
            by_id[pid] = dataclasses.replace(
                p,
                score=p.score + len(order) - 1 - place,
                opponents=p.opponents | (set(table) - {pid}),
                large_tables=p.large_tables + (len(table) > smallest),
            )
    for pid in byes:
        by_id[pid] = dataclasses.replace(by_id[pid], byes=by_id[pid].byes + 1)
    return [by_id[p.id] for p in players]


def _random_round(players: list[Competitor], sizes: list[int], rng: random.Random):
    """A round seated at random (a history the pairing did not choose: swaps by hand)."""
    plan, n_byes = table_plan(len(players), sizes)
    ids = [p.id for p in players]
    rng.shuffle(ids)
    byes, ids = ids[:n_byes], ids[n_byes:]
    tables, start = [], 0
    for size in plan:
        tables.append(tuple(ids[start : start + size]))
        start += size
    return tables, byes


def _brute_best(players: list[Competitor], byes, sizes: list[int]) -> tuple:
    seated = [p for p in players if p.id not in set(byes)]
    plan, _ = table_plan(len(players), sizes)
    return min(seating_key(d, min(sizes)) for d in divisions(seated, plan))


def _key_of(players: list[Competitor], pairing, sizes: list[int]) -> tuple:
    by_id = {p.id: p for p in players}
    return seating_key([[by_id[i] for i in t] for t in pairing.tables], min(sizes))


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(min_value=5, max_value=11),
    rounds=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**16),
    by_hand=st.booleans(),
)
def test_property_the_fewest_repeats_then_the_fairest_rotation(n, rounds, seed, by_hand):
    """5 to 11 players at [3, 4] after 2 to 4 rounds (seated by the pairing, or at random as
    an organiser's swaps might): the round makes as few repeat meetings as any division of
    the field at the plan's tables, and among those the rotation is the fairest (no tolerance:
    a field this small is searched exhaustively)."""
    sizes = [3, 4]
    rng = random.Random(seed)
    players = history(n, [])
    for _ in range(rounds):
        if by_hand:
            tables, byes = _random_round(players, sizes, rng)
        else:
            pairing = pair_swiss_mixed(players, sizes)
            tables, byes = pairing.tables, pairing.byes
        players = _play(players, tables, byes, rng)
    pairing = pair_swiss_mixed(players, sizes)
    _, repeats, rotation = _key_of(players, pairing, sizes)
    assert repeats == pairing.rematches
    assert (0, repeats, rotation) == _brute_best(players, pairing.byes, sizes)


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=4, max_value=9),
    rounds=st.integers(min_value=1, max_value=3),
    seed=st.integers(min_value=0, max_value=2**16),
)
def test_property_deberc_at_two_and_three_too(n, rounds, seed):
    sizes = [2, 3]
    rng = random.Random(seed)
    players = history(n, [])
    for _ in range(rounds):
        tables, byes = _random_round(players, sizes, rng)
        players = _play(players, tables, byes, rng, smallest=2)
    pairing = pair_swiss_mixed(players, sizes)
    assert _key_of(players, pairing, sizes) == _brute_best(players, pairing.byes, sizes)


def test_seven_players_meet_again_three_times_in_round_two_not_six():
    # Round 1 of seven: 0-3 at the four, 4-6 at the three (the Swiss order, nothing met).
    players = history(7, [])
    first = pair_swiss_mixed(players, [3, 4])
    assert [sorted(t) for t in first.tables] == [[0, 1, 2, 3], [4, 5, 6]]
    players = _play(players, first.tables, first.byes, random.Random(1))
    second = pair_swiss_mixed(players, [3, 4])
    # The fewest: two of the four and two of the three at the four (1 + 1 repeats), the
    # other two of the four and one of the three at the three (1 repeat). Seating the three
    # at the four with one of the four (the rotation first) made 3 + 3.
    assert second.rematches == 3
    by_size = {len(t): set(t) for t in second.tables}
    assert len(by_size[4] & {0, 1, 2, 3}) == 2 and len(by_size[3] & {0, 1, 2, 3}) == 2
    plan = [4, 3]
    rotation_first = best_seating(players, plan, 3, rotation_first=True)
    assert sum(_pairs_met(t) for t in rotation_first) == 6


def _pairs_met(table) -> int:
    return sum(b.id in a.opponents for i, a in enumerate(table) for b in table[i + 1 :])


def test_the_review_says_the_repeats_are_the_fewest_and_who_sits_at_the_four_again():
    players = history(7, [])
    first = pair_swiss_mixed(players, [3, 4])
    players = _play(players, first.tables, first.byes, random.Random(1))
    second = pair_swiss_mixed(players, [3, 4])
    review = seating_review(players, second.tables, 3)
    assert (review.repeats, review.fewest, review.by_rotation) == (3, 3, 6)
    four = next(set(t) for t in second.tables if len(t) == 4)
    three = next(set(t) for t in second.tables if len(t) == 3)
    # Again at the four: the two of round 1's four; fewer: the one of round 1's three who
    # sits at the three.
    assert set(review.again) == four & {0, 1, 2, 3}
    assert set(review.fewer) == three - {0, 1, 2, 3}
    assert review.bent_for_repeats


def test_the_review_of_a_seating_by_the_rotation_says_repeats_could_be_fewer():
    players = history(7, [])
    first = pair_swiss_mixed(players, [3, 4])
    players = _play(players, first.tables, first.byes, random.Random(1))
    # The seating of before: the three of the three and player 0 at the four.
    review = seating_review(players, [(4, 5, 6, 0), (1, 2, 3)], 3)
    assert (review.repeats, review.fewest) == (6, 3)
    assert review.again == () and not review.bent_for_repeats


def test_the_rotation_still_decides_among_seatings_with_as_few_repeats():
    # Nobody has met anyone: the four goes to those who have had it least, never to a
    # player who already had it while one who has not sits at a three.
    players = [dataclasses.replace(p, large_tables=1 if p.id < 4 else 0) for p in history(7, [])]
    pairing = pair_swiss_mixed(players, [3, 4])
    four = next(set(t) for t in pairing.tables if len(t) == 4)
    assert four == {4, 5, 6} | (four & {0, 1, 2, 3}) and len(four & {0, 1, 2, 3}) == 1
    # Everybody has met everybody: repeats are the same whatever the seating, so the
    # rotation decides alone.
    everyone = frozenset(range(7))
    players = [dataclasses.replace(p, opponents=everyone - {p.id}) for p in players]
    four = next(set(t) for t in pair_swiss_mixed(players, [3, 4]).tables if len(t) == 4)
    assert {4, 5, 6} < four


def test_a_field_over_the_exact_limit_still_moves_repeats_away():
    # 13 players (4 + 3 + 3 + 3) are seated by the local pass: a repeat at the Swiss cut is
    # moved away, the rotation kept where it costs no repeat.
    n = EXACT_LIMIT + 1
    scores = {i: (1 if i < 4 else 0) for i in range(n)}
    players = history(n, [(0, 1), (4, 5)], scores=scores)
    pairing = pair_swiss_mixed(players, [3, 4])
    assert pairing.rematches == 0
    assert sorted(len(t) for t in pairing.tables) == [3, 3, 3, 4]
