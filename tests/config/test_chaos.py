"""Faults survived, nothing lost (issue 13): a short run of bench/chaos.py.

The real services: gunicorn with config/gunicorn.py and a Celery worker, on a throwaway
PostgreSQL database of their own (`deberc_chaos_<pid>`, dropped afterwards: the suite's own
database is pytest-django's, which a server in another process cannot see) and Redis db 11.
During 12 s of deal entry one gunicorn worker and the Celery worker are killed (SIGKILL), the
worker is started again, a report is ordered while it is dead, and some requests are dropped
mid-request and sent again with the same Idempotency-Key. After the load the whole worker is
killed again while it builds a report (celery beat running, as deployed), and started again.
The bench checks that every acknowledged deal is stored exactly once, that every match equals
a fresh rescoring, that the standings and the ratings catch up, that the report job is done
and that the report killed mid-way is done within 2 minutes of the worker's return; this test
asserts that it found no problem and that the faults did happen.

The second test is the catch-up that makes the standings and ratings follow after a worker
was killed with their tasks in hand, without the services.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from django.conf import settings

from tests.paths import REPO

ROOT = REPO


def _postgres_server() -> str:
    """The suite's PostgreSQL server as a URL without a database name."""
    db = settings.DATABASES["default"]
    user = db.get("USER") or "postgres"
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}"


@pytest.mark.services
def test_faults_survived_nothing_lost(
    require_postgres: None, require_redis: str, tmp_path: Path
) -> None:
    redis = urlparse(require_redis)
    figures = tmp_path / "chaos.json"
    command = [
        sys.executable,
        str(ROOT / "bench" / "chaos.py"),
        *("--duration", "12", "--scorers", "6", "--rate", "30", "--drop", "0.05"),
        *("--worker-down", "3", "--catch-up", "20", "--capacity", "0"),
        # The watchdog's figures shortened (defaults 60 s and 30 s), so that the report killed
        # mid-way is rescued in seconds: the deadline stays the real one, 2 minutes.
        *("--job-stale", "6", "--watchdog", "2", "--job-deadline", "120"),
        *("--db", f"deberc_chaos_{os.getpid()}", "--drop-db"),
        *("--redis", f"redis://{redis.hostname}:{redis.port or 6379}/11"),
        *("--json", str(figures)),
    ]
    env = {**os.environ, "BENCH_POSTGRES": _postgres_server()}
    bench = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        stdout, stderr = bench.communicate(timeout=240)
    except subprocess.TimeoutExpired:
        # SIGTERM: the bench stops its gunicorn and worker and drops its database.
        bench.terminate()
        stdout, stderr = bench.communicate(timeout=60)
        pytest.fail(f"the chaos bench took more than 240 s:\n{stdout[-3000:]}")
    assert figures.exists(), stdout[-3000:] + stderr[-3000:]
    out: dict[str, Any] = json.loads(figures.read_text())
    assert out["problems"] == [], stdout[-3000:]
    assert bench.returncode == 0, stdout[-3000:]
    # The faults did happen and were survived.
    assert out["acknowledged"] > 100
    assert out["dropped"] > 0 and out["retries"] >= out["dropped"]
    assert out["web_kill"]["new_worker_after"] is not None, out["log"]
    celery = out["celery_kill"]
    assert celery["down_for"] >= 3 and celery["report_job"] == "done"
    assert out["standings_caught_up_after_load"] is not None
    assert out["ratings_caught_up_after_load"] is not None
    # The whole worker killed while it built a report (issue 17): the job was caught running
    # and, once the worker was back, finished (queued again by the watchdog) within 2 minutes.
    mid = out["mid_report_kill"]
    assert mid["progress_at_kill"] < 100, mid
    assert mid["job_state"] == "done", mid
    assert mid["attempts"] >= 2, mid  # the killed attempt, then the watchdog's
    assert mid["job_finished_after_restart"] <= 120, mid
    assert mid["ratings_caught_up_after_restart"] is not None, mid


@pytest.mark.django_db
def test_a_worker_that_starts_makes_up_for_the_tasks_a_killed_one_took() -> None:
    from celery.signals import worker_ready
    from django.core.cache import cache

    from scoring import services as scoring_services
    from scoring.models import Match
    from scoring.selectors import seat_names
    from tests.factories import EntryFactory, TournamentFactory, UserFactory
    from tournaments.pairing.manager import round_pair
    from tournaments.standings.models import RatingEvent, StandingRow
    from tournaments.standings.ratings import RATE_PENDING_QUEUED
    from tournaments.standings.services import compute_tournament_standings
    from tournaments.standings.tallies import REFRESH_QUEUED_KEY

    tournament = TournamentFactory(table_size=2, rounds=1, conventions={"target": 201})
    organiser = UserFactory()
    tournament.organisers.add(organiser)
    for _ in range(4):
        EntryFactory(tournament=tournament)
    match = Match.objects.filter(round=round_pair(tournament=tournament)).first()
    names = seat_names(match)
    for points in (100, 110):
        # Committed, but what waits for the commit (the refresh, the rating) never runs:
        # as when the worker that took those tasks was killed.
        scoring_services.deal_submit(
            match=match,
            record={
                "trump": "H",
                "declarer": names[0],
                "points": {names[0]: points, names[1]: 130 - points},
                "last_trick": names[0],
            },
            user=organiser,
            idempotency_key=None,
            version=None,
        )
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    # The lost refresh's "queued" mark keeps new ones from being queued for a minute.
    cache.set(REFRESH_QUEUED_KEY.format(tournament.pk), 1, timeout=60)
    cache.set(RATE_PENDING_QUEUED, 1, timeout=60)
    assert not StandingRow.objects.filter(tournament=tournament, played=1).exists()
    assert not RatingEvent.objects.filter(match=match).exists()

    worker_ready.send(sender=None)  # a `celery worker` starts (tasks run eagerly here)

    fresh = {line.player: line.played for line in compute_tournament_standings(tournament)}
    stored = dict(
        StandingRow.objects.filter(tournament=tournament).values_list("player_id", "played")
    )
    assert stored == fresh and sorted(fresh.values()) == [0, 0, 1, 1]
    assert RatingEvent.objects.filter(match=match).count() == 2
    assert cache.get(REFRESH_QUEUED_KEY.format(tournament.pk)) is None
    assert cache.get(RATE_PENDING_QUEUED) is None
