"""Background jobs queued by name: a service asks for a Celery task without importing its
module.

A task module imports the services it runs (`tasks.py` sits above `services.py`), so a
service that imported the task module to queue it would close an import circle
(docs/architecture.md). The service names the task instead; Celery's registry holds every
task once the apps are ready (`TournamentsConfig.ready` imports the task modules, and the
worker autodiscovers them), and `tests/config/test_jobs.py` checks that every name
the code queues is a registered task.
"""

from __future__ import annotations

from typing import Any

from celery import Task, current_app
from celery.canvas import Signature


def job_task(name: str) -> Task:
    """The registered task called `name` (KeyError if none is: a typo fails loudly)."""
    return current_app.tasks[name]


def job_signature(name: str, args: tuple[Any, ...] = ()) -> Signature:
    """A signature of the task `name` (for `link_error` and other callbacks)."""
    return job_task(name).s(*args)
