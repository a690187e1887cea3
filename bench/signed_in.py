"""Signed-in reads benchmark (issue 31, item 3): what a person with a role sees, with one big
tournament in the database.

    .venv/bin/python bench/signed_in.py [--players 3000] [--rounds 3] [--repeat 20]
                                        [--big-draft] [--reuse] [--db deberc_bench_signed_in]

1. Creates (or, with --reuse, keeps) its own PostgreSQL database (`--db`, default
   deberc_bench_signed_in on 127.0.0.1:5432; BENCH_POSTGRES names another server), migrates
   it and generates a Swiss tournament of `--players` players with `--rounds` rounds played
   and rated (`manage.py generate_tournament`), published (as in the issue's probe) or, with
   `--big-draft`, a draft that the roles see only through their role. Every player has an
   account (the club's members, as the staff search finds them). Four people hold a role in
   it: its organiser (also the club's organiser), a referee, a scorer of tables of its last
   round and a player (one of the field, with their matches); each also holds that role in a
   small draft tournament of the club, so that each sees a draft through their role.
2. Times, through Django's test client in this process (DEBUG off, signed in with the
   session, as a browser), each read as each role and anonymously: the tournament list (API,
   and the home page that lists them), the leaderboard (API and page), the page of the
   player role's player, and the staff page's member search (its organiser's; the others are
   refused). Each read is asked once untimed, then `--repeat` times: p50, p95, the CPU a
   request took (this process's and its PostgreSQL backend's, which other jobs on a shared
   machine stretch far less than the wall time) and its SQL queries
   (CaptureQueriesContext), with the machine speed (bench/entry.py's fixed loop, about 30 ms
   on a quiet 2-vCPU EPYC) before and after, and the date. The leaderboard's ranking is
   kept in the cache per scope and data (live.selectors.LeaderboardScope), which the untimed
   request fills: the timed ones are the reads between two changes of the ratings or of what
   the visitor may see (the first after a change: docs/performance.md).

Goal: each ≤ 150 ms p95 with a number of queries that does not grow with the data (the test
tests/tournaments/events/test_signed_in_reads.py counts them with small and larger data).

3. The evening's pages (issue 35, item 19), a second group with its own goal, each ≤ 300 ms
   p95: in the same club (its 3,000 members are who may score a table) an evening's Deberc
   tournament of `--evening-players` players (3 rounds played, the 4th paired with its table
   cards issued) and a small Preferans one (`bench evening`, `bench preferans`). As the
   organiser: the new tournament form, the pairing page, the tables page (every round's
   matches), a played round's page, a Deberc and a Preferans match page, the players, staff,
   edit and reports pages and the paired round's table cards PDF; as the referee: the rule
   search and the ruling form of a match. Each is timed as the reads are, and its first
   request in this process (the cold one) is printed beside. The first rule search after a
   start is timed apart, in `--first-searches` fresh processes (`--first-search`, run by the
   bench itself): the issue's "first rulebook search 1.8 s"; then as many again after the
   warm-up a gunicorn worker does when it starts (`--warm`: config/gunicorn.py
   `post_worker_init`, config/warmup.py), whose own time is printed. And `--first-gunicorn`
   times a real gunicorn's first request (config/gunicorn.py, one worker): started that many
   times without the warm-up (GUNICORN_WARM_UP=0) and that many with it, each once its worker
   is idle (it has loaded the site: no CPU used for a second), an anonymous rule search. The
   goal counts the warmed-up figures (the site's workers warm up). `--no-evening` skips the
   group.

This process collects its garbage by Python's defaults: a full collection walks the whole
loaded site (some 160,000 objects, 100-150 ms) every few requests of a big page and lands in
its p95. A gunicorn worker freezes the loaded site out of them (config/gunicorn.py):
`--worker-gc` times the reads as such a worker serves them.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import secrets
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.entry import machine_speed, pg_url, recreate_database  # noqa: E402

ROLES = ("anonymous", "organiser", "referee", "scorer", "player")
GOAL_MS = 150
EVENING_GOAL_MS = 300
EVENING = "bench evening"
PREFERANS = "bench preferans"
BENCH_NAMES = ("bench draft", EVENING, PREFERANS)
RULE_QUERY = "висячка"


def settings_env(db: str) -> None:
    os.environ["DATABASE_URL"] = pg_url(db)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "false")
    # DEBUG off refuses the development key: one of the run's own.
    os.environ.setdefault("SECRET_KEY", "bench-" + secrets.token_urlsafe(48))
    # The pages are fetched over plain HTTP by the test client: no redirect to https://.
    os.environ.setdefault("SECURE_SSL_REDIRECT", "false")
    # Every read here is computed, none served from a cache of another process.
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("LOG_LEVEL", "ERROR")


def build(players: int, rounds: int, big_draft: bool) -> dict:
    """The big tournament, its four people and the small draft; returns their ids."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.core.management import call_command
    from django.db import connection, transaction

    from tournaments.clubs.models import ClubMember, Player
    from tournaments.events import setup
    from tournaments.events.models import Entry, Round, Table, Tournament

    User = get_user_model()
    started = time.perf_counter()
    call_command(
        "generate_tournament",
        players=players,
        rounds=rounds,
        table_size=2,
        system="swiss",
        organiser="bench_organiser",
        stdout=sys.stderr,
    )
    print(f"generate_tournament: {time.perf_counter() - started:.1f} s", file=sys.stderr)
    big = Tournament.objects.order_by("-pk")[0]
    club = big.club
    with transaction.atomic():
        if big_draft:
            Tournament.objects.filter(pk=big.pk).update(published=False)
        password = make_password("bench-" + secrets.token_urlsafe(12))
        field = list(Player.objects.filter(club=club, user__isnull=True).order_by("pk"))
        accounts = User.objects.bulk_create(
            [User(username=f"member{p.pk}", password=password) for p in field], batch_size=1000
        )
        for player, account in zip(field, accounts, strict=True):
            player.user = account
        Player.objects.bulk_update(field, ["user"], batch_size=1000)
        people = {}
        for role in ("organiser", "referee", "scorer"):
            people[role], _ = User.objects.get_or_create(username=f"bench_{role}")
            people[role].set_password("bench")
            people[role].save()
            ClubMember.objects.update_or_create(
                club=club, user=people[role], defaults={"role": role}
            )
        # The player: one of the field, with their matches and their rating.
        player = Player.objects.filter(club=club, rating_events__isnull=False).order_by("pk")[0]
        people["player"] = player.user
        big.referees.add(people["referee"])
        last = big.round_set.order_by("-number")[0]
        scored = list(last.tables.order_by("number")[:4])
        for table in scored:
            table.scorer = people["scorer"]
            table.save()
        # A small draft of the club in which each holds their role too.
        draft = setup.tournament_create(
            club=club, user=None, name="bench draft", rounds=3, table_size=2
        )
        draft.organisers.add(people["organiser"])
        draft.referees.add(people["referee"])
        others = list(Player.objects.filter(club=club).exclude(pk=player.pk).order_by("pk")[:3])
        for seed, who in enumerate([player, *others], start=1):
            Entry.objects.create(tournament=draft, player=who, seed=seed)
        draft_round = Round.objects.create(tournament=draft, number=1)
        Table.objects.create(round=draft_round, number=1, scorer=people["scorer"])
    # The planner's statistics, as autovacuum keeps them on a site that has been running.
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return {
        "big": big.pk,
        "draft": draft.pk,
        "player": player.pk,
        "player_account": player.user_id,
        "club": club.pk,
        **{role: user.pk for role, user in people.items()},
    }


def found(big_draft: bool) -> dict | None:
    """The ids of a database built before (--reuse), None when there is none."""
    from django.contrib.auth import get_user_model

    from tournaments.events.models import Tournament

    User = get_user_model()
    draft = Tournament.objects.filter(name="bench draft").first()
    big = Tournament.objects.exclude(name__in=BENCH_NAMES).order_by("-pk").first()
    if draft is None or big is None:
        return None
    Tournament.objects.filter(pk=big.pk).update(published=not big_draft)
    ids = {"big": big.pk, "draft": draft.pk, "club": big.club_id}
    for role in ("organiser", "referee", "scorer"):
        ids[role] = User.objects.get(username=f"bench_{role}").pk
    player = draft.entries.order_by("seed")[0].player
    ids["player"], ids["player_account"] = player.pk, player.user_id
    return ids


def evening_build(players: int) -> dict:
    """The evening's Deberc tournament and a small Preferans one in the big one's club, both
    organised by the bench's organiser with its referee (made once: kept with --reuse). The
    Deberc one has 3 rounds played and the 4th paired with a card issued for each table."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection

    from scoring.models import Match
    from tournaments.clubs.table_cards import cards_issue_round
    from tournaments.events.models import Tournament
    from tournaments.pairing.manager import round_pair

    User = get_user_model()
    organiser = User.objects.get(username="bench_organiser")
    referee = User.objects.get(username="bench_referee")
    made = {}
    for name, options in (
        (EVENING, {"players": players, "rounds": 3, "table_size": 2}),
        (PREFERANS, {"game": "preferans", "players": 13, "rounds": 2, "table_sizes": "3,4"}),
    ):
        tournament = Tournament.objects.filter(name=name).first()
        if tournament is None:
            call_command(
                "generate_tournament",
                system="swiss",
                organiser="bench_organiser",
                no_ratings=True,
                stdout=sys.stderr,
                **options,
            )
            tournament = Tournament.objects.order_by("-pk")[0]
            Tournament.objects.filter(pk=tournament.pk).update(name=name)
            tournament.referees.add(referee)
            tournament.organisers.add(organiser)
            if name == EVENING:
                round_pair(tournament=tournament)
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        made[name] = tournament
    evening, preferans = made[EVENING], made[PREFERANS]
    paired = evening.round_set.order_by("-number")[0]
    played = evening.round_set.filter(number=paired.number - 1)[0]
    # The round's cards, issued again by this run: a card's secret is derived under the
    # SECRET_KEY of the process that prints it (the bench's is its own, each run).
    cards_issue_round(round=paired, user=organiser)

    def a_match(tournament: Tournament, number: int) -> int:
        return (
            Match.objects.filter(round__tournament=tournament, round__number=number)
            .order_by("table__number")
            .values_list("pk", flat=True)[0]
        )

    return {
        "evening": evening.pk,
        "preferans": preferans.pk,
        "paired": paired.number,
        "played": played.number,
        "deberc_match": a_match(evening, played.number),
        "preferans_match": a_match(preferans, 2),
    }


def first_search(db: str, warm: bool = False) -> int:
    """`--first-search`: in this fresh process, the referee's first rule search after the
    start (nothing of the site loaded or cached before it), then a second one; prints
    `first <ms> second <ms> status <code>`. With `--warm`, after what a gunicorn worker does
    once it has loaded the site (config/gunicorn.py `post_worker_init`: the warm-up of
    config/warmup.py), its time printed as `warm <ms>`."""
    settings_env(db)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client

    if warm:
        import importlib

        started = time.perf_counter()
        importlib.import_module("config.gunicorn").post_worker_init(None)
        print(f"warm {(time.perf_counter() - started) * 1000:.1f}")

    client = Client()
    client.force_login(get_user_model().objects.get(username="bench_referee"))
    figures = []
    for _ in range(2):
        started = time.perf_counter()
        response = client.get(f"/rules/?q={RULE_QUERY}", HTTP_HOST="localhost")
        figures.append((time.perf_counter() - started) * 1000)
    print(f"first {figures[0]:.1f} second {figures[1]:.1f} status {response.status_code}")
    return 0


def first_search_timed(db: str, runs: int, warm: bool = False) -> tuple[list[float], list[float]]:
    """The first rule search of `runs` fresh processes (ms), and with `warm` each one's
    warm-up (ms, as a gunicorn worker's at its start)."""
    import subprocess

    firsts, warm_ups = [], []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, __file__, "--first-search", "--db", db, *(["--warm"] if warm else [])],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        line = [row for row in out.splitlines() if row.startswith("first ")][-1]
        firsts.append(float(line.split()[1]))
        warm_ups += [float(row.split()[1]) for row in out.splitlines() if row.startswith("warm ")]
    return firsts, warm_ups


def worker_idle(master: int, timeout: float = 120) -> None:
    """Wait until gunicorn's master `master` has a worker and that worker has used no CPU for
    a second: it has loaded the site (and warmed up, if it does) and waits for a connection."""
    deadline = time.monotonic() + timeout
    last, still_since = -1, time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.1)
        try:
            children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
            if not children:
                continue
            stat = Path(f"/proc/{children[0]}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        used = int(stat[11]) + int(stat[12])
        if used != last:
            last, still_since = used, time.monotonic()
        elif used > 0 and time.monotonic() - still_since >= 1.0:
            return
    raise RuntimeError("gunicorn's worker did not settle")


def first_gunicorn_timed(runs: int, warm: bool) -> list[float]:
    """`runs` times: a gunicorn of the site's settings (config/gunicorn.py, one worker of 4
    threads, its warm-up on or off: GUNICORN_WARM_UP), once its worker waits for a
    connection, the time of its first request (an anonymous rule search, ms)."""
    import signal
    import urllib.parse
    import urllib.request

    from bench.entry import free_port, start_site

    figures = []
    for _ in range(runs):
        port = free_port()
        env = {
            **os.environ,
            "GUNICORN_WARM_UP": "1" if warm else "0",
            "LOG_LEVEL": "ERROR",
            "REQUEST_LOG_LEVEL": "WARNING",
        }
        server = start_site(env, port, workers=1, threads=4)
        try:
            worker_idle(server.pid)
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/rules/?q={urllib.parse.quote(RULE_QUERY)}",
                headers={"Host": "localhost"},
            )
            started = time.perf_counter()
            with urllib.request.urlopen(request, timeout=60) as answer:
                answer.read()
            figures.append((time.perf_counter() - started) * 1000)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(30)
    return figures


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def backend_cpu() -> float:
    """CPU seconds used so far by this connection's PostgreSQL backend (a local server: its
    /proc entry; 0 when it cannot be read)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(
    client, url: str, repeat: int, first: list[float] | None = None
) -> tuple[list[float], int, int, float]:
    """`repeat` timed GETs of `url` after one untimed (its time appended to `first`): the
    times (ms), the queries of the last, its status, and the CPU a request took (ms, mean):
    this process's and its PostgreSQL backend's. On a shared machine other jobs stretch the
    wall time, far less the CPU time."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    started = time.perf_counter()
    client.get(url, HTTP_HOST="localhost")
    if first is not None:
        first.append((time.perf_counter() - started) * 1000)
    times: list[float] = []
    queries = status = 0
    cpu = time.process_time() + backend_cpu()
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = client.get(url, HTTP_HOST="localhost")
            times.append((time.perf_counter() - started) * 1000)
        queries, status = len(captured), response.status_code
    cpu = time.process_time() + backend_cpu() - cpu
    return times, queries, status, cpu * 1000 / repeat


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--big-draft", action="store_true", help="the big tournament a draft")
    parser.add_argument("--reuse", action="store_true", help="keep the database built before")
    parser.add_argument("--db", default="deberc_bench_signed_in")
    parser.add_argument(
        "--evening-players", type=int, default=64, help="the evening's Deberc tournament"
    )
    parser.add_argument("--no-evening", action="store_true", help="skip the evening's pages")
    parser.add_argument("--first-searches", type=int, default=3, help="fresh processes")
    parser.add_argument(
        "--first-gunicorn",
        type=int,
        default=3,
        help="fresh gunicorns, with and without the warm-up, whose first request is timed",
    )
    parser.add_argument(
        "--worker-gc",
        action="store_true",
        help="collect garbage as a gunicorn worker does (config/gunicorn.py: the loaded site "
        "frozen out of full collections, young ones every 10,000 objects)",
    )
    parser.add_argument("--first-search", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--warm", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.first_search:
        return first_search(args.db, warm=args.warm)

    if not args.reuse:
        recreate_database(args.db)
    settings_env(args.db)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    call_command("migrate", verbosity=0)
    ids = found(args.big_draft) if args.reuse else None
    if ids is None:
        ids = build(args.players, args.rounds, args.big_draft)
    if args.worker_gc:
        import importlib

        importlib.import_module("config.gunicorn").settle_garbage_collector()
    speed_before = machine_speed()

    reads = {
        "GET /api/v1/tournaments/": "/api/v1/tournaments/",
        "GET / (tournament list page)": "/",
        "GET /api/v1/leaderboard/": "/api/v1/leaderboard/",
        "GET /leaderboard/ (page)": "/leaderboard/",
        "GET /players/{id}/ (player page)": f"/players/{ids['player']}/",
        "GET /tournaments/{id}/staff/?q= (search)": f"/tournaments/{ids['big']}/staff/?q=member1",
    }
    User = get_user_model()
    results: list[tuple[str, str, list[float], int, int, float]] = []
    for role in ROLES:
        client = Client()
        if role != "anonymous":
            user_id = ids["player_account"] if role == "player" else ids[role]
            client.force_login(User.objects.get(pk=user_id))
        for label, url in reads.items():
            times, queries, status, cpu = timed(client, url, args.repeat)
            results.append((role, label, times, queries, status, cpu))
    evening: list[tuple[str, str, list[float], int, int, float, float]] = []
    firsts: list[float] = []
    warmed: list[float] = []
    warm_ups: list[float] = []
    gunicorn_cold: list[float] = []
    gunicorn_warm: list[float] = []
    if not args.no_evening:
        ev = evening_build(args.evening_players)
        t, p = ev["evening"], ev["preferans"]
        pages = {
            "organiser": {
                "GET /tournaments/new/": "/tournaments/new/",
                "GET pairing page": f"/tournaments/{t}/pairing/",
                "GET tables page (every round's matches)": f"/tournaments/{t}/matches/",
                "GET a played round's page": f"/tournaments/{t}/rounds/{ev['played']}/",
                "GET a match page (Deberc)": f"/matches/{ev['deberc_match']}/",
                "GET a match page (Preferans)": f"/matches/{ev['preferans_match']}/",
                "GET Preferans tables page": f"/tournaments/{p}/matches/",
                "GET players page": f"/tournaments/{t}/players/",
                "GET staff page": f"/tournaments/{t}/staff/",
                "GET edit page": f"/tournaments/{t}/edit/",
                "GET round's table cards PDF": f"/tournaments/{t}/rounds/{ev['paired']}/cards.pdf",
                "GET reports page": f"/tournaments/{t}/reports/",
            },
            "referee": {
                "GET /rules/?q= (rule search)": f"/rules/?q={RULE_QUERY}",
                "GET ruling form of a match": f"/referee/matches/{ev['deberc_match']}/rule/",
            },
        }
        for role, urls in pages.items():
            client = Client()
            client.force_login(User.objects.get(pk=ids[role]))
            for label, url in urls.items():
                first: list[float] = []
                times, queries, status, cpu = timed(client, url, args.repeat, first)
                evening.append((role, label, times, queries, status, cpu, first[0]))
        firsts, _none = first_search_timed(args.db, args.first_searches)
        warmed, warm_ups = first_search_timed(args.db, args.first_searches, warm=True)
        gunicorn_cold = first_gunicorn_timed(args.first_gunicorn, warm=False)
        gunicorn_warm = first_gunicorn_timed(args.first_gunicorn, warm=True)
    speed_after = machine_speed()

    from tournaments.events.models import Entry

    players = Entry.objects.filter(tournament_id=ids["big"]).count()
    collector = "as a gunicorn worker (--worker-gc)" if args.worker_gc else "by Python defaults"
    print(
        f"signed-in reads benchmark: {players} players, {args.rounds} Swiss rounds rated, "
        f"the big tournament {'a draft' if args.big_draft else 'published'}, database "
        f"{connection.vendor} {connection.pg_version if connection.vendor == 'postgresql' else ''}"
    )
    print(
        f"  {datetime.date.today().isoformat()}, python {platform.python_version()} on "
        f"{platform.machine()}, {os.cpu_count()} cores, machine speed {speed_before:.0f} ms "
        f"before, {speed_after:.0f} ms after, load average {os.getloadavg()[0]:.1f}, garbage "
        f"collected {collector}"
    )
    ok = True
    for role, label, times, queries, status, cpu in results:
        print(
            f"  {role:10s} {label:42s} p50 {statistics.median(times):7.1f} ms  "
            f"p95 {p95(times):7.1f} ms  cpu {cpu:6.1f} ms  queries {queries:2d}  "
            f"status {status}"
        )
        ok = ok and p95(times) <= GOAL_MS
    print(f"  goal (every read ≤ {GOAL_MS} ms p95):", "met" if ok else "NOT met")
    if evening:
        players = Entry.objects.filter(tournament_id=ev["evening"]).count()
        print(
            f"the evening's pages: a Deberc evening of {players} players (3 rounds played, "
            f"round {ev['paired']} paired with its cards), a Preferans one of 13, in the "
            "same club; 'first': the first request of each in this process"
        )
        evening_ok = True
        for role, label, times, queries, status, cpu, cold in evening:
            print(
                f"  {role:10s} {label:42s} p50 {statistics.median(times):7.1f} ms  "
                f"p95 {p95(times):7.1f} ms  cpu {cpu:6.1f} ms  queries {queries:3d}  "
                f"status {status}  first {cold:7.1f} ms"
            )
            evening_ok = evening_ok and p95(times) <= EVENING_GOAL_MS and status == 200

        def listed(values: list[float]) -> str:
            return ", ".join(f"{v:.0f}" for v in values) or "not run"

        print(
            f"  referee    the first rule search after a start ({len(firsts)} fresh "
            f"processes): {listed(firsts)} ms; after the worker's warm-up (config/gunicorn.py "
            f"post_worker_init, itself {listed(warm_ups)} ms at the start): {listed(warmed)} ms"
        )
        print(
            f"  anonymous  the first request of a fresh gunicorn's worker (a rule search, "
            f"{len(gunicorn_cold)} starts each): without the warm-up {listed(gunicorn_cold)} "
            f"ms, with it {listed(gunicorn_warm)} ms"
        )
        # The site's workers warm up when they start: the first search after a start is one
        # of a warmed-up worker.
        evening_ok = evening_ok and max(warmed + gunicorn_warm, default=0) <= EVENING_GOAL_MS
        print(
            f"  goal (every evening's page ≤ {EVENING_GOAL_MS} ms p95, the first search too):",
            "met" if evening_ok else "NOT met",
        )
        ok = ok and evening_ok
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
