"""Seats and the first dealer, drawn by lot [жеребьёвка мест и первой сдачи].

The lot is a seeded RNG so that a round is reproducible (tests, an organiser re-checking a
draw): the same tournament, round and table always draw the same seats.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class SeatDraw:
    seats: tuple[Hashable, ...]  # clockwise
    first_dealer_seat: int


def draw_seats(
    players: Sequence[Hashable],
    *,
    seed: str,
    first_deals: Mapping[Hashable, int] | None = None,
) -> SeatDraw:
    """Seats clockwise by lot, and the first dealer by lot among the players of the table who
    dealt first least often so far (`first_deals`: earlier first deals per player): over a
    tournament everybody deals first about as often (with four at Preferans the first dealer
    also sits the first deal out)."""
    rng = random.Random(seed)
    seats = list(players)
    rng.shuffle(seats)
    return SeatDraw(seats=tuple(seats), first_dealer_seat=_first_dealer(rng, seats, first_deals))


def draw_pair_seats(
    table: Sequence[Hashable],
    *,
    seed: str,
    first_deals: Mapping[Hashable, int] | None = None,
) -> SeatDraw:
    """Seats of two fixed pairs, `table` = (A1, B1, A2, B2): by lot which pair sits at the
    first and third seats and which partner sits first, partners always opposite (seats
    1 & 3 against 2 & 4); the first dealer as in `draw_seats`."""
    if len(table) != 4:
        raise ValueError("two pairs sit at a table of four")
    rng = random.Random(seed)
    first, second = [table[0], table[2]], [table[1], table[3]]
    rng.shuffle(first)
    rng.shuffle(second)
    if rng.random() < 0.5:
        first, second = second, first
    seats = [first[0], second[0], first[1], second[1]]
    return SeatDraw(seats=tuple(seats), first_dealer_seat=_first_dealer(rng, seats, first_deals))


def _first_dealer(
    rng: random.Random, seats: Sequence[Hashable], first_deals: Mapping[Hashable, int] | None
) -> int:
    counts = first_deals or {}
    fewest = min((counts.get(p, 0) for p in seats), default=0)
    candidates = [k for k, p in enumerate(seats) if counts.get(p, 0) == fewest]
    # With no history every seat is a candidate: the same draw as a plain randrange.
    return rng.choice(candidates)
