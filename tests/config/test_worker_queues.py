"""Worker queues: the live tasks on `celery`, the slow or bulky ones on `reports`, and every
worker that a one-host setup starts consuming both (so that nothing waits for a worker that
is not there). No broker needed: the routing is what `apply_async` asks Celery's router."""

from __future__ import annotations

import os
import re
import tempfile
from types import SimpleNamespace
from typing import Any

import pytest
from django.conf import settings

from tests.paths import REPO
from tournaments.management.commands import runserver_with_worker as rsw
from tournaments.reports import tasks
from tournaments.standings import tasks as standings_tasks

ROOT = REPO

# Every task of the project and the queue it must go to: a new task fails this test until
# someone decides whether the live evening needs it within a second.
EXPECTED_QUEUE = {
    "tournaments.tasks.refresh_standings_task": "celery",
    "tournaments.tasks.rate_match_task": "celery",
    "tournaments.tasks.rate_pending_task": "celery",
    "tournaments.catch_up": "celery",
    "tournaments.jobs_watchdog": "celery",
    "tournaments.tasks.recompute_ratings_task": "reports",
    "tournaments.report_job": "reports",
    "tournaments.report_job_lost": "reports",
    "tournaments.report_jobs_purge": "reports",
    "tournaments.idempotency_keys_purge": "reports",
    "tournaments.ratings_nightly_recompute": "reports",
    # A large tournament's JSON export (issue 17): seconds of CPU, away from the live tasks.
    "tournaments.tournament_export": "reports",
}


def _app() -> Any:
    from config.celery import app

    return app


def test_the_queue_names_are_the_ones_the_command_lines_use() -> None:
    assert settings.LIVE_QUEUE == "celery" and settings.REPORTS_QUEUE == "reports"
    assert settings.WORKER_QUEUES == ("celery", "reports")


def test_every_task_goes_to_the_queue_chosen_for_it() -> None:
    app = _app()
    ours = {name for name in app.tasks if not name.startswith("celery.")}
    assert ours == set(EXPECTED_QUEUE)
    for name, queue in EXPECTED_QUEUE.items():
        route = app.amqp.router.route({}, name, (), {})
        assert route["queue"].name == queue, name
        # The routing key and the exchange name the message is published with: each queue's
        # own, so a message lands in one list only (never in both, never twice).
        assert route["queue"].routing_key == route["queue"].exchange.name == queue, name


def test_a_call_site_option_does_not_move_a_task_to_another_queue() -> None:
    # The report job is queued with a link_error, the refresh and rating with a countdown.
    router = _app().amqp.router
    report = router.route({"link_error": None}, tasks.report_job_task.name, ("job",), {})
    refresh = router.route(
        {"countdown": 1.0}, standings_tasks.refresh_standings_task.name, (1,), {}
    )
    assert report["queue"].name == "reports" and refresh["queue"].name == "celery"


def test_the_queues_are_distinct_bindings() -> None:
    queues = _app().amqp.queues
    bindings = {(q.exchange.name, q.routing_key) for q in queues.values()}
    assert len(bindings) == len(queues) == 2


def test_a_worker_started_without_queues_consumes_both() -> None:
    """`celery -A config worker` without -Q, and the test suite's in-process worker
    (`celery.contrib.testing.worker`), take the declared queues: both."""
    assert set(_app().amqp.queues.consume_from) == {"celery", "reports"}


def _queues_option(argv: list[str]) -> set[str]:
    """The queues a `celery worker` command line names (-Q X, --queues X, --queues=X)."""
    for i, arg in enumerate(argv):
        if arg in ("-Q", "--queues"):
            return set(argv[i + 1].split(","))
        if arg.startswith("--queues="):
            return set(arg.split("=", 1)[1].split(","))
    raise AssertionError(f"no -Q in {argv}")


def test_make_worker_listens_on_both_queues() -> None:
    makefile = (ROOT / "Makefile").read_text()
    default = re.search(r"^WORKER_QUEUES \?= (\S+)$", makefile, re.M)
    recipe = re.search(r"^worker:.*\n\t(.*)$", makefile, re.M)
    assert default and recipe
    argv = recipe.group(1).replace("$(WORKER_QUEUES)", default.group(1)).split()
    assert "worker" in argv and _queues_option(argv) == {"celery", "reports"}


def test_runserver_with_worker_listens_on_both_queues(monkeypatch: pytest.MonkeyPatch) -> None:
    started: dict[str, list[str]] = {}
    monkeypatch.setattr(rsw, "choose_broker", lambda mode, url: "redis://127.0.0.1:6379/9")
    command = rsw.Command()
    monkeypatch.setattr(command, "_supervise", lambda commands, env: started.update(commands))
    command.handle(
        addrport="127.0.0.1:9999", worker="auto", no_beat=False, concurrency=2, noreload=True
    )
    assert _queues_option(started["worker"]) == {"celery", "reports"}
    # Beat's schedule file is this checkout's own (issue 35, item 21), not one shared by
    # every checkout of the host.
    schedule = started["beat"][started["beat"].index("-s") + 1]
    assert schedule == rsw.beat_schedule_path(settings.BASE_DIR)
    assert rsw.beat_schedule_path("/srv/a") != rsw.beat_schedule_path("/srv/b")
    assert schedule != os.path.join(tempfile.gettempdir(), "deberc-celerybeat-schedule")


def test_a_worker_run_as_root_says_so_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """`make run` as root (a container, a fresh machine): one line instead of Celery's page
    of warnings, which the worker is told to leave out."""
    started: dict[str, Any] = {}
    monkeypatch.setattr(rsw, "choose_broker", lambda mode, url: "redis://127.0.0.1:6379/9")
    monkeypatch.setattr(rsw.os, "geteuid", lambda: 0)
    command = rsw.Command()
    monkeypatch.setattr(command, "_supervise", lambda commands, env: started.update(env=env))
    command.handle(
        addrport="127.0.0.1:9999", worker="auto", no_beat=True, concurrency=2, noreload=True
    )
    assert started["env"]["PYTHONWARNINGS"] == rsw.ROOT_WARNING_FILTER


def test_the_benches_worker_listens_on_both_queues(
    monkeypatch: pytest.MonkeyPatch, bench_entry: Any
) -> None:
    """bench/entry.py's `start_worker`, which bench/chaos.py restarts after killing it."""
    entry = bench_entry
    calls: list[list[str]] = []
    monkeypatch.setattr(entry.subprocess, "Popen", lambda argv, **_kw: calls.append(argv))
    entry.start_worker({})
    assert _queues_option(calls[0]) == {"celery", "reports"}


def test_the_documented_worker_unit_listens_on_both_queues() -> None:
    doc = (ROOT / "docs" / "deployment.md").read_text()
    unit = doc.split("`/etc/systemd/system/deberc-worker.service`:", 1)[1].split("```", 2)[1]
    exec_start = re.search(r"^ExecStart=(.*)$", unit, re.M)
    assert exec_start and _queues_option(exec_start.group(1).split()) == {"celery", "reports"}


def _consumer(*queues: str) -> SimpleNamespace:
    """What `worker_ready` gets as its sender, reduced to the part the catch-up reads."""
    consume_from = {name: object() for name in queues}
    return SimpleNamespace(
        app=SimpleNamespace(amqp=SimpleNamespace(queues=SimpleNamespace(consume_from=consume_from)))
    )


def test_only_a_worker_taking_the_live_queue_catches_up_when_it_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    queued: list[Any] = []
    monkeypatch.setattr(
        standings_tasks.catch_up_task, "apply_async", lambda *a, **kw: queued.append(1)
    )
    standings_tasks._catch_up_on_start(sender=_consumer("celery", "reports"))
    standings_tasks._catch_up_on_start(sender=_consumer("celery"))
    assert len(queued) == 2
    # A reports-only worker lost report jobs if it was killed (the broker gives them back),
    # not live tasks; its catch-up would only wait for a live worker, which queues its own.
    standings_tasks._catch_up_on_start(sender=_consumer("reports"))
    assert len(queued) == 2
