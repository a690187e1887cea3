"""Team standings benchmark (issue 19, item 2).

    .venv/bin/python bench/teams.py [--players 1000] [--team-size 4] [--rounds 5] [--repeat 20]
                                    [--reuse]

Builds a team event with `generate_tournament --entrants teams` (1,000 players in teams of 4,
5 rounds played, by default) on the database of DATABASE_URL (unset: a scratch SQLite file in
/tmp), then measures through Django's test client, with CaptureQueriesContext, the team
standings endpoint `GET /api/v1/tournaments/{id}/standings/teams/`, the individual standings
endpoint with each player's team, and the standings page (teams above players): server time
(median, p95) and SQL queries.

Goal: the team standings endpoint ≤ 100 ms with a fixed number of queries (the test
tests/tournaments/standings/test_team_standings.py checks the count does not grow with the teams).
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
os.environ.setdefault("DATABASE_URL", "sqlite:////tmp/deberc-bench-teams.sqlite3")
os.environ.setdefault("DEBUG", "false")
os.environ.setdefault("SECRET_KEY", "bench-" + secrets.token_urlsafe(48))
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")

from standings import p95, timed_get  # noqa: E402  (bench/standings.py, beside this file)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--team-size", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--reuse", action="store_true", help="reuse the last generated one")
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from tournaments.events.models import Team, Tournament

    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    call_command("migrate", verbosity=0)
    name_prefix = f"swiss {args.players}×{args.rounds} "
    tournament = None
    if args.reuse:
        tournament = (
            Tournament.objects.filter(name__startswith=name_prefix, entrants="teams")
            .order_by("-pk")
            .first()
        )
    if tournament is None:
        started = time.perf_counter()
        call_command(
            "generate_tournament",
            players=args.players,
            rounds=args.rounds,
            table_size=2,
            system="swiss",
            entrants="teams",
            team_size=args.team_size,
            no_ratings=True,
            stdout=sys.stderr,
        )
        print(f"generate_tournament: {time.perf_counter() - started:.1f} s", file=sys.stderr)
        tournament = Tournament.objects.filter(
            name__startswith=name_prefix, entrants="teams"
        ).order_by("-pk")[0]
    teams = Team.objects.filter(tournament=tournament).count()

    client = Client()
    base = f"/api/v1/tournaments/{tournament.pk}/standings/"
    client.get(base + "teams/", HTTP_HOST="localhost")
    measured = {
        "GET /api/v1/tournaments/{id}/standings/teams/": timed_get(
            client, base + "teams/", args.repeat
        ),
        "GET /api/v1/tournaments/{id}/standings/": timed_get(client, base, args.repeat),
        "GET /tournaments/{id}/standings/ (page)": timed_get(
            client, f"/tournaments/{tournament.pk}/standings/", args.repeat
        ),
    }
    print(
        f"team standings benchmark: {args.players} players in {teams} teams of "
        f"{args.team_size}, {args.rounds} Swiss rounds, database {engine} ({connection.vendor})"
    )
    for label, (times, queries, status, size) in measured.items():
        print(
            f"  {label:48s} median {statistics.median(times):7.1f} ms  "
            f"p95 {p95(times):7.1f} ms  queries {queries:2d}  "
            f"status {status}  {size / 1024:.0f} KiB"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
