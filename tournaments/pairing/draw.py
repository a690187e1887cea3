"""Seats and the first dealer, drawn by lot [жеребьёвка мест и первой сдачи].

The lot is a seeded RNG so that a round is reproducible (tests, an organiser re-checking a
draw): the same tournament, round and table always draw the same seats.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class SeatDraw:
    seats: tuple[Hashable, ...]  # clockwise
    first_dealer_seat: int


def draw_seats(players: Sequence[Hashable], *, seed: str) -> SeatDraw:
    rng = random.Random(seed)
    seats = list(players)
    rng.shuffle(seats)
    return SeatDraw(seats=tuple(seats), first_dealer_seat=rng.randrange(len(seats)))
