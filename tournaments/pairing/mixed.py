"""Mixed table sizes in one round [столы разного размера в одном туре].

A round may seat its players at tables of several sizes (Preferans `[3, 4]`, Deberc
`[2, 3]`): 7 players sit 4 + 3, 10 sit 4 + 3 + 3, 11 sit 4 + 4 + 3, 5 sit 4 + one bye.

The plan (`table_plan`): the fewest byes the sizes allow; among plans with that many byes,
the fewest seats at tables larger than the smallest size (so a Preferans club plays at
threes and adds a four only when the count needs it; 12 players sit 3 + 3 + 3 + 3).

The seating (`pair_swiss_mixed`): byes as everywhere (fewest byes, lowest score, lowest rank
first); the larger tables' seats go to the players who have played at a larger table least often
(rotation: `Competitor.large_tables`; among equals the higher in Swiss order), and each group
is cut into tables in Swiss order (score, then rank). A local pass then swaps single players
between nearby tables while that lowers repeat meetings or the score spread of the tables,
never giving a larger-table seat to a player who has had more of them than the one they
replace (the rotation comes before avoiding a repeat).

In a team event teammates come first of all: a swap never seats two teammates together to
gain anything else, a table with teammates looks for a swap at every table, and a small
field that still has teammates together is seated again by `teams.seat_apart` (which finds a
separating seating whenever one exists), the larger tables first in the rotation's order.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from tournaments.pairing.byes import bye_candidates
from tournaments.pairing.teams import SEAT_APART_LIMIT, seat_apart, teammates
from tournaments.pairing.types import Competitor, RoundPairing


def table_plan(n_players: int, sizes: Sequence[int]) -> tuple[list[int], int]:
    """The tables' sizes (largest first) and the number of byes for `n_players`.

    >>> table_plan(7, [3, 4])
    ([4, 3], 0)
    >>> table_plan(5, [3, 4])
    ([4], 1)
    """
    chosen = sorted(set(sizes))
    if not chosen or chosen[0] < 2:
        raise ValueError("a table seats at least two players")
    smallest = chosen[0]
    # best[m]: the fewest seats at larger tables that seat exactly m players (None: cannot).
    best: list[int | None] = [0] + [None] * n_players
    last: list[int] = [0] * (n_players + 1)
    for m in range(1, n_players + 1):
        for size in chosen:
            fewer = best[m - size] if size <= m else None
            if fewer is None:
                continue
            cost = fewer + (size if size > smallest else 0)
            current = best[m]
            if current is None or cost < current:
                best[m], last[m] = cost, size
    for seated in range(n_players, -1, -1):
        if best[seated] is not None:
            tables: list[int] = []
            m = seated
            while m:
                tables.append(last[m])
                m -= last[m]
            return sorted(tables, reverse=True), n_players - seated
    raise AssertionError("zero players are always seated")  # pragma: no cover


def pair_swiss_mixed(players: Sequence[Competitor], sizes: Sequence[int]) -> RoundPairing:
    """Pair one Swiss round at tables of the given sizes (each player for themselves).

    Deterministic for the same input. Tables are listed strongest first.
    """
    plan, n_byes = table_plan(len(players), sizes)
    byes = [p.id for p in bye_candidates(players)[:n_byes]]
    out = set(byes)
    ordered = sorted((p for p in players if p.id not in out), key=lambda p: (-p.score, p.rank))
    smallest = min(sizes)
    tables = _place_larger_tables(ordered, plan, smallest)
    _improve(tables, smallest)
    if any(teammates(t) for t in tables) and len(ordered) <= SEAT_APART_LIMIT:
        # The rotation's order: the larger tables' players first, each group in Swiss order.
        first = [p for t in tables if len(t) > smallest for p in t]
        rest = [p for t in tables if len(t) == smallest for p in t]
        apart = seat_apart(_by_order(first, ordered) + _by_order(rest, ordered), plan)
        if apart is not None:
            tables = apart
            _improve(tables, smallest)
    rematches = sum(_repeats(t) for t in tables)
    tables.sort(key=lambda t: (-max(p.score for p in t), min(p.rank for p in t)))
    return RoundPairing(
        tables=[tuple(p.id for p in t) for t in tables], byes=byes, rematches=rematches
    )


def _place_larger_tables(
    ordered: list[Competitor], plan: list[int], smallest: int
) -> list[list[Competitor]]:
    """Choose who sits at the larger tables, then cut each group into tables in Swiss order.

    The larger seats go to the players with the fewest larger-table rounds so far (so no one
    gets a second one while another has none); among equals, the higher in Swiss order.
    """
    larger = [size for size in plan if size > smallest]
    seats = sum(larger)
    ranked = sorted(range(len(ordered)), key=lambda i: (ordered[i].large_tables, i))
    chosen = set(ranked[:seats])
    up = [p for i, p in enumerate(ordered) if i in chosen]
    down = [p for i, p in enumerate(ordered) if i not in chosen]
    tables: list[list[Competitor]] = []
    position = 0
    for size in larger:
        tables.append(up[position : position + size])
        position += size
    for start in range(0, len(down), smallest):
        tables.append(down[start : start + smallest])
    return tables


def _by_order(players: list[Competitor], ordered: list[Competitor]) -> list[Competitor]:
    position = {id(p): i for i, p in enumerate(ordered)}
    return sorted(players, key=lambda p: position[id(p)])


def _met(a: Competitor, b: Competitor) -> bool:
    return b.id in a.opponents or a.id in b.opponents


def _repeats(table: Sequence[Competitor]) -> int:
    return sum(_met(a, b) for a, b in itertools.combinations(table, 2))


def _cost(table: Sequence[Competitor], smallest: int) -> tuple[int, int, int, float]:
    """Teammates at one table first, then the rotation (a swap never gives a larger seat to
    someone who has had more of them), then repeat meetings, then the score spread."""
    scores = [p.score for p in table]
    rotation = sum(p.large_tables for p in table) if len(table) > smallest else 0
    return teammates(table), rotation, _repeats(table), max(scores) - min(scores)


def _improve(tables: list[list[Competitor]], smallest: int, reach: int = 6) -> None:
    """Swap single players between nearby tables while the cost (rotation, repeats, score
    spread, compared in that order, summed over the two tables) goes down."""
    for _ in range(5):
        improved = False
        for a in range(len(tables)):
            if _repeats(tables[a]) == 0 and teammates(tables[a]) == 0:
                continue
            # Teammates together look at every table; repeats at the nearby ones.
            near: Sequence[int] = range(max(0, a - reach), min(len(tables), a + reach + 1))
            if teammates(tables[a]):
                near = sorted(range(len(tables)), key=lambda b: abs(b - a))
            for b in near:
                if a == b:
                    continue
                before = _sum(_cost(tables[a], smallest), _cost(tables[b], smallest))
                for x, y in itertools.product(range(len(tables[a])), range(len(tables[b]))):
                    ta, tb = list(tables[a]), list(tables[b])
                    ta[x], tb[y] = tb[y], ta[x]
                    if _sum(_cost(ta, smallest), _cost(tb, smallest)) < before:
                        tables[a], tables[b] = ta, tb
                        improved = True
                        break
                if _repeats(tables[a]) == 0 and teammates(tables[a]) == 0:
                    break
        if not improved:
            return


def _sum(a: tuple, b: tuple) -> tuple:
    return tuple(x + y for x, y in zip(a, b, strict=True))
