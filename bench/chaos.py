"""Faults survived, nothing lost (issue 13): bench/entry.py's load with faults injected.

    .venv/bin/python bench/chaos.py [--duration 75] [--scorers 16] [--rate 80] [--drop 0.04]
                                    [--worker-down 10] [--db deberc_chaos]
                                    [--redis redis://127.0.0.1:6379/11] [--json out.json]

The set-up, the services and the checks are bench/entry.py's (its own database, gunicorn
with config/gunicorn.py, a Celery worker on Redis, scorer threads posting deals with an
Idempotency-Key). During the bounded load (`--duration` seconds, every request loop bounded
in attempts and time, traffic to 127.0.0.1 only):

1. at 20 % of the load one gunicorn worker is killed (SIGKILL); gunicorn starts another;
2. at 35 % the Celery worker (its whole process group) is killed, a report job
   (`standings_csv`) is ordered while it is dead, and the worker is started again
   `--worker-down` seconds later;
3. all along, `--drop` of the deal requests are dropped mid-request: the phone sends the
   request and closes the socket without reading the answer (half of them abruptly, RST),
   then sends it again with the same Idempotency-Key, as a real phone does; any connection
   error or 5xx is retried the same way (at most 8 attempts, 30 s), and `--resend` of the
   answered ones are sent again (a lost answer) and must be answered byte for byte.

Then it checks, prints, and exits 1 if any check fails:

- every acknowledged deal is stored exactly once, under its key, with the figures sent; a
  request never acknowledged is stored at most once, only under its key; nothing else;
- every match's score equals a fresh rescoring by the engine;
- the standings and the ratings catch up once the worker is back: the tournament's rows equal
  `compute_tournament_standings` and the ratings a fresh replay of every finished match;
- the report job ordered while the worker was dead is done.

After the load, with the standings and ratings caught up (issue 17): a `player_stats` report
is ordered and, as soon as a worker is building it, the whole Celery worker is killed
(SIGKILL to its process group, not only the pool process building it) with a rating replay
queued; `--worker-down` seconds later it is started again. celery beat runs all along (as
deployed) with the jobs' watchdog; the job's heartbeat stops with the worker, so the
watchdog queues it again once it is silent for `--job-stale` seconds (`JOB_STALE_SECONDS`,
checked every `--watchdog` seconds). Checked: within `--job-deadline` seconds (120) of the
worker's return the job is done (or failed with a reason, retryable) and the ratings equal a
fresh replay; ordering the report again then gives a new job.

Figures: deals acknowledged, retries, replays, 5xx and connection errors seen by the
clients, recovery time after each fault, the worker's backlog and its drain time.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.entry import (  # noqa: E402
    GAMES,
    Pacer,
    Scorer,
    cpu_seconds,
    drop_database,
    fetch_version,
    flush_redis,
    free_port,
    machine_speed,
    matches_per_scorer,
    percentile,
    prepare_database,
    setup,
    site_env,
    start_site,
    start_worker,
    stop,
    verify,
    wait_for_site,
)

MAX_ATTEMPTS = 8  # per deal: the first send and up to seven retries
RETRY_WINDOW = 30.0  # seconds a phone keeps retrying one deal
# The worker queues (config/settings.py: live tasks, report jobs): each a list in Redis, and
# "unacked" holds the tasks taken from either.
QUEUES = ("celery", "reports")


# --- a phone on a bad network ----------------------------------------------------------------


@dataclass
class ChaosScorer(Scorer):
    # (match id, key) -> record of requests sent but not (yet) acknowledged
    pending: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)
    # (match id, key, wall time the first retry after a drop was sent)
    dropped: list[tuple[int, str, float]] = field(default_factory=list)
    resends: int = 0
    conn_errors: int = 0
    server_errors: int = 0
    gave_up: int = 0
    throttled: int = 0
    # (monotonic time of a deal's first failure, of its acknowledgement)
    recoveries: list[tuple[float, float]] = field(default_factory=list)
    error_times: list[float] = field(default_factory=list)

    def request(
        self, method: str, path: str, body: bytes | None, headers: dict[str, str]
    ) -> tuple[int, bytes]:
        """One HTTP request on this thread's kept-alive connection; any failure closes it
        and is the caller's to retry (nothing is retried here)."""
        conn = getattr(self.local, "conn", None)
        if conn is None:
            host, port = self.address()
            conn = self.local.conn = http.client.HTTPConnection(host, port, timeout=10)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            return response.status, response.read()
        except (http.client.HTTPException, OSError):
            conn.close()
            self.local.conn = None
            raise

    def address(self) -> tuple[str, int]:
        host, port = self.base.removeprefix("http://").split(":")
        return host, int(port)

    def send_and_drop(self, match_id: int, body: bytes, key: str, rng: random.Random) -> None:
        """Send the whole request on a new connection and close it without reading the
        answer, at once or while the server works on it, half the time abruptly (RST)."""
        head = (
            f"POST /api/v1/matches/{match_id}/deals/ HTTP/1.1\r\n"
            f"Host: {self.base.removeprefix('http://')}\r\n"
            "Content-Type: application/json\r\n"
            f"Authorization: Token {self.token}\r\n"
            f"Idempotency-Key: {key}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        )
        try:
            with socket.create_connection(self.address(), timeout=5) as sock:
                sock.sendall(head.encode() + body)
                time.sleep(rng.random() * 0.03)
                if rng.random() < 0.5:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        except OSError:
            self.conn_errors += 1

    def fetch_version(self, match_id: int, rng: random.Random) -> int | None:
        """The match's version, as the phone opens it (retried like a deal)."""
        for attempt in range(MAX_ATTEMPTS):
            try:
                return fetch_version(self, match_id)
            except (http.client.HTTPException, OSError, RuntimeError):
                self.conn_errors += 1
                self.error_times.append(time.monotonic())
                time.sleep(min(2.0, 0.1 * 2**attempt) * rng.uniform(0.5, 1.5))
        self.gave_up += 1
        return None

    def submit(
        self,
        match_id: int,
        body: bytes,
        key: str,
        drop: bool,
        rng: random.Random,
        measure: bool = True,
    ) -> tuple[int, bytes] | None:
        """Send a deal until it is answered (not 5xx), as a phone does: the same request
        with the same key, backing off; None if it never was (given up). `measure`: count
        the first attempt's latency (not for a resend, a replay)."""
        started = time.monotonic()
        first_failure: float | None = None  # of an error (not of the drop)
        if drop:
            self.send_and_drop(match_id, body, key, rng)
            time.sleep(rng.uniform(0.05, 0.8))  # the phone notices, then retries
            self.dropped.append((match_id, key, time.time()))
        for attempt in range(MAX_ATTEMPTS):
            if attempt or drop:
                self.retries += 1
            try:
                status, content, ms = self.post(match_id, body, key)
            except (http.client.HTTPException, OSError):
                self.conn_errors += 1
                status, content = 0, b""
            if 0 < status < 500 and status != 429:
                if status == 201 and first_failure is None and not drop and measure:
                    self.latencies.append(ms)
                if first_failure is not None:
                    self.recoveries.append((first_failure, time.monotonic()))
                return status, content
            if status >= 500:
                self.server_errors += 1
            elif status == 429:  # throttled: the phone waits as told, then sends it again
                self.throttled += 1
            now = time.monotonic()
            self.error_times.append(now)
            first_failure = first_failure or now
            if now - started > RETRY_WINDOW:
                break
            time.sleep(min(2.0, 0.1 * 2**attempt) * rng.uniform(0.5, 1.5))
        self.gave_up += 1
        return None


def run_chaos_scorer(
    scorer: ChaosScorer,
    duration: float,
    interval: float,
    rng: random.Random,
    start_gate: Any,
    drop: float,
    resend: float,
) -> None:
    start_gate.wait()
    pacer = Pacer(duration, interval, rng)
    for match in scorer.matches:
        version = None
        for deal in match["deals"]:
            if not pacer.wait():
                return
            if version is None:
                version = scorer.fetch_version(match["id"], rng)
                if version is None:
                    break  # the phone could not open this match: on to the next one
            key = uuid.uuid4().hex
            body = json.dumps({**deal, "version": version}).encode()
            scorer.pending[(match["id"], key)] = deal
            answer = scorer.submit(match["id"], body, key, rng.random() < drop, rng)
            if answer is None:
                break  # never answered: this match stops here (its deal may be stored)
            status, content = answer
            if status != 201:
                scorer.refused += 1
                scorer.errors.append(f"match {match['id']}: {status} {content[:200]!r}")
                break
            del scorer.pending[(match["id"], key)]
            doc = orjson.loads(content)
            scorer.acknowledged[(match["id"], key)] = (len(doc["records"]), deal)
            version = doc["version"]
            if rng.random() < resend:
                scorer.resends += 1
                again = scorer.submit(match["id"], body, key, False, rng, measure=False)
                if again is not None and again != (status, content):
                    scorer.errors.append(f"resend answered differently on {match['id']}")
            if doc["finished"]:
                break


# --- the faults ------------------------------------------------------------------------------


def children(pid: int) -> list[int]:
    """The live child processes of `pid` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


class Monitor(threading.Thread):
    """Samples the Celery queues' length and gunicorn's workers every 0.1 s."""

    def __init__(self, redis_url: str, server_pid: int):
        super().__init__(daemon=True)
        import redis

        self.redis = redis.Redis.from_url(redis_url)
        self.server_pid = server_pid
        self.samples: list[tuple[float, int, int, frozenset[int]]] = []
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            try:
                queued = sum(self.redis.llen(queue) for queue in QUEUES)
                taken = self.redis.hlen("unacked")
            except Exception:  # a sample missed is no matter
                queued = taken = -1
            workers = frozenset(children(self.server_pid))
            self.samples.append((time.monotonic(), queued, taken, workers))
            time.sleep(0.1)

    def tasks(self) -> dict[str, list[str]]:
        """The task names waiting in the queue and taken by workers (not acknowledged)."""

        def name(raw: bytes) -> str:
            message = json.loads(raw)
            if isinstance(message, list):  # "unacked" holds [message, exchange, routing key]
                message = message[0]
            return message.get("headers", {}).get("task", "?")

        return {
            "queued": [name(m) for q in QUEUES for m in self.redis.lrange(q, 0, -1)],
            "unacked": [name(m) for m in self.redis.hvals("unacked")],
        }

    def queued_at(self, at: float) -> int:
        before = [q for t, q, _taken, _w in self.samples if t <= at]
        return before[-1] if before else 0

    def first_empty_after(self, at: float) -> float | None:
        for t, queued, _taken, _w in self.samples:
            if t > at and queued == 0:
                return t
        return None

    def new_worker_after(self, at: float, killed: int) -> float | None:
        before = next((w for t, _q, _tk, w in reversed(self.samples) if t <= at), frozenset())
        for t, _q, _tk, workers in self.samples:
            if t > at and workers - before - {killed}:
                return t
        return None


@dataclass
class Faults:
    server: Any
    env: dict[str, str]
    api: Any  # the organiser's requests (report jobs)
    tournament_id: int
    worker: Any = None
    log: list[str] = field(default_factory=list)
    times: dict[str, float] = field(default_factory=dict)  # monotonic
    walls: dict[str, float] = field(default_factory=dict)  # wall clock (the database's)
    killed_web: int = 0
    job: str | None = None

    def kill_web_worker(self) -> None:
        pids = children(self.server.pid)
        if not pids:
            self.log.append("no gunicorn worker to kill")
            return
        self.killed_web = random.Random(1).choice(sorted(pids))
        self.times["web_kill"] = time.monotonic()
        os.kill(self.killed_web, signal.SIGKILL)
        self.log.append(f"killed gunicorn worker {self.killed_web} (SIGKILL)")

    def kill_celery(self) -> None:
        self.times["celery_kill"] = time.monotonic()
        os.killpg(self.worker.pid, signal.SIGKILL)
        self.worker.wait(timeout=10)
        self.log.append(f"killed the Celery worker {self.worker.pid} and its pool (SIGKILL)")

    def order_report(self) -> None:
        status, content = self.api(
            "POST",
            f"/api/v1/tournaments/{self.tournament_id}/reports/",
            json.dumps({"kind": "standings_csv"}).encode(),
        )
        self.times["report_ordered"] = time.monotonic()
        if status != 202:
            self.log.append(f"report order answered {status} {content[:200]!r}")
            return
        self.job = orjson.loads(content)["job"]
        self.log.append(f"ordered report job {self.job} while the worker is dead")

    def restart_celery(self) -> None:
        self.times["celery_restart"] = time.monotonic()
        self.walls["celery_restart"] = time.time()
        self.worker = start_worker(self.env)
        self.log.append(f"started the Celery worker again ({self.worker.pid})")

    def job_unfinished(self) -> str | None:
        """The report job's state unless it is done."""
        state = self.job_state()
        return None if state == "done" else state

    def job_state(self) -> str:
        if self.job is None:
            return "none"
        try:
            status, content = self.api("GET", f"/api/v1/jobs/{self.job}/", None)
        except (http.client.HTTPException, OSError):
            return "unreachable"
        return orjson.loads(content)["state"] if status == 200 else f"HTTP {status}"


def organiser_api(base: str, tournament_id: int) -> Any:
    """A function (method, path, body) -> (status, content) with the organiser's token."""
    from rest_framework.authtoken.models import Token

    from tournaments.events.models import Tournament

    organiser = Tournament.objects.get(pk=tournament_id).organisers.get()
    token = Token.objects.get_or_create(user=organiser)[0].key
    host, port = base.removeprefix("http://").split(":")

    def call(method: str, path: str, body: bytes | None) -> tuple[int, bytes]:
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        try:
            headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            return response.status, response.read()
        finally:
            conn.close()

    return call


def start_beat(env: dict[str, str], directory: str) -> subprocess.Popen:
    """celery beat as deployed (`make beat`), its schedule file in the run's own directory."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "--quiet",
            "-A",
            "config",
            "beat",
            "--loglevel",
            "warning",
            "--schedule",
            str(Path(directory) / "celerybeat-schedule"),
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )


def kill_mid_report(faults: Faults, monitor: Monitor, args: argparse.Namespace) -> dict[str, Any]:
    """Order a report, kill the whole Celery worker while it builds it (a rating replay
    queued too), start the worker again after `--worker-down` s; then wait, at most
    `--job-deadline` s after the return, for the job to be done or failed (retryable) and the
    ratings to equal a fresh replay. Returns the figures and `problems`."""
    from tournaments.reports.models import ReportJob
    from tournaments.reports.watchdog import ratings_replay_request
    from tournaments.standings.models import Rating, RatingEvent

    out: dict[str, Any] = {"problems": []}
    problems: list[str] = out["problems"]
    order = json.dumps({"kind": "player_stats", "format": "pdf"}).encode()
    path = f"/api/v1/tournaments/{faults.tournament_id}/reports/"
    status, content = faults.api("POST", path, order)
    if status != 202:
        problems.append(f"mid-report kill: the order answered {status} {content[:200]!r}")
        return out
    job_id = orjson.loads(content)["job"]
    seen_running, _state = wait_until(
        lambda: ReportJob.objects.filter(pk=job_id, state="running").count() == 0,
        timeout=60,
        step=0.01,
    )
    if seen_running is None:
        problems.append(f"mid-report kill: job {job_id} never ran: {_state}")
        return out
    # A rating replay waiting for the same worker, with the ratings it must bring back gone
    # (as a correction's would stand until its replay has run): only the replay, run after
    # the kill, makes them equal a fresh replay again.
    RatingEvent.objects.all().delete()
    Rating.objects.all().delete()
    ratings_replay_request()
    held = monitor.tasks()["unacked"]
    os.killpg(faults.worker.pid, signal.SIGKILL)
    killed_at = time.monotonic()
    faults.worker.wait(timeout=10)
    job = ReportJob.objects.get(pk=job_id)
    out.update({"held_at_kill": held, "progress_at_kill": job.progress})
    faults.log.append(
        f"killed the whole Celery worker {faults.worker.pid} while it built report job "
        f"{job_id} ({job.state}, {job.progress} %)"
    )
    if job.state != "running":
        problems.append(f"mid-report kill: the job was {job.state} at the kill, not running")
    time.sleep(args.worker_down)
    faults.worker = start_worker(faults.env)
    restarted_at, restarted_wall = time.monotonic(), time.time()
    out["down_for"] = round(restarted_at - killed_at, 1)
    faults.log.append(f"started the Celery worker again ({faults.worker.pid})")
    ratings_at: list[float] = []  # when the ratings first equalled a fresh replay
    ratings_left: list[str] = []

    def unsettled() -> str | None:
        if not ratings_at:
            ratings_left[:] = ratings_lag()
            if not ratings_left:
                ratings_at.append(time.monotonic() - restarted_at)
        job = ReportJob.objects.get(pk=job_id)
        settled = job.state == "done" or (job.state == "failed" and bool(job.error))
        if settled and ratings_at:
            return None
        return f"{job.state} {job.progress} %, ratings {'' if ratings_at else 'not '}caught up"

    job_wait, job_left = wait_until(unsettled, timeout=args.job_deadline, step=0.5)
    job = ReportJob.objects.get(pk=job_id)
    # Ordered again now, the report is a new job (the old one ended), never the killed one.
    status, content = faults.api("POST", path, order)
    reordered = orjson.loads(content)["job"] if status == 202 else None
    if reordered is not None:  # built before the next step times the worker
        busy = ReportJob.objects.filter(pk=reordered, state__in=["queued", "running"])
        wait_until(busy.exists, timeout=60)
    out.update(
        {
            "job_state": job.state,
            "attempts": job.attempts,
            "job_error": job.error or None,
            "job_finished_after_restart": (
                round(job.finished_at.timestamp() - restarted_wall, 2) if job.finished_at else None
            ),
            "ratings_caught_up_after_restart": round(ratings_at[0], 2) if ratings_at else None,
            "reordered_as": "the killed job" if reordered == job_id else "a new job",
        }
    )
    if job_wait is None:
        problems.append(
            f"{args.job_deadline:g} s after the worker's return, the report killed mid-way is "
            f"{job_left}"
        )
    if reordered is None or reordered == job_id:
        problems.append(f"re-ordering the report answered {status} with {reordered}")
    if not ratings_at:
        problems.append(f"ratings did not catch up after the mid-report kill: {ratings_left[:3]}")
    return out


# --- the derived figures: standings and ratings ----------------------------------------------


def standings_lag(tournament_ids: list[int]) -> list[str]:
    """How the stored standings of these tournaments differ from a fresh recomputation
    (empty: they agree)."""
    problems = []
    for tournament_id in tournament_ids:
        problems += [f"tournament {tournament_id}: {p}" for p in _standings_lag(tournament_id)]
    return problems


def _standings_lag(tournament_id: int) -> list[str]:
    from django.db import connection

    from tournaments.events.models import Tournament
    from tournaments.standings.models import StandingRow
    from tournaments.standings.ranking import ROW_FIELDS
    from tournaments.standings.services import compute_tournament_standings

    connection.close()  # a fresh snapshot
    tournament = Tournament.objects.get(pk=tournament_id)
    rows = {
        r["player_id"]: r
        for r in StandingRow.objects.filter(tournament=tournament).values("player_id", *ROW_FIELDS)
    }
    problems = []
    for line in compute_tournament_standings(tournament):
        row = rows.pop(line.player, None)
        if row is None or any(row[f] != value for f, value in line.row().items()):
            problems.append(f"player {line.player}: standings row differs")
    problems += [f"player {p}: a standings row too many" for p in rows]
    return problems


def ratings_lag() -> list[str]:
    """How the stored ratings differ from a fresh replay of every finished match in the
    order `ratings_recompute` replays them (empty: they agree)."""
    from django.db import connection
    from django.db.models import Count

    from tournaments.standings.models import MatchTally, Rating, RatingEvent
    from tournaments.standings.ratings import rate_sides

    connection.close()
    tallies = list(
        MatchTally.objects.order_by("match__finished_at", "match_id").values_list(
            "match_id", "data", "tournament__game"
        )
    )
    # A rating per player and game (issue 18): keyed (game, player).
    current: dict[Any, tuple[float, float]] = {}
    played: dict[Any, int] = {}
    for _match_id, data, game in tallies:
        in_game = {p: current[(game, p)] for p in data["players"] if (game, p) in current}
        for player, rating in rate_sides(in_game, data).items():
            current[(game, player)] = rating
            played[(game, player)] = played.get((game, player), 0) + 1
    problems = []
    events = dict(
        RatingEvent.objects.values("match_id").annotate(n=Count("id")).values_list("match_id", "n")
    )
    for match_id, data, _game in tallies:
        if events.get(match_id) != len(data["players"]):
            problems.append(f"match {match_id}: {events.get(match_id, 0)} rating events")
    stored = {(r.game, r.player_id): r for r in Rating.objects.all()}
    for player, (mu, sigma) in current.items():
        row = stored.pop(player, None)
        if row is None:
            problems.append(f"player {player}: not rated")
        elif row.matches != played[player]:
            problems.append(f"player {player}: rated {row.matches} times, played {played[player]}")
        elif abs(row.mu - mu) > 1e-6 or abs(row.sigma - sigma) > 1e-6:
            problems.append(f"player {player}: rating differs from a fresh replay")
    problems += [f"player {p}: rated without a finished match" for p in stored]
    return problems


def wait_until(check: Any, timeout: float, step: float = 0.25) -> tuple[float | None, Any]:
    """Seconds until `check()` returns nothing (None if it never did), and its last answer."""
    started = time.monotonic()
    while True:
        answer = check()
        if not answer:
            return time.monotonic() - started, answer
        if time.monotonic() - started > timeout:
            return None, answer
        time.sleep(step)


def worker_capacity(tournament_id: int, n: int) -> dict[str, Any]:
    """What one Celery worker (concurrency 1) gets through, once the load is over: `n`
    standings refreshes of the bench tournament, then the rating of every finished match
    from scratch, one task a match (the ratings are dropped first and come out the same);
    each batch queued at once and timed until its last task is done."""
    from config.celery import app  # noqa: F401 (the site's Celery app, on --redis)
    from tournaments.events.models import Entry
    from tournaments.standings import tasks as standings_tasks
    from tournaments.standings.models import MatchTally, Rating, RatingEvent

    def drain(task: Any, args: list[tuple[Any, ...]]) -> tuple[float, float]:
        """Seconds and worker CPU seconds for these tasks, all queued at once, to be done."""
        cpu0 = cpu_seconds("celery")
        started = time.monotonic()
        results = [task.apply_async(a, ignore_result=False) for a in args]
        for result in results:
            result.get(timeout=120)
        return time.monotonic() - started, cpu_seconds("celery") - cpu0

    refresh, refresh_cpu = drain(standings_tasks.refresh_standings_task, [(tournament_id,)] * n)
    match_ids = list(
        MatchTally.objects.order_by("match__finished_at", "match_id").values_list(
            "match_id", flat=True
        )
    )
    RatingEvent.objects.all().delete()
    Rating.objects.all().delete()
    rate, rate_cpu = drain(standings_tasks.rate_match_task, [(m,) for m in match_ids])
    return {
        "players": Entry.objects.filter(tournament_id=tournament_id).count(),
        "finished_matches": len(match_ids),
        "refresh_tasks_per_s": round(n / refresh, 1),
        "refresh_cpu_ms": round(refresh_cpu * 1000 / n, 2),
        "rate_tasks_per_s": round(len(match_ids) / rate, 1) if match_ids else None,
        "rate_cpu_ms": round(rate_cpu * 1000 / len(match_ids), 2) if match_ids else None,
        "ratings_differ": ratings_lag()[:5],
    }


# --- main ------------------------------------------------------------------------------------


def run(args: argparse.Namespace) -> dict[str, Any]:
    """The whole run; returns its figures and its problems (`problems` empty: all is well)."""
    media = tempfile.mkdtemp(prefix="deberc-chaos-media-")
    watchdog_env = {
        name: f"{value:g}"
        for name, value in (
            ("JOB_STALE_SECONDS", args.job_stale),
            ("JOB_WATCHDOG_SECONDS", args.watchdog),
        )
        if value is not None
    }
    env = site_env(args.db, args.redis, MEDIA_ROOT=media, **watchdog_env)
    os.environ.update(env)
    from config import gunicorn as deployed

    workers = args.workers or deployed.workers
    threads = args.threads or deployed.threads
    games = GAMES[args.game]
    matches = matches_per_scorer(args.rate, args.scorers, args.duration, games)
    print(f"database {args.db}: recreating and migrating …", flush=True)
    prepare_database(args.db, env)
    plan = setup(args.scorers, matches, args.seed, games)
    from tournaments.events.models import Tournament

    tournament_ids = list(
        Tournament.objects.filter(name__startswith="Bench")
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    tournament_id = tournament_ids[0]  # the report job's and the capacity step's
    print(f"set up {args.scorers} scorers × {matches} matches", flush=True)

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    flush_redis(args.redis)
    server = start_site(env, port, workers, threads)
    faults = Faults(
        server=server,
        env=env,
        api=organiser_api(base, tournament_id),
        tournament_id=tournament_id,
        worker=start_worker(env),
    )
    # celery beat, as deployed (exactly one): its jobs' watchdog rescues the report killed
    # mid-way below.
    beat = start_beat(env, media)
    monitor = Monitor(args.redis, server.pid)
    out: dict[str, Any] = {"problems": []}
    problems: list[str] = out["problems"]
    try:
        if not wait_for_site(base):
            problems.append("gunicorn did not answer")
            return out
        scorers = [
            ChaosScorer(token=p["token"], matches=p["matches"], base=base, game=p["game"])
            for p in plan
        ]
        for scorer in scorers:
            fetch_version(scorer, scorer.matches[0]["id"])
        interval = args.scorers / args.rate if args.rate else 0.0
        gate = threading.Barrier(len(scorers) + 1)
        threads_ = [
            threading.Thread(
                target=run_chaos_scorer,
                args=(
                    scorer,
                    args.duration,
                    interval,
                    random.Random(args.seed * 1000 + i),
                    gate,
                    args.drop,
                    args.resend,
                ),
                daemon=True,  # bounded anyway; a stopped bench does not wait for them
            )
            for i, scorer in enumerate(scorers)
        ]
        for thread in threads_:
            thread.start()
        speed = machine_speed()
        monitor.start()
        gate.wait()
        t0 = time.monotonic()
        celery_at = 0.35 * args.duration
        schedule = [
            (0.20 * args.duration, faults.kill_web_worker),
            (celery_at, faults.kill_celery),
            (celery_at + min(1.0, args.worker_down / 3), faults.order_report),
            (celery_at + args.worker_down, faults.restart_celery),
        ]
        for at, action in schedule:
            delay = t0 + at - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            action()
            print(f"  {time.monotonic() - t0:5.1f} s  {faults.log[-1]}", flush=True)
        # Bounded: each scorer stops at the duration, and retries a deal for RETRY_WINDOW.
        for thread in threads_:
            thread.join(timeout=args.duration + RETRY_WINDOW + 30)
            if thread.is_alive():
                problems.append("a scorer thread did not stop")
        load_end = time.monotonic()
        elapsed = load_end - t0

        # Catching up: the report job, the standings and the ratings.
        job_wait, job_state = wait_until(faults.job_unfinished, timeout=args.catch_up)
        standings_wait, standings_left = wait_until(
            lambda: standings_lag(tournament_ids), timeout=args.catch_up
        )
        ratings_wait, ratings_left = wait_until(ratings_lag, timeout=args.catch_up)
        if standings_wait is None or ratings_wait is None:
            problems.append(f"Celery's queue after the wait: {monitor.tasks()}")
        # The job's own finish time, as the worker wrote it.
        from tournaments.reports.models import ReportJob

        job = ReportJob.objects.filter(pk=faults.job).first() if faults.job else None
        out["mid_report_kill"] = mid = kill_mid_report(faults, monitor, args)
        problems += mid.pop("problems")
        if args.capacity and ratings_wait is not None:
            out["worker_capacity"] = capacity = worker_capacity(tournament_id, args.capacity)
            if capacity.get("ratings_differ"):
                problems.append(
                    "ratings rebuilt one task a match differ from a fresh replay: "
                    f"{capacity['ratings_differ']}"
                )
        monitor.done.set()
        monitor.join(timeout=5)
    finally:
        stop(server)
        stop(beat)
        if faults.worker is not None:
            stop(faults.worker)
        shutil.rmtree(media, ignore_errors=True)

    # --- figures
    acknowledged = sum(len(s.acknowledged) for s in scorers)
    latencies = [ms for s in scorers for ms in s.latencies]
    pending = {k: v for s in scorers for k, v in s.pending.items()}
    dropped = [d for s in scorers for d in s.dropped]
    from scoring.models import IdempotencyKey

    kept_at = {
        (m, k): created.timestamp()
        for m, k, created in IdempotencyKey.objects.filter(
            match_id__in=[m for m, _k, _t in dropped]
        ).values_list("match_id", "key", "created_at")
    }
    # A dropped request whose answer was kept before its retry was sent was stored by the
    # dropped attempt: its retry got the kept answer (a replay).
    drop_replays = sum(1 for m, k, sent in dropped if kept_at.get((m, k), sent) < sent)
    recoveries = [r for s in scorers for r in s.recoveries]
    error_times = sorted(t for s in scorers for t in s.error_times)

    def fault_window(start: float | None, end: float | None) -> dict[str, Any]:
        if start is None:
            return {}
        end = end if end is not None else start + 10
        errors = [t for t in error_times if start <= t <= end]
        # Deals whose first failure fell in the window: acknowledged how long after the fault.
        healed = [ack - start for first, ack in recoveries if start <= first <= end]
        return {"errors": len(errors), "recovered_after": max(healed, default=0.0)}

    web_kill = faults.times.get("web_kill")
    new_worker = monitor.new_worker_after(web_kill, faults.killed_web) if web_kill else None
    web = fault_window(web_kill, (web_kill or 0) + 10)
    restart = faults.times.get("celery_restart")
    drained = monitor.first_empty_after(restart) if restart else None
    out.update(
        {
            "scorers": args.scorers,
            "rate": args.rate,
            "duration": round(elapsed, 1),
            "machine_speed_ms": round(speed),
            "acknowledged": acknowledged,
            "deals_per_s": round(acknowledged / elapsed, 1),
            "p50_ms": round(percentile(latencies, 0.5), 1),
            "p95_ms": round(percentile(latencies, 0.95), 1),
            "retries": sum(s.retries for s in scorers),
            "dropped": len(dropped),
            "dropped_stored_by_first_attempt": drop_replays,
            "resends": sum(s.resends for s in scorers),
            "connection_errors": sum(s.conn_errors for s in scorers),
            "server_errors": sum(s.server_errors for s in scorers),
            "throttled": sum(s.throttled for s in scorers),
            "gave_up": sum(s.gave_up for s in scorers),
            "unacknowledged": len(pending),
            "web_kill": {
                "new_worker_after": round(new_worker - web_kill, 2) if new_worker else None,
                "client_errors": web.get("errors"),
                "all_cut_deals_acknowledged_after": round(web.get("recovered_after", 0), 2),
            },
            "celery_kill": {
                "down_for": round(restart - faults.times["celery_kill"], 1) if restart else None,
                "backlog_at_restart": monitor.queued_at(restart) if restart else None,
                "queue_drained_after": round(drained - restart, 2) if drained else None,
                "report_job": job.state if job else job_state,
                "report_done_after_restart": (
                    round(job.finished_at.timestamp() - faults.walls["celery_restart"], 2)
                    if job and job.finished_at and restart
                    else None
                ),
                "report_seen_done_after_load": round(job_wait, 2) if job_wait is not None else None,
            },
            "standings_caught_up_after_load": (
                round(standings_wait, 2) if standings_wait is not None else None
            ),
            "ratings_caught_up_after_load": (
                round(ratings_wait, 2) if ratings_wait is not None else None
            ),
        }
    )
    errors = [e for s in scorers for e in s.errors]
    problems += errors
    problems += verify(scorers, pending)
    if job is None or job.state != "done":
        problems.append(f"the report job ordered while the worker was dead is {job_state}")
    if standings_wait is None:
        problems.append(f"standings did not catch up: {len(standings_left)} rows differ")
        problems += standings_left[:5]
    if ratings_wait is None:
        problems.append(f"ratings did not catch up: {len(ratings_left)} differences")
        problems += ratings_left[:5]
    out["log"] = faults.log
    return out


def report(out: dict[str, Any]) -> None:
    if "acknowledged" in out:
        web, celery = out["web_kill"], out["celery_kill"]
        print()
        print(f"scorers              {out['scorers']} (paced to {out['rate']:g} deals/s)")
        print(
            f"duration             {out['duration']} s (machine speed {out['machine_speed_ms']} ms)"
        )
        print(f"deals acknowledged   {out['acknowledged']} ({out['deals_per_s']}/s)")
        print(f"latency (unfaulted)  p50 {out['p50_ms']} ms, p95 {out['p95_ms']} ms")
        print(
            f"dropped mid-request  {out['dropped']} (stored by the dropped attempt and replayed "
            f"to the retry: {out['dropped_stored_by_first_attempt']})"
        )
        print(f"retries (same key)   {out['retries']}; resent after an answer: {out['resends']}")
        print(
            f"client errors        {out['connection_errors']} connection, "
            f"{out['server_errors']} 5xx, {out['throttled']} 429; "
            f"gave up on {out['gave_up']} deals "
            f"({out['unacknowledged']} never acknowledged)"
        )
        print(
            f"gunicorn worker kill new worker after {web['new_worker_after']} s; "
            f"{web['client_errors']} client errors; every cut deal acknowledged "
            f"{web['all_cut_deals_acknowledged_after']} s after the kill"
        )
        print(
            f"Celery worker kill   down {celery['down_for']} s; backlog at restart "
            f"{celery['backlog_at_restart']} tasks, queue drained "
            f"{celery['queue_drained_after']} s after the restart; report job "
            f"{celery['report_job']} {celery['report_done_after_restart']} s after the restart"
        )
        print(
            f"after the load       standings caught up in {out['standings_caught_up_after_load']}"
            f" s, ratings in {out['ratings_caught_up_after_load']} s"
        )
    if out.get("mid_report_kill"):
        m = out["mid_report_kill"]
        print(
            f"worker killed mid-report  job at {m.get('progress_at_kill')} % "
            f"(held: {m.get('held_at_kill')}); down {m.get('down_for')} s; job "
            f"{m.get('job_state')} {m.get('job_finished_after_restart')} s after the restart "
            f"(attempts {m.get('attempts')}); ratings caught up "
            f"{m.get('ratings_caught_up_after_restart')} s after it"
        )
    if "worker_capacity" in out:
        c = out["worker_capacity"]
        print(
            f"one Celery worker    {c['refresh_tasks_per_s']} standings refreshes/s of "
            f"{c['players']} players ({c['refresh_cpu_ms']} ms CPU each), "
            f"{c['rate_tasks_per_s']} match ratings/s ({c['rate_cpu_ms']} ms CPU each)"
        )
    for problem in out["problems"][:30]:
        print("PROBLEM:", problem)
    verdict = (
        "OK: faults survived, every acknowledged deal stored once, scores = rescoring, "
        "standings and ratings caught up, report done"
        if not out["problems"]
        else "FAILED"
    )
    print(f"integrity            {verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scorers", type=int, default=16)
    parser.add_argument("--duration", type=float, default=75.0, help="seconds of load")
    parser.add_argument("--rate", type=float, default=80.0, help="deals per second in all")
    parser.add_argument("--drop", type=float, default=0.04, help="share dropped mid-request")
    parser.add_argument("--resend", type=float, default=0.05, help="share sent again")
    parser.add_argument("--worker-down", type=float, default=10.0, help="seconds")
    parser.add_argument("--catch-up", type=float, default=60.0, help="seconds to wait at most")
    parser.add_argument(
        "--job-stale",
        type=float,
        default=None,
        help="JOB_STALE_SECONDS of the site and its worker (default: the settings', 60)",
    )
    parser.add_argument(
        "--watchdog",
        type=float,
        default=None,
        help="JOB_WATCHDOG_SECONDS: beat's watchdog interval (default: the settings', 30)",
    )
    parser.add_argument(
        "--job-deadline",
        type=float,
        default=120.0,
        help="seconds after the worker's return by which the report killed mid-way must be "
        "done or retryable",
    )
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument(
        "--capacity",
        type=int,
        default=200,
        help="after the checks, time this many standings refreshes on the worker (0: skip)",
    )
    parser.add_argument("--db", default="deberc_chaos")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/11")
    parser.add_argument("--game", choices=sorted(GAMES), default="mixed", help="as bench/entry.py")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--json", help="write the figures and problems to this file")
    parser.add_argument("--drop-db", action="store_true", help="drop the database afterwards")
    args = parser.parse_args(argv)
    # Stopped from outside (SIGTERM, the terminal gone): stop the services and drop the
    # database on the way out, as on Ctrl-C.
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda signum, _frame: sys.exit(128 + signum))
    try:
        out = run(args)
    finally:
        if args.drop_db:
            drop_database(args.db)
    out["measured_at"] = datetime.now(UTC).isoformat(timespec="seconds")
    report(out)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 1 if out["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
