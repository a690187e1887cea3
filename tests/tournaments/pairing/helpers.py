"""Brute-force checks for the pairing properties (small fields only)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from tournaments.pairing import Competitor


def met(a: Competitor, b: Competitor) -> bool:
    return b.id in a.opponents or a.id in b.opponents


def has_rematch_free_pairing(players: Sequence[Competitor]) -> bool:
    players = list(players)
    if not players:
        return True
    if len(players) % 2:
        return False
    head, rest = players[0], players[1:]
    for i, partner in enumerate(rest):
        if not met(head, partner) and has_rematch_free_pairing(rest[:i] + rest[i + 1 :]):
            return True
    return False


def has_repeat_free_triples(players: Sequence[Competitor]) -> bool:
    players = list(players)
    if not players:
        return True
    head, rest = players[0], players[1:]
    for i, j in itertools.combinations(range(len(rest)), 2):
        a, b = rest[i], rest[j]
        if met(head, a) or met(head, b) or met(a, b):
            continue
        if has_repeat_free_triples([p for k, p in enumerate(rest) if k not in (i, j)]):
            return True
    return False


def history(
    n: int,
    meetings: Sequence[tuple[int, int]],
    byes: Sequence[int] = (),
    scores: dict[int, float] | None = None,
) -> list[Competitor]:
    """Competitors 0..n-1 with these earlier meetings, byes and scores (rank = id)."""
    opponents: dict[int, set[int]] = {i: set() for i in range(n)}
    for a, b in meetings:
        if a != b:
            opponents[a].add(b)
            opponents[b].add(a)
    bye_counts = {i: 0 for i in range(n)}
    for b in byes:
        bye_counts[b] += 1
    scores = scores or {}
    return [
        Competitor(
            id=i,
            score=scores.get(i, 0),
            rank=i,
            opponents=frozenset(opponents[i]),
            byes=bye_counts[i],
        )
        for i in range(n)
    ]


def divisions(players: Sequence[Competitor], plan: Sequence[int]):
    """Every division of `players` into tables of the sizes in `plan`, each division once
    (the first player's table first): the brute force the mixed-size seating is checked by."""
    players = list(players)
    if not players:
        yield []
        return
    head, rest = players[0], players[1:]
    for size in sorted(set(plan)):
        left = list(plan)
        left.remove(size)
        for others in itertools.combinations(range(len(rest)), size - 1):
            table = [head] + [rest[i] for i in others]
            remaining = [p for i, p in enumerate(rest) if i not in others]
            for more in divisions(remaining, left):
                yield [table, *more]


def seating_key(tables: Sequence[Sequence[Competitor]], smallest: int) -> tuple:
    """What the mixed-size seating minimises, in order: teammates at one table, repeat
    meetings, then the rotation: the larger-table rounds of the players at larger tables,
    highest first (compared as a tuple: the fewest players reach the highest count)."""
    pairs = [(a, b) for t in tables for a, b in itertools.combinations(t, 2)]
    together = sum(a.team is not None and a.team == b.team for a, b in pairs)
    repeats = sum(met(a, b) for a, b in pairs)
    larger = [p.large_tables for t in tables if len(t) > smallest for p in t]
    return together, repeats, tuple(sorted(larger, reverse=True))
