"""Benchmark of Swiss pairing at mixed table sizes: seconds per round of `pair_swiss_mixed`.

    .venv/bin/python bench/pairing.py [--players 2000] [--rounds 7] [--sizes 3,4] [--seed 1]
                                      [--teams N] [--pairs]

`--teams N`: a team event, the entrants in teams of N kept apart (teammates at one table are
counted and printed). `--pairs`: fixed pairs (Deberc 2 × 2): the entrants make pairs, the pairs
are paired Swiss as units (`pair_swiss_fixed_pairs`), two pairs a table.

Plays a Swiss event of `players` entrants (untimed between rounds: random places at each
table give match points 2/1/0 at a three, 3/2/1/0 at a four, opponents and larger-table
rounds are recorded) and times each round's pairing. Prints the slowest round; the goal is
≤ 2 s a round for 2,000 entrants at [3, 4]. Exits 1 when the goal is missed.
"""

from __future__ import annotations

import argparse
import dataclasses
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import (
    Competitor,
    pair_swiss_fixed_pairs,
    pair_swiss_groups,
    pair_swiss_mixed,
    pair_swiss_pairs,
)

GOAL_SECONDS = 2.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--sizes", default="3,4")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--teams", type=int, default=0, help="teams of N kept apart")
    parser.add_argument("--pairs", action="store_true", help="fixed pairs, two a table")
    args = parser.parse_args()
    if args.pairs:
        return _bench_pairs(args)
    sizes = [int(s) for s in args.sizes.split(",")]
    rng = random.Random(args.seed)
    # Teams of N: seeded so that a team's members are next to each other in the seed order
    # (the Swiss order alone would seat them together).
    players = {
        i: Competitor(id=i, rank=i, team=(i // args.teams) if args.teams else None)
        for i in range(args.players)
    }
    slowest = 0.0
    for number in range(1, args.rounds + 1):
        started = time.perf_counter()
        field = list(players.values())
        if len(sizes) > 1:
            pairing = pair_swiss_mixed(field, sizes)
        elif sizes == [2]:
            pairing = pair_swiss_pairs(field)
        else:
            pairing = pair_swiss_groups(field, sizes[0])
        elapsed = time.perf_counter() - started
        slowest = max(slowest, elapsed)
        together = sum(
            players[a].team is not None and players[a].team == players[b].team
            for table in pairing.tables
            for k, a in enumerate(table)
            for b in table[k + 1 :]
        )
        print(
            f"round {number}: {elapsed:.3f} s, {len(pairing.tables)} tables, "
            f"{len(pairing.byes)} byes, {pairing.rematches} repeat meetings"
            + (f", {together} teammates together" if args.teams else "")
        )
        smallest = min(sizes)
        for table in pairing.tables:
            order = list(table)
            rng.shuffle(order)
            for place, pid in enumerate(order):
                p = players[pid]
                players[pid] = dataclasses.replace(
                    p,
                    score=p.score + len(order) - 1 - place,
                    opponents=p.opponents | (set(table) - {pid}),
                    large_tables=p.large_tables + (len(table) > smallest),
                )
        for pid in pairing.byes:
            players[pid] = dataclasses.replace(players[pid], byes=players[pid].byes + 1)
    teams = f", teams of {args.teams}" if args.teams else ""
    print(
        f"{args.players} entrants at {sizes}{teams}: slowest round {slowest:.3f} s "
        f"(goal ≤ {GOAL_SECONDS} s) on {platform.python_implementation()} "
        f"{platform.python_version()}"
    )
    return 0 if slowest <= GOAL_SECONDS else 1


def _bench_pairs(args: argparse.Namespace) -> int:
    """Fixed pairs: `players` entrants make players // 2 pairs; one pair of each table wins."""
    rng = random.Random(args.seed)
    members = {f"P{k}": (2 * k, 2 * k + 1) for k in range(args.players // 2)}
    pairs = {unit: Competitor(id=unit, rank=k) for k, unit in enumerate(members)}
    slowest = 0.0
    for number in range(1, args.rounds + 1):
        started = time.perf_counter()
        pairing = pair_swiss_fixed_pairs(list(pairs.values()), members)
        elapsed = time.perf_counter() - started
        slowest = max(slowest, elapsed)
        print(
            f"round {number}: {elapsed:.3f} s, {len(pairing.tables)} tables of two pairs, "
            f"{len(pairing.byes) // 2} pair byes, {pairing.rematches} repeat meetings"
        )
        unit_of = {p: unit for unit, partners in members.items() for p in partners}
        for table in pairing.tables:
            a, b = unit_of[table[0]], unit_of[table[1]]
            winner = rng.choice((a, b))
            for me, other in ((a, b), (b, a)):
                p = pairs[me]
                pairs[me] = dataclasses.replace(
                    p, score=p.score + (me == winner), opponents=p.opponents | {other}
                )
        for unit in {unit_of[p] for p in pairing.byes}:
            p = pairs[unit]
            pairs[unit] = dataclasses.replace(p, score=p.score + 1, byes=p.byes + 1)
    print(
        f"{args.players} entrants in {len(members)} fixed pairs: slowest round {slowest:.3f} s "
        f"(goal ≤ {GOAL_SECONDS} s) on {platform.python_implementation()} "
        f"{platform.python_version()}"
    )
    return 0 if slowest <= GOAL_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
