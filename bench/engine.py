"""Benchmark of the rules engines: µs per deal, Deberc in summary form and card-by-card
form, then Preferans (`bench/preferans.py`).

    .venv/bin/python bench/engine.py [--matches 10000] [--pulkas 2000] [--seed 1]

Generates random legal matches (2 players Moscow, 3 players online, 4 players in pairs
Kharkov; every check of the spec on), untimed; then times `score_match` over all of them,
once in summary form and once card by card, and prints µs per deal. The feasibility cache
is cleared before each timed pass, so each pass pays for its own `impossible_points` checks.

Each figure is the CPU time of this process per deal (`time.process_time`), with the wall
time next to it: on a shared machine other processes stretch the wall time, not the CPU
time. With nothing else running the two agree. The machine speed printed before and after
(`bench/entry.py`'s fixed loop, about 30 ms on a quiet 2-vCPU EPYC) says how fast the
machine was meanwhile: a shared virtual machine's CPU slows two- or threefold in some spells.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.games.deberc.engine import score_match
from scoring.games.deberc.engine.feasibility import _search
from scoring.games.deberc.engine.simulate import as_figures, random_match

sys.path.insert(0, str(Path(__file__).resolve().parent))
from entry import machine_speed
from preferans import bench_preferans

TABLES = [  # (share of matches, players, ruleset)
    (0.5, ["Олена", "Taras"], "moscow"),
    (0.3, ["Anna", "Boris", "Vera"], "online"),
    (0.2, ["Ivan", "Petro", "Oksana", "Gleb"], "kharkov"),
]


def build(matches: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    records = []
    weights = [share for share, _, _ in TABLES]
    for index in range(matches):
        _, players, ruleset = rng.choices(TABLES, weights)[0]
        records.append(random_match(rng, players, ruleset=ruleset, card_by_card=True))
        if (index + 1) % 2000 == 0:
            print(f"  generated {index + 1} matches", file=sys.stderr)
    return records


def to_summary(record: dict) -> dict:
    from scoring.games.deberc.engine.conventions import resolve_conventions

    conv = resolve_conventions(record["ruleset"], record["conventions"], len(record["players"]))
    summary = dict(record)
    summary["deals"] = [
        as_figures(deal, record["players"], conv.first_lead) if "play" in deal else deal
        for deal in record["deals"]
    ]
    return summary


def warm_up() -> None:
    """Build the engine's lookup tables (once per process, ~0.3 s) before timing."""
    for players in (["a", "b"], ["a", "b", "c"], ["a", "b", "c", "d"]):
        record = random_match(random.Random(0), players, max_deals=2, card_by_card=False)
        score_match(record)


def timed(records: list[dict]) -> tuple[float, float, int]:
    """CPU seconds, wall seconds and deals of one pass of `score_match` over `records`."""
    _search.cache_clear()
    deals = sum(len(record["deals"]) for record in records)
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    for record in records:
        score_match(record)
    return time.process_time() - start_cpu, time.perf_counter() - start_wall, deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--pulkas", type=int, default=2000, help="Preferans pulkas (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"generating {args.matches} random matches (untimed)...", file=sys.stderr)
    played = build(args.matches, args.seed)
    summary = [to_summary(record) for record in played]
    warm_up()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    print(f"machine speed {machine_speed():.0f} ms before")
    for label, records in (("summary form", summary), ("played form", played)):
        cpu, wall, deals = timed(records)
        print(
            f"{label:13s}: {len(records)} matches, {deals} deals, {cpu:.2f} s, "
            f"{cpu / deals * 1e6:.1f} µs per deal (wall {wall / deals * 1e6:.1f})"
        )
        for _, players, ruleset in TABLES:
            subset = [r for r in records if len(r["players"]) == len(players)]
            cpu, wall, deals = timed(subset)
            print(
                f"    {len(players)} players ({ruleset}): {deals} deals, "
                f"{cpu / deals * 1e6:.1f} µs per deal (wall {wall / deals * 1e6:.1f})"
            )
    if args.pulkas:
        bench_preferans(args.pulkas, args.seed)
    print(f"machine speed {machine_speed():.0f} ms after")


if __name__ == "__main__":
    main()
