"""Benchmark of the Preferans rules engine: µs per deal of `score_pulka`.

    .venv/bin/python bench/preferans.py [--pulkas 2000] [--seed 1] [--rounds 3]

Generates random legal pulkas (untimed): three and four players, the three presets Sochi,
Leningrad and Rostov in equal shares, each played until its pools are full. Then times
`score_pulka` over all of them (every check, every deal's running sheet and balance) and
prints µs per deal, the best of `rounds` passes. The goal is ≤ 20 µs a deal.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.games.preferans.engine import score_pulka
from scoring.games.preferans.engine.simulate import random_pulka

TABLES = [  # (players, ruleset): drawn in equal shares
    (["Анна", "Boris", "Vera"], "sochi"),
    (["Анна", "Boris", "Vera"], "leningrad"),
    (["Анна", "Boris", "Vera"], "rostov"),
    (["Анна", "Boris", "Vera", "Глеб"], "sochi"),
    (["Анна", "Boris", "Vera", "Глеб"], "leningrad"),
    (["Анна", "Boris", "Vera", "Глеб"], "rostov"),
]


def build(pulkas: int, seed: int) -> list[dict]:
    """Random legal pulkas of the mix (untimed)."""
    rng = random.Random(seed)
    return [random_pulka(rng, *rng.choice(TABLES)) for _ in range(pulkas)]


def time_pass(records: list[dict]) -> tuple[float, float]:
    """(wall, CPU) seconds to score every record once, each result dropped as a server
    would after sending it. The CPU time is the fairer figure on a shared machine."""
    wall, cpu = time.perf_counter(), time.process_time()
    for record in records:
        score_pulka(record)
    return time.perf_counter() - wall, time.process_time() - cpu


def bench_preferans(pulkas: int = 2000, seed: int = 1, rounds: int = 3) -> float:
    """Prints µs per deal of `score_pulka` over a mix of random pulkas; returns the CPU
    figure."""
    records = build(pulkas, seed)
    deals = sum(len(record["deals"]) for record in records)
    time_pass(records[:50])  # warm up: imports, caches
    passes = [time_pass(records) for _ in range(rounds)]
    wall = min(seconds for seconds, _ in passes) / deals * 1e6
    cpu = min(seconds for _, seconds in passes) / deals * 1e6
    print(
        f"preferans: {pulkas} pulkas, {deals} deals ({deals / pulkas:.1f} a pulka), "
        f"3 and 4 players, sochi/leningrad/rostov: {cpu:.1f} µs CPU per deal, "
        f"{wall:.1f} µs wall (best of {rounds}; Python {platform.python_version()})"
    )
    return cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pulkas", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    bench_preferans(args.pulkas, args.seed, args.rounds)


if __name__ == "__main__":
    main()
