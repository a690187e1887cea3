"""Live deal entry under load (issues 3 and 12): N scorers posting deals at once, nothing lost.

    .venv/bin/python bench/entry.py [--scorers 32] [--duration 20] [--rate 240]
                                    [--game mixed|deberc|preferans] [--workers N] [--threads N]
                                    [--spectators N] [--players N] [--solo S]
                                    [--worker-nice 0-19] [--nodes N] [--strict]
    .venv/bin/python bench/entry.py --find-rate [--find-low 40] [--find-high 160]
                                    [--find-steps 5] [--duration 20] [--solo 5] ...

1. Creates (or empties) its own PostgreSQL database (`--db`, default deberc_bench_entry on
   127.0.0.1), migrates it, and sets up a running tournament of each game with enough
   tables: every scorer has a token and `--matches` tables of the open round. With
   `--game mixed` (the default) every other scorer keeps a Preferans table (Sochi, three
   players, a pulka to 10) and the others a Deberc one (Moscow, two players).
2. Starts the site under gunicorn with the site's own settings (config/gunicorn.py: threaded
   workers, kept-alive connections) on that database (DEBUG off, persistent connections),
   and a Celery worker with a smaller share of contended CPU, as deployed (CPUWeight=10; here
   its session's autogroup nice, `--worker-nice`, 10 by default).
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

Spectators (issue 22): `--spectators N` enters `--players` (200) in each tournament and, after
the scorers have played alone for `--solo` seconds (the site's CPU per deal is read then), adds
N spectators: each loads a live page once (the overview, the standings' first or second page,
the round, the big screen, in turn) and then polls its fragment as htmx does, 5 s after each
answer, with HX-Request and the browser cache's If-None-Match. A watcher polls the standings
API and fragment of each tournament (every 0.25 s and 0.5 s) for the freshness: seconds from a
finishing deal's 201 to the standings showing the match (its players' "played"). The
spectators and the watcher run in two processes of their own (as phones do: in the scorers'
process their threads held its GIL, and the bench timed its own waits). Printed: the deals'
p50/p95/p99 while the spectators arrive (their first 5 s, all 200 page loads) and while they
watch, the spectators' polls', the p95 by 10 s of the run, the site CPU per deal and per live
request, the freshness (min/median/max). Goals, with --strict exiting 2 on any missed: deals
(while watched) and spectators' polls p95 ≤ 50 ms, freshness medians ≤ 1.5 s (API) and ≤ 2 s
(fragment), integrity as always (e.g. `--scorers 32 --rate 120 --spectators 200 --duration
60`).

Many nodes (issue 33, item 5): `--nodes N` runs the site as N hosts would, on the one
PostgreSQL and Redis: N gunicorn masters on N ports, each with its own `--workers`, N Celery
workers (`-n node1@%h`, ...), and ONE celery beat, started once by the bench for them all
(two beats would run every scheduled job twice; the bench counts the beats on its broker and
fails on any other number). Scorer i plays on node i % N and sends its resends, every lost
answer's retry and every double tap's twin, to the next node on purpose: an Idempotency-Key
must hold across nodes (integrity as always: 0 lost, 0 doubled). Spectator i watches on node
i % N, and the freshness watcher polls every node apart (a match counts as fresh once every
node shows it). The nodes share one MEDIA_ROOT (a directory of the run's, as a shared mount).
Printed per node: the scorers' requests (and the resends among them), their deals' p95, the
live requests, polls' p95 and freshness, the node's gunicorn CPU; then the totals; then the
tournament's export asked of each node (the same file, built once) and the export stream
slots, which are per web process (a semaphore in each gunicorn worker, nothing in Redis: per
node, as the threads they protect are), and the beat count. `--nodes 1` (the default) is the
single site above, no beat.

The host's capacity (issue 36): `--find-rate` searches for the highest `--rate` at which the
deals' p95 (answered while watched) and the spectators' polls' p95 both stay ≤ 50 ms with
`--spectators` (200 by default here): steps of `--duration` seconds on one database and one
site (each step's scorers go on with their next unplayed matches; its spectators come after
`--solo` seconds), `--find-low` first, doubled while it passes (up to `--find-high`), then
bisected until a passing and a failing rate are `--find-resolution` apart (`--find-steps` at
most). Then it posts some deals in its own process through the site's WSGI application
(bench/hotpath.py's way) and prints the CPU per deal served (gunicorn's processes while the
scorers were alone, resends and version reads included) against that in-process figure as
`ratio cpu-served/cpu-inprocess X` (issue 36 wants ≤ 1.5), the host's speed (the fixed loop
below) and the date, and last `capacity N deals/s per core` (the best passing rate over
os.cpu_count()). Freshness is not judged there (the standings carry the earlier steps).
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import html
import http.client
import json
import multiprocessing
import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
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
    scorers: int,
    matches_per_scorer: int | dict[str, int],
    seed: int,
    games: tuple[str, ...],
    field_size: int = 0,
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
    from scoring.games.deberc.engine.simulate import random_match
    from scoring.games.preferans.engine.simulate import random_pulka
    from tournaments.clubs.models import Club, ClubMember, Player
    from tournaments.events import entries, services, setup
    from tournaments.events.models import Entry, Table

    rng = random.Random(seed)
    User = get_user_model()
    club = Club.objects.create(name="Bench club")
    # Token users without a password: hashing one costs about half a second of CPU each.
    organiser = User.objects.create_user("bench-organiser")
    # Roles belong to a club: the bench's organiser organises the bench club.
    ClubMember.objects.create(club=club, user=organiser, role=ClubMember.Role.ORGANISER)
    seats = {"deberc": 2, "preferans": 3}
    names = {"deberc": "Bench evening", "preferans": "Bench pulka evening"}
    rulesets = {"deberc": "moscow", "preferans": "sochi"}
    per_game = {
        game: sum(1 for s in range(scorers) if games[s % len(games)] == game) for game in games
    }
    rounds: dict[str, Any] = {}
    players: dict[str, list[Any]] = {}
    for game in games:
        tournament = setup.tournament_create(
            club=club,
            user=organiser,
            name=names[game],
            game=game,
            ruleset=rulesets[game],
            table_size=seats[game],
            published=True,
            rounds=1,
        )
        rounds[game] = entries.round_ensure(tournament=tournament, number=1)
        services.round_open(round=rounds[game], user=organiser)
        # `field_size`: the spectators' bench enters that many players (most of them only
        # fill the standings, as a big evening's field does).
        count = max(seats[game] + 2, seats[game] * per_game[game], field_size)
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
            mine.append(
                {"id": match.pk, "deals": record["deals"], "players": [p.pk for p in seated]}
            )
        out.append(
            {
                "game": game,
                "token": token.key,
                "matches": mine,
                "tournament": rounds[game].tournament_id,
            }
        )
    if field_size:
        # The standings as the evening starts: every entered player, no result yet.
        from django.db import transaction

        from tournaments.events.models import Tournament
        from tournaments.standings.services import standings_refresh

        for round_ in rounds.values():
            with transaction.atomic():
                standings_refresh(
                    tournament=Tournament.objects.select_for_update().get(pk=round_.tournament_id)
                )
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
    # perf_counter() at each first attempt's answer (beside `latencies`), and the finishing
    # deals' answers: (match id, perf_counter()).
    answered_at: list[float] = field(default_factory=list)
    finished: list[tuple[int, float]] = field(default_factory=list)
    # Told of each finishing deal: (match id, its players, answer time); the spectators'
    # freshness watcher.
    on_finish: Any = None
    local: threading.local = field(default_factory=threading.local)
    # `--nodes` 2 or more: the node (its base URL) this scorer sends its resends to, a lost
    # answer's retry and a double tap's twin, to prove that an Idempotency-Key holds across
    # the nodes ("": everything goes to `base`).
    other: str = ""
    # Matches begun (`--find-rate`'s next step goes on with the next one).
    played: int = 0
    # Requests sent, by node (base URL).
    sent: dict[str, int] = field(default_factory=dict)
    sent_lock: threading.Lock = field(default_factory=threading.Lock)

    def post(
        self, match_id: int, body: bytes, key: str, base: str | None = None
    ) -> tuple[int, bytes, float]:
        headers = {
            "Content-Type": "application/json",
            "Authorization": f"Token {self.token}",
            "Idempotency-Key": key,
        }
        path = f"/api/v1/matches/{match_id}/deals/"
        started = time.perf_counter()
        if base and base != self.base:
            status, content = self.request("POST", path, body, headers, base=base)
        else:
            status, content = self.request("POST", path, body, headers)
        return status, content, (time.perf_counter() - started) * 1000

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None,
        headers: dict[str, str],
        base: str | None = None,
    ) -> tuple[int, bytes]:
        """One HTTP request on this thread's connection to the node (`base`, by default the
        scorer's own), kept open while the server allows (a phone keeps its connection too);
        one the server closed is opened again once."""
        base = base or self.base
        conns = getattr(self.local, "conns", None)
        if conns is None:
            conns = self.local.conns = {}
        for attempt in (1, 2):
            conn = conns.get(base)
            if conn is None:
                parsed = urllib.parse.urlsplit(base)
                conn = conns[base] = http.client.HTTPConnection(
                    parsed.hostname, parsed.port, timeout=30
                )
            try:
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                answer = response.status, response.read()
                with self.sent_lock:
                    self.sent[base] = self.sent.get(base, 0) + 1
                return answer
            except (http.client.HTTPException, ConnectionError):
                conn.close()
                conns.pop(base, None)
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
    # With --nodes: the resends go to the other node (None: the scorer's own).
    resend_to = scorer.other or None
    for index, match in enumerate(scorer.matches):
        version = None
        for deal in match["deals"]:
            if not pacer.wait():
                return
            if version is None:
                scorer.played = index + 1
                version = fetch_version(scorer, match["id"])
            key = uuid.uuid4().hex
            body = json.dumps({**deal, "version": version}).encode()
            if rng.random() < 0.02:
                # A double tap: the same request twice at the same moment.
                scorer.double_taps += 1
                answers: list[tuple[int, bytes, float]] = []
                twin = threading.Thread(
                    target=lambda out, *a: out.append(scorer.post(*a)),
                    args=(answers, match["id"], body, key, resend_to),
                )
                twin.start()
                status, content, ms = scorer.post(match["id"], body, key)
                twin.join()
                if answers[0][:2] != (status, content):
                    scorer.errors.append(f"double tap answered differently on {match['id']}")
            else:
                status, content, ms = scorer.post(match["id"], body, key)
            scorer.latencies.append(ms)
            scorer.answered_at.append(time.perf_counter())
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
                again, again_content, _ms = scorer.post(match["id"], body, key, resend_to)
                if (again, again_content) != (status, content):
                    scorer.errors.append(f"retry answered differently on {match['id']}")
            if doc["finished"]:
                scorer.finished.append((match["id"], scorer.answered_at[-1]))
                if scorer.on_finish is not None:
                    scorer.on_finish(match["id"], match["players"], scorer.answered_at[-1])
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


# --- spectators (issue 22) -------------------------------------------------------------------

# What a spectator watches: a live page loaded once, then its fragment polled as htmx does.
SPECTATOR_PAGES = (
    ("overview", "/tournaments/{t}/"),
    ("standings", "/tournaments/{t}/standings/"),
    ("standings", "/tournaments/{t}/standings/?page=2"),
    ("round", "/tournaments/{t}/rounds/1/"),
    ("screen", "/tournaments/{t}/screen/"),
)
POLL_SECONDS = 5.0
HX_GET = re.compile(r'hx-get="([^"]+)"')


class Connection:
    """One kept-alive HTTP connection (a phone's), opened again once if the server closed it."""

    def __init__(self, base: str):
        self.parsed = urllib.parse.urlsplit(base)
        self.conn: http.client.HTTPConnection | None = None

    def get(self, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(
                    self.parsed.hostname, self.parsed.port, timeout=30
                )
            try:
                self.conn.request("GET", path, headers=headers)
                response = self.conn.getresponse()
                body = response.read()
                return response.status, {k.lower(): v for k, v in response.getheaders()}, body
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


@dataclass
class Spectator:
    base: str
    kind: str
    path: str
    # (perf_counter() at the answer, milliseconds, status) of each poll
    polls: list[tuple[float, float, int]] = field(default_factory=list)
    page_ms: float = 0.0
    errors: list[str] = field(default_factory=list)


def run_spectator(spectator: Spectator, stop_at: float, start_delay: float) -> None:
    """Load the page once, then poll its fragment 5 s after each answer with the headers htmx
    and the browser's cache send (HX-Request, If-None-Match with the last ETag)."""
    time.sleep(start_delay)
    conn = Connection(spectator.base)
    started = time.perf_counter()
    try:
        status, headers, body = conn.get(spectator.path, {"Accept-Language": "uk"})
    except OSError as exc:
        spectator.errors.append(f"{spectator.path}: {exc}")
        return
    spectator.page_ms = (time.perf_counter() - started) * 1000
    found = HX_GET.search(body.decode("utf-8", "replace")) if status == 200 else None
    if found is None:
        spectator.errors.append(f"{spectator.path}: {status}, no polled fragment")
        return
    fragment = html.unescape(found.group(1))
    cookie = headers.get("set-cookie", "").split(";", 1)[0]
    etag = ""
    while True:
        time.sleep(POLL_SECONDS)
        if time.perf_counter() >= stop_at:
            return
        poll_headers = {
            "Accept-Language": "uk",
            "HX-Request": "true",
            "HX-Current-URL": spectator.base + spectator.path,
            **({"Cookie": cookie} if cookie else {}),
            **({"If-None-Match": etag} if etag else {}),
        }
        started = time.perf_counter()
        try:
            status, headers, body = conn.get(fragment, poll_headers)
        except OSError as exc:
            spectator.errors.append(f"{fragment}: {exc}")
            continue
        now = time.perf_counter()
        spectator.polls.append((now, (now - started) * 1000, status))
        if status == 200:
            etag = headers.get("etag", "")
        elif status != 304:
            spectator.errors.append(f"{fragment}: {status}")


FIGURE = re.compile(r'data-figure="(\w+)"')
ROW = re.compile(r'<tr data-player="(\d+)">(.*?)</tr>', re.S)
CELL = re.compile(r"<td[^>]*>(.*?)</td>", re.S)


def played_in_fragment(body: str) -> dict[int, int]:
    """The players' "played" figures as a standings fragment shows them (the heading names
    each figure's column)."""
    head = body[: body.find("</thead>")]
    figures = FIGURE.findall(head)
    if "played" not in figures:
        return {}
    column = 2 + figures.index("played")  # after the rank and the player
    played = {}
    for player, row in ROW.findall(body):
        cells = CELL.findall(row)
        with contextlib.suppress(IndexError, ValueError):
            played[int(player)] = int(cells[column].strip())
    return played


class FreshnessWatcher:
    """How soon a finished match shows: polls each tournament's standings API and its
    standings fragment (every page) every 0.25 s and 0.5 s (with If-None-Match: mostly 304s)
    and notes when each match's players have played as many matches as they had finished."""

    def __init__(self, base: str, tournaments: list[int], players: int):
        self.base = base
        self.tournaments = tournaments
        self.pages = max(1, -(-players // 100))
        self.lock = threading.Lock()
        # match id -> (answer time, {player: matches finished with this one})
        self.pending: dict[int, tuple[float, dict[int, int]]] = {}
        self.finished_by: dict[int, int] = {}
        self.api: dict[int, float] = {}
        self.fragment: dict[int, float] = {}
        self.stop = threading.Event()
        self.errors: list[str] = []
        self.requests = 0
        # perf_counter() at which the polls begin (the spectators' coming, after `--solo`).
        self.watch_from = 0.0

    def match_finished(self, match_id: int, players: list[int], answered_at: float) -> None:
        with self.lock:
            need = {}
            for player in players:
                self.finished_by[player] = self.finished_by.get(player, 0) + 1
                need[player] = self.finished_by[player]
            # A match finished before the polls began is left out: its freshness would be
            # the wait for them, not the standings' refresh.
            if answered_at >= self.watch_from:
                self.pending[match_id] = (answered_at, need)

    def _seen(self, played: dict[int, int], into: dict[int, float]) -> None:
        now = time.perf_counter()
        with self.lock:
            for match_id, (answered_at, need) in self.pending.items():
                if match_id in into:
                    continue
                if all(played.get(p, 0) >= n for p, n in need.items()):
                    into[match_id] = now - answered_at

    def run(self, which: str) -> None:
        self.stop.wait(max(0.0, self.watch_from - time.perf_counter()))
        conn = Connection(self.base)
        etags: dict[str, str] = {}
        played: dict[str, dict[int, int]] = {}
        while not self.stop.is_set():
            for tournament in self.tournaments:
                if which == "api":
                    paths = [f"/api/v1/tournaments/{tournament}/standings/"]
                else:
                    paths = [
                        f"/tournaments/{tournament}/standings/" + (f"?page={n}" if n > 1 else "")
                        for n in range(1, self.pages + 1)
                    ]
                for path in paths:
                    headers = {"Accept-Language": "uk"}
                    if which != "api":
                        headers["HX-Request"] = "true"
                    if path in etags:
                        headers["If-None-Match"] = etags[path]
                    try:
                        status, answer_headers, body = conn.get(path, headers)
                    except OSError as exc:
                        self.errors.append(f"{path}: {exc}")
                        continue
                    self.requests += 1
                    if status == 200:
                        etags[path] = answer_headers.get("etag", "")
                        if which == "api":
                            rows = orjson.loads(body)
                            played[path] = {r["player_id"]: r["played"] for r in rows}
                        else:
                            played[path] = played_in_fragment(body.decode())
                merged: dict[int, int] = {}
                for path in paths:
                    merged.update(played.get(path, {}))
                self._seen(merged, self.api if which == "api" else self.fragment)
            # Often enough to time the refresh, seldom enough to weigh little (mostly 304s).
            self.stop.wait(0.25 if which == "api" else 0.5)


@dataclass
class Watched:
    """What the spectators' and the freshness watcher's processes saw, sent back here."""

    spectators: list[Spectator]
    # match id -> seconds from its finishing deal's 201 to the API (with several nodes: to
    # the last node's, the match counted only once every node showed it)
    api: dict[int, float]
    fragment: dict[int, float]  # ... and to the standings fragment
    finished: int  # matches that finished while watched
    errors: list[str]
    watcher_requests: int
    cpu: float  # the two processes' CPU seconds
    # per node (`--nodes`): (its API freshness, its fragment freshness, the watcher's requests)
    by_node: list[tuple[dict[int, float], dict[int, float], int]] = field(default_factory=list)


class Crowd:
    """The spectators and the freshness watcher, each in a process of its own, as phones are.

    In the scorers' process their 200 threads' parsing held its one GIL, so the bench timed
    its own waits: part of the gap between a run's deals p95 of 98 ms measured there and
    32 ms in the site's request log (a 0.5 ms switch interval in the client alone: 52 ms).
    Spawned, not forked: a fork would share this process's database connections. The
    times sent between the processes are perf_counter()'s, the system-wide CLOCK_MONOTONIC
    on Linux (the bench reads /proc anyway)."""

    def __init__(self, bases: list[str], tournaments: list[int], args: argparse.Namespace):
        """`bases`: the nodes' URLs; the spectators take them in turn and the freshness
        watcher polls each."""
        context = multiprocessing.get_context("spawn")
        self.to_spectators: Any = context.Queue()
        self.to_watcher: Any = context.Queue()
        self.results: Any = context.Queue()
        self.processes = [
            context.Process(
                target=spectators_process,
                args=(bases, tournaments, args.spectators, args.seed, args.solo, args.duration),
                kwargs={"control": self.to_spectators, "results": self.results},
                daemon=True,
            ),
            context.Process(
                target=watcher_process,
                args=(bases, tournaments, args.players, args.solo),
                kwargs={"control": self.to_watcher, "results": self.results},
                daemon=True,
            ),
        ]
        for process in self.processes:
            process.start()

    def match_finished(self, match_id: int, players: list[int], answered_at: float) -> None:
        self.to_watcher.put(("finished", match_id, players, answered_at))

    def begin(self, t0: float) -> None:
        self.to_spectators.put(("begin", t0))
        self.to_watcher.put(("begin", t0))

    def end(self) -> Watched:
        self.to_watcher.put(("end",))
        parts = dict(self.results.get(timeout=120) for _ in self.processes)
        for process in self.processes:
            process.join(timeout=10)
        spectators, spectators_cpu = parts["spectators"]
        by_node, finished, errors, watcher_cpu = parts["watcher"]

        def on_every_node(which: int) -> dict[int, float]:
            # A match is fresh once every node shows it: the last node's time.
            seen = [node[which] for node in by_node]
            return {m: max(node[m] for node in seen) for m in seen[0] if all(m in n for n in seen)}

        return Watched(
            spectators=spectators,
            api=on_every_node(0),
            fragment=on_every_node(1),
            finished=finished,
            errors=errors,
            watcher_requests=sum(node[2] for node in by_node),
            cpu=spectators_cpu + watcher_cpu,
            by_node=by_node,
        )


def spectators_process(
    bases: list[str],
    tournaments: list[int],
    count: int,
    seed: int,
    solo: float,
    duration: float,
    *,
    control: Any,
    results: Any,
) -> None:
    """The spectators' process: they come `solo` seconds after the scorers began, their first
    page loads spread over one polling interval, and poll until the scorers stop. Spectator
    i watches on node i % len(bases)."""
    rng = random.Random(seed)
    spectators = [
        Spectator(bases[i % len(bases)], kind, path.format(t=rng.choice(tournaments)))
        for i, (kind, path) in enumerate(
            SPECTATOR_PAGES[i % len(SPECTATOR_PAGES)] for i in range(count)
        )
    ]
    _begin, t0 = control.get()
    time.sleep(max(0.0, t0 + solo - time.perf_counter()))
    stop_at = t0 + duration
    threads = [
        threading.Thread(
            target=run_spectator,
            args=(spectator, stop_at, rng.random() * POLL_SECONDS),
            daemon=True,
        )
        for spectator in spectators
    ]
    for thread in threads:
        thread.start()
    # Each ends at its first poll after the end (a poll answers within its 30 s timeout).
    deadline = stop_at + POLL_SECONDS + 35
    for thread in threads:
        thread.join(timeout=max(0.0, deadline - time.perf_counter()))
    results.put(("spectators", (spectators, time.process_time())))


def watcher_process(
    bases: list[str],
    tournaments: list[int],
    players: int,
    solo: float,
    *,
    control: Any,
    results: Any,
) -> None:
    """The freshness watcher's process: told of each finishing deal by the scorers' process,
    it polls from the spectators' coming (`solo` seconds after the scorers' start) until told
    to end, each node apart (`--nodes`: a deal written through one node must show on every
    node's pages). Not before: the site's CPU per deal is read while the scorers are alone
    (and `--find-rate` sets it against the in-process deal's, issue 36), and the watcher's 16
    polls a second or so (two tournaments, 200 players) used to be counted there as the deals'."""
    watchers = [FreshnessWatcher(base, tournaments, players) for base in bases]
    threads = [
        threading.Thread(target=watcher.run, args=(which,), daemon=True)
        for watcher in watchers
        for which in ("api", "fragment")
    ]
    while True:
        message = control.get()
        if message[0] == "begin":
            for watcher in watchers:
                watcher.watch_from = message[1] + solo
            for thread in threads:
                thread.start()
        elif message[0] == "finished":
            for watcher in watchers:
                watcher.match_finished(*message[1:])
        else:
            break
    for watcher in watchers:
        watcher.stop.set()
    for thread in threads:
        thread.join(timeout=10)
    by_node = []
    errors: list[str] = []
    for watcher in watchers:
        with watcher.lock:
            by_node.append((dict(watcher.api), dict(watcher.fragment), watcher.requests))
            errors += watcher.errors
    outcome = (by_node, len(watchers[0].pending), errors, time.process_time())
    results.put(("watcher", outcome))


def report_spectators(
    scorers: list[Scorer],
    watched: Watched,
    *,
    t0: float,
    solo: float,
    solo_cpu: float,
    server_cpu: float,
) -> bool:
    """Print the spectators' figures beside the deals' (while they watched); True when every
    goal of issue 22 is met."""
    spectators = watched.spectators
    start = t0 + solo
    # The goal's deals are those answered while the spectators poll, once all have come: the
    # bench brings 200 in 5 s (an evening, over an hour), so their arrival is shown apart.
    watching = start + POLL_SECONDS
    answered = [
        (at, ms) for s in scorers for at, ms in zip(s.answered_at, s.latencies, strict=True)
    ]
    arrival_ms = [ms for at, ms in answered if start <= at < watching]
    deal_ms = [ms for at, ms in answered if at >= watching]
    solo_deals = sum(1 for at, _ms in answered if at < start)
    polls = [(ms, status) for sp in spectators for _at, ms, status in sp.polls]
    poll_ms = [ms for ms, _status in polls]
    not_modified = sum(1 for _ms, status in polls if status == 304)
    pages = [sp.page_ms for sp in spectators if sp.page_ms]
    print()
    print(f"spectators         {len(spectators)} (a page, then its fragment every 5 s)")
    print(
        f"deals, arriving    {len(arrival_ms)} while the spectators load their pages: "
        f"p50 {percentile(arrival_ms, 0.5):.1f} ms, p95 {percentile(arrival_ms, 0.95):.1f} ms, "
        f"p99 {percentile(arrival_ms, 0.99):.1f} ms"
    )
    print(
        f"deals, watched     {len(deal_ms)}: p50 {percentile(deal_ms, 0.5):.1f} ms, "
        f"p95 {percentile(deal_ms, 0.95):.1f} ms, p99 {percentile(deal_ms, 0.99):.1f} ms"
    )
    print(
        f"spectators' polls  {len(polls)} ({not_modified} answered 304): "
        f"p50 {percentile(poll_ms, 0.5):.1f} ms, p95 {percentile(poll_ms, 0.95):.1f} ms, "
        f"p99 {percentile(poll_ms, 0.99):.1f} ms"
    )
    for kind in sorted({sp.kind for sp in spectators}):
        mine = [ms for sp in spectators if sp.kind == kind for _at, ms, _st in sp.polls]
        print(
            f"  {kind:<16} {len(mine)} polls, p50 {percentile(mine, 0.5):.1f} ms, "
            f"p95 {percentile(mine, 0.95):.1f} ms"
        )
    print(
        f"pages loaded       {len(pages)}: p50 {percentile(pages, 0.5):.1f} ms, "
        f"p95 {percentile(pages, 0.95):.1f} ms"
    )
    # p95 by 10 s of the run: a shared host's stalls show as one bad stretch, a costly page
    # or a queue as every stretch alike.
    last = max((at for at, _ms in answered), default=t0)
    windows = range(int(solo // 10), int((last - t0) // 10) + 1)
    deal_by: dict[int, list[float]] = {w: [] for w in windows}
    for at, ms in answered:
        deal_by.setdefault(int((at - t0) // 10), []).append(ms)
    poll_by: dict[int, list[float]] = {w: [] for w in windows}
    for sp in spectators:
        for at, ms, _status in sp.polls:
            poll_by.setdefault(int((at - t0) // 10), []).append(ms)
    print("by 10 s            " + " ".join(f"{w * 10}s".rjust(9) for w in windows))
    print("  deals p95        " + " ".join(f"{percentile(deal_by[w], 0.95):9.0f}" for w in windows))
    print("  polls p95        " + " ".join(f"{percentile(poll_by[w], 0.95):9.0f}" for w in windows))
    if solo_deals:
        per_deal = solo_cpu / solo_deals
        watched_deals = len(arrival_ms) + len(deal_ms)
        requests = len(polls) + len(pages) + watched.watcher_requests
        per_poll = (server_cpu - solo_cpu - watched_deals * per_deal) / max(1, requests)
        print(
            f"site CPU           {per_deal * 1000:.1f} ms a deal (scorers alone), "
            f"about {per_poll * 1000:.1f} ms a live request (the rest, shared out over the "
            f"spectators' and the freshness watcher's {requests})"
        )
    goal = bool(deal_ms and poll_ms)
    goal = goal and percentile(deal_ms, 0.95) <= 50 and percentile(poll_ms, 0.95) <= 50
    fresh_api = sorted(watched.api.values())
    fresh_fragment = sorted(watched.fragment.values())

    def line(values: list[float]) -> str:
        if not values:
            return "none seen"
        return (
            f"min {values[0]:.2f} s, median {percentile(values, 0.5):.2f} s, "
            f"max {values[-1]:.2f} s ({len(values)} of {watched.finished} matches)"
        )

    print(f"freshness, API     {line(fresh_api)}")
    print(f"freshness, page    {line(fresh_fragment)}")
    goal = (
        goal
        and bool(fresh_api and fresh_fragment)
        and percentile(fresh_api, 0.5) <= 1.5
        and percentile(fresh_fragment, 0.5) <= 2.0
    )
    errors = [e for sp in spectators for e in sp.errors] + watched.errors
    for problem in errors[:10]:
        print("SPECTATOR PROBLEM:", problem)
    goal = goal and not errors
    print(
        "goal (deals and spectators p95 ≤ 50 ms, freshness medians API ≤ 1.5 s, page ≤ 2 s) "
        + ("met" if goal else "missed")
    )
    return goal


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


def cpu_seconds(match: str, part: str = "both", *, reaped_by: str | None = None) -> float:
    """User+system CPU seconds (or `part` "user" or "system" alone) of the processes whose
    command line contains `match` (Linux /proc; 0 elsewhere): where the time per deal goes.

    `reaped_by`: also the CPU of such processes that have ended, as their parent (the process
    whose command line contains this) counts it. PostgreSQL's backends end while the bench runs:
    Django closes a connection after CONN_MAX_AGE (60 s) and opens another, and the ended one's
    CPU vanished from the sum (a 60 s run read 0.0 ms a deal)."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0
    for entry in Path("/proc").iterdir() if Path("/proc").exists() else []:
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if match in cmdline:
                user, system = int(fields[11]), int(fields[12])
            elif reaped_by is not None and reaped_by in cmdline:
                user, system = int(fields[13]), int(fields[14])  # its ended children's
            else:
                continue
            total += {"user": user, "system": system}.get(part, user + system)
        except (OSError, IndexError, ValueError):
            continue
    return total / tick


def postgres_cpu_seconds() -> float:
    """The CPU of the local PostgreSQL's backends, ended ones included (all databases')."""
    return cpu_seconds("postgres: ", reaped_by="bin/postgres ")


def statements_reset(db: str) -> bool:
    """Empty pg_stat_statements' figures of the bench's database, if the server keeps them
    (`shared_preload_libraries = 'pg_stat_statements'` and the extension in that database)."""
    import psycopg

    try:
        with psycopg.connect(pg_url(db), autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            conn.execute(
                "SELECT pg_stat_statements_reset(0, "
                "(SELECT oid FROM pg_database WHERE datname = current_database()), 0)"
            )
        return True
    except psycopg.Error:
        return False


def statements_report(db: str, top: int = 6) -> list[str]:
    """The statements that took the database's time during the run, the longest in all first,
    with each one's slowest execution: a lock wait shows there as a max far above the mean
    (the standings refresh's lock held a finishing deal for up to 0.9 s)."""
    import psycopg

    with psycopg.connect(pg_url(db), autocommit=True) as conn:
        rows = conn.execute(
            "SELECT calls, total_exec_time, mean_exec_time, max_exec_time, query "
            "FROM pg_stat_statements "
            "WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) "
            "ORDER BY total_exec_time DESC LIMIT %s",
            (top,),
        ).fetchall()
    return [
        f"  {total / 1000:6.2f} s {calls:7d} × mean {mean:6.3f} ms, max {slowest:7.1f} ms  "
        + " ".join(query.split())[:90]
        for calls, total, mean, slowest, query in rows
    ]


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


def lower_cpu_share(process: subprocess.Popen, nice: int) -> str:
    """Give a process started in its own session a smaller share of the CPU when the cores are
    contended, as `CPUWeight=` does for a service (docs/deployment.md). With autogroup
    scheduling a session's processes are one group and the CPU is first shared between the
    groups, so the process's own `nice` does nothing there: the group's nice value does.
    Returns what was done, for the bench's header."""
    if nice == 0:
        return "the same CPU share as the site"
    try:
        Path(f"/proc/{process.pid}/autogroup").write_text(f"{nice}\n")
    except OSError as problem:  # no autogroup scheduling, or not allowed
        return f"the same CPU share as the site (autogroup nice not set: {problem.strerror})"
    return f"a smaller CPU share (autogroup nice {nice}, as CPUWeight=10 in deployment)"


def start_worker(
    env: dict[str, str], concurrency: int = 1, name: str | None = None
) -> subprocess.Popen:
    """A Celery worker as deployed (`make worker`: both queues), in its own session; `name`
    (`--nodes`): the node name of one of several (`-n name@%h`, as two workers on one host
    need)."""
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
            *(["-n", f"{name}@%h"] if name else []),
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )


def start_beat(env: dict[str, str], workdir: Path) -> subprocess.Popen:
    """celery beat, once for all the nodes (docs/deployment.md, "Many hosts": exactly one in
    the installation, or every scheduled job runs once per beat), its schedule file and pid
    file in the run's own directory."""
    return subprocess.Popen(
        [
            PYTHON,
            "-m",
            "celery",
            "--quiet",
            "-A",
            "config",
            "beat",
            "--loglevel",
            "warning",
            "--schedule",
            str(workdir / "celerybeat-schedule"),
            "--pidfile",
            str(workdir / "celerybeat.pid"),
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )


def beats_on_broker(redis: str) -> int:
    """The celery beat processes running with this broker (REDIS_URL in their environment;
    Linux /proc, this user's processes): more than one would run every scheduled job twice."""
    count = 0
    for entry in Path("/proc").iterdir() if Path("/proc").exists() else []:
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
            if b"celery" not in b" ".join(cmdline) or b"beat" not in cmdline:
                continue
            environ = (entry / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if f"REDIS_URL={redis}".encode() in environ:
            count += 1
    return count


@dataclass
class Nodes:
    """The site as `--nodes` web nodes on one PostgreSQL and one Redis, as N hosts would run
    it: a gunicorn master of its own per node (its own port and workers) and a Celery worker
    per node, and one celery beat for them all (none with one node, as before)."""

    ports: list[int]
    servers: list[subprocess.Popen]
    workers: list[subprocess.Popen]
    beat: subprocess.Popen | None
    worker_share: str

    @property
    def bases(self) -> list[str]:
        return [f"http://127.0.0.1:{port}" for port in self.ports]

    def site_cpu(self) -> list[float]:
        """Each node's gunicorn CPU seconds (its master and workers: their command line names
        the node's port; gunicorn's workers are forks of the master). Only this run's: every
        gunicorn of the site on the host names `config.wsgi:application` (other benches, the
        chaos test's), and their CPU used to be counted as this run's deals'."""
        return [cpu_seconds(f"127.0.0.1:{port} ") for port in self.ports]

    def settle(self, timeout: float = 30.0) -> float:
        """Wait until the nodes' gunicorns are idle (under 10 ms of CPU in half a second), so
        that no worker's start (its imports and warm-up, a second or two of CPU) falls into a
        window the bench measures: the first worker to answer lets the bench begin while the
        other may still be loading. The seconds waited."""
        started = time.perf_counter()
        before = sum(self.site_cpu())
        while time.perf_counter() - started < timeout:
            time.sleep(0.5)
            now = sum(self.site_cpu())
            if now - before < 0.01:
                break
            before = now
        return time.perf_counter() - started

    def stop(self) -> None:
        for process in [*self.servers, *self.workers, *([self.beat] if self.beat else [])]:
            stop(process)


def nodes_start(
    env: dict[str, str],
    count: int,
    workers: int,
    threads: int,
    *,
    redis: str,
    worker_nice: int,
    workdir: Path,
) -> Nodes:
    """Start `count` nodes (gunicorn and a Celery worker each) and, with more than one, one
    celery beat."""
    ports = [free_port() for _ in range(count)]
    servers = [start_site(env, port, workers, threads) for port in ports]
    # A real deployment runs a Celery worker next to the site: the standings refresh and
    # the rating updates that finished matches queue go there (coalesced per tournament).
    flush_redis(redis)
    celery = [start_worker(env, name=f"node{i + 1}" if count > 1 else None) for i in range(count)]
    # Deployed, the worker yields the cores to the site under contention (CPUWeight=10):
    # a standings refresh is tens of milliseconds of CPU that can wait, a deal cannot.
    shares = [lower_cpu_share(worker, worker_nice) for worker in celery]
    beat = start_beat(env, workdir) if count > 1 else None
    return Nodes(ports, servers, celery, beat, shares[0])


def export_check(bases: list[str], tournament: int, per_process: int, workers: int) -> list[str]:
    """What the nodes do with a tournament's export: each node serves the same file (built
    once, by whichever node was asked first: the file in the shared storage, its version and
    lock in Redis), and the stream slots, with what bounds them."""
    path = f"/api/v1/tournaments/{tournament}/export/"
    seen = []
    for base in bases:
        status, etag, size = 0, "", 0
        for _attempt in range(20):
            try:
                with urllib.request.urlopen(base + path, timeout=60) as answer:
                    status, etag = answer.status, answer.headers.get("ETag", "")
                    size = len(answer.read())
            except urllib.error.HTTPError as refused:
                status = refused.code
            if status == 200:
                break
            time.sleep(0.5)  # 202 (being built) or 503 (every slot taken): come back
        seen.append((status, etag, size))
    same = len({etag for _s, etag, _z in seen}) == 1 and all(s == 200 for s, _e, _z in seen)
    lines = [
        "export             "
        + ", ".join(
            f"node {i + 1}: {status} {size // 1024} KB {etag[:12]}…"
            for i, (status, etag, size) in enumerate(seen)
        )
        + (
            " (one file, built once, served by every node)"
            if same
            else " (PROBLEM: the nodes serve different versions)"
        ),
        # The slots are a threading.BoundedSemaphore in each web process
        # (tournaments/reports/exports.py), nothing in Redis: per process, so per node. That
        # is what they are for: a download holds a thread of its own process until its reader
        # has every byte, and a slot keeps the downloads from taking that process's last
        # threads; a global count would refuse a node with idle threads because another is
        # busy. Behind nginx (EXPORT_ACCEL_REDIRECT) the proxy sends the file: no slot at all.
        f"export slots       per web process, not shared: EXPORT_STREAMS_PER_PROCESS "
        f"{per_process} × {workers} workers = {per_process * workers} a node, "
        f"{per_process * workers * len(bases)} across the {len(bases)} nodes",
    ]
    if not same:
        lines.append("PROBLEM: export differs between nodes")
    return lines


def report_nodes(
    nodes: Nodes,
    scorers: list[Scorer],
    watched: Watched | None,
    site_cpu: list[float],
) -> None:
    """Per node: its requests (the scorers', the spectators', the watcher's), its scorers'
    first attempts' p95, its spectators' polls' p95 and its freshness, its gunicorn's CPU."""
    print()
    for i, base in enumerate(nodes.bases):
        mine = [ms for s in scorers if s.base == base for ms in s.latencies]
        scorer_requests = sum(s.sent.get(base, 0) for s in scorers)
        resends = sum(
            s.sent.get(base, 0) for s in scorers if s.base != base
        )  # retries and twins from the other node's scorers
        line = (
            f"node {i + 1} (:{nodes.ports[i]})  scorers' requests {scorer_requests} "
            f"({resends} resends of the other node's deals), deals p95 "
            f"{percentile(mine, 0.95):.1f} ms"
        )
        if watched is not None:
            spectators = [sp for sp in watched.spectators if sp.base == base]
            polls = [ms for sp in spectators for _at, ms, _st in sp.polls]
            api, fragment, watcher_requests = watched.by_node[i]
            live = len(polls) + sum(1 for sp in spectators if sp.page_ms) + watcher_requests
            line += (
                f"; live requests {live}, polls p95 {percentile(polls, 0.95):.1f} ms; "
                f"freshness median API {percentile(sorted(api.values()), 0.5):.2f} s, "
                f"page {percentile(sorted(fragment.values()), 0.5):.2f} s "
                f"({len(api)}/{len(fragment)} of {watched.finished} matches)"
            )
        print(line + f"; site CPU {site_cpu[i]:.1f} s")
    total = sum(sum(s.sent.values()) for s in scorers)
    if watched is not None:
        total += sum(len(sp.polls) + bool(sp.page_ms) for sp in watched.spectators)
        total += watched.watcher_requests
    print(f"all nodes          {total} requests, site CPU {sum(site_cpu):.1f} s")


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


# --- the host's capacity (issue 36) ----------------------------------------------------------


def find_rate_next(
    passed: list[float], failed: list[float], *, low: float, high: float, resolution: float
) -> float | None:
    """The next rate for `--find-rate` to try, None when the search is done: `low` first;
    while nothing above the best passing rate has failed, double it (up to `high`); then
    bisect between the best passing rate and the lowest failing one above it, until they are
    `resolution` apart. A `low` that fails is halved until it passes (or goes under
    `resolution`: the host carries nothing at the goal)."""
    if not passed and not failed:
        return low
    best = max(passed, default=0.0)
    above = [rate for rate in failed if rate > best]
    if not above:
        return None if best >= high else min(high, best * 2)
    worst = min(above)
    if worst - best <= resolution:
        return None
    return float(round((best + worst) / 2))


@dataclass
class Step:
    """One step of `--find-rate`: the rate offered and what the site did with it."""

    rate: float
    deals: int  # acknowledged
    elapsed: float
    deal_p95: float  # first attempts answered while the spectators watched
    poll_p95: float
    solo_deals: int  # answered while the scorers were alone
    solo_cpu: float  # the site's CPU seconds meanwhile
    speed: float  # machine speed before the step (ms)
    errors: int

    @property
    def passed(self) -> bool:
        return not self.errors and self.deal_p95 <= 50 and self.poll_p95 <= 50


def find_rate_step(
    nodes: Nodes, plan: list[dict[str, Any]], args: argparse.Namespace, rate: float, number: int
) -> tuple[Step, list[Scorer]]:
    """`--duration` seconds at `rate` deals/s, the scorers going on with their next unplayed
    matches, `--spectators` coming after `--solo` seconds; the deals' p95 counts those answered
    once all the spectators came (as report_spectators' "watched")."""
    bases = nodes.bases
    scorers = [
        Scorer(
            token=p["token"],
            matches=p["matches"][p["next"] :],
            base=bases[i % len(bases)],
            game=p["game"],
            other=bases[(i + 1) % len(bases)] if len(bases) > 1 else "",
        )
        for i, p in enumerate(plan)
    ]
    tournaments = sorted({p["tournament"] for p in plan})
    crowd = Crowd(
        bases, tournaments, argparse.Namespace(**{**vars(args), "seed": args.seed + number})
    )
    for scorer in scorers:
        scorer.on_finish = crowd.match_finished
    gate = threading.Barrier(len(scorers) + 1)
    interval = len(scorers) / rate
    threads = [
        threading.Thread(
            target=run_scorer,
            args=(
                scorer,
                args.duration,
                interval,
                random.Random(args.seed * 1000 + 97 * number + i),
                gate,
            ),
        )
        for i, scorer in enumerate(scorers)
    ]
    speed = machine_speed()
    for thread in threads:
        thread.start()
    cpu0 = sum(nodes.site_cpu())
    gate.wait()
    t0 = time.perf_counter()
    crowd.begin(t0)
    time.sleep(max(0.0, t0 + args.solo - time.perf_counter()))
    solo_cpu = sum(nodes.site_cpu()) - cpu0
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - t0
    watched = crowd.end()
    for p, scorer in zip(plan, scorers, strict=True):
        p["next"] += scorer.played
        scorer.matches = scorer.matches[: scorer.played]  # what verify() checks
    answered = [
        (at, ms) for s in scorers for at, ms in zip(s.answered_at, s.latencies, strict=True)
    ]
    deal_ms = [ms for at, ms in answered if at >= t0 + args.solo + POLL_SECONDS]
    poll_ms = [ms for sp in watched.spectators for _at, ms, _st in sp.polls]
    errors = sum(len(s.errors) for s in scorers) + sum(len(sp.errors) for sp in watched.spectators)
    step = Step(
        rate=rate,
        deals=sum(len(s.acknowledged) for s in scorers),
        elapsed=elapsed,
        deal_p95=percentile(deal_ms, 0.95) if deal_ms else float("inf"),
        poll_p95=percentile(poll_ms, 0.95) if poll_ms else float("inf"),
        solo_deals=sum(1 for at, _ms in answered if at < t0 + args.solo),
        solo_cpu=solo_cpu,
        speed=speed,
        errors=errors,
    )
    return step, scorers


def inprocess_cpu_per_deal(plan: list[dict[str, Any]], deals_each: int = 30) -> float:
    """Milliseconds of thread CPU a deal takes in this process, the site's WSGI application
    called as gunicorn calls it (bench/hotpath.py's way), on matches no step played: the
    median over both games, after a warm-up."""
    import statistics

    sys.path.insert(0, str(ROOT / "bench"))
    import hotpath  # bench/hotpath.py

    rest = [{**p, "matches": p["matches"][p["next"] :]} for p in plan]
    deals = hotpath.Deals(hotpath.Wsgi(), rest)
    games = sorted({p["game"] for p in plan})
    for game in games:
        for _ in range(10):
            deals.post(game)
    return statistics.median(deals.post(game) for game in games for _ in range(deals_each))


def find_rate(args: argparse.Namespace, env: dict[str, str], workdir: Path) -> int:
    """`--find-rate` (issue 36): the highest --rate this host carries with deals' and
    spectators' polls' p95 both ≤ 50 ms, in a few steps on one database and one site."""
    import datetime

    games = GAMES[args.game]
    # Enough matches for every step at the highest rate, a match left half-played by each
    # step, and the in-process deals after the search.
    matches = {
        game: count + args.find_steps
        for game, count in matches_per_scorer(
            args.find_high, args.scorers, args.duration * args.find_steps, games
        ).items()
    }
    print(f"database {args.db}: recreating and migrating …", flush=True)
    prepare_database(args.db, env)
    started = time.perf_counter()
    plan = setup(args.scorers, matches, args.seed, games, field_size=args.players)
    for p in plan:
        p["next"] = 0
    print(
        f"set up {args.scorers} scorers × {matches} matches in "
        f"{time.perf_counter() - started:.1f} s; steps of {args.duration:g} s, "
        f"{args.spectators} spectators after {args.solo:g} s",
        flush=True,
    )
    nodes = nodes_start(
        env,
        args.nodes,
        args.workers,
        args.threads,
        redis=args.redis,
        worker_nice=args.worker_nice,
        workdir=workdir,
    )
    steps: list[Step] = []
    played: list[Scorer] = []
    try:
        if not all(wait_for_site(base) for base in nodes.bases):
            print("gunicorn did not answer", file=sys.stderr)
            return 1
        warm = Scorer(token=plan[0]["token"], matches=[], base=nodes.bases[0])
        for p in plan:  # every worker's connection and caches
            warm.token = p["token"]
            for base in nodes.bases:
                warm.base = base
                fetch_version(warm, p["matches"][0]["id"])
        nodes.settle()
        speed_before = machine_speed()
        while len(steps) < args.find_steps:
            rate = find_rate_next(
                [s.rate for s in steps if s.passed],
                [s.rate for s in steps if not s.passed],
                low=args.find_low,
                high=args.find_high,
                resolution=args.find_resolution,
            )
            if rate is None:
                break
            step, scorers = find_rate_step(nodes, plan, args, rate, len(steps) + 1)
            steps.append(step)
            played += scorers
            print(
                f"step {len(steps)}  {rate:g} deals/s offered: {step.deals / step.elapsed:.1f}/s "
                f"stored, deals p95 {step.deal_p95:.1f} ms (watched), spectators' polls p95 "
                f"{step.poll_p95:.1f} ms, machine speed {step.speed:.0f} ms"
                + (f", {step.errors} errors" if step.errors else "")
                + (": pass" if step.passed else ": fail"),
                flush=True,
            )
            time.sleep(2.0)  # the last refreshes
        speed_after = machine_speed()
    finally:
        nodes.stop()
    inprocess = inprocess_cpu_per_deal(plan)
    problems = verify(played) + [e for s in played for e in s.errors]
    for problem in problems[:20]:
        print("PROBLEM:", problem)
    print(
        "integrity          "
        + (
            "OK: each acknowledged deal stored once, scores = rescoring"
            if not problems
            else "FAILED"
        )
    )
    solo_deals = sum(s.solo_deals for s in steps)
    served = 1000 * sum(s.solo_cpu for s in steps) / solo_deals if solo_deals else float("nan")
    print(
        f"CPU per deal       served {served:.2f} ms (gunicorn's processes while the scorers were "
        f"alone, {solo_deals} deals with their resends and version reads), in-process "
        f"{inprocess:.2f} ms (thread CPU, median)"
    )
    print(f"ratio cpu-served/cpu-inprocess {served / inprocess:.2f}")
    best = max((s.rate for s in steps if s.passed), default=0.0)
    cores = os.cpu_count() or 1
    print(
        f"host speed         machine speed {speed_before:.0f} ms before, {speed_after:.0f} ms "
        f"after (the fixed loop; lower is faster), {cores} cores, "
        f"{datetime.datetime.now(datetime.UTC).date().isoformat()} (UTC); best passing rate "
        f"{best:g} deals/s"
    )
    print(f"capacity {best / cores:.1f} deals/s per core")
    return 1 if problems else 0


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
    parser.add_argument(
        "--spectators",
        type=int,
        default=0,
        help="simulated spectators: each loads a live page once, then polls its fragment "
        "every 5 s as htmx does (issue 22)",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="players entered in each tournament (default: 200 with spectators, else as the "
        "tables need)",
    )
    parser.add_argument(
        "--solo",
        type=float,
        default=5.0,
        help="seconds the scorers play alone before the spectators come (the site's CPU per "
        "deal is measured then)",
    )
    parser.add_argument(
        "--worker-nice",
        type=int,
        default=10,
        choices=range(20),
        metavar="0-19",
        help="the Celery worker's autogroup nice: 10 gives it about the share CPUWeight=10 "
        "gives the deployed worker (docs/deployment.md); 0 an equal share",
    )
    parser.add_argument(
        "--nodes",
        type=int,
        default=1,
        help="web nodes: a gunicorn master of its own (port, workers) and a Celery worker "
        "each, one beat for all, on the one PostgreSQL and Redis (issue 33, item 5)",
    )
    parser.add_argument(
        "--find-rate",
        action="store_true",
        help="search for the highest --rate at which deals and spectators' polls p95 both "
        "stay ≤ 50 ms (issue 36): steps of --duration seconds with --spectators (200)",
    )
    parser.add_argument("--find-low", type=float, default=40.0, help="the search's first rate")
    parser.add_argument("--find-high", type=float, default=160.0, help="the highest rate tried")
    parser.add_argument("--find-steps", type=int, default=5, help="steps at most")
    parser.add_argument(
        "--find-resolution",
        type=float,
        default=10.0,
        help="stop once a passing and a failing rate are this close",
    )
    parser.add_argument("--strict", action="store_true", help="exit 2 when a goal is missed")
    args = parser.parse_args()
    if args.find_rate and not args.spectators:
        args.spectators = 200
    if args.players is None:
        args.players = 200 if args.spectators else 0
    if args.nodes < 1:
        parser.error("--nodes must be 1 or more")

    # The run's own directory (--nodes: the shared MEDIA_ROOT, beat's schedule and pid file).
    workdir = Path(tempfile.mkdtemp(prefix="bench-entry-"))
    atexit.register(shutil.rmtree, workdir, True)
    extra = {}
    if args.nodes > 1:
        extra = {
            # One MEDIA_ROOT for all the nodes, as a shared disk (or bucket) would be.
            "MEDIA_ROOT": str(workdir / "media"),
            # The export check asks each node for the export, from one address.
            "ANON_HEAVY_THROTTLE_RATE": "1000/second",
        }
    env = site_env(args.db, args.redis, **extra)
    os.environ.update(env)
    from config import gunicorn as deployed  # the site's own gunicorn settings

    args.workers = args.workers or deployed.workers
    args.threads = args.threads or deployed.threads
    games = GAMES[args.game]
    if args.find_rate:
        return find_rate(args, env, workdir)
    matches: int | dict[str, int] = args.matches or matches_per_scorer(
        args.rate, args.scorers, args.duration, games
    )

    print(f"database {args.db}: recreating and migrating …", flush=True)
    prepare_database(args.db, env)
    started = time.perf_counter()
    plan = setup(args.scorers, matches, args.seed, games, field_size=args.players)
    total_matches = sum(len(p["matches"]) for p in plan)
    print(
        f"set up {args.scorers} scorers ({', '.join(games)}) × {matches} matches = "
        f"{total_matches} tables "
        f"in {time.perf_counter() - started:.1f} s",
        flush=True,
    )

    nodes = nodes_start(
        env,
        args.nodes,
        args.workers,
        args.threads,
        redis=args.redis,
        worker_nice=args.worker_nice,
        workdir=workdir,
    )
    worker_share = nodes.worker_share
    bases = nodes.bases
    node_lines: list[str] = []
    try:
        if not all(wait_for_site(base) for base in bases):
            print("gunicorn did not answer", file=sys.stderr)
            return 1
        # Scorer i plays on node i % N and sends its resends to the next node.
        scorers = [
            Scorer(
                token=p["token"],
                matches=p["matches"],
                base=bases[i % len(bases)],
                game=p["game"],
                other=bases[(i + 1) % len(bases)] if len(bases) > 1 else "",
            )
            for i, p in enumerate(plan)
        ]
        for scorer in scorers:  # warm every worker's connection and caches
            fetch_version(scorer, scorer.matches[0]["id"])
        nodes.settle()
        interval = args.scorers / args.rate if args.rate else 0.0
        gate = threading.Barrier(len(scorers) + 1)
        threads = [
            threading.Thread(
                target=run_scorer,
                args=(scorer, args.duration, interval, random.Random(args.seed * 1000 + i), gate),
            )
            for i, scorer in enumerate(scorers)
        ]
        tournaments = sorted({p["tournament"] for p in plan})
        # The spectators and the freshness watcher run in processes of their own, as phones
        # do: in this one, their threads' parsing held the scorers' GIL (Crowd says more).
        crowd = Crowd(bases, tournaments, args) if args.spectators else None
        if crowd is not None:
            for scorer in scorers:
                scorer.on_finish = crowd.match_finished
        speed_before = machine_speed()
        for thread in threads:
            thread.start()
        node_cpu0 = nodes.site_cpu()
        server_cpu0 = sum(node_cpu0)
        worker_cpu0 = cpu_seconds("celery")
        db_cpu0 = postgres_cpu_seconds()
        statements_kept = statements_reset(args.db)
        client_cpu0 = time.process_time()
        gate.wait()
        t0 = time.perf_counter()
        solo_cpu = 0.0
        if crowd is not None:
            crowd.begin(t0)
            # The spectators come once the scorers have played alone for a while (the CPU
            # per deal is read then).
            time.sleep(max(0.0, t0 + args.solo - time.perf_counter()))
            solo_cpu = sum(nodes.site_cpu()) - server_cpu0
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - t0
        watched: Watched | None = None
        if crowd is not None:
            # The last finished matches' standings refresh (1 s later) and a poll or two.
            time.sleep(3.0)
            watched = crowd.end()
        node_cpu = [
            after - before for after, before in zip(nodes.site_cpu(), node_cpu0, strict=True)
        ]
        server_cpu = sum(node_cpu)
        worker_cpu = cpu_seconds("celery") - worker_cpu0
        db_cpu = postgres_cpu_seconds() - db_cpu0
        client_cpu = time.process_time() - client_cpu0 + (watched.cpu if watched else 0.0)
        speed_after = machine_speed()
        if len(bases) > 1:
            from django.conf import settings

            node_lines = export_check(
                bases, tournaments[0], settings.EXPORT_STREAMS_PER_PROCESS, args.workers
            )
            beats = beats_on_broker(args.redis)
            node_lines.append(
                f"celery beat        {beats} on the broker (started once by the bench for "
                f"the {len(bases)} nodes; each node runs a worker, none runs -B)"
                + ("" if beats == 1 else "  PROBLEM: want exactly 1")
            )
            if beats != 1:
                node_lines.append("PROBLEM: not exactly one celery beat")
    finally:
        nodes.stop()

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
    if len(bases) > 1:
        print(
            f"nodes              {len(bases)}: each a gunicorn master of its own "
            f"({args.workers} workers × {args.threads} threads) and a Celery worker; one "
            "PostgreSQL, one Redis, one celery beat"
        )
    else:
        print(f"gunicorn           {args.workers} workers × {args.threads} threads, PostgreSQL")
    print(f"Celery worker      {worker_share}")
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
    if statements_kept:
        print("database's time    by statement (pg_stat_statements), during the load:")
        for line in statements_report(args.db):
            print(line)
    else:
        print(
            "database's time    not kept (load pg_stat_statements in shared_preload_libraries "
            "to see it by statement: docs/deployment.md)"
        )
    spectator_goal = True
    if watched is not None:
        spectator_goal = report_spectators(
            scorers,
            watched,
            t0=t0,
            solo=args.solo,
            solo_cpu=solo_cpu,
            server_cpu=server_cpu,
        )
    if len(bases) > 1:
        report_nodes(nodes, scorers, watched, node_cpu)
        for line in node_lines:
            if not line.startswith("PROBLEM"):
                print(line)
    errors = [e for s in scorers for e in s.errors]
    errors += [line.removeprefix("PROBLEM: ") for line in node_lines if line.startswith("PROBLEM")]
    problems = verify(scorers)
    for problem in (errors + problems)[:20]:
        print("PROBLEM:", problem)
    ok = not errors and not problems
    verdict = "OK: each acknowledged deal stored once, scores = rescoring" if ok else "FAILED"
    print(f"integrity          {verdict}")
    if watched is not None:
        goal = spectator_goal
    else:
        goal = rate >= 200 and p95 <= 100
        print(f"goal (≥200/s, p95≤100ms) {'met' if goal else 'missed'}")
    if not ok:
        return 1
    if args.strict and not goal:
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
