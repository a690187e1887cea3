"""An independent, slow reference for the `impossible_points` check: a memoised search
that deals the 32 card values one by one into the piles or the undealt rest."""

from __future__ import annotations

from functools import cache

DECK_VALUES = sorted(
    [20, 14] + [11] * 4 + [10] * 4 + [4] * 4 + [3] * 4 + [2] * 3 + [0] * 11, reverse=True
)


def reference_possible(points: tuple[int, ...], sizes: tuple[int, ...]) -> bool:
    """Can the 32 cards be split into piles of `sizes` cards worth `points`, rest undealt?"""
    undealt = 32 - sum(sizes)
    if undealt < 0:
        return False
    suffix = [sum(DECK_VALUES[i:]) for i in range(33)]

    @cache
    def go(
        index: int, left_points: tuple[int, ...], left_sizes: tuple[int, ...], left_undealt: int
    ) -> bool:
        if index == 32:
            return not any(left_points) and not any(left_sizes)
        if sum(left_points) > suffix[index]:
            return False
        value = DECK_VALUES[index]
        if left_undealt and go(index + 1, left_points, left_sizes, left_undealt - 1):
            return True
        tried: set[tuple[int, int]] = set()
        for pile, (need, room) in enumerate(zip(left_points, left_sizes, strict=True)):
            if room and need >= value and (need, room) not in tried:
                tried.add((need, room))  # piles alike in what they still need: try one
                points_after = list(left_points)
                sizes_after = list(left_sizes)
                points_after[pile] -= value
                sizes_after[pile] -= 1
                if go(index + 1, tuple(points_after), tuple(sizes_after), left_undealt):
                    return True
        return False

    return go(0, tuple(points), tuple(sizes), undealt)


def reference_possible_any_tricks(
    points: tuple[int, ...], last_trick: int | None, hand_size: int
) -> bool:
    """The same with the tricks free (the last-trick taker needs at least one)."""
    n = len(points)

    def splits(left: int, piles: int):
        if piles == 1:
            yield (left,)
            return
        for first in range(left + 1):
            for rest in splits(left - first, piles - 1):
                yield (first, *rest)

    for tricks in splits(hand_size, n):
        if last_trick is not None and tricks[last_trick] == 0:
            continue
        if reference_possible(points, tuple(t * n for t in tricks)):
            return True
    return False
