"""Live deal entry under load (issues 3 and 12): N scorers posting deals at once, nothing lost.

    .venv/bin/python bench/entry.py [--scorers 32] [--duration 20] [--rate 240]
                                    [--game mixed|deberc|preferans] [--workers N] [--threads N]

1. Creates (or empties) its own PostgreSQL database (`--db`, default deberc_bench_entry on
   127.0.0.1), migrates it, and sets up a running tournament of each game with enough
   tables: every scorer has a token and `--matches` tables of the open round. With
   `--game mixed` (the default) every other scorer keeps a Preferans table (Sochi, three
   players, a pulka to 10) and the others a Deberc one (Moscow, two players).
2. Starts the site under gunicorn with the site's own settings (config/gunicorn.py: threaded
   workers, kept-alive connections) on that database (DEBUG off, persistent connections),
   and a Celery worker.
3. Runs N scorer threads (urllib) for `--duration` seconds. Each scorer plays its matches
   one after the other, posting each deal (`POST /api/v1/matches/{id}/deals/` with an
   Idempotency-Key and the version it last saw), deals drawn from the engines' simulators.
   Some requests are sent again with the same key after their answer (a lost answer), and
   some twice at the same moment (a double tap); both must get the first answer byte for
   byte. `--rate` paces the scorers to that many deals per second in all (0: as fast as the
   server answers).
4. Prints deals/s and p50/p95/p99 latency of first attempts, then checks that every
   acknowledged deal is stored exactly once, with the figures sent, that no unacknowledged
   deal is stored, and that every match's stored score equals a fresh rescoring by its
   game's engine. Exits 1 on any loss, duplicate or mismatch (and 2 if the goal is missed with
   --strict).

Goal: ≥ 200 deals/s with p95 ≤ 100 ms at 32 scorers.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PYTHON = sys.executable


def pg_url(db: str) -> str:
    """The bench's database on the local PostgreSQL (BENCH_POSTGRES: another server's URL
    without the database name, e.g. postgres://bench:secret@127.0.0.1:5433)."""
    server = os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432")
    return f"{server.rstrip('/')}/{db}"


def recreate_database(db: str) -> None:
    import psycopg

    with psycopg.connect(pg_url("postgres"), autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (db,)
        )
        conn.execute(f'DROP DATABASE IF EXISTS "{db}"')
        conn.execute(f'CREATE DATABASE "{db}"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --- setup (in this process, through the ORM) ------------------------------------------------


# Deals a match takes, about: a Deberc match to 301 in the summary form, a Sochi pulka to 10.
DEALS_PER_MATCH = {"deberc": 7, "preferans": 15}
GAMES = {"deberc": ("deberc",), "preferans": ("preferans",), "mixed": ("deberc", "preferans")}


def setup(
    scorers: int, matches_per_scorer: int | dict[str, int], seed: int, games: tuple[str, ...]
) -> list[dict[str, Any]]:
    """The tournaments, users, tokens and matches; returns per scorer its game, token and
    matches (id, deals to post). Scorers take the games in turn: with both, every other
    scorer keeps a Preferans table (a Sochi pulka of three, its own tournament) and the
    others Deberc (Moscow, two players)."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from scoring import services as scoring_services
    from scoring.engine.simulate import random_match
    from scoring.preferans.simulate import random_pulka
    from tournaments import services
    from tournaments.models import Club, Entry, Player, Table

    rng = random.Random(seed)
    User = get_user_model()
    club = Club.objects.create(name="Bench club")
    # Token users without a password: hashing one costs about half a second of CPU each.
    organiser = User.objects.create_user("bench-organiser")
    seats = {"deberc": 2, "preferans": 3}
    names = {"deberc": "Bench evening", "preferans": "Bench pulka evening"}
    rulesets = {"deberc": "moscow", "preferans": "sochi"}
    per_game = {
        game: sum(1 for s in range(scorers) if games[s % len(games)] == game) for game in games
    }
    rounds: dict[str, Any] = {}
    players: dict[str, list[Any]] = {}
    for game in games:
        tournament = services.tournament_create(
            club=club,
            user=organiser,
            name=names[game],
            game=game,
            ruleset=rulesets[game],
            table_size=seats[game],
            published=True,
            rounds=1,
        )
        rounds[game] = services.round_ensure(tournament=tournament, number=1)
        services.round_open(round=rounds[game], user=organiser)
        count = max(seats[game] + 2, seats[game] * per_game[game])
        prefix = "Гравець" if game == "deberc" else "Гравець П"
        players[game] = [
            Player.objects.create(club=club, display_name=f"{prefix}{i:03d}") for i in range(count)
        ]
        Entry.objects.bulk_create(Entry(tournament=tournament, player=p) for p in players[game])
    out: list[dict[str, Any]] = []
    table_no = 0
    for s in range(scorers):
        game = games[s % len(games)]
        pool = players[game]
        user = User.objects.create_user(f"bench-scorer{s + 1}")
        token = Token.objects.create(user=user)
        mine = []
        count = (
            matches_per_scorer[game] if isinstance(matches_per_scorer, dict) else matches_per_scorer
        )
        for m in range(count):
            table_no += 1
            # The scorer's own players, the last of them changing from match to match.
            index = s // len(games)
            seated = [pool[(seats[game] * index + k) % len(pool)] for k in range(seats[game] - 1)]
            seated.append(
                next(
                    p
                    for p in pool[(seats[game] * index + seats[game] - 1 + m) % len(pool) :] + pool
                    if p not in seated
                )
            )
            table = Table.objects.create(round=rounds[game], number=table_no, scorer=user)
            match = scoring_services.match_create(table=table, players=seated, first_dealer_seat=0)
            seat_names = [p.display_name for p in seated]
            if game == "deberc":
                record = random_match(rng, seat_names, card_by_card=False)
            else:
                record = random_pulka(rng, seat_names, ruleset="sochi")
            # The simulator draws its own first dealer: the match takes the same one.
            match.first_dealer_seat = seat_names.index(record["first_dealer"])
            match.save(update_fields=["first_dealer_seat"])
            mine.append({"id": match.pk, "deals": record["deals"]})
        out.append({"game": game, "token": token.key, "matches": mine})
    return out


# --- the load --------------------------------------------------------------------------------


@dataclass
class Scorer:
    token: str
    matches: list[dict[str, Any]]
    base: str
    game: str = "deberc"
    latencies: list[float] = field(default_factory=list)
    # (match id, key) -> (deal number, record sent)
    acknowledged: dict[tuple[int, str], tuple[int, dict[str, Any]]] = field(default_factory=dict)
    retries: int = 0
    double_taps: int = 0
    errors: list[str] = field(default_factory=list)
    refused: int = 0
    local: threading.local = field(default_factory=threading.local)

    def post(self, match_id: int, body: bytes, key: str) -> tuple[int, bytes, float]:
        headers = {
            "Content-Type": "application/json",
            "Authorization": f"Token {self.token}",
            "Idempotency-Key": key,
        }
        started = time.perf_counter()
        status, content = self.request("POST", f"/api/v1/matches/{match_id}/deals/", body, headers)
        return status, content, (time.perf_counter() - started) * 1000

    def request(
        self, method: str, path: str, body: bytes | None, headers: dict[str, str]
    ) -> tuple[int, bytes]:
        """One HTTP request on this thread's connection, kept open while the server allows
        (a phone keeps its connection too); one the server closed is opened again once."""
        for attempt in (1, 2):
            conn = getattr(self.local, "conn", None)
            if conn is None:
                parsed = urllib.parse.urlsplit(self.base)
                conn = self.local.conn = http.client.HTTPConnection(
                    parsed.hostname, parsed.port, timeout=30
                )
            try:
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                return response.status, response.read()
            except (http.client.HTTPException, ConnectionError):
                conn.close()
                self.local.conn = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


class Pacer:
    """Paces one scorer: a deal every `interval` seconds (0: as fast as answered) for
    `duration` seconds, the first at a random point of the first interval (scorers start
    spread over one interval, as real tables do)."""

    def __init__(self, duration: float, interval: float, rng: random.Random):
        self.stop_at = time.perf_counter() + duration
        self.interval = interval
        self.next_at = time.perf_counter() + rng.random() * interval

    def wait(self) -> bool:
        """Wait for the next deal's turn; False once the time is up."""
        if time.perf_counter() >= self.stop_at:
            return False
        if self.interval:
            delay = self.next_at - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            self.next_at = max(self.next_at + self.interval, time.perf_counter() - self.interval)
        return True


def run_scorer(
    scorer: Scorer, duration: float, interval: float, rng: random.Random, start_gate: Any
) -> None:
    start_gate.wait()
    pacer = Pacer(duration, interval, rng)
    for match in scorer.matches:
        version = None
        for deal in match["deals"]:
            if not pacer.wait():
                return
            if version is None:
                version = fetch_version(scorer, match["id"])
            key = uuid.uuid4().hex
            body = json.dumps({**deal, "version": version}).encode()
            if rng.random() < 0.02:
                # A double tap: the same request twice at the same moment.
                scorer.double_taps += 1
                answers: list[tuple[int, bytes, float]] = []
                twin = threading.Thread(
                    target=lambda out, *a: out.append(scorer.post(*a)),
                    args=(answers, match["id"], body, key),
                )
                twin.start()
                status, content, ms = scorer.post(match["id"], body, key)
                twin.join()
                if answers[0][:2] != (status, content):
                    scorer.errors.append(f"double tap answered differently on {match['id']}")
            else:
                status, content, ms = scorer.post(match["id"], body, key)
            scorer.latencies.append(ms)
            if status != 201:
                scorer.refused += 1
                scorer.errors.append(f"match {match['id']}: {status} {content[:200]!r}")
                break
            doc = orjson.loads(content)  # (the client's CPU is the server machine's too)
            number = len(doc["records"])
            scorer.acknowledged[(match["id"], key)] = (number, deal)
            version = doc["version"]
            if rng.random() < 0.10:
                # The answer was "lost": the phone sends the same request again.
                scorer.retries += 1
                again, again_content, _ms = scorer.post(match["id"], body, key)
                if (again, again_content) != (status, content):
                    scorer.errors.append(f"retry answered differently on {match['id']}")
            if doc["finished"]:
                break


def fetch_version(scorer: Scorer, match_id: int) -> int:
    status, content = scorer.request(
        "GET", f"/api/v1/matches/{match_id}/", None, {"Authorization": f"Token {scorer.token}"}
    )
    if status != 200:
        raise RuntimeError(f"GET match {match_id}: {status} {content[:200]!r}")
    return orjson.loads(content)["version"]


def machine_speed() -> float:
    """Milliseconds a fixed pure-Python loop takes on one core (best of 5): a shared virtual
    machine's speed changes from minute to minute, and latency under load with it, so every
    run prints this next to its figures (about 30 ms on a quiet 2-vCPU EPYC)."""
    best = float("inf")
    for _ in range(5):
        started = time.perf_counter()
        total = 0
        for i in range(1_000_000):
            total += i * i
        best = min(best, time.perf_counter() - started)
    return best * 1000


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# --- checks ----------------------------------------------------------------------------------


def verify(
    scorers: list[Scorer], pending: dict[tuple[int, str], dict[str, Any]] | None = None
) -> list[str]:
    """Every acknowledged deal stored exactly once, under its key, with its figures; nothing
    else stored; every match's score equal to a fresh rescoring.

    `pending`: (match id, key) -> record of requests sent but never acknowledged (the phone
    gave up: bench/chaos.py's dropped connections). Each may or may not have been stored,
    but at most once, and only as the next deal of its match.
    """
    from django.db import connection

    from scoring.games import game_get, record_score
    from scoring.models import Deal, IdempotencyKey, Match
    from scoring.selectors import match_scoresheet

    connection.close()
    pending = pending or {}
    problems: list[str] = []
    # (match id, key) -> (deal number, record) of the acknowledged requests
    acknowledged: dict[tuple[int, str], tuple[int, dict[str, Any]]] = {}
    for scorer in scorers:
        acknowledged.update(scorer.acknowledged)
    numbers: dict[int, set[int]] = {}
    for (match_id, _key), (number, _record) in acknowledged.items():
        if number in numbers.setdefault(match_id, set()):
            problems.append(f"match {match_id}: deal {number} acknowledged twice")
        numbers[match_id].add(number)
    all_ids = [m["id"] for s in scorers for m in s.matches]
    # The game of each match: a deal is stored in its game's canonical notation ("6nt" as
    # "6NT"), so what was sent is compared in that notation.
    game_of = dict(Match.objects.filter(pk__in=all_ids).values_list("pk", "game"))
    stored: dict[int, dict[int, dict[str, Any]]] = {}
    for match_id, number, record in Deal.objects.filter(match_id__in=all_ids).values_list(
        "match_id", "number", "record"
    ):
        stored.setdefault(match_id, {})[number] = record
    # The deal each kept answer was for: its document lists the match's deals up to it.
    kept: dict[tuple[int, str], int] = {
        (match_id, key): len(orjson.loads(bytes(body))["records"])
        for match_id, key, body in IdempotencyKey.objects.filter(match_id__in=all_ids).values_list(
            "match_id", "key", "response_body"
        )
    }
    by_deal: dict[tuple[int, int], list[str]] = {}
    for (match_id, key), number in kept.items():
        by_deal.setdefault((match_id, number), []).append(key)
    for (match_id, key), (number, _record) in acknowledged.items():
        if kept.get((match_id, key)) != number:
            problems.append(f"match {match_id}: acknowledged deal {number} not kept under its key")
    unknown = [k for k in kept if k not in acknowledged and k not in pending]
    if unknown:
        problems.append(f"{len(unknown)} deals stored under keys never acknowledged")
    for match_id in all_ids:
        have = stored.get(match_id, {})
        if sorted(have) != list(range(1, len(have) + 1)):
            problems.append(f"match {match_id}: stored deals {sorted(have)}")
        for number, record in have.items():
            keys = by_deal.get((match_id, number), [])
            if len(keys) != 1:
                problems.append(
                    f"match {match_id}: deal {number} stored under {len(keys)} keys (want 1)"
                )
                continue
            ack = acknowledged.get((match_id, keys[0]))
            sent = ack[1] if ack is not None else pending.get((match_id, keys[0]))
            if sent is None:
                continue  # counted above as stored under a key never sent
            canonical = game_get(game_of[match_id]).canonical_deal(
                {k: v for k, v in sent.items() if k != "dealer"}
            )
            if record != canonical:
                problems.append(f"match {match_id}: deal {number} stored differently")
        for number in sorted(numbers.get(match_id, set()) - set(have)):
            problems.append(f"match {match_id}: acknowledged deal {number} not stored")
    for match in Match.objects.filter(pk__in=all_ids):
        fresh = record_score(match_scoresheet(match))
        if fresh != match.result:
            problems.append(f"match {match.pk}: stored score differs from a fresh rescoring")
    return problems


def cpu_seconds(match: str) -> float:
    """User+system CPU seconds of the processes whose command line contains `match` (Linux
    /proc; 0 elsewhere): where the time per deal goes."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0
    for entry in Path("/proc").iterdir() if Path("/proc").exists() else []:
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            if match not in cmdline:
                continue
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            continue
    return total / tick


# --- the services: the database, gunicorn and the Celery worker ------------------------------


BENCH_SECRET_KEY = "bench-" + secrets.token_urlsafe(48)


def site_env(db: str, redis: str, **extra: str) -> dict[str, str]:
    """The environment of the site, its worker and this process (Django's settings)."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": pg_url(db),
        "REDIS_URL": redis,
        "DEBUG": "false",
        # DEBUG off refuses the development key: one of the run's own.
        "SECRET_KEY": BENCH_SECRET_KEY,
        # Plain HTTP on the loopback, as behind the TLS proxy of a deployment.
        "SECURE_SSL_REDIRECT": "false",
        "LOG_LEVEL": "ERROR",
        # No line per request unless asked (REQUEST_LOG_LEVEL=INFO, the deployed default).
        "REQUEST_LOG_LEVEL": os.environ.get("REQUEST_LOG_LEVEL", "WARNING"),
        # A bench scorer posts many times faster than a phone (a deal every ~30 s).
        "DEAL_THROTTLE_RATE": os.environ.get("DEAL_THROTTLE_RATE", "100000/second"),
        **extra,
    }


def prepare_database(db: str, env: dict[str, str]) -> None:
    """A fresh, migrated database of this name."""
    recreate_database(db)
    subprocess.run(
        [PYTHON, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )


def drop_database(db: str) -> None:
    import psycopg
    from django.db import connections

    connections.close_all()
    with psycopg.connect(pg_url("postgres"), autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (db,)
        )
        conn.execute(f'DROP DATABASE IF EXISTS "{db}"')


def start_site(env: dict[str, str], port: int, workers: int, threads: int) -> subprocess.Popen:
    """gunicorn with the site's own settings (config/gunicorn.py), in its own session."""
    return subprocess.Popen(
        [
            PYTHON,
            "-m",
            "gunicorn",
            "config.wsgi:application",
            "-c",
            str(ROOT / "config" / "gunicorn.py"),
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            str(workers),
            "--threads",
            str(threads),
            *(["--worker-class", "sync"] if threads == 1 else []),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )


def flush_redis(url: str) -> None:
    subprocess.run(["redis-cli", "-u", url, "flushdb"], capture_output=True, check=False)


def start_worker(env: dict[str, str], concurrency: int = 1) -> subprocess.Popen:
    """A Celery worker as deployed (`make worker`: both queues), in its own session."""
    return subprocess.Popen(
        [
            PYTHON,
            "-m",
            "celery",
            "--quiet",
            "-A",
            "config",
            "worker",
            "--concurrency",
            str(concurrency),
            "--loglevel",
            "warning",
            "--without-gossip",
            "--without-mingle",
            # Both queues, as `make worker` does: the live tasks and the report jobs (the
            # chaos bench orders one while the worker is dead).
            "--queues",
            "celery,reports",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )


def stop(process: subprocess.Popen, sig: int = signal.SIGTERM, timeout: float = 30) -> None:
    """Signal the process's whole session (it was started in its own) and wait for it."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


def wait_for_site(base: str, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"{base}/api/schema/", timeout=5).read()
            return True
        except OSError:
            time.sleep(0.2)
    return False


def matches_per_scorer(
    rate: float, scorers: int, duration: float, games: tuple[str, ...] = ("deberc",)
) -> dict[str, int]:
    """Enough matches of each game for a scorer to play for `duration` seconds."""
    per_second = (rate or 400) / scorers
    return {game: max(3, int(per_second * duration / DEALS_PER_MATCH[game]) + 3) for game in games}


# --- main ------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scorers", type=int, default=32)
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of load")
    parser.add_argument(
        "--rate",
        type=float,
        default=240.0,
        help="deals per second in all, paced over the scorers (0: no pacing)",
    )
    parser.add_argument(
        "--workers", type=int, default=None, help="gunicorn workers (default: config/gunicorn.py)"
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=None,
        help="threads per gunicorn worker (default: config/gunicorn.py; 1 = sync workers)",
    )
    parser.add_argument(
        "--matches",
        type=int,
        default=0,
        help="matches per scorer (default: enough for the duration)",
    )
    parser.add_argument("--db", default="deberc_bench_entry")
    parser.add_argument(
        "--redis",
        default="redis://127.0.0.1:6379/3",
        help="Celery broker for the site (tasks are only queued)",
    )
    parser.add_argument(
        "--game",
        choices=sorted(GAMES),
        default="mixed",
        help="the tables' game: every other scorer at a Preferans table (mixed), or one game",
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--strict", action="store_true", help="exit 2 when the goal is missed")
    args = parser.parse_args()

    env = site_env(args.db, args.redis)
    os.environ.update(env)
    from config import gunicorn as deployed  # the site's own gunicorn settings

    args.workers = args.workers or deployed.workers
    args.threads = args.threads or deployed.threads
    games = GAMES[args.game]
    matches: int | dict[str, int] = args.matches or matches_per_scorer(
        args.rate, args.scorers, args.duration, games
    )

    print(f"database {args.db}: recreating and migrating …", flush=True)
    prepare_database(args.db, env)
    started = time.perf_counter()
    plan = setup(args.scorers, matches, args.seed, games)
    total_matches = sum(len(p["matches"]) for p in plan)
    print(
        f"set up {args.scorers} scorers ({', '.join(games)}) × {matches} matches = "
        f"{total_matches} tables "
        f"in {time.perf_counter() - started:.1f} s",
        flush=True,
    )

    port = free_port()
    server = start_site(env, port, args.workers, args.threads)
    # A real deployment runs a Celery worker next to the site: the standings refresh and
    # the rating updates that finished matches queue go there (coalesced per tournament).
    flush_redis(args.redis)
    worker = start_worker(env)
    base = f"http://127.0.0.1:{port}"
    try:
        if not wait_for_site(base):
            print("gunicorn did not answer", file=sys.stderr)
            return 1
        scorers = [
            Scorer(token=p["token"], matches=p["matches"], base=base, game=p["game"]) for p in plan
        ]
        for scorer in scorers:  # warm every worker's connection and caches
            fetch_version(scorer, scorer.matches[0]["id"])
        interval = args.scorers / args.rate if args.rate else 0.0
        gate = threading.Barrier(len(scorers) + 1)
        threads = [
            threading.Thread(
                target=run_scorer,
                args=(scorer, args.duration, interval, random.Random(args.seed * 1000 + i), gate),
            )
            for i, scorer in enumerate(scorers)
        ]
        speed_before = machine_speed()
        for thread in threads:
            thread.start()
        server_cpu0 = cpu_seconds("config.wsgi:application")
        worker_cpu0 = cpu_seconds("celery")
        db_cpu0 = cpu_seconds("postgres: ")
        client_cpu0 = time.process_time()
        gate.wait()
        t0 = time.perf_counter()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - t0
        server_cpu = cpu_seconds("config.wsgi:application") - server_cpu0
        worker_cpu = cpu_seconds("celery") - worker_cpu0
        db_cpu = cpu_seconds("postgres: ") - db_cpu0
        client_cpu = time.process_time() - client_cpu0
        speed_after = machine_speed()
    finally:
        stop(server)
        stop(worker)

    latencies = [ms for s in scorers for ms in s.latencies]
    acknowledged = sum(len(s.acknowledged) for s in scorers)
    rate = acknowledged / elapsed
    p50, p95, p99 = (percentile(latencies, q) for q in (0.50, 0.95, 0.99))
    print()
    print(
        f"scorers            {args.scorers} (paced to {args.rate:g} deals/s in all)"
        if args.rate
        else f"scorers            {args.scorers} (unpaced)"
    )
    print(f"gunicorn           {args.workers} workers × {args.threads} threads, PostgreSQL")
    print(f"duration           {elapsed:.1f} s")
    print(
        f"machine speed      {speed_before:.0f} ms before, {speed_after:.0f} ms after "
        "(a fixed loop; lower is faster)"
    )
    print(f"deals stored       {acknowledged}")
    print(f"deals/s            {rate:.1f}")
    print(f"latency p50        {p50:.1f} ms")
    print(f"latency p95        {p95:.1f} ms")
    print(f"latency p99        {p99:.1f} ms")
    if len(games) > 1:
        for game in games:
            mine = [ms for s in scorers if s.game == game for ms in s.latencies]
            stored = sum(len(s.acknowledged) for s in scorers if s.game == game)
            print(
                f"  {game:<16} {stored} deals ({stored / elapsed:.1f}/s), "
                f"p50 {percentile(mine, 0.5):.1f} ms, p95 {percentile(mine, 0.95):.1f} ms"
            )
    print(f"retries (same key) {sum(s.retries for s in scorers)}")
    if acknowledged:
        per = 1000 / acknowledged
        print(
            f"CPU per deal       site {server_cpu * per:.1f} ms, Celery worker "
            f"{worker_cpu * per:.1f} ms, PostgreSQL {db_cpu * per:.1f} ms,"
            f" bench client {client_cpu * per:.1f} ms ({os.cpu_count()} cores)"
        )
    print(f"double taps        {sum(s.double_taps for s in scorers)}")
    errors = [e for s in scorers for e in s.errors]
    problems = verify(scorers)
    for problem in (errors + problems)[:20]:
        print("PROBLEM:", problem)
    ok = not errors and not problems
    goal = rate >= 200 and p95 <= 100
    verdict = "OK: each acknowledged deal stored once, scores = rescoring" if ok else "FAILED"
    print(f"integrity          {verdict}")
    print(f"goal (≥200/s, p95≤100ms) {'met' if goal else 'missed'}")
    if not ok:
        return 1
    if args.strict and not goal:
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
