"""Fixtures of the reports tests: a played tournament and the way jobs run.

`job_runner`: with REDIS_URL set (CI) the report tasks go through Redis to a real Celery
worker (celery's test worker, in a thread of this process, seeing the committed rows of the
test database: tests that use it take `transactional_db`); with no Redis (the embedded
default) they run eagerly when the order commits.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.db import connections
from django.test import TestCase

from scoring.games.deberc.engine.simulate import random_match
from tests.factories import ClubFactory, TournamentFactory, UserFactory
from tournaments.events.entries import scoresheet_import
from tournaments.events.models import Round, Tournament
from tournaments.reports.models import ReportJob

CYRILLIC_NAMES = ["Олена Шевченко", "Тарас Коваль", "Ірина Бойко", "Дмитро Мельник"]


def play_tournament(
    tournament: Tournament,
    names: list[str],
    *,
    rounds: int = 2,
    seed: int = 7,
) -> Tournament:
    """Play `rounds` rounds of 2-player matches among `names` (paired in order, rotating),
    every match a whole random legal scoresheet imported through the scoring service (so the
    engine scores it and the standings follow)."""
    rng = random.Random(seed)
    records: list[dict[str, Any]] = []
    order = list(names)
    for number in range(1, rounds + 1):
        for table, k in enumerate(range(0, len(order) - 1, 2), start=1):
            record = random_match(rng, [order[k], order[k + 1]], card_by_card=False)
            record["round"], record["table"] = number, table
            records.append(record)
        order = [order[0], order[-1], *order[1:-1]]  # round-robin rotation
    # As after a real commit: the standings follow the finished matches.
    with TestCase.captureOnCommitCallbacks(execute=True):
        scoresheet_import(tournament=tournament, records=records)
    return tournament


@pytest.fixture
def organiser(db: Any) -> Any:
    return UserFactory(username="report_organiser")


@pytest.fixture
def make_tournament(db: Any, organiser: Any) -> Any:
    def make(*, published: bool = True, name: str = "Кубок Дніпра", **fields: Any) -> Tournament:
        tournament = TournamentFactory(
            name=name, club=ClubFactory(name=f"Клуб «{name}»"), published=published, **fields
        )
        tournament.organisers.add(organiser)
        return tournament

    return make


@pytest.fixture
def played(make_tournament: Any) -> Tournament:
    """A published tournament of four Cyrillic-named players, two rounds played."""
    tournament = make_tournament()
    play_tournament(tournament, CYRILLIC_NAMES, rounds=2)
    Round.objects.filter(tournament=tournament).update(status=Round.Status.CLOSED)
    return tournament


def wait_for_job(job_id: Any, *, timeout: float = 90.0) -> ReportJob:
    """The job once it is done or failed (polling the database as the page does)."""
    deadline = time.monotonic() + timeout
    while True:
        job = ReportJob.objects.get(pk=job_id)
        if job.state in (ReportJob.State.DONE, ReportJob.State.FAILED):
            return job
        if time.monotonic() > deadline:
            raise AssertionError(f"job {job_id} still {job.state} at {job.progress}%")
        time.sleep(0.1)


@pytest.fixture
def job_runner(request: pytest.FixtureRequest) -> Iterator[str]:
    """ "worker" (Redis + a real worker) or "eager"; see the module's docstring."""
    from celery.contrib.testing.worker import start_worker
    from celery.signals import task_postrun

    from config.celery import app

    if not settings.REDIS_URL:
        previous = app.conf.task_always_eager
        app.conf.task_always_eager = True
        yield "eager"
        app.conf.task_always_eager = previous
        return
    request.getfixturevalue("require_redis")
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = False
    app.control.purge()  # nothing left over from another run reaches this worker

    def close_connections(**_kwargs: Any) -> None:
        # The worker thread's own database connection: closed after each task, so that the
        # test database can be flushed and dropped.
        connections.close_all()

    task_postrun.connect(close_connections, weak=False)
    try:
        with start_worker(
            app,
            pool="solo",
            concurrency=1,
            perform_ping_check=False,
            loglevel="WARNING",
            shutdown_timeout=30,
        ):
            yield "worker"
    finally:
        task_postrun.disconnect(close_connections)
        app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def media_root(settings: Any, tmp_path: Any) -> Any:
    """Report files go to a temporary directory, not the project's media/."""
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return settings.MEDIA_ROOT
