"""Celery tasks of the reports and the jobs' housekeeping (thin: the work is in
`reports.services`, `reports.exports` and `reports.watchdog`).

The report job's body is `tournaments.reports.services.report_job_execute`; the task adds
the delivery guarantees: acknowledged after the work (a worker that dies mid-report leaves
the job to another), retried with exponential backoff on passing errors, stopped by a time
limit, and the job marked failed with a readable reason when it finally fails. Its heartbeat
lets the watchdog (below) rescue a job whose whole worker was killed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from celery import Task, shared_task
from celery.exceptions import SoftTimeLimitExceeded, TimeLimitExceeded
from django.conf import settings

from tournaments.reports.errors import TRANSIENT

if TYPE_CHECKING:
    from billiard.einfo import ExceptionInfo

REPORT_SOFT_TIME_LIMIT = getattr(settings, "REPORT_SOFT_TIME_LIMIT", 300)
REPORT_TIME_LIMIT = REPORT_SOFT_TIME_LIMIT + 30


def _failure_reason(exc: BaseException) -> str:
    from django.utils.translation import gettext as _

    if isinstance(exc, TimeLimitExceeded):
        return _("The report took longer than %(seconds)s seconds and its worker was stopped.") % {
            "seconds": REPORT_TIME_LIMIT
        }
    if isinstance(exc, SoftTimeLimitExceeded):
        return _("The report took longer than %(seconds)s seconds and was stopped.") % {
            "seconds": REPORT_SOFT_TIME_LIMIT
        }
    if isinstance(exc, TRANSIENT):
        return _("The report failed after several attempts: %(error)s") % {
            "error": str(exc) or exc.__class__.__name__
        }
    return _("The report failed: %(error)s") % {"error": str(exc) or exc.__class__.__name__}


class ReportTask(Task):
    """Keeps the ReportJob row in step with the task's own fate."""

    def on_failure(
        self,
        exc: Exception,
        task_id: str,
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        einfo: ExceptionInfo,
    ) -> None:
        from tournaments.reports.services import report_job_fail

        job_id = args[0] if args else kwargs.get("job_id")
        if job_id:
            report_job_fail(job_id=job_id, reason=_failure_reason(exc))

    def on_retry(
        self,
        exc: Exception,
        task_id: str,
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        einfo: ExceptionInfo,
    ) -> None:
        from tournaments.reports.services import report_job_requeued

        job_id = args[0] if args else kwargs.get("job_id")
        if job_id:
            report_job_requeued(job_id=job_id, reason=str(exc))


@shared_task(
    bind=True,
    base=ReportTask,
    name="tournaments.report_job",
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=TRANSIENT,
    retry_backoff=2,
    retry_backoff_max=120,
    retry_jitter=True,
    max_retries=4,
    soft_time_limit=REPORT_SOFT_TIME_LIMIT,
    time_limit=REPORT_TIME_LIMIT,
)
def report_job_task(self: Task, job_id: str) -> str | None:
    """Build one report job (idempotent: a job already done is not built again, nor one
    another task is building; a re-run replaces its file). Returns the job's final state."""
    from tournaments.reports.services import report_job_execute

    job = report_job_execute(
        job_id=job_id, task_id=self.request.id or "", heartbeat=not self.request.is_eager
    )
    return job.state if job is not None else None


@shared_task(name="tournaments.report_job_lost")
def report_job_lost_task(request: Any, exc: BaseException, traceback: Any, job_id: str) -> None:
    """The report task's errback (`link_error`): called where Celery records the failure,
    also when the worker itself ended the task (the hard time limit killed its process),
    where no `on_failure` runs and the job would otherwise stay "running" for ever. A job
    already failed or done keeps its state and reason."""
    from tournaments.reports.services import report_job_fail

    report_job_fail(job_id=job_id, reason=_failure_reason(exc), only_unfinished=True)


@shared_task(name="tournaments.report_jobs_purge", acks_late=True)
def report_jobs_purge_task(days: int | None = None) -> int:
    """Beat: delete report jobs (and their files) older than the retention period."""
    from datetime import timedelta

    from tournaments.reports.services import report_jobs_purge

    keep = days if days is not None else getattr(settings, "REPORT_RETENTION_DAYS", 30)
    return report_jobs_purge(older_than=timedelta(days=keep))


# --- the jobs' watchdog (issue 17) -----------------------------------------------------------
# A worker killed outright (not only a pool process, which Celery notices) leaves its report
# job "running" and its rating replay unacknowledged until Redis's visibility timeout, which
# must outlast the longest task (config/settings.py): over an hour. The jobs beat while they
# run; beat runs this every JOB_WATCHDOG_SECONDS, on the live queue (it is quick), to queue
# again or fail what went silent (tournaments/reports/watchdog.py).


# Acknowledged when taken: a round lost with its worker is replaced by beat's next one, while
# a late one, given back by Redis an hour later, would only be noise.
@shared_task(name="tournaments.jobs_watchdog", acks_late=False)
def jobs_watchdog_task() -> dict[str, Any]:
    """Beat: queue again (or fail, retryable) the report jobs and the rating replay whose
    heartbeat went silent. Returns what it did."""
    from tournaments.reports.services import jobs_watch

    return jobs_watch()


# --- the tournament's JSON export (issue 17, item 7) -----------------------------------------


@shared_task(name="tournaments.tournament_export", acks_late=True)
def tournament_export_task(tournament_id: int, scorer_shown: bool) -> str | None:
    """Build a large tournament's export file for its current version
    (tournaments/reports/exports.py) on the reports queue, away from the web processes; frees
    the build lock when done (a worker that dies leaves it to run out, LOCK_SECONDS)."""
    from tournaments.reports.exports import export_task_run

    return export_task_run(tournament_id=tournament_id, scorer_shown=scorer_shown)
