"""Maximum cardinality matching on a general graph (Edmonds' blossom algorithm).

Used only as the fallback of the Swiss pairing, on small pools, or when the score-group pairing
cannot avoid a rematch: a maximum matching of the "have not met yet" graph is a pairing with
the fewest possible rematches. Starting from a given matching keeps the score-group pairs that
already work and only repairs the rest.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence


def maximum_matching(
    adjacency: Sequence[Sequence[int]], initial: list[int] | None = None
) -> list[int]:
    """`adjacency[v]` lists v's neighbours in order of preference; returns `mate` (-1 = single).

    `initial`, when given, must be a valid matching; it is grown by augmenting paths only.
    """
    n = len(adjacency)
    mate = list(initial) if initial is not None else [-1] * n
    for root in range(n):
        if mate[root] == -1:
            end, parent = _augmenting_path(adjacency, mate, root)
            # Flip the path found from `end` back to the root.
            while end != -1:
                parent_vertex = parent[end]
                next_end = mate[parent_vertex]
                mate[end] = parent_vertex
                mate[parent_vertex] = end
                end = next_end
    return mate


def _augmenting_path(
    adjacency: Sequence[Sequence[int]], mate: list[int], root: int
) -> tuple[int, list[int]]:
    """The free vertex an augmenting path from `root` ends at (-1: none) and the parents."""
    n = len(adjacency)
    used = [False] * n
    parent = [-1] * n
    base = list(range(n))
    used[root] = True
    queue = deque([root])

    def lowest_common_ancestor(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, stem: int, child: int, blossom: list[bool]) -> None:
        while base[v] != stem:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for to in adjacency[v]:
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                stem = lowest_common_ancestor(v, to)
                blossom = [False] * n
                mark_path(v, stem, to, blossom)
                mark_path(to, stem, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = stem
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    return to, parent
                used[mate[to]] = True
                queue.append(mate[to])
    return -1, parent
