"""Round robin [круговая система] schedules.

Tables of two: Berger tables (the FIDE standard): with players numbered 1..n (n even; an odd
field adds a dummy whose opponent has the bye), in round r players i, j < n meet when
i + j ≡ r + 1 (mod n − 1), and player n meets the i with 2i ≡ r + 1 (mod n − 1). Every pair
meets once in n − 1 rounds; more rounds repeat the cycle.

Tables of three (or four, every player for themselves): no closed formula exists for every n,
so the schedule is built round by round so that every pair meets as evenly as possible: each
round picks the byes (fewest byes first) and then the partition into tables that minimises the
sum of squared meeting counts, by a seeded local search (the same seed gives the same
schedule, so the schedule need not be stored). For 9 players at tables of three the affine
plane of order 3 gives the perfect schedule (every pair exactly once in 4 rounds).

Teams (`apart`: the pairs of teammates): at tables of three or four the teammates count as
having met in every round already, so they meet only when every other choice would make
some pair meet more often than that. The Berger tables of two are a fixed cycle in which
everybody meets everybody, teammates included: a tournament of fewer rounds than the cycle
numbers its players (`berger_order_apart`) so that teammates meet in the rounds not played.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence

from tournaments.pairing.types import RoundPairing


def berger_round(players: Sequence[Hashable], round_number: int) -> RoundPairing:
    """Round `round_number` (1-based, cycling after n − 1) of the Berger tables."""
    field: list[Hashable | None] = list(players)
    if len(field) % 2:
        field.append(None)
    n = len(field)
    if n < 2:
        return RoundPairing(tables=[], byes=[p for p in field if p is not None])
    cycle = n - 1
    r = (round_number - 1) % cycle + 1
    target = (r + 1) % cycle
    tables: list[tuple] = []
    byes: list[Hashable] = []
    seen: set[int] = set()
    for i in range(1, n):
        if i in seen:
            continue
        if (2 * i) % cycle == target:
            j = n
        else:
            j = next(j for j in range(1, n) if j != i and (i + j) % cycle == target)
        seen.update((i, j))
        a, b = field[i - 1], field[j - 1]
        if a is None or b is None:
            byes.append(b if a is None else a)
        else:
            tables.append((a, b))
    return RoundPairing(tables=tables, byes=byes)


def berger_meeting_round(i: int, j: int, n: int) -> int:
    """The round (1 … n − 1) in which numbers i and j (1-based, n even) meet in the Berger
    tables."""
    cycle = n - 1
    if j == n or i == n:
        k = i if j == n else j
        # 2k ≡ r + 1 (mod n − 1)
        return (2 * k - 2) % cycle + 1
    return (i + j - 2) % cycle + 1


def berger_order_apart(
    players: Sequence[Hashable], apart: Iterable[frozenset], rounds: int
) -> list[Hashable]:
    """The players renumbered for the Berger tables so that as few pairs `apart` (teammates)
    as possible meet in the first `rounds` rounds: swaps of two numbers from the given order
    (the seeds), kept while they lower that count. Deterministic."""
    order = list(players)
    pairs = [tuple(pair) for pair in apart if len(pair) == 2]
    if not pairs or len(order) > 200:
        return order
    n = len(order) + len(order) % 2

    def cost(numbering: dict[Hashable, int]) -> int:
        return sum(
            berger_meeting_round(numbering[a], numbering[b], n) <= rounds
            for a, b in pairs
            if a in numbering and b in numbering
        )

    def climb(order: list[Hashable]) -> tuple[int, list[Hashable]]:
        numbering = {p: k for k, p in enumerate(order, start=1)}
        best = cost(numbering)
        improved = True
        while improved and best:
            improved = False
            for x, y in itertools.combinations(range(len(order)), 2):
                a, b = order[x], order[y]
                numbering[a], numbering[b] = y + 1, x + 1
                now = cost(numbering)
                if now < best:
                    order[x], order[y] = b, a
                    best = now
                    improved = True
                else:
                    numbering[a], numbering[b] = x + 1, y + 1
        return best, order

    best, best_order = climb(list(order))
    # Stuck above zero: a few restarts from seeded shuffles (the same players, the same draw).
    rng = random.Random(f"berger-apart:{len(order)}:{rounds}")
    for _ in range(40 if len(order) <= 40 else 4):
        if not best:
            break
        start = list(order)
        rng.shuffle(start)
        found, found_order = climb(start)
        if found < best:
            best, best_order = found, found_order
    return best_order


def berger_schedule(players: Sequence[Hashable], rounds: int) -> list[RoundPairing]:
    return [berger_round(players, r) for r in range(1, rounds + 1)]


def _affine_plane_9(players: Sequence[Hashable]) -> list[list[tuple]]:
    """The 4 parallel classes of AG(2, 3): a perfect round robin of 9 players at tables of 3."""
    points = [(x, y) for x in range(3) for y in range(3)]
    index = {pt: k for k, pt in enumerate(points)}
    classes: list[list[tuple]] = []
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, 2)):
        lines: set[frozenset[int]] = set()
        for pt in points:
            line = frozenset(index[((pt[0] + t * dx) % 3, (pt[1] + t * dy) % 3)] for t in range(3))
            lines.add(line)
        classes.append([tuple(players[k] for k in sorted(line)) for line in sorted(lines, key=min)])
    return classes


def triples_schedule(
    players: Sequence[Hashable], rounds: int, *, seed: int | str = 0
) -> list[RoundPairing]:
    """A schedule of `rounds` rounds at tables of three, pairs meeting as evenly as possible."""
    return groups_schedule(players, rounds, 3, seed=seed)


def groups_schedule(
    players: Sequence[Hashable],
    rounds: int,
    size: int,
    *,
    seed: int | str = 0,
    apart: Iterable[frozenset] = (),
) -> list[RoundPairing]:
    """A schedule of `rounds` rounds at tables of `size` (3 or 4), pairs meeting as evenly as
    possible (the pairs `apart`, teammates, as little as possible); whoever does not fill a
    table sits out, fewest byes first."""
    players = list(players)
    apart = set(apart)
    if size == 3 and len(players) == 9 and (not apart or rounds >= 4):
        plane = _affine_plane_9(players)
        return [RoundPairing(tables=list(plane[r % 4]), byes=[]) for r in range(rounds)]
    tag = "triples" if size == 3 else f"groups{size}"
    rng = random.Random(f"{tag}:{seed}:{len(players)}")
    meetings: Counter[frozenset] = Counter({pair: rounds for pair in apart})
    byes_had: Counter[Hashable] = Counter()
    schedule: list[RoundPairing] = []
    n_byes = len(players) % size
    for _ in range(rounds):
        order = list(players)
        rng.shuffle(order)
        # Byes: fewest so far first (a shuffled order breaks ties fairly).
        order.sort(key=lambda p: byes_had[p])
        byes = order[:n_byes]
        rest = order[n_byes:]
        tables = _even_triples(rest, meetings, rng, size)
        for p in byes:
            byes_had[p] += 1
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                meetings[frozenset((a, b))] += 1
        schedule.append(RoundPairing(tables=tables, byes=byes))
    if len(players) <= 30:
        _polish(schedule, meetings, rng)
        _anneal(schedule, meetings, rng)
    return schedule


def _anneal(
    schedule: list[RoundPairing],
    meetings: Counter[frozenset],
    rng: random.Random,
    iterations: int = 30_000,
) -> None:
    """Simulated annealing over the whole schedule: swap two players of one round between
    tables, keeping the schedule with the smallest Σ meetings² (the most even one)."""
    rounds = [[list(t) for t in pairing.tables] for pairing in schedule]
    movable = [r for r, tables in enumerate(rounds) if len(tables) >= 2]
    if not movable:
        return
    score = sum(v * v for v in meetings.values())
    best_score, best = score, [[tuple(t) for t in tables] for tables in rounds]
    hot, cold = 1.0, 0.02
    for step in range(iterations):
        temperature = hot * (cold / hot) ** (step / iterations)
        tables = rounds[rng.choice(movable)]
        a, b = rng.sample(range(len(tables)), 2)
        i, j = rng.randrange(len(tables[a])), rng.randrange(len(tables[b]))
        x, y = tables[a][i], tables[b][j]
        change: Counter[frozenset] = Counter()
        for k, p in enumerate(tables[a]):
            if k != i:
                change[frozenset((x, p))] -= 1
                change[frozenset((y, p))] += 1
        for k, p in enumerate(tables[b]):
            if k != j:
                change[frozenset((y, p))] -= 1
                change[frozenset((x, p))] += 1
        delta = sum((meetings[m] + v) ** 2 - meetings[m] ** 2 for m, v in change.items())
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            for m, v in change.items():
                meetings[m] += v
            tables[a][i], tables[b][j] = y, x
            score += delta
            if score < best_score:
                best_score, best = score, [[tuple(t) for t in ts] for ts in rounds]
    for pairing, best_tables in zip(schedule, best, strict=True):
        pairing.tables = list(best_tables)


def _polish(schedule: list[RoundPairing], meetings: Counter[frozenset], rng: random.Random) -> None:
    """Coordinate descent over rounds: re-plan each round against all the others.

    Building round by round is greedy; re-planning a round once the later rounds exist
    evens out the meetings the greedy pass could not foresee.
    """
    for _ in range(3):
        for pairing in schedule:
            for table in pairing.tables:
                for a, b in itertools.combinations(table, 2):
                    meetings[frozenset((a, b))] -= 1
            seated = [p for table in pairing.tables for p in table]
            size = len(pairing.tables[0]) if pairing.tables else 3
            pairing.tables = _even_triples(seated, meetings, rng, size)
            for table in pairing.tables:
                for a, b in itertools.combinations(table, 2):
                    meetings[frozenset((a, b))] += 1


def _even_triples(
    players: list[Hashable], meetings: Counter[frozenset], rng: random.Random, size: int = 3
) -> list[tuple]:
    """Partition into tables of `size` minimising Σ (meetings + 1)² over the pairs at each
    table."""

    def table_cost(table: Sequence[Hashable]) -> int:
        return sum(
            (meetings[frozenset((a, b))] + 1) ** 2 for a, b in itertools.combinations(table, 2)
        )

    best: list[list[Hashable]] = []
    best_cost = None
    restarts = 6 if len(players) <= 60 else 2
    for _ in range(restarts):
        rng.shuffle(players)
        tables = [list(players[k : k + size]) for k in range(0, len(players), size)]
        costs = [table_cost(t) for t in tables]
        improved = True
        passes = 0
        while improved and passes < 40:
            improved = False
            passes += 1
            for a, b in itertools.combinations(range(len(tables)), 2):
                for x, y in itertools.product(range(size), range(size)):
                    ta, tb = tables[a], tables[b]
                    ta[x], tb[y] = tb[y], ta[x]
                    ca, cb = table_cost(ta), table_cost(tb)
                    if ca + cb < costs[a] + costs[b]:
                        costs[a], costs[b] = ca, cb
                        improved = True
                    else:
                        ta[x], tb[y] = tb[y], ta[x]
        total = sum(costs)
        if best_cost is None or total < best_cost:
            best, best_cost = [list(t) for t in tables], total
    return [tuple(t) for t in best]


def triples_round_from_history(
    players: Sequence[Hashable],
    met: Counter[frozenset],
    byes_had: Counter[Hashable],
    *,
    seed: int | str = 0,
    size: int = 3,
    apart: Iterable[frozenset] = (),
) -> RoundPairing:
    """One round at tables of `size` (three unless told) planned from what was really played
    (when the rounds so far no longer follow the precomputed schedule: a swap by hand, a
    withdrawal)."""
    rng = random.Random(f"triples-history:{seed}:{sum(met.values())}")
    met = met.copy()
    # Teammates as if they had met in every round so far and one more.
    weight = max(met.values(), default=0) + 1
    for pair in apart:
        met[pair] += weight
    order = list(players)
    rng.shuffle(order)
    order.sort(key=lambda p: byes_had[p])
    n_byes = len(order) % size
    byes, rest = order[:n_byes], order[n_byes:]
    return RoundPairing(tables=_even_triples(rest, met, rng, size), byes=byes)
