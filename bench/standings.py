"""Standings and pairing benchmark (issue 4).

    .venv/bin/python bench/standings.py [--players 2000] [--rounds 9] [--repeat 20] [--reuse]

Builds a Swiss tournament with `generate_tournament` (2,000 players, 9 rounds played, by
default) on the database of DATABASE_URL (PostgreSQL or SQLite; unset: a scratch SQLite file
in /tmp), then measures through Django's test client, with CaptureQueriesContext:

- the standings endpoint `GET /api/v1/tournaments/{id}/standings/` (all rows) and the standings
  page `GET /tournaments/{id}/standings/`: server time (median, p95) and SQL queries;
- pairing the next Swiss round (`round_pair`, written and rolled back);
- the hook's cost inside the deal write when a deal finishes a match (`match_changed`: the
  match's tally; a field this large gets its standings from a task after the commit), and
  that standings refresh itself (`standings_refresh`).

Goals: endpoint and page ≤ 100 ms with ≤ 10 queries; pairing ≤ 2 s; the standings and screen
fragments as htmx polls them (issue 22) ≤ 20 ms, rendered or cached (median).
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DATABASE_URL", "sqlite:////tmp/deberc-bench-standings.sqlite3")
os.environ.setdefault("DEBUG", "false")
# DEBUG off refuses the development key: one of the run's own.
os.environ.setdefault("SECRET_KEY", "bench-" + secrets.token_urlsafe(48))
# The pages are fetched over plain HTTP by the test client: no redirect to https://.
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")


class Rollback(Exception):
    pass


def timed_get(client, url: str, repeat: int) -> tuple[list[float], int, int, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times: list[float] = []
    queries = 0
    status = size = 0
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = client.get(url, HTTP_HOST="localhost")
            times.append((time.perf_counter() - started) * 1000)
        queries = len(captured)
        status, size = response.status_code, len(response.content)
    return times, queries, status, size


def timed_fragment(client, url: str, repeat: int, *, cached: bool) -> tuple[list[float], int]:
    """A live fragment as htmx polls it (issue 22): rendered each time (`cached` False: the
    cache emptied before each request, as after every change) or from the cache."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times: list[float] = []
    queries = 0
    client.get(url, HTTP_HOST="localhost", HTTP_HX_REQUEST="true")
    for _ in range(repeat):
        if not cached:
            cache.clear()
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            client.get(url, HTTP_HOST="localhost", HTTP_HX_REQUEST="true")
            times.append((time.perf_counter() - started) * 1000)
        queries = len(captured)
    return times, queries


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--reuse", action="store_true", help="reuse the last generated one")
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.test import Client

    from scoring.models import Match
    from tournaments.events.models import Tournament
    from tournaments.pairing.manager import round_pair
    from tournaments.standings.hooks import match_changed
    from tournaments.standings.models import MatchTally
    from tournaments.standings.services import standings_refresh

    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    call_command("migrate", verbosity=0)
    name_prefix = f"swiss {args.players}×{args.rounds} "
    tournament = None
    if args.reuse:
        tournament = Tournament.objects.filter(name__startswith=name_prefix).order_by("-pk").first()
    if tournament is None:
        started = time.perf_counter()
        call_command(
            "generate_tournament",
            players=args.players,
            rounds=args.rounds,
            table_size=2,
            system="swiss",
            no_ratings=True,
            stdout=sys.stderr,
        )
        print(f"generate_tournament: {time.perf_counter() - started:.1f} s", file=sys.stderr)
        tournament = Tournament.objects.filter(name__startswith=name_prefix).order_by("-pk")[0]

    client = Client()
    client.get(f"/api/v1/tournaments/{tournament.pk}/standings/", HTTP_HOST="localhost")
    api = timed_get(client, f"/api/v1/tournaments/{tournament.pk}/standings/", args.repeat)
    page = timed_get(client, f"/tournaments/{tournament.pk}/standings/", args.repeat)
    fragments = {
        f"{what} fragment, {'cached' if cached else 'rendered'}": timed_fragment(
            client, f"/tournaments/{tournament.pk}/{path}", args.repeat, cached=cached
        )
        for what, path in (("standings", "standings/"), ("screen", "screen/"))
        for cached in (False, True)
    }

    pairing_times: list[float] = []
    for _ in range(3):
        try:
            with transaction.atomic():
                started = time.perf_counter()
                round_ = round_pair(tournament=tournament)
                pairing_times.append(time.perf_counter() - started)
                tables = round_.tables.count()
                raise Rollback
        except Rollback:
            pass

    hook_times: list[float] = []
    refresh_times: list[float] = []
    last = Match.objects.filter(tournament=tournament).order_by("-round__number", "-pk")[:3]
    for match in last:
        try:
            with transaction.atomic():
                MatchTally.objects.filter(match=match).delete()
                started = time.perf_counter()
                match_changed(match=match)
                hook_times.append(time.perf_counter() - started)
                started = time.perf_counter()
                standings_refresh(tournament=tournament)
                refresh_times.append(time.perf_counter() - started)
                raise Rollback
        except Rollback:
            pass

    print(
        f"standings benchmark: {args.players} players, {args.rounds} Swiss rounds, "
        f"database {engine} ({connection.vendor})"
    )
    for label, (times, queries, status, size) in (
        ("GET /api/v1/tournaments/{id}/standings/", api),
        ("GET /tournaments/{id}/standings/ (page)", page),
    ):
        print(
            f"  {label:44s} median {statistics.median(times):7.1f} ms  "
            f"p95 {p95(times):7.1f} ms  queries {queries:2d}  "
            f"status {status}  {size / 1024:.0f} KiB"
        )
    for label, (times, queries) in fragments.items():
        print(
            f"  {label:44s} median {statistics.median(times):7.1f} ms  "
            f"p95 {p95(times):7.1f} ms  queries {queries:2d}"
        )
    print(
        f"  pair the next Swiss round ({tables} tables)      "
        f"best {min(pairing_times):.2f} s  worst {max(pairing_times):.2f} s"
    )
    print(
        f"  deal that finishes a match: hook in the write   "
        f"median {statistics.median(hook_times) * 1000:7.1f} ms"
    )
    print(
        f"  standings refresh after it (task after commit)  "
        f"median {statistics.median(refresh_times) * 1000:7.1f} ms"
    )
    ok = (
        statistics.median(api[0]) <= 100
        and api[1] <= 10
        and statistics.median(page[0]) <= 100
        and page[1] <= 10
        and max(pairing_times) <= 2
        and all(statistics.median(times) <= 20 for times, _queries in fragments.values())
    )
    print(
        "  goals (≤ 100 ms, ≤ 10 queries, pairing ≤ 2 s, live fragments ≤ 20 ms):",
        "met" if ok else "NOT met",
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
