"""Background jobs queued by name (config.jobs): every name the code queues is a task
Celery knows, in the web process as in a worker, and queueing by name runs the same task."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from celery import current_app

from config.jobs import job_signature, job_task
from tests.paths import REPO

JOB_FUNCTIONS = {"job_task", "job_signature"}


def queued_names(root: Path = REPO) -> dict[str, list[str]]:
    """Every task name passed to config.jobs in the product code -> where."""
    found: dict[str, list[str]] = {}
    for app in ("config", "scoring", "tournaments", "referee"):
        for path in sorted((root / app).rglob("*.py")):
            if "migrations" in path.parts or path == root / "config" / "jobs.py":
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id in JOB_FUNCTIONS
                    and node.args
                ):
                    first = node.args[0]
                    assert isinstance(first, ast.Constant), (
                        f"{path}:{node.lineno}: a task is named by a literal, so this test sees it"
                    )
                    where = f"{path.relative_to(root)}:{node.lineno}"
                    found.setdefault(str(first.value), []).append(where)
    return found


def test_the_code_queues_its_tasks_by_name() -> None:
    names = queued_names()
    # The standings refresh, the ratings, the report jobs, the export and the watchdog.
    assert {
        "tournaments.tasks.refresh_standings_task",
        "tournaments.tasks.rate_pending_task",
        "tournaments.tasks.recompute_ratings_task",
        "tournaments.report_job",
        "tournaments.report_job_lost",
        "tournaments.tournament_export",
        "tournaments.jobs_watchdog",
    } <= set(names)


def test_every_name_queued_is_a_registered_task() -> None:
    """A typo in a name would fail only when the job is queued: here it fails at once."""
    registered = set(current_app.tasks)
    missing = {name: where for name, where in queued_names().items() if name not in registered}
    assert missing == {}


def test_tasks_moved_keep_the_names_queued_messages_carry() -> None:
    """A message queued before the tasks moved out of tournaments/tasks.py names its task by
    the old name: the worker still knows it."""
    from tournaments.standings import tasks

    assert tasks.refresh_standings_task.name == "tournaments.tasks.refresh_standings_task"
    assert tasks.rate_match_task.name == "tournaments.tasks.rate_match_task"
    assert (
        job_task("tournaments.tasks.rate_pending_task")
        is tasks.rate_pending_task._get_current_object()
    )


def test_an_unknown_name_is_refused_loudly() -> None:
    with pytest.raises(KeyError):
        job_task("tournaments.no_such_task")


def test_a_signature_by_name_names_the_task() -> None:
    signature = job_signature("tournaments.report_job_lost", ("job-1",))
    assert signature.task == "tournaments.report_job_lost"
    assert signature.args == ("job-1",)
