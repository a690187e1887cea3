"""Teams [командный турнир]: members of one team never at one table when that can be avoided.

A team event seats its players as individuals (Swiss or round robin, any table sizes); the
members of a team are kept apart. The Swiss generators count a table's teammates before its
repeat meetings (`teammates`), so a local search never trades a separated team for a
rematch avoided; when a field still has teammates together after that, `seat_apart` builds
the tables again in the players' Swiss order, each player taking the first table that has
room, no teammate, and leaves the rest separable (a maximum flow decides), which finds a
separating seating whenever one exists (`separable`).
"""

from __future__ import annotations

import itertools
from collections import Counter, deque
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from tournaments.pairing.types import Competitor

# Fields up to this size are rebuilt by `seat_apart` when the local search left teammates
# together (a flow per player: fine for a club's field, too slow for thousands).
SEAT_APART_LIMIT = 160


def teammates(table: Sequence[Competitor]) -> int:
    """How many pairs of teammates sit at this table."""
    teams = [p.team for p in table if p.team is not None]
    if len(teams) < 2:
        return 0
    return sum(c * (c - 1) // 2 for c in Counter(teams).values())


def together(a: Competitor, b: Competitor) -> bool:
    """Two players of one team."""
    return a.team is not None and a.team == b.team


def separable(teams: Iterable[int], sizes: Sequence[int]) -> bool:
    """Whether players of teams of these sizes (players on their own need not be listed) fit
    at empty tables of `sizes` with no two teammates at one table, the players on their own
    filling the other seats (each team takes at most one seat a table: a flow decides)."""
    counts = {i: c for i, c in enumerate(teams) if c > 0}
    return _fits(counts, list(sizes), {})


def _fits(remaining: Mapping[Any, int], free: list[int], blocked: dict[Any, set[int]]) -> bool:
    """Whether each team's `remaining` members can take one seat each at distinct tables with
    room (`free`), avoiding the tables `blocked` for that team: a maximum flow (BFS paths)."""
    need = sum(remaining.values())
    if need == 0:
        return True
    if need > sum(free):
        return False
    teams = [t for t, c in remaining.items() if c > 0]
    n_tables = len(free)
    for t in teams:
        if remaining[t] > n_tables - len(blocked.get(t, ())):
            return False
    # Greedy start: each team, largest first, into the freest allowed tables.
    used: dict[Hashable, set[int]] = {t: set() for t in teams}
    load = [0] * n_tables
    flow = 0
    for t in sorted(teams, key=lambda t: -remaining[t]):
        allowed = sorted(
            (j for j in range(n_tables) if j not in blocked.get(t, ())),
            key=lambda j: load[j] - free[j],
        )
        for j in allowed:
            if len(used[t]) == remaining[t]:
                break
            if load[j] < free[j]:
                used[t].add(j)
                load[j] += 1
                flow += 1
    # Augment: team t short of seats -> table j it does not use -> (if j full) a team u at j
    # that can move to another table it does not use ... (alternating BFS).
    while flow < need:
        short = [t for t in teams if len(used[t]) < remaining[t]]
        if not _augment(short, teams, used, load, free, blocked):
            return False
        flow += 1
    return True


def _augment(
    short: list[Hashable],
    teams: list[Hashable],
    used: dict[Hashable, set[int]],
    load: list[int],
    free: list[int],
    blocked: dict[Hashable, set[int]],
) -> bool:
    """One augmenting path in the residual graph source → team → table → team … → table
    with room; applied when found."""
    n_tables = len(free)
    parent: dict[tuple[str, Any], tuple[str, Any] | None] = {}
    queue: deque[tuple[str, Any]] = deque()
    for t in short:
        parent[("t", t)] = None
        queue.append(("t", t))
    while queue:
        kind, node = queue.popleft()
        if kind == "t":
            for j in range(n_tables):
                if j in used[node] or j in blocked.get(node, ()) or ("j", j) in parent:
                    continue
                parent[("j", j)] = (kind, node)
                if load[j] < free[j]:
                    _apply(("j", j), parent, used, load)
                    return True
                queue.append(("j", j))
        else:
            for u in teams:
                if node in used[u] and ("t", u) not in parent:
                    parent[("t", u)] = (kind, node)
                    queue.append(("t", u))
    return False


def _apply(
    end: tuple[str, Any],
    parent: dict[tuple[str, Any], tuple[str, Any] | None],
    used: dict[Hashable, set[int]],
    load: list[int],
) -> None:
    j = end[1]
    assert isinstance(j, int)
    load[j] += 1
    node: tuple[str, Any] | None = end
    while node is not None:
        back = parent[node]
        if node[0] == "j" and back is not None:
            used[back[1]].add(node[1])
        elif node[0] == "t" and back is not None:
            # The team gives up the table it came through (moves along the path).
            used[node[1]].discard(back[1])
        node = back


def seat_apart(players: Sequence[Competitor], plan: Sequence[int]) -> list[list[Competitor]] | None:
    """Tables of the plan's sizes (in the plan's order) with no two teammates at one, filled
    in the players' order (each takes the first table with room that keeps the rest
    separable); None when no such seating exists."""
    remaining: Counter[Hashable] = Counter(p.team for p in players if p.team is not None)
    free = list(plan)
    if sum(free) != len(players):
        raise ValueError("the plan seats a different number of players")
    blocked: dict[Hashable, set[int]] = {}
    if not _fits(dict(remaining), free, blocked):
        return None
    tables: list[list[Competitor]] = [[] for _ in plan]
    for player in players:
        team = player.team
        for j in range(len(plan)):
            if free[j] == 0 or (team is not None and j in blocked.get(team, ())):
                continue
            free[j] -= 1
            if team is not None:
                remaining[team] -= 1
                blocked.setdefault(team, set()).add(j)
            if _fits(dict(remaining), free, blocked):
                tables[j].append(player)
                break
            free[j] += 1
            if team is not None:
                remaining[team] += 1
                blocked[team].discard(j)
        else:  # pragma: no cover - the flow said the rest fits
            raise AssertionError("no table left for a player")
    return tables


def teammate_pairs(players: Iterable[Competitor]) -> set[frozenset]:
    """Every pair of teammates among the players (by id)."""
    by_team: dict[Hashable, list[Hashable]] = {}
    for p in players:
        if p.team is not None:
            by_team.setdefault(p.team, []).append(p.id)
    return {
        frozenset(pair)
        for members in by_team.values()
        for pair in itertools.combinations(members, 2)
    }
