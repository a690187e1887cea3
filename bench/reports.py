"""Reports benchmark (issue 6): the final standings of a 2,000-player tournament as a PDF.

    .venv/bin/python bench/reports.py [--players 2000] [--rounds 9] [--repeat 3]
                                      [--reuse] [--direct]

Builds a published Swiss tournament with `generate_tournament` (2,000 players, 9 rounds played
by default; `--direct` instead writes 2,000 StandingRow rows straight away, seconds instead of
minutes) on the database of DATABASE_URL (unset: a scratch SQLite file in /tmp), then runs the
report job's body (`report_job_execute`: read the standings, render, store the file) for the
standings PDF, and for comparison the CSV and the XLSX, each `--repeat` times.

Goal: the standings PDF of 2,000 players in ≤ 15 s.
"""

from __future__ import annotations

import argparse
import io
import os
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DATABASE_URL", "sqlite:////tmp/deberc-bench-reports.sqlite3")
os.environ.setdefault("DEBUG", "false")
# DEBUG off refuses the development key: one of the run's own.
os.environ.setdefault("SECRET_KEY", "bench-" + secrets.token_urlsafe(48))
os.environ.setdefault("MEDIA_ROOT", tempfile.mkdtemp(prefix="deberc-bench-media-"))
# The job's body runs in this process: no broker needed.
os.environ.pop("REDIS_URL", None)

GOAL_SECONDS = 15.0


def direct_tournament(players: int, rounds: int):  # type: ignore[no-untyped-def]
    """A tournament whose standings rows are written directly (no matches)."""
    import random

    from django.utils import timezone

    from tournaments.clubs.models import Club, Player
    from tournaments.events.models import Entry, Tournament
    from tournaments.standings.models import StandingRow

    rng = random.Random(6)
    stamp = timezone.now().strftime("%Y-%m-%d %H:%M:%S")
    club, _ = Club.objects.get_or_create(name="Клуб «Бенчмарк»", defaults={"city": "Харків"})
    tournament = Tournament.objects.create(
        club=club,
        name=f"direct {players}×{rounds} ({stamp})",
        rounds=rounds,
        published=True,
        status=Tournament.Status.FINISHED,
        tiebreaks=list(Tournament.DEFAULT_TIEBREAKS),
    )
    first = ["Олександр", "Ірина", "Тарас", "Марія", "Дмитро", "Оксана", "Алексей", "Наталья"]
    last = ["Шевченко", "Коваленко", "Бондаренко", "Ткаченко", "Кравченко", "Іваненко"]
    people = Player.objects.bulk_create(
        [
            Player(club=club, display_name=f"{rng.choice(first)} {rng.choice(last)} {stamp}-{k}")
            for k in range(players)
        ],
        batch_size=1000,
    )
    Entry.objects.bulk_create(
        [Entry(tournament=tournament, player=p, seed=k + 1) for k, p in enumerate(people)],
        batch_size=1000,
    )
    lines = []
    for p in people:
        won = rng.randint(0, rounds)
        gp = rng.randint(1500, 4500)
        against = rng.randint(1500, 4500)
        lines.append((won, gp, against, rng.randint(0, 12), p))
    lines.sort(key=lambda x: (-x[0], -x[1]))
    StandingRow.objects.bulk_create(
        [
            StandingRow(
                tournament=tournament,
                player=p,
                rank=k + 1,
                match_points=won,
                played=rounds,
                won=won,
                game_points=gp,
                points_against=against,
                bytes=bytes_,
                tiebreaks={
                    "game_points": gp,
                    "points_difference": gp - against,
                    "buchholz": rng.randint(0, rounds * rounds),
                    "wins": won,
                },
            )
            for k, (won, gp, against, bytes_, p) in enumerate(lines)
        ],
        batch_size=1000,
    )
    return tournament


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--reuse", action="store_true", help="reuse the last tournament built")
    parser.add_argument("--direct", action="store_true", help="write StandingRow rows directly")
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from pypdf import PdfReader

    from tournaments.events.models import Tournament
    from tournaments.reports.models import ReportJob
    from tournaments.reports.services import report_job_execute
    from tournaments.standings.models import StandingRow

    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    call_command("migrate", verbosity=0)
    prefix = f"{'direct' if args.direct else 'swiss'} {args.players}×{args.rounds} "
    tournament = None
    if args.reuse:
        tournament = Tournament.objects.filter(name__startswith=prefix).order_by("-pk").first()
    if tournament is None:
        started = time.perf_counter()
        if args.direct:
            tournament = direct_tournament(args.players, args.rounds)
        else:
            call_command(
                "generate_tournament",
                players=args.players,
                rounds=args.rounds,
                table_size=2,
                system="swiss",
                no_ratings=True,
                stdout=sys.stderr,
            )
            tournament = Tournament.objects.filter(name__startswith=prefix).order_by("-pk")[0]
        print(f"built the tournament in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    rows = StandingRow.objects.filter(tournament=tournament).count()

    results: dict[str, list[float]] = {}
    details: dict[str, str] = {}
    for kind in ("standings_pdf", "standings_csv", "standings_xlsx"):
        for _ in range(args.repeat):
            job = ReportJob.objects.create(tournament=tournament, kind=kind, params={"lang": "uk"})
            started = time.perf_counter()
            job = report_job_execute(job_id=job.pk)
            results.setdefault(kind, []).append(time.perf_counter() - started)
            if job.state != "done":
                print(f"{kind} failed: {job.error}")
                return 1
            size = job.file.size
            if kind == "standings_pdf":
                with job.file.open("rb") as handle:
                    pages = len(PdfReader(io.BytesIO(handle.read())).pages)
                details[kind] = f"{pages} pages, {size / 1024:.0f} KiB"
            else:
                details[kind] = f"{size / 1024:.0f} KiB"

    print(
        f"reports benchmark: {rows} standings rows ({'direct' if args.direct else 'generated'} "
        f"tournament, {args.rounds} rounds), database {engine}, {args.repeat} runs each"
    )
    for kind, times in results.items():
        print(
            f"  {kind:15s} median {statistics.median(times):6.2f} s  "
            f"max {max(times):6.2f} s  ({details[kind]})"
        )
    worst = max(results["standings_pdf"])
    verdict = "OK" if worst <= GOAL_SECONDS else "TOO SLOW"
    print(
        f"standings PDF of {rows} players: {worst:.2f} s (goal ≤ {GOAL_SECONDS:.0f} s): {verdict}"
    )
    return 0 if worst <= GOAL_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
