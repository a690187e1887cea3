"""The jobs' heartbeats and watchdog (issue 17, item 4): a worker killed outright left its report
job "running 12 %" for good, re-ordering returned the stuck job, Retry answered 409
`job_active`, and the rating replay it held stayed unacknowledged.

Here without the services: the watchdog's round on jobs as a dead worker leaves them (a
running job whose heartbeat stopped, a job queued long ago), the duplicate deliveries that
requeueing brings, the re-order and Retry of a stuck job, the tracked rating replay, and the
settings that bound it all. bench/chaos.py (tests/config/test_chaos.py) kills a real worker.
"""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import TestCase
from django.utils import timezone
from rest_framework.test import APIClient

from tests.factories import ClubFactory, TournamentFactory, UserFactory
from tests.tournaments.reports.conftest import CYRILLIC_NAMES, play_tournament
from tournaments.events.models import Tournament
from tournaments.reports import services, watchdog
from tournaments.reports.models import ReportJob
from tournaments.standings.models import Rating, RatingEvent

pytestmark = pytest.mark.django_db

LONG_AGO = timedelta(minutes=5)  # far beyond JOB_STALE_SECONDS (60 s by default)


@pytest.fixture(autouse=True)
def media_root(settings: Any, tmp_path: Any) -> None:
    settings.MEDIA_ROOT = str(tmp_path / "media")


@pytest.fixture
def organiser(db: Any) -> Any:
    return UserFactory(username="watchdog_organiser")


@pytest.fixture
def tournament(organiser: Any) -> Tournament:
    tournament = TournamentFactory(name="Нічний кубок", club=ClubFactory(), published=False)
    tournament.organisers.add(organiser)
    play_tournament(tournament, CYRILLIC_NAMES, rounds=1)
    return tournament


def stuck_job(
    tournament: Tournament, *, silent_for: timedelta, attempts: int = 1, lang: str = "en"
) -> ReportJob:
    """A standings CSV job as a worker killed mid-report leaves it: running at 12 %, its
    heartbeat stopped `silent_for` ago, its task held by the dead worker."""
    job = ReportJob.objects.create(
        tournament=tournament, kind="standings_csv", params={"lang": lang}
    )
    ReportJob.objects.filter(pk=job.pk).update(
        state=ReportJob.State.RUNNING,
        progress=12,
        attempts=attempts,
        heartbeat_at=timezone.now() - silent_for,
        task_id="task-of-the-dead-worker",
    )
    job.refresh_from_db()
    return job


def watch() -> dict[str, Any]:
    """One round of the watchdog, and whatever it queues run at once (eager tasks)."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return services.jobs_watch()


def api_for(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


# --- report jobs -------------------------------------------------------------------------------


def test_a_job_whose_heartbeat_stopped_is_queued_again_and_finishes(tournament):
    job = stuck_job(tournament, silent_for=LONG_AGO)
    done = watch()
    assert done["requeued"] == 1
    job.refresh_from_db()
    assert job.state == ReportJob.State.DONE and job.progress == 100
    assert job.attempts == 2  # the killed attempt and the one that finished
    assert "Олена Шевченко" in job.file.read().decode("utf-8")


def test_a_job_with_a_live_heartbeat_is_left_alone(tournament):
    job = stuck_job(tournament, silent_for=timedelta(seconds=5))
    before = ReportJob.objects.values().get(pk=job.pk)
    done = watch()
    assert done["requeued"] == done["failed"] == done["resent"] == 0
    assert ReportJob.objects.values().get(pk=job.pk) == before


def test_a_job_that_keeps_killing_its_worker_fails_and_stays_retryable(tournament, organiser):
    job = stuck_job(
        tournament, silent_for=LONG_AGO, attempts=services.REPORT_MAX_ATTEMPTS, lang="uk"
    )
    assert watch()["failed"] == 1
    job.refresh_from_db()
    assert job.state == ReportJob.State.FAILED and job.finished_at is not None
    # In the orderer's language, saying what happened and what to do.
    assert job.error == (
        "Обробник, що будував цей звіт, зупинився до завершення (спроб: 3). "
        "«Повторити» побудує його знову."
    )
    with TestCase.captureOnCommitCallbacks(execute=True):
        retried = api_for(organiser).post(f"/api/v1/jobs/{job.pk}/retry/")
    assert retried.status_code == 202
    job.refresh_from_db()
    assert job.state == ReportJob.State.DONE


def test_a_job_queued_long_ago_is_sent_again_and_a_recent_one_is_not(tournament):
    old = ReportJob.objects.create(tournament=tournament, kind="standings_csv", params={})
    recent = ReportJob.objects.create(tournament=tournament, kind="archive", params={})
    ReportJob.objects.filter(pk=old.pk).update(heartbeat_at=timezone.now() - LONG_AGO)
    ReportJob.objects.filter(pk=recent.pk).update(heartbeat_at=timezone.now())
    assert watch()["resent"] == 1
    old.refresh_from_db()
    recent.refresh_from_db()
    assert old.state == ReportJob.State.DONE
    assert recent.state == ReportJob.State.QUEUED


def test_a_second_copy_of_the_task_leaves_a_job_being_built_alone(tournament):
    job = stuck_job(tournament, silent_for=timedelta(seconds=1))
    # Another task (the requeued one, or the dead worker's message given back late by Redis).
    services.report_job_execute(job_id=job.pk, task_id="another-task")
    job.refresh_from_db()
    assert job.state == ReportJob.State.RUNNING and job.attempts == 1 and job.progress == 12
    # The same task delivered again (its pool process died; Celery gives it back at once).
    services.report_job_execute(job_id=job.pk, task_id="task-of-the-dead-worker")
    job.refresh_from_db()
    assert job.state == ReportJob.State.DONE and job.attempts == 2


def test_a_failed_job_is_not_built_by_a_late_copy_of_its_task(tournament):
    job = stuck_job(tournament, silent_for=LONG_AGO, attempts=services.REPORT_MAX_ATTEMPTS)
    watch()
    services.report_job_execute(job_id=job.pk, task_id="task-of-the-dead-worker")
    job.refresh_from_db()
    assert job.state == ReportJob.State.FAILED  # Retry runs it, not a stray message


def test_reordering_a_stuck_report_orders_a_new_job(tournament, organiser):
    stuck = stuck_job(tournament, silent_for=LONG_AGO)
    url = f"/api/v1/tournaments/{tournament.pk}/reports/"
    with TestCase.captureOnCommitCallbacks(execute=True):
        ordered = api_for(organiser).post(url, {"kind": "standings_csv"}, format="json")
    assert ordered.status_code == 202
    assert ordered.json()["job"] != str(stuck.pk)
    assert ReportJob.objects.get(pk=ordered.json()["job"]).state == ReportJob.State.DONE
    stuck.refresh_from_db()
    assert stuck.state == ReportJob.State.FAILED and stuck.error  # retryable, with a reason


def test_reordering_a_report_being_built_joins_its_job(tournament, organiser):
    running = stuck_job(tournament, silent_for=timedelta(seconds=2))
    url = f"/api/v1/tournaments/{tournament.pk}/reports/"
    ordered = api_for(organiser).post(url, {"kind": "standings_csv"}, format="json")
    assert ordered.json()["job"] == str(running.pk)


def test_retry_of_a_stuck_job_runs_it_and_of_a_live_one_is_refused(tournament, organiser):
    live = stuck_job(tournament, silent_for=timedelta(seconds=2))
    refused = api_for(organiser).post(f"/api/v1/jobs/{live.pk}/retry/")
    assert refused.status_code == 409
    assert refused.json()["errors"][0]["code"] == "job_active"
    ReportJob.objects.filter(pk=live.pk).update(heartbeat_at=timezone.now() - LONG_AGO)
    with TestCase.captureOnCommitCallbacks(execute=True):
        retried = api_for(organiser).post(f"/api/v1/jobs/{live.pk}/retry/")
    assert retried.status_code == 202
    live.refresh_from_db()
    assert live.state == ReportJob.State.DONE


# --- the heartbeat -----------------------------------------------------------------------------


def test_the_heartbeat_beats_while_the_work_runs_and_stops_with_it():
    beats: list[float] = []
    with watchdog.Heartbeat(lambda: beats.append(time.monotonic()), every=0.05):
        time.sleep(0.4)
    during = len(beats)
    time.sleep(0.2)
    assert during >= 4  # about eight
    assert len(beats) == during
    assert not any(t.name == "job-heartbeat" for t in threading.enumerate())


@pytest.mark.django_db(transaction=True)  # the heartbeat writes from a thread of its own
def test_a_job_built_in_a_worker_beats_while_its_builder_works(tournament, monkeypatch):
    monkeypatch.setattr(settings, "JOB_STALE_SECONDS", 0.6)  # a beat every 0.1 s
    job = ReportJob.objects.create(tournament=tournament, kind="standings_csv", params={})
    seen: list[Any] = []
    original = services.BUILDERS[ReportJob.Kind.STANDINGS_CSV]

    def slow(job: ReportJob, progress: Any) -> Any:
        for _ in range(4):  # a builder silent for a while: no progress reported
            time.sleep(0.15)
            seen.append(ReportJob.objects.get(pk=job.pk).heartbeat_at)
        return original(job, progress)

    monkeypatch.setitem(services.BUILDERS, ReportJob.Kind.STANDINGS_CSV, slow)
    services.report_job_execute(job_id=job.pk, task_id="a-task", heartbeat=True)
    assert len(set(seen)) >= 3, seen  # the heartbeat moved while the builder was silent
    job.refresh_from_db()
    assert job.state == ReportJob.State.DONE


# --- the rating replay -------------------------------------------------------------------------


def replayed_ratings() -> dict[int, float]:
    return dict(Rating.objects.values_list("player_id", "ordinal"))


def test_a_replay_lost_with_its_worker_is_queued_again(tournament):
    from tournaments.standings.ratings import ratings_recompute

    ratings_recompute()
    expected = replayed_ratings()
    assert expected
    # The replay's worker died mid-way: ratings half gone, the mark silent.
    RatingEvent.objects.all().delete()
    Rating.objects.all().delete()
    silent = time.time() - LONG_AGO.total_seconds()
    cache.set(
        watchdog.REPLAY_MARK,
        {"requested": silent, "beat": silent, "started": True, "resends": 0},
        None,
    )
    assert watch()["ratings_replay"] == "requeued"
    assert replayed_ratings() == expected
    assert cache.get(watchdog.REPLAY_MARK) is None  # done: nothing left to watch


def test_a_replay_that_beats_is_left_alone():
    now = time.time()
    mark = {"requested": now - 30, "beat": now - 2, "started": True, "resends": 0}
    cache.set(watchdog.REPLAY_MARK, mark, None)
    assert watch()["ratings_replay"] is None
    assert cache.get(watchdog.REPLAY_MARK) == mark


def test_a_replay_asked_for_is_tracked_until_it_has_run(tournament, monkeypatch):
    from tournaments.standings import tasks as standings_tasks

    sent: list[bool] = []
    monkeypatch.setattr(standings_tasks.recompute_ratings_task, "delay", lambda: sent.append(True))
    watchdog.ratings_replay_request()  # queued: the worker has not taken it yet
    assert sent == [True] and cache.get(watchdog.REPLAY_MARK)["started"] is False
    monkeypatch.undo()
    standings_tasks.recompute_ratings_task.apply()  # the worker runs it
    assert cache.get(watchdog.REPLAY_MARK) is None


# --- the settings that bound it ----------------------------------------------------------------


def test_the_visibility_timeout_outlasts_every_task():
    """Shorter, Redis would hand a task still running to a second worker."""
    from config.celery import app

    timeout = app.conf.broker_transport_options["visibility_timeout"]
    for name, task in app.tasks.items():
        if name.startswith("celery."):
            continue
        limit = task.time_limit or app.conf.task_time_limit
        assert limit and limit < timeout, name


def test_beat_runs_the_watchdog_often_enough_for_two_minutes():
    """A killed worker's job is queued again within 2 minutes: silent for JOB_STALE_SECONDS,
    then seen by the next round of the watchdog."""
    entry = settings.CELERY_BEAT_SCHEDULE["jobs-watchdog"]
    assert entry["task"] == "tournaments.jobs_watchdog"
    interval = entry["schedule"].total_seconds()
    assert settings.JOB_STALE_SECONDS + interval <= 120
