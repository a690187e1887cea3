"""celery beat's jobs and `make run`'s choice of a worker."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.utils import timezone

from scoring import tasks as scoring_tasks
from scoring.models import IdempotencyKey
from tests.factories import make_match
from tournaments.management.commands import runserver_with_worker as rsw
from tournaments.reports import services, tasks
from tournaments.reports.models import ReportJob
from tournaments.standings import tasks as standings_tasks


@pytest.mark.django_db
def test_expired_idempotency_keys_are_forgotten_and_fresh_ones_kept():
    match = make_match()

    def key(name: str, age: timedelta) -> IdempotencyKey:
        stored = IdempotencyKey.objects.create(
            key=name, match=match, request_hash="h", response_status=201, response_body=b"{}"
        )
        IdempotencyKey.objects.filter(pk=stored.pk).update(created_at=timezone.now() - age)
        return stored

    key("old", timedelta(hours=25))
    key("fresh", timedelta(hours=2))
    assert scoring_tasks.idempotency_keys_purge_task.apply().get() == 1
    assert list(IdempotencyKey.objects.values_list("key", flat=True)) == ["fresh"]


@pytest.mark.django_db
def test_old_report_jobs_go_with_their_files(make_tournament):
    tournament = make_tournament()
    old = ReportJob.objects.create(tournament=tournament, kind="standings_csv", params={})
    ReportJob.objects.filter(pk=old.pk).update(
        state="failed", created_at=timezone.now() - timedelta(days=40)
    )
    recent = ReportJob.objects.create(tournament=tournament, kind="archive", state="done")
    assert services.report_jobs_purge(older_than=timedelta(days=30)) == 1
    assert list(ReportJob.objects.values_list("pk", flat=True)) == [recent.pk]


def test_the_beat_schedule_names_registered_tasks():
    from config.celery import app

    app.loader.import_default_modules()
    schedule = settings.CELERY_BEAT_SCHEDULE
    assert {"ratings-nightly-recompute", "idempotency-keys-purge"} <= set(schedule)
    for entry in schedule.values():
        assert entry["task"] in app.tasks


@pytest.mark.django_db
def test_the_nightly_recompute_replays_the_ratings(monkeypatch):
    calls: list[int] = []
    monkeypatch.setattr(
        "tournaments.standings.ratings.ratings_recompute", lambda: calls.append(1) or 7
    )
    assert standings_tasks.ratings_nightly_recompute_task.apply().get() == 7
    assert calls == [1]


def test_make_run_uses_a_worker_only_when_redis_answers(monkeypatch):
    answering: set[str] = set()
    monkeypatch.setattr(rsw, "redis_answers", lambda url, timeout=1.0: url in answering)
    assert rsw.choose_broker("auto", "") is None
    assert rsw.choose_broker("auto", "redis://cache:6379/2") is None
    answering.add(rsw.LOCAL_REDIS)
    assert rsw.choose_broker("auto", "") == rsw.LOCAL_REDIS
    assert rsw.choose_broker("no", "") is None
    answering.add("redis://cache:6379/2")
    assert rsw.choose_broker("auto", "redis://cache:6379/2") == "redis://cache:6379/2"
    answering.clear()
    with pytest.raises(rsw.CommandError):
        rsw.choose_broker("yes", "")


def test_a_redis_that_is_not_there_does_not_answer():
    assert rsw.redis_answers("redis://127.0.0.1:1/0", timeout=0.2) is False


def test_the_command_starts_worker_and_beat_next_to_runserver(monkeypatch):
    started: list[tuple[str, Any]] = []
    monkeypatch.setattr(rsw, "choose_broker", lambda mode, url: "redis://127.0.0.1:6379/9")
    command = rsw.Command()
    monkeypatch.setattr(
        command, "_supervise", lambda commands, env: started.extend((n, env) for n, _ in commands)
    )
    command.handle(
        addrport="127.0.0.1:9999", worker="auto", no_beat=False, concurrency=1, noreload=True
    )
    assert [name for name, _ in started] == ["worker", "beat", "runserver"]
    assert all(env["REDIS_URL"] == "redis://127.0.0.1:6379/9" for _, env in started)

    started.clear()
    monkeypatch.setattr(rsw, "choose_broker", lambda mode, url: None)
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:1/0")
    command.handle(
        addrport="127.0.0.1:9999", worker="auto", no_beat=False, concurrency=1, noreload=True
    )
    assert [name for name, _ in started] == ["runserver"]
    assert "REDIS_URL" not in started[0][1]  # eager mode: settings see no broker


@pytest.mark.django_db
def test_a_job_whose_worker_was_killed_is_marked_failed(make_tournament):
    from celery.exceptions import TimeLimitExceeded

    tournament = make_tournament()
    running = ReportJob.objects.create(tournament=tournament, kind="archive", state="running")
    failed = ReportJob.objects.create(
        tournament=tournament, kind="archive", state="failed", error="the real reason"
    )
    for job in (running, failed):
        tasks.report_job_lost_task(None, TimeLimitExceeded(330), None, str(job.pk))
        job.refresh_from_db()
    assert running.state == "failed" and "330 seconds" in running.error
    assert failed.error == "the real reason"
