"""Can the deck give these card points? The exact `impossible_points` check (rules §1).

A scorer's figures are valid only if some split of the 32 cards gives each player's tricks
those points, each player's pile holding one card per player per trick taken, the rest of
the deck undealt (14 cards with 2 players, 5 with 3, none with 4).

Card values do not depend on which suit is trump: the deck always holds one 20 (trump J),
one 14 (trump 9), four 11s, four 10s, four 4s, four 3s, three 2s (plain jacks) and eleven
cards worth 0. So the question is a small partition problem on those values. The search
places the 20, the 14, the 11s and the 10s explicitly; what is left for each pile must be
made of 4s, 3s and 2s, which a table built once per table size answers directly. Zeros only
fill piles: a pile of `s` cards with `nz` valued cards needs `s - nz` zeros, and there are 11.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Final

SMALL_VALUES: Final = ((4, 4), (3, 4), (2, 3))  # (value, how many in the deck)
ZEROS: Final = 11
SMALL_MAX: Final = sum(value * count for value, count in SMALL_VALUES)  # 34


def _distributions(count: int, piles: int, all_dealt: bool) -> list[tuple[int, ...]]:
    """Ways to give up to `count` identical cards to `piles` piles (exactly `count` if the
    whole deck is dealt)."""
    return [
        combo
        for combo in product(range(count + 1), repeat=piles)
        if (sum(combo) == count if all_dealt else sum(combo) <= count)
    ]


@lru_cache(maxsize=8)
def _small_table(piles: int, all_dealt: bool) -> dict[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """residual sums per pile -> the possible numbers of small cards per pile that make them."""
    table: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    options = [_distributions(count, piles, all_dealt) for _, count in SMALL_VALUES]
    for fours, threes, twos in product(*options):
        sums = tuple(4 * fours[i] + 3 * threes[i] + 2 * twos[i] for i in range(piles))
        counts = tuple(fours[i] + threes[i] + twos[i] for i in range(piles))
        table.setdefault(sums, set()).add(counts)
    return {sums: tuple(sorted(counts)) for sums, counts in table.items()}


@lru_cache(maxsize=8)
def _tens_and_elevens(piles: int, all_dealt: bool) -> tuple[tuple[int, ...], ...]:
    return tuple(_distributions(4, piles, all_dealt))


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def points_possible(
    points: tuple[int, ...],
    tricks: tuple[int, ...] | None,
    last_trick: int | None,
    hand_size: int,
) -> bool:
    """True iff some split of the deck gives each seat's tricks exactly `points` card points.

    `tricks` fixes each pile's size (cards = tricks × players); when None, any split of the
    `hand_size` tricks will do in which the seat `last_trick` (if given) took at least one.
    """
    return _possible(tuple(points), tricks, last_trick, hand_size)


@lru_cache(maxsize=65536)
def _possible(
    points: tuple[int, ...], tricks: tuple[int, ...] | None, last_trick: int | None, hand_size: int
) -> bool:
    n = len(points)
    per_trick = n
    all_dealt = n * hand_size == 32
    dealt = n * hand_size
    if any(p < 0 for p in points) or sum(points) > 152:
        return False
    if all_dealt and sum(points) != 152:
        return False
    min_valued = dealt - ZEROS  # valued cards the piles must hold so that zeros suffice
    small = _small_table(n, all_dealt)
    tens = _tens_and_elevens(n, all_dealt)
    if tricks is not None:
        caps = tuple(t * per_trick for t in tricks)
    # Give the 20 and the 14 first to the richest piles: figures that are possible usually
    # turn out so on the first tries.
    order = sorted(range(n), key=lambda i: -points[i])
    ordered_places = order if all_dealt else [*order, -1]  # -1: the card stays undealt
    for twenty in ordered_places:
        for fourteen in ordered_places:
            rest = list(points)
            valued = [0] * n
            if twenty >= 0:
                rest[twenty] -= 20
                valued[twenty] += 1
            if fourteen >= 0:
                rest[fourteen] -= 14
                valued[fourteen] += 1
            if min(rest) < 0:
                continue
            for elevens in tens:
                after11 = [rest[i] - 11 * elevens[i] for i in range(n)]
                if min(after11) < 0:
                    continue
                for tens_ in tens:
                    residual = tuple(after11[i] - 10 * tens_[i] for i in range(n))
                    if min(residual) < 0 or max(residual) > SMALL_MAX:
                        continue
                    smalls = small.get(residual)
                    if smalls is None:
                        continue
                    big = [valued[i] + elevens[i] + tens_[i] for i in range(n)]
                    for small_counts in smalls:
                        counts = [big[i] + small_counts[i] for i in range(n)]
                        if sum(counts) < min_valued:
                            continue
                        if tricks is not None:
                            if all(counts[i] <= caps[i] for i in range(n)):
                                return True
                            continue
                        needed = [_ceil_div(c, per_trick) for c in counts]
                        if last_trick is not None and needed[last_trick] == 0:
                            needed[last_trick] = 1
                        if sum(needed) <= hand_size:
                            return True
    return False


def max_points(players: int) -> int:
    """The most card points the dealt cards can hold (152 with 4; 146 with 2: the 18 richest
    cards leave out three jacks of 2)."""
    values = sorted([20, 14] + [11] * 4 + [10] * 4 + [4] * 4 + [3] * 4 + [2] * 3 + [0] * 11)
    return sum(values[-9 * players:]) if players < 4 else 152
