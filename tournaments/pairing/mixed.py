"""Mixed table sizes in one round [столы разного размера в одном туре].

A round may seat its players at tables of several sizes (Preferans `[3, 4]`, Deberc
`[2, 3]`): 7 players sit 4 + 3, 10 sit 4 + 3 + 3, 11 sit 4 + 4 + 3, 5 sit 4 + one bye.

The plan (`table_plan`): the fewest byes the sizes allow; among plans with that many byes,
the fewest seats at tables larger than the smallest size (so a Preferans club plays at
threes and adds a four only when the count needs it; 12 players sit 3 + 3 + 3 + 3).

The seating (`pair_swiss_mixed`): byes as everywhere (fewest byes, lowest score, lowest rank
first); then the seating with the lowest cost, compared in this order (`_cost`, summed over
the tables):

1. teammates at one table (a team event);
2. repeat meetings (two players who met before at one table);
3. the rotation of the larger tables' seats: each larger seat costs `weight ** k` for a
   player who has had k larger-table rounds (`Competitor.large_tables`), `weight` being more
   than the number of seats, so the sum is lowest when the fewest players get the highest
   count (nobody gets a second four while someone with none could take it at no more
   repeats);
4. the score spread of the tables (Swiss score groups), then the Swiss order.

Repeats come before the rotation (issue 35): after round 1 of seven players (4 + 3), seating
the three who were at the three at the four again makes six repeat meetings, while two of
the four staying at the four make three, the fewest possible. The rotation still decides
among seatings with as few repeats, so it is bent only to avoid a repeat.

A field of up to `EXACT_LIMIT` seated players (a club's evening) is searched exhaustively
(`best_seating`: every division into the plan's tables, each set of players left worked out
once), so its repeats are the fewest possible. A larger field is seated by the rotation and
cut into tables in Swiss order (score, then rank), then a local pass seats two nearby
tables' players again in the best division of the two while that lowers the cost: first
with the rotation before the repeats (the repeats the rotation can avoid by itself), then
with the repeats first (the rotation bent for those left, as little as a nearby table
allows). No proof of the fewest repeats there.

In a team event teammates come first of all: a re-seating never seats two teammates together
to gain anything else, a table with teammates looks at every table, and a larger field that
still has teammates together is seated again by `teams.seat_apart` (which finds a separating
seating whenever one exists), the larger tables first in the rotation's order.

`seating_review` tells the organiser about a seating: its repeats, the fewest possible, the
repeats the rotation alone would have made, and who sits at a larger table again.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.pairing.byes import bye_candidates
from tournaments.pairing.teams import SEAT_APART_LIMIT, seat_apart, teammates
from tournaments.pairing.types import Competitor, PlayerId, RoundPairing


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


# Seated players up to which the seating is searched exhaustively (12 at [3, 4]: 15,400
# divisions, 11 at [2, 3]: 17,325; at most ~0.05 s a search on the development guest, where
# 13 took 0.15 s and 14 0.5 s).
EXACT_LIMIT = 12

Cost = tuple[int, int, int, float]


def pair_swiss_mixed(players: Sequence[Competitor], sizes: Sequence[int]) -> RoundPairing:
    """Pair one Swiss round at tables of the given sizes (each player for themselves).

    Deterministic for the same input. Tables are listed strongest first.
    """
    plan, n_byes = table_plan(len(players), sizes)
    byes = [p.id for p in bye_candidates(players)[:n_byes]]
    out = set(byes)
    ordered = sorted((p for p in players if p.id not in out), key=lambda p: (-p.score, p.rank))
    smallest = min(sizes)
    weight = len(ordered) + 1
    if len(ordered) <= EXACT_LIMIT:
        tables = best_seating(ordered, plan, smallest)
    else:
        tables = _place_larger_tables(ordered, plan, smallest)
        # First the repeats the rotation can avoid by itself, then the rotation bent for
        # those left (a greedy pass bending it at once would bend it more than it must).
        _improve(tables, smallest, weight, rotation_first=True)
        _improve(tables, smallest, weight)
        if any(teammates(t) for t in tables) and len(ordered) <= SEAT_APART_LIMIT:
            # The rotation's order: the larger tables' players first, each group in Swiss order.
            first = [p for t in tables if len(t) > smallest for p in t]
            rest = [p for t in tables if len(t) == smallest for p in t]
            apart = seat_apart(_by_order(first, ordered) + _by_order(rest, ordered), plan)
            if apart is not None:
                tables = apart
                _improve(tables, smallest, weight)
    rematches = sum(_repeats(t) for t in tables)
    tables.sort(key=lambda t: (-max(p.score for p in t), min(p.rank for p in t)))
    return RoundPairing(
        tables=[tuple(p.id for p in t) for t in tables], byes=byes, rematches=rematches
    )


def best_seating(
    players: Sequence[Competitor],
    plan: Sequence[int],
    smallest: int,
    *,
    rotation_first: bool = False,
) -> list[list[Competitor]]:
    """The seating of `players` at tables of the sizes in `plan` with the lowest cost (see the
    module's notes), over every division into such tables: the table of the first player not
    seated yet, plus the best seating of the others at the tables left (remembered per set of
    players left, so each is worked out once; the costs add up, and a sum compares as its
    parts would). Among equal costs, the first in the players' order (a larger table first).

    `rotation_first`: the rotation before the repeats (what seating by the rotation alone
    would do; `seating_review` compares). For small fields: the work grows with the number
    of subsets of the players.
    """
    people = list(players)
    if sum(plan) != len(people):
        raise ValueError("the plan seats a different number of players")
    weight = len(people) + 1
    sizes = sorted(set(plan), reverse=True)
    known: dict[tuple[int, tuple[int, ...]], tuple[Cost, tuple[int, ...]]] = {}
    costs: dict[tuple[int, ...], Cost] = {}

    def cost(members: tuple[int, ...]) -> Cost:
        full = costs.get(members)
        if full is None:
            full = _cost([people[i] for i in members], smallest, weight, rotation_first)
            costs[members] = full
        return full

    def best(free: tuple[int, ...], left: tuple[int, ...]) -> Cost:
        """The cheapest seating of `free` (indices, ascending) at tables of `left` (a count
        per size of `sizes`); the first table of it is remembered beside the cost."""
        if not free:
            return (0, 0, 0, 0.0)
        mask = sum(1 << i for i in free)
        found = known.get((mask, left))
        if found is not None:
            return found[0]
        head, rest = free[0], free[1:]
        cheapest: Cost | None = None
        first: tuple[int, ...] = ()
        for k, size in enumerate(sizes):
            if not left[k] or size > len(free):
                continue
            after = (*left[:k], left[k] - 1, *left[k + 1 :])
            for others in itertools.combinations(rest, size - 1):
                taken = set(others)
                total = _sum(
                    cost((head, *others)),
                    best(tuple(i for i in rest if i not in taken), after),
                )
                if cheapest is None or total < cheapest:
                    cheapest, first = total, (head, *others)
        assert cheapest is not None, "the plan seats exactly these players"
        known[(mask, left)] = (cheapest, first)
        return cheapest

    free = tuple(range(len(people)))
    left = tuple(plan.count(size) for size in sizes)
    best(free, left)
    tables: list[list[Competitor]] = []
    while free:
        _, members = known[(sum(1 << i for i in free), left)]
        k = sizes.index(len(members))
        left = (*left[:k], left[k] - 1, *left[k + 1 :])
        tables.append([people[i] for i in members])
        free = tuple(i for i in free if i not in members)
    return tables


@dataclass(frozen=True)
class SeatingReview:
    """What the organiser is told about a seating at mixed sizes (`seating_review`).

    `repeats`: its repeat meetings; `fewest`: the fewest any seating of these players at
    tables of these sizes makes (teammates kept apart first), None for a field too large to
    search; `by_rotation`: the repeats of the seating the rotation alone would choose (None
    likewise); `again`: the players at a larger table who have had more larger-table rounds
    than `fewer`, the players at the smallest tables who have had the fewest.
    """

    repeats: int
    fewest: int | None
    by_rotation: int | None
    again: tuple[PlayerId, ...]
    fewer: tuple[PlayerId, ...]

    @property
    def bent_for_repeats(self) -> bool:
        """The rotation was bent (someone sits at a larger table again while a player with
        fewer such rounds sits at a smallest one) and that avoided repeat meetings."""
        return bool(self.again) and self.by_rotation is not None and self.by_rotation > self.repeats


def seating_review(
    players: Sequence[Competitor], tables: Sequence[Sequence[PlayerId]], smallest: int
) -> SeatingReview:
    """Review the seating `tables` of `players` (as they were before the round): see
    `SeatingReview`. `smallest` is the tournament's smallest table size."""
    by_id = {p.id: p for p in players}
    seated = [[by_id[pid] for pid in table] for table in tables]
    repeats = sum(_repeats(t) for t in seated)
    at_smallest = [p for t in seated if len(t) <= smallest for p in t]
    again: tuple[PlayerId, ...] = ()
    fewer: tuple[PlayerId, ...] = ()
    if at_smallest:
        least = min(p.large_tables for p in at_smallest)
        again = tuple(
            p.id for t in seated if len(t) > smallest for p in t if p.large_tables > least
        )
        fewer = tuple(p.id for p in at_smallest if p.large_tables == least) if again else ()
    fewest = by_rotation = None
    everyone = [p for t in seated for p in t]
    if len(everyone) <= EXACT_LIMIT:
        plan = sorted((len(t) for t in seated), reverse=True)
        fewest = sum(_repeats(t) for t in best_seating(everyone, plan, smallest))
        by_rotation = sum(
            _repeats(t) for t in best_seating(everyone, plan, smallest, rotation_first=True)
        )
    return SeatingReview(repeats, fewest, by_rotation, again, fewer)


def _place_larger_tables(
    ordered: list[Competitor], plan: list[int], smallest: int
) -> list[list[Competitor]]:
    """Choose who sits at the larger tables, then cut each group into tables in Swiss order.

    The larger seats go to the players with the fewest larger-table rounds so far (so no one
    gets a second one while another has none); among equals, the higher in Swiss order.
    The local pass then bends this where it avoids a repeat meeting.
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


def _cost(
    table: Sequence[Competitor], smallest: int, weight: int, rotation_first: bool = False
) -> Cost:
    """Teammates at one table first, then repeat meetings, then the rotation (a larger seat
    costs `weight ** k` for a player with k larger-table rounds), then the score spread.
    `rotation_first`: the rotation before the repeats (the order before issue 35)."""
    scores = [p.score for p in table]
    rotation = sum(weight**p.large_tables for p in table) if len(table) > smallest else 0
    spread = max(scores) - min(scores)
    if rotation_first:
        return teammates(table), rotation, _repeats(table), spread
    return teammates(table), _repeats(table), rotation, spread


def _improve(
    tables: list[list[Competitor]],
    smallest: int,
    weight: int,
    reach: int = 6,
    rotation_first: bool = False,
) -> None:
    """Seat the players of two nearby tables again, in the best division of the two tables'
    players into their sizes, while that lowers the cost (teammates, repeats, rotation, score
    spread, compared in that order, summed over the two tables; `rotation_first`: the
    rotation before the repeats). A table with a repeat takes the nearby table that gains the
    most (so the rotation is bent as little as a fix allows); a table with teammates, which
    looks at every table, the nearest that gains anything."""
    repeats, rotation = (2, 1) if rotation_first else (1, 2)  # their places in a Cost
    for _ in range(5):
        improved = False
        for a in range(len(tables)):
            while _repeats(tables[a]) or teammates(tables[a]):
                # Teammates together look at every table; repeats at the nearby ones.
                apart = bool(teammates(tables[a]))
                near: Sequence[int] = range(max(0, a - reach), min(len(tables), a + reach + 1))
                if apart:
                    near = sorted(range(len(tables)), key=lambda b: abs(b - a))
                best: tuple[Cost, int, tuple[list[Competitor], list[Competitor]]] | None = None
                for b in near:
                    if a == b:
                        continue
                    found = _reseat_two(tables[a], tables[b], smallest, weight, rotation_first)
                    if found is not None and (best is None or found[0] > best[0]):
                        gain, after, pair = found
                        best = (gain, b, pair)
                        # No teammates, no repeats left and the rotation no worse: only a
                        # smaller score spread could beat it, not worth the other tables.
                        if apart or (after[0] == after[repeats] == 0 and gain[rotation] >= 0):
                            break
                if best is None:
                    break
                _, b, (tables[a], tables[b]) = best
                improved = True
        if not improved:
            return


def _reseat_two(
    ta: list[Competitor],
    tb: list[Competitor],
    smallest: int,
    weight: int,
    rotation_first: bool = False,
) -> tuple[Cost, Cost, tuple[list[Competitor], list[Competitor]]] | None:
    """The cheapest division of two tables' players into tables of their sizes, with what it
    gains (the cost before less the cost after) and its cost, when it costs less than they do
    now (None otherwise; among equals the first in the current order)."""

    def cost(table: list[Competitor]) -> Cost:
        return _cost(table, smallest, weight, rotation_first)

    before = best = _sum(cost(ta), cost(tb))
    union = ta + tb
    everyone = range(len(union))
    known: dict[tuple[int, ...], Cost] = {}  # two tables of one size: each table twice

    def cost_of(picked: tuple[int, ...]) -> Cost:
        if picked not in known:
            known[picked] = cost([union[i] for i in picked])
        return known[picked]

    found = None
    for picked in itertools.combinations(everyone, len(ta)):
        rest = tuple(i for i in everyone if i not in picked)
        total = _sum(cost_of(picked), cost_of(rest))
        if total < best:
            best, found = total, (picked, rest)
    if found is None:
        return None
    gain = (before[0] - best[0], before[1] - best[1], before[2] - best[2], before[3] - best[3])
    return gain, best, ([union[i] for i in found[0]], [union[i] for i in found[1]])


def _sum(a: Cost, b: Cost) -> Cost:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])
