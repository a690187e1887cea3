"""Benchmark of Swiss pairing at mixed table sizes: seconds per round of `pair_swiss_mixed`.

    .venv/bin/python bench/pairing.py [--players 2000] [--rounds 7] [--sizes 3,4] [--seed 1]

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

from tournaments.pairing import Competitor, pair_swiss_mixed

GOAL_SECONDS = 2.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--sizes", default="3,4")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rng = random.Random(args.seed)
    players = {i: Competitor(id=i, rank=i) for i in range(args.players)}
    slowest = 0.0
    for number in range(1, args.rounds + 1):
        started = time.perf_counter()
        pairing = pair_swiss_mixed(list(players.values()), sizes)
        elapsed = time.perf_counter() - started
        slowest = max(slowest, elapsed)
        print(
            f"round {number}: {elapsed:.3f} s, {len(pairing.tables)} tables, "
            f"{len(pairing.byes)} byes, {pairing.rematches} repeat meetings"
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
    print(
        f"{args.players} entrants at {sizes}: slowest round {slowest:.3f} s "
        f"(goal ≤ {GOAL_SECONDS} s) on {platform.python_implementation()} "
        f"{platform.python_version()}"
    )
    return 0 if slowest <= GOAL_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
