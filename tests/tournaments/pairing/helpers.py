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
