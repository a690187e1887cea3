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
    counts = first_deals or {}
    fewest = min((counts.get(p, 0) for p in seats), default=0)
    candidates = [k for k, p in enumerate(seats) if counts.get(p, 0) == fewest]
    # With no history every seat is a candidate: the same draw as a plain randrange.
    return SeatDraw(seats=tuple(seats), first_dealer_seat=rng.choice(candidates))
