"""The site's CPU per deal and per live poll, in one process (issue 22): no load, no gunicorn.

    .venv/bin/python bench/hotpath.py [--db deberc_bench_hotpath] [--deals 300] [--polls 40]
                                      [--profile deal|poll|all] [--top 40] [--served CLIENTS]
                                      [--pause SECONDS]

Creates its own PostgreSQL database (as bench/entry.py does, with the site's production
settings: DEBUG off, Redis cache, persistent connections), sets up the same two tournaments
(a Deberc and a Preferans evening, 200 players each, 32 scorers' tables) and calls the site's
WSGI application directly, as gunicorn does, with the requests the bench's clients send:

- deals: `POST /api/v1/matches/{id}/deals/` with a token, an Idempotency-Key and the version,
  for each game, the process CPU (time.thread_time) of each request;
- live polls, as htmx sends them (HX-Request, HX-Current-URL, If-None-Match with the last
  ETag, an anonymous visitor's cookie): the overview, the standings (page 1), the round and the
  big screen, each "after a change" (a deal at the first table in play, which every page
  shows, between two polls: what the bench's spectators see; each renders it, coalescing
  off), "another spectator" of it whose ETag is older (the stored bytes, before the view) and
  "unchanged" (304).

- the framework's floor (issue 36), in the same run, timed in a row before the deals and again
  after the polls (a host's speed drifts within a minute): a bare DRF view answering a small
  JSON (bench/floor_urls.py) through Django's WSGI handler with no middleware, and the same
  view through the site's whole stack.

Prints the medians (and p90) in milliseconds of CPU, with the machine speed of bench/entry.py
before and after, then one line per ratio of medians to the floor (`ratio 304/floor 1.8`: the
slowest 304; `ratio deal/floor`: the slower game's deal; `ratio fragment/floor`: the slowest
changed fragment), each with its goal (2, 4, 3) and its p90 / median (goal ≤ 1.5), and what
the stack alone adds (`ratio stack/floor`). Then what bounds those ratios from below: each
timed request's round trips to PostgreSQL and to Redis, counted apart from the timing (a
counter costs CPU), and what one costs on this host (`SELECT 1` through Django's cursor, a
`GET` through the site's cache, timed in a row as the floor is): `bound deal/floor 2.8` is the
floor plus the deal's round trips and nothing else, the least such a request can cost.
`--profile` prints cProfile's top functions of those requests (CPU time; HOTPATH_SORT=tottime
sorts by own time). `--pause S` times the deals again with S seconds before each (the CPU of a
deal that finds the core idle). `--served N` then posts deals through gunicorn as deployed from
N client threads (`--served-rate`, `--served-seconds`, after 3 s of warm-up;
`--served-workers`, `--served-threads`: 2 × 4) and prints gunicorn's CPU per deal, with the
kernel's part of it.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import datetime
import html
import io
import json
import os
import platform
import pstats
import re
import statistics
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import entry  # noqa: E402  (bench/entry.py: the same setup and settings)

HX_GET = re.compile(r'hx-get="([^"]+)"')
PAGES = (
    ("overview", "/tournaments/{t}/"),
    ("standings", "/tournaments/{t}/standings/"),
    ("round", "/tournaments/{t}/rounds/1/"),
    ("screen", "/tournaments/{t}/screen/"),
)


class Wsgi:
    """Calls the WSGI application as gunicorn does and times each call's thread CPU.
    `bare`: Django's WSGI handler with no middleware at all (the framework's floor)."""

    def __init__(self, *, bare: bool = False) -> None:
        from config.wsgi import application

        self.app = application
        if bare:
            from django.core.handlers.wsgi import WSGIHandler
            from django.test.utils import override_settings

            # The handler reads its middleware once, when it is made.
            with override_settings(MIDDLEWARE=[]):
                self.app = WSGIHandler()

    def call(
        self, method: str, path: str, headers: dict[str, str], body: bytes = b""
    ) -> tuple[int, dict[str, str], bytes, float]:
        path_info, _, query = path.partition("?")
        environ: dict[str, Any] = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path_info,
            "QUERY_STRING": query,
            "SCRIPT_NAME": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "HTTP_HOST": "127.0.0.1:8000",
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": True,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
            "wsgi.version": (1, 0),
        }
        if body:
            environ["CONTENT_LENGTH"] = str(len(body))
        for name, value in headers.items():
            key = name.upper().replace("-", "_")
            if key == "CONTENT_TYPE":
                environ["CONTENT_TYPE"] = value
            else:
                environ["HTTP_" + key] = value
        answer: dict[str, Any] = {}

        def start_response(status: str, response_headers: list[tuple[str, str]], *_: Any) -> None:
            answer["status"] = int(status.split()[0])
            answer["headers"] = {k.lower(): v for k, v in response_headers}

        started = time.thread_time()
        result = self.app(environ, start_response)
        try:
            content = b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        cpu = (time.thread_time() - started) * 1000
        return answer["status"], answer["headers"], content, cpu


class Deals:
    """Each scorer's tables, dealt one deal at a time (a finished match makes way for the next)."""

    def __init__(self, wsgi: Wsgi, plan: list[dict[str, Any]]) -> None:
        self.wsgi = wsgi
        self.queue: dict[str, list[dict[str, Any]]] = {}
        for scorer in plan:
            for match in scorer["matches"]:
                self.queue.setdefault(scorer["game"], []).append(
                    {**match, "token": scorer["token"], "version": None, "next": 0}
                )

    # While the polls are profiled, the deals between them are not (their own profile is
    # `--profile deal`).
    unprofiled: cProfile.Profile | None = None

    def post(self, game: str, shown: bool = False, trips: RoundTrips | None = None) -> float:
        """A deal at the next table in turn (round robin, as the scorers deal), or with
        `shown` at the first table in play (one every live page shows). With `trips`, the
        deal's round trips are counted (its POST's: not a match's first version read)."""
        if self.unprofiled is not None:
            self.unprofiled.disable()
            try:
                return self._post(game, shown, trips)
            finally:
                self.unprofiled.enable()
        return self._post(game, shown, trips)

    def _post(self, game: str, shown: bool, trips: RoundTrips | None) -> float:
        tables = self.queue[game]
        while tables and tables[0]["next"] >= len(tables[0]["deals"]):
            tables.pop(0)
        if not tables:
            raise SystemExit(f"no {game} deal left: ask for fewer --deals")
        match = tables.pop(tables.index(min(tables, key=lambda t: t["id"])) if shown else 0)
        auth = {"Authorization": f"Token {match['token']}"}
        if match["version"] is None:
            status, _h, content, _cpu = self.wsgi.call(
                "GET", f"/api/v1/matches/{match['id']}/", auth
            )
            match["version"] = json.loads(content)["version"]
        deal = match["deals"][match["next"]]
        body = json.dumps({**deal, "version": match["version"]}).encode()
        headers = {**auth, "Content-Type": "application/json", "Idempotency-Key": uuid.uuid4().hex}

        def call() -> tuple[int, dict[str, str], bytes, float]:
            return self.wsgi.call("POST", f"/api/v1/matches/{match['id']}/deals/", headers, body)

        status, _h, content, cpu = call() if trips is None else trips.count(f"deal {game}", call)
        if status != 201:
            raise SystemExit(f"deal refused: {status} {content[:300]!r}")
        doc = json.loads(content)
        match["version"] = doc["version"]
        match["next"] += 1
        if not doc["finished"]:
            tables.append(match)
        return cpu


class Floor:
    """The framework's floor on this host (issue 36): a bare DRF view answering a small JSON
    (bench/floor_urls.py) through Django's WSGI handler without any middleware, and the same
    view through the site's whole stack. Timed in a row, as the deals and the polls are (a
    request between others of another kind finds the core's caches cold and costs more), in
    a block before them and another after: on a shared host the CPU a request costs drifts
    by a third within a minute, and one block at the end had the floor vary 0.21–0.42 ms."""

    HEADERS = {"Accept-Language": "uk"}
    BARE = "floor (no middleware)"
    STACK = "floor through the site's stack"

    def __init__(self, site: Wsgi, results: dict[str, list[float]]) -> None:
        self.apps = ((Wsgi(bare=True), self.BARE), (site, self.STACK))
        self.results = results
        for app, _name in self.apps:
            for _ in range(50):  # warm
                app.call("GET", "/bench-floor/", self.HEADERS)

    def block(self, count: int) -> None:
        for app, name in self.apps:
            timed = self.results.setdefault(name, [])
            for _ in range(count):
                status, _h, _b, cpu = app.call("GET", "/bench-floor/", self.HEADERS)
                if status != 200:
                    raise SystemExit(f"the floor's view answered {status}")
                timed.append(cpu)


class RoundTrips:
    """The round trips a request makes to PostgreSQL and to Redis, and what one costs here.

    A round trip costs the site's thread CPU of its own (the client's Python on both sides of
    the socket, the system calls): a fifth to a half of a floor on the hosts measured. A
    request that makes n of them cannot cost less than the floor plus n of them, however
    little else it does; that sum over the floor is the request's bound (`bound deal/floor`).
    Counted apart from the timed requests: the counters cost CPU too."""

    POSTGRES = "round trip to PostgreSQL (SELECT 1)"
    REDIS = "round trip to Redis (GET)"

    def __init__(self) -> None:
        self.postgres = 0
        self.redis = 0
        # The request's name -> the round trips each time it was counted.
        self.counted: dict[str, list[tuple[int, int]]] = {}

    @contextlib.contextmanager
    def _counting(self) -> Iterator[None]:
        import redis.connection
        from django.db import connection

        def statement(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
            self.postgres += 1
            return execute(sql, params, many, context)

        # Every command and every pipeline (one round trip) goes out through this method.
        connection_class: Any = redis.connection.AbstractConnection
        send = connection_class.send_packed_command

        def sent(conn: Any, command: Any, check_health: bool = True) -> Any:
            self.redis += 1
            return send(conn, command, check_health)

        connection_class.send_packed_command = sent
        try:
            with connection.execute_wrapper(statement):
                yield
        finally:
            connection_class.send_packed_command = send

    def count(self, name: str, run: Callable[[], Any]) -> Any:
        """`run()`'s answer; its round trips are counted under `name`."""
        self.postgres = self.redis = 0
        with self._counting():
            answer = run()
        self.counted.setdefault(name, []).append((self.postgres, self.redis))
        return answer

    def block(self, results: dict[str, list[float]], count: int) -> None:
        from django.core.cache import cache
        from django.db import connection

        timed = results.setdefault(self.POSTGRES, [])
        with connection.cursor() as cursor:
            for _ in range(count):
                started = time.thread_time()
                cursor.execute("SELECT 1")
                cursor.fetchone()
                timed.append((time.thread_time() - started) * 1000)
        timed = results.setdefault(self.REDIS, [])
        for _ in range(count):
            started = time.thread_time()
            cache.get("bench:round-trip")
            timed.append((time.thread_time() - started) * 1000)

    def of(self, name: str) -> tuple[int, int] | None:
        """The round trips `name` made most often when counted (None: never counted)."""
        counted = self.counted.get(name)
        if not counted:
            return None
        return statistics.mode(counted)


def figures(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return f"median {statistics.median(values):6.2f} ms  p90 {p90:6.2f} ms  (n={len(values)})"


def profiled(
    enabled: bool, run: Callable[[], None], top: int, title: str, deals: Deals | None = None
) -> None:
    """Run `run`, under cProfile when `enabled`; the deals `deals` posts meanwhile are left
    out of the profile."""
    if not enabled:
        run()
        return
    profile = cProfile.Profile(time.thread_time)  # CPU, not the waits for PostgreSQL
    if deals is not None:
        deals.unprofiled = profile
    profile.enable()
    try:
        run()
    finally:
        profile.disable()
        if deals is not None:
            deals.unprofiled = None
    out = io.StringIO()
    stats = (
        pstats.Stats(profile, stream=out)
        .strip_dirs()
        .sort_stats(os.environ.get("HOTPATH_SORT", "cumulative"))
    )
    stats.print_stats(top)
    print(f"\n--- cProfile: {title} ---\n{out.getvalue()}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="deberc_bench_hotpath")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/13")
    parser.add_argument("--deals", type=int, default=300, help="deals timed per game")
    parser.add_argument("--polls", type=int, default=40, help="polls timed per fragment and case")
    parser.add_argument("--scorers", type=int, default=32)
    parser.add_argument("--profile", choices=("deal", "poll", "all"), default=None)
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument(
        "--pause",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="also time the deals with this pause before each (0.0167: 60 deals/s)",
    )
    parser.add_argument(
        "--served",
        type=int,
        default=0,
        metavar="CLIENTS",
        help="also post deals through gunicorn (config/gunicorn.py) from this many client "
        "threads for --served-seconds, and print gunicorn's CPU per deal",
    )
    parser.add_argument("--served-seconds", type=float, default=8.0)
    parser.add_argument("--served-rate", type=float, default=60.0, help="deals/s in all")
    parser.add_argument("--served-workers", type=int, default=2)
    parser.add_argument("--served-threads", type=int, default=4)
    args = parser.parse_args()

    env = entry.site_env(args.db, args.redis)
    # Each poll after a change renders it (the figure `ratio fragment/floor` is of): none
    # answered as first rendered a second before (tournaments.live.fast, bench/entry.py's
    # spectators have it as deployed).
    env["LIVE_COALESCE_SECONDS"] = "0"
    os.environ.update(env)
    print(f"database {args.db}: recreating and migrating …", flush=True)
    entry.prepare_database(args.db, env)
    entry.flush_redis(args.redis)
    # Enough deals for the timing and the polls' changes, on 200 players' tournaments.
    per_scorer = {"deberc": 16, "preferans": 8}
    plan = entry.setup(args.scorers, per_scorer, 7, ("deberc", "preferans"), field_size=200)
    from django.conf import settings

    # The site's URLs and the floor's view (bench/floor_urls.py), in this process only.
    settings.ROOT_URLCONF = "floor_urls"
    wsgi = Wsgi()
    deals = Deals(wsgi, plan)
    tournaments = {p["game"]: p["tournament"] for p in plan}

    speed_before = entry.machine_speed()
    for game in ("deberc", "preferans"):  # warm: each path once, lookups built
        for _ in range(20):
            deals.post(game)
    results: dict[str, list[float]] = {}
    floor = Floor(wsgi, results)
    floor.block(args.polls * 5)

    def run_deals() -> None:
        for game in ("deberc", "preferans"):
            timed = results[f"deal {game}"] = []
            for _ in range(args.deals):
                timed.append(deals.post(game))
        if args.pause:
            # The same deals after an idle moment each, as they come to a server: the core's
            # caches are cold then (docs/performance.md, "A fifth host").
            for game in ("deberc", "preferans"):
                timed = results[f"deal {game}, {args.pause:g} s apart"] = []
                for _ in range(args.deals):
                    time.sleep(args.pause)
                    timed.append(deals.post(game))

    profiled(args.profile in ("deal", "all"), run_deals, args.top, "deals")

    # The live pages of the Deberc evening, as a spectator loads and polls them.
    tournament = tournaments["deberc"]
    fragments: dict[str, tuple[str, dict[str, str]]] = {}
    for kind, path in PAGES:
        path = path.format(t=tournament)
        status, headers, body, _cpu = wsgi.call("GET", path, {"Accept-Language": "uk"})
        found = HX_GET.search(body.decode()) if status == 200 else None
        if found is None:
            raise SystemExit(f"{path}: {status}, no polled fragment")
        cookie = headers.get("set-cookie", "").split(";", 1)[0]
        fragments[kind] = (
            html.unescape(found.group(1)),
            {
                "Accept-Language": "uk",
                "HX-Request": "true",
                "HX-Current-URL": "http://127.0.0.1:8000" + path,
                **({"Cookie": cookie} if cookie else {}),
            },
        )

    def poll(kind: str, etag: str) -> tuple[int, str, float]:
        fragment, headers = fragments[kind]
        status, answer, _body, cpu = wsgi.call(
            "GET", fragment, {**headers, **({"If-None-Match": etag} if etag else {})}
        )
        if status not in (200, 304):
            raise SystemExit(f"{fragment}: {status}")
        return status, answer.get("etag", etag), cpu

    from tournaments.live.models import LiveVersion

    def live_version() -> int:
        return (
            LiveVersion.objects.filter(tournament_id=tournament)
            .values_list("version", flat=True)
            .first()
            or 0
        )

    version_before = live_version()

    def run_polls() -> None:
        etags = {kind: "" for kind in fragments}
        for kind in fragments:  # warm
            etags[kind] = poll(kind, "")[1]
        for _ in range(args.polls):
            for kind in fragments:
                deals.post("deberc", shown=True)  # a shown table changed since the last poll
                status, etags[kind], cpu = poll(kind, etags[kind])
                results.setdefault(f"poll {kind} after a change", []).append(cpu)
                answered[status] = answered.get(status, 0) + 1
                # Another spectator of it, whose last answer is older: the bytes the view
                # stored, before the view (tournaments.live.fast).
                status, _etag, cpu = poll(kind, '"an-older-one"')
                if status == 200:
                    results.setdefault(f"poll {kind}, another spectator (stored)", []).append(cpu)
                status, etags[kind], cpu = poll(kind, etags[kind])
                if status == 304:
                    results.setdefault(f"poll {kind} unchanged (304)", []).append(cpu)

    answered: dict[int, int] = {}
    profiled(args.profile in ("poll", "all"), run_polls, args.top, "polls", deals)

    floor.block(args.polls * 5)
    bumps = live_version() - version_before

    # The round trips of each timed kind of request, counted after the timing (the counters
    # cost CPU), and what one costs, timed in a row beside the floor.
    trips = RoundTrips()

    def count_round_trips() -> None:
        etags = {kind: poll(kind, "")[1] for kind in fragments}
        for _ in range(5):
            for game in ("deberc", "preferans"):
                deals.post(game, trips=trips)
            for kind in fragments:
                deals.post("deberc", shown=True)
                etags[kind] = trips.count(
                    f"poll {kind} after a change", lambda kind=kind: poll(kind, etags[kind])
                )[1]
                trips.count(
                    f"poll {kind}, another spectator (stored)",
                    lambda kind=kind: poll(kind, '"an-older-one"'),
                )
                trips.count(
                    f"poll {kind} unchanged (304)", lambda kind=kind: poll(kind, etags[kind])
                )

    count_round_trips()
    trips.block(results, args.polls * 5)
    served = served_deals(args, plan, deals) if args.served else None
    speed_after = entry.machine_speed()

    print()
    print(
        f"machine speed  {speed_before:.0f} ms before, {speed_after:.0f} ms after "
        "(bench/entry.py's loop; lower is faster)"
    )
    print(
        f"polls after a change: {answered} by status; the tournament's live version "
        f"changed {bumps} times in {args.polls * len(fragments)} deals"
    )
    print("thread CPU per request (the site's Python and its waits' own CPU):")
    for name, values in results.items():
        print(f"  {name:44} {figures(values)}")
    if served is not None:
        print(served)
    for line in ratio_lines(results):
        print(line)
    for line in bound_lines(results, trips):
        print(line)
    print(
        f"ratios measured {datetime.date.today().isoformat()} on {platform.machine()} "
        f"({os.cpu_count()} cores), machine speed {speed_before:.0f}/{speed_after:.0f} ms"
    )
    entry.flush_redis(args.redis)
    return 0


# The goals of issue 36, as ratios of medians to the floor measured in the same run.
RATIO_GOALS = {"304/floor": 2.0, "deal/floor": 4.0, "fragment/floor": 3.0}
SPREAD_GOAL = 1.5  # each figure's p90 within this many times its median


def ratio_requests(results: dict[str, list[float]]) -> list[tuple[str, str]]:
    """(ratio, the timed request it is of): the slowest 304, the slower game's deal and the
    slowest changed fragment (medians)."""

    def slowest(prefix: str, suffix: str = "") -> str:
        named = [
            name
            for name in results
            if name.startswith(prefix) and name.endswith(suffix) and ", " not in name
        ]
        return max(named, key=lambda name: statistics.median(results[name]))

    return [
        ("304/floor", slowest("poll ", "(304)")),
        ("deal/floor", slowest("deal ")),
        ("fragment/floor", slowest("poll ", "after a change")),
    ]


def ratio_lines(results: dict[str, list[float]]) -> list[str]:
    """`ratio 304/floor 1.8` and its kin (medians), each with its goal and the spread (p90 /
    median) of the figure: the slowest 304, the slower game's deal and the slowest changed
    fragment, over the floor without middleware; then what the site's stack adds."""
    floor = statistics.median(results[Floor.BARE])

    def spread(values: list[float]) -> float:
        ordered = sorted(values)
        p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
        return p90 / statistics.median(ordered)

    lines = []
    for ratio, name in ratio_requests(results):
        values = results[name]
        value = statistics.median(values) / floor
        met = value <= RATIO_GOALS[ratio] and spread(values) <= SPREAD_GOAL
        lines.append(
            f"ratio {ratio} {value:.1f}  (goal ≤ {RATIO_GOALS[ratio]:g}; {name}; "
            f"p90/median {spread(values):.2f}; {'met' if met else 'NOT met'})"
        )
    stack = statistics.median(results[Floor.STACK]) / floor
    lines.append(f"ratio stack/floor {stack:.1f}  (the same view through every middleware)")
    return lines


def bound_lines(results: dict[str, list[float]], trips: RoundTrips) -> list[str]:
    """Each timed request's round trips (PostgreSQL + Redis), then for each ratio of
    `ratio_lines` its bound: the floor plus the round trips of the request the ratio is of,
    over the floor (`bound deal/floor 2.8`), the least that request can cost as it is made,
    set against the ratio's goal."""
    floor = statistics.median(results[Floor.BARE])
    postgres = statistics.median(results[RoundTrips.POSTGRES])
    redis = statistics.median(results[RoundTrips.REDIS])
    counted = [(name, trips.of(name)) for name in results]
    lines = [
        "round trips per request (PostgreSQL + Redis, counted apart from the timing): "
        + "; ".join(f"{name} {found[0]} + {found[1]}" for name, found in counted if found)
    ]
    for ratio, name in ratio_requests(results):
        found = trips.of(name)
        if found is None:
            continue
        bound = (floor + found[0] * postgres + found[1] * redis) / floor
        lines.append(
            f"bound {ratio} {bound:.1f}  ({name}: the floor and its {found[0]} PostgreSQL and "
            f"{found[1]} Redis round trips, nothing else; the goal is "
            f"{RATIO_GOALS[ratio]:g}, {'within' if bound <= RATIO_GOALS[ratio] else 'BEYOND'} "
            "reach of a request made so)"
        )
    return lines


def main_threads_cpu(port: int) -> float:
    """CPU seconds of the main threads (a gthread worker's poller) of the gunicorn serving
    `port` (its command line names it; not another gunicorn of the site on the host)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if b"127.0.0.1:%d\0" % port not in (proc / "cmdline").read_bytes():
                continue
            fields = (proc / "task" / proc.name / "stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            continue
    return total / tick


def served_deals(args: argparse.Namespace, plan: list[dict[str, Any]], deals: Deals) -> str:
    """Deals through gunicorn as deployed: its processes' CPU (user + system) per deal."""
    import random
    import threading

    from django.db import connections

    connections.close_all()
    port = entry.free_port()
    server = entry.start_site(os.environ.copy(), port, args.served_workers, args.served_threads)
    base = f"http://127.0.0.1:{port}"
    site = f"127.0.0.1:{port} "  # this gunicorn's processes (their command line names it)
    try:
        if not entry.wait_for_site(base):
            return "gunicorn did not answer"
        tables: list[dict[str, Any]] = [
            t for game in ("deberc", "preferans") for t in deals.queue[game]
        ]
        lock = threading.Lock()
        latencies: list[float] = []
        main_cpu = [0.0]
        system = [0.0]
        interval = args.served / args.served_rate

        def client(i: int, seconds: float) -> None:
            scorer = entry.Scorer(token="", matches=[], base=base)
            pacer = entry.Pacer(seconds, interval, random.Random(i))
            while pacer.wait():
                with lock:
                    while tables and tables[0]["next"] >= len(tables[0]["deals"]):
                        tables.pop(0)
                    if not tables:
                        return
                    match = tables.pop(0)
                scorer.token = match["token"]
                if match["version"] is None:
                    match["version"] = entry.fetch_version(scorer, match["id"])
                body = json.dumps(
                    {**match["deals"][match["next"]], "version": match["version"]}
                ).encode()
                status, content, ms = scorer.post(match["id"], body, uuid.uuid4().hex)
                if status != 201:
                    print(f"served deal: {status} {content[:200]!r}", file=sys.stderr)
                    return
                doc = json.loads(content)
                match["version"] = doc["version"]
                match["next"] += 1
                with lock:
                    latencies.append(ms)
                    if not doc["finished"]:
                        tables.append(match)

        def phase(seconds: float) -> float:
            main0 = main_threads_cpu(port)
            cpu0 = entry.cpu_seconds(site)
            system0 = entry.cpu_seconds(site, "system")
            threads = [
                threading.Thread(target=client, args=(i, seconds)) for i in range(args.served)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            main_cpu[0] = main_threads_cpu(port) - main0
            system[0] = entry.cpu_seconds(site, "system") - system0
            return entry.cpu_seconds(site) - cpu0

        # Warm both workers first (each process builds the engines' tables once, ~0.3 s).
        phase(3.0)
        latencies.clear()
        cpu = phase(args.served_seconds)
    finally:
        entry.stop(server)
    count = len(latencies)
    return (
        f"served: {count} deals from {args.served} clients at {args.served_rate:g}/s: "
        f"gunicorn CPU {cpu * 1000 / max(count, 1):.2f} ms a deal (the kernel's part "
        f"{system[0] * 1000 / max(count, 1):.2f} ms; its workers' main "
        f"threads {main_cpu[0] * 1000 / max(count, 1):.2f} ms); latency p50 "
        f"{entry.percentile(latencies, 0.5):.1f} ms, p95 {entry.percentile(latencies, 0.95):.1f} ms"
    )


if __name__ == "__main__":
    sys.exit(main())
