"""Exports under load (issue 17, item 7): a scorer's deals while eight anonymous readers
download a 3,000-player tournament's JSON export at once.

    .venv/bin/python bench/exports.py [--players 3000] [--rounds 5] [--exporters 8]
                                      [--scorers 4] [--duration 30] [--reader-rate 12M]
                                      [--reuse] [--strict]

1. Creates (or empties) its own PostgreSQL database (`--db`, default deberc_bench_exports),
   migrates it and generates a published Swiss tournament of `--players` players with
   `--rounds` rounds played (`manage.py generate_tournament`), then opens one more round in it
   whose `--scorers` tables each have a scorer with a token (the scorers play in the very
   tournament being exported, so every deal makes a new version of the export).
2. Starts the site under gunicorn with its own settings (config/gunicorn.py), on that
   database (DEBUG off, Redis cache), and a Celery worker (both queues, as `make worker`).
   The anonymous throttle is lifted (ANON_HEAVY_THROTTLE_RATE) to measure the worst case:
   eight readers from eight addresses, which the throttle would not stop.
3. Phase "alone": the scorers post deals (`POST /api/v1/matches/{id}/deals/`, paced to
   `--rate` deals a second in all) for `--duration` seconds.
   Phase "8 exports": the same, while `--exporters` readers (curl, one download after the
   other, as fast as the loopback carries them unless `--reader-rate` limits each) download
   `GET /api/v1/tournaments/{id}/export/` (every byte; a 202 "being built" or a 503
   `export_busy` (each web process streams EXPORT_STREAMS_PER_PROCESS exports at once) is
   asked again after its Retry-After).
4. Prints the export's size, how long its first file took, the downloads (count, statuses,
   p50/p95 seconds, stale answers), and the scorers' deal latency p50/p95/p99 in each phase.

Goal: the scorer's deal p95 ≤ 200 ms while 8 exports run.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.entry import (  # noqa: E402  (the other bench's services and scorer)
    PYTHON,
    Scorer,
    fetch_version,
    flush_redis,
    free_port,
    machine_speed,
    percentile,
    prepare_database,
    run_scorer,
    site_env,
    start_site,
    start_worker,
    stop,
)

GOAL_P95_MS = 200.0


# --- setup -----------------------------------------------------------------------------------


def generate(players: int, rounds: int, env: dict[str, str]) -> None:
    """The big tournament, played (no rating replay: not what this bench measures)."""
    subprocess.run(
        [
            PYTHON,
            "manage.py",
            "generate_tournament",
            "--players",
            str(players),
            "--rounds",
            str(rounds),
            "--no-ratings",
        ],
        cwd=ROOT,
        env=env,
        check=True,
    )


def live_tables(scorers: int, matches_each: int, seed: int) -> tuple[int, list[dict[str, Any]]]:
    """A new open round in the generated tournament with one table per scorer (a token each);
    each scorer gets `matches_each` matches of two entered players, deals drawn from the
    engine's simulator. Returns the tournament's id and each scorer's token and matches."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db.models import Max
    from rest_framework.authtoken.models import Token

    from scoring import services as scoring_services
    from scoring.games.deberc.engine.simulate import random_match
    from tournaments.events.models import Round, Table, Tournament

    rng = random.Random(seed)
    tournament = Tournament.objects.order_by("-pk").first()
    number = (tournament.round_set.aggregate(last=Max("number"))["last"] or 0) + 1
    tournament.rounds = max(tournament.rounds, number)
    tournament.save(update_fields=["rounds"])
    round_ = Round.objects.create(tournament=tournament, number=number, status=Round.Status.OPEN)
    players = [entry.player for entry in tournament.entries.select_related("player")]
    rng.shuffle(players)
    User = get_user_model()
    plan = []
    table_no = 0
    for s in range(scorers):
        user = User.objects.create_user(f"bench-export-scorer{number}-{s + 1}")
        token = Token.objects.create(user=user)
        mine = []
        for _m in range(matches_each):
            seated = [players.pop(), players.pop()]
            table_no += 1
            table = Table.objects.create(round=round_, number=table_no, scorer=user)
            match = scoring_services.match_create(table=table, players=seated, first_dealer_seat=0)
            names = [p.display_name for p in seated]
            record = random_match(rng, names, card_by_card=False)
            match.first_dealer_seat = names.index(record["first_dealer"])
            match.save(update_fields=["first_dealer_seat"])
            mine.append({"id": match.pk, "deals": record["deals"]})
        plan.append({"token": token.key, "matches": mine})
    return tournament.pk, plan


# --- the readers -----------------------------------------------------------------------------


@dataclass
class Exporter:
    base: str
    path: str
    seconds: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    stale: int = 0
    size: int = 0
    errors: list[str] = field(default_factory=list)

    rate: str = ""  # curl's --limit-rate (e.g. 12M: a reader on a 100 Mbit/s line); "" none

    def run(self, stop_at: threading.Event) -> None:
        """Download after download, each by curl (a reader of its own, in C: the downloads
        must not compete with the scorers' threads of this process for Python's lock)."""
        while not stop_at.is_set():
            command = ["curl", "-s", "-o", "/dev/null", "-D", "-", "-w", "\n%{time_total}"]
            if self.rate:
                command += ["--limit-rate", self.rate]
            finished = subprocess.run(
                [*command, self.base + self.path], capture_output=True, text=True, check=False
            )
            lines = finished.stdout.strip().splitlines()
            if finished.returncode != 0 or not lines or not lines[0].startswith("HTTP/"):
                self.errors.append(f"curl {finished.returncode}: {finished.stderr[:200]}")
                stop_at.wait(0.5)
                continue
            status = int(lines[0].split()[1])
            headers = {
                k.strip().lower(): v.strip()
                for k, _sep, v in (line.partition(":") for line in lines[1:-1])
            }
            self.statuses[status] = self.statuses.get(status, 0) + 1
            if status == 200:
                self.seconds.append(float(lines[-1]))
                self.size = int(headers.get("content-length") or 0)
                self.stale += headers.get("x-export-stale") == "1"
            elif status == 202:
                stop_at.wait(min(1.0, float(headers.get("retry-after") or 1)))
            elif status == 503:
                # Every stream slot taken (`export_busy`): come back after Retry-After.
                stop_at.wait(float(headers.get("retry-after") or 1))
            else:
                self.errors.append(f"{status}")
                stop_at.wait(0.5)


def worker_priority_lower(pid: int, nice: int) -> str:
    """Give the Celery worker's session a lower CPU share than the site's, as the deployment
    does with `CPUWeight=` (docs/deployment.md): the worker runs in a session of its own, and
    with Linux's autogroup scheduling a process's `nice` only counts inside its session, so the
    session's own nice value (/proc/<pid>/autogroup) is the one that weighs against gunicorn."""
    if nice == 0:
        return "the same share as the site"
    try:
        with open(f"/proc/{pid}/autogroup", "w") as autogroup:
            autogroup.write(str(nice))
    except OSError as exc:
        return f"not lowered ({exc.strerror})"
    return f"session nice {nice} (as CPUWeight= in deployment)"


def wait_for_site(base: str, timeout: float = 60.0) -> bool:
    """The site answers its liveness probe."""
    parsed = urllib.parse.urlsplit(base)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=5)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return True
        except OSError:
            pass
        time.sleep(0.2)
    return False


def first_export(base: str, path: str, timeout: float = 600) -> tuple[float, int]:
    """Seconds until the export's first file is served (asked once a second), and its size."""
    parsed = urllib.parse.urlsplit(base)
    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        conn = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=300)
        conn.request("GET", path)
        response = conn.getresponse()
        body = response.read()
        conn.close()
        if response.status == 200:
            return time.perf_counter() - started, len(body)
        if response.status != 202:
            raise RuntimeError(f"export: {response.status} {body[:200]!r}")
        time.sleep(1)
    raise RuntimeError("the export was not built in time")


# --- the phases ------------------------------------------------------------------------------


def run_phase(
    scorers: list[Scorer],
    duration: float,
    rate: float,
    seed: int,
    exporters: list[Exporter],
) -> list[float]:
    """The scorers' deal latencies (ms) over `duration` seconds, with `exporters` running."""
    for scorer in scorers:
        scorer.latencies = []
    gate = threading.Barrier(len(scorers) + 1)
    interval = len(scorers) / rate if rate else 0.0
    threads = [
        threading.Thread(
            target=run_scorer,
            args=(scorer, duration, interval, random.Random(seed * 1000 + i), gate),
        )
        for i, scorer in enumerate(scorers)
    ]
    stop_at = threading.Event()
    readers = [threading.Thread(target=e.run, args=(stop_at,)) for e in exporters]
    for reader in readers:
        reader.start()
    if exporters:
        time.sleep(2)  # the downloads under way before the first deal
    for thread in threads:
        thread.start()
    gate.wait()
    for thread in threads:
        thread.join()
    stop_at.set()
    for reader in readers:
        reader.join()
    return [ms for s in scorers for ms in s.latencies]


def report(name: str, latencies: list[float]) -> float:
    p50, p95, p99 = (percentile(latencies, q) for q in (0.5, 0.95, 0.99))
    print(
        f"scorer deals, {name:<9} {len(latencies):>4} deals, p50 {p50:6.1f} ms, "
        f"p95 {p95:6.1f} ms, p99 {p99:6.1f} ms"
    )
    return p95


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5, help="rounds played")
    parser.add_argument("--exporters", type=int, default=8)
    parser.add_argument("--scorers", type=int, default=4)
    parser.add_argument("--duration", type=float, default=30.0, help="seconds per phase")
    parser.add_argument("--rate", type=float, default=8.0, help="deals per second in all")
    parser.add_argument("--workers", type=int, default=None, help="gunicorn workers")
    parser.add_argument("--threads", type=int, default=None, help="threads per worker")
    parser.add_argument("--db", default="deberc_bench_exports")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/4")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument(
        "--reader-rate",
        default="",
        help="each reader's bandwidth, curl's --limit-rate (e.g. 12M); default: unlimited",
    )
    parser.add_argument(
        "--reuse", action="store_true", help="keep the database and tournament of the last run"
    )
    parser.add_argument(
        "--worker-nice",
        type=int,
        default=10,
        help="the Celery worker session's nice value (0: the site's share), as the deployment's "
        "CPUWeight= lowers it",
    )
    parser.add_argument("--strict", action="store_true", help="exit 2 when the goal is missed")
    args = parser.parse_args()

    media = tempfile.mkdtemp(prefix="deberc-bench-exports-")
    env = site_env(
        args.db,
        args.redis,
        MEDIA_ROOT=media,
        # Eight readers from eight addresses: the per-address throttle would not stop them.
        ANON_HEAVY_THROTTLE_RATE="1000000/second",
    )
    os.environ.update(env)
    from config import gunicorn as deployed

    workers = args.workers or deployed.workers
    threads = args.threads or deployed.threads

    started = time.perf_counter()
    if not args.reuse:
        print(f"database {args.db}: recreating and migrating …", flush=True)
        prepare_database(args.db, env)
        generate(args.players, args.rounds, env)
    # Enough matches for both phases (a Moscow match is about 7 deals in the summary form).
    per_scorer = 2 * (int(args.duration * args.rate / args.scorers / 7) + 3)
    tournament_id, plan = live_tables(args.scorers, per_scorer, args.seed)
    print(f"set up in {time.perf_counter() - started:.0f} s", flush=True)

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    path = f"/api/v1/tournaments/{tournament_id}/export/"
    flush_redis(args.redis)
    server = start_site(env, port, workers, threads)
    worker = start_worker(env)
    worker_weight = worker_priority_lower(worker.pid, args.worker_nice)
    try:
        if not wait_for_site(base):
            print("gunicorn did not answer", file=sys.stderr)
            return 1
        # Each phase plays its own half of every scorer's matches.
        half = per_scorer // 2
        phases = [
            [Scorer(token=p["token"], matches=p["matches"][:half], base=base) for p in plan],
            [Scorer(token=p["token"], matches=p["matches"][half:], base=base) for p in plan],
        ]
        for scorer in phases[0]:
            fetch_version(scorer, scorer.matches[0]["id"])
        first_seconds, size = first_export(base, path)
        speed_before = machine_speed()
        alone = run_phase(phases[0], args.duration, args.rate, args.seed, [])
        exporters = [
            Exporter(base=base, path=path, rate=args.reader_rate) for _ in range(args.exporters)
        ]
        loaded = run_phase(phases[1], args.duration, args.rate, args.seed + 1, exporters)
        speed_after = machine_speed()
    finally:
        stop(server)
        stop(worker)

    downloads = [s for e in exporters for s in e.seconds]
    statuses: dict[int, int] = {}
    for e in exporters:
        for status, count in e.statuses.items():
            statuses[status] = statuses.get(status, 0) + count
    print()
    print(
        f"machine            {os.cpu_count()} cores, speed {speed_before:.0f} / "
        f"{speed_after:.0f} ms before / after (a fixed loop; lower is faster)"
    )
    print(f"gunicorn           {workers} workers × {threads} threads, PostgreSQL, Redis")
    print(f"celery worker      {worker_weight}")
    print(f"tournament         {args.players} players, {args.rounds} rounds played")
    print(f"export             {size / 1e6:.1f} MB, first file served after {first_seconds:.1f} s")
    print(
        f"downloads          {len(downloads)} by {args.exporters} readers in "
        f"{args.duration:.0f} s, p50 {percentile(downloads, 0.5):.2f} s, "
        f"p95 {percentile(downloads, 0.95):.2f} s, statuses {json.dumps(statuses)}, "
        f"stale {sum(e.stale for e in exporters)}"
    )
    p95_alone = report("alone", alone)
    p95 = report(f"{args.exporters} exports", loaded)
    errors = [err for phase in phases for s in phase for err in s.errors] + [
        err for e in exporters for err in e.errors
    ]
    for err in errors[:10]:
        print("PROBLEM:", err)
    goal = p95 <= GOAL_P95_MS
    print(
        f"goal (scorer p95 ≤ {GOAL_P95_MS:.0f} ms while exports run) "
        f"{'met' if goal else 'missed'} (alone: {p95_alone:.0f} ms)"
    )
    if errors:
        return 1
    if args.strict and not goal:
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
