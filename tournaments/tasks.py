"""Celery tasks of the tournaments app (thin: the work is in ratings/services)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from celery import shared_task

if TYPE_CHECKING:
    from billiard.einfo import ExceptionInfo


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def rate_match_task(match_id: int) -> bool:
    """Rate one finished match (idempotent: a retried or repeated task rates it once)."""
    from .ratings import rate_match

    return rate_match(match_id=match_id)


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def rate_pending_task() -> int:
    """Rate the finished matches not rated yet (queued once for many finishing matches)."""
    from django.core.cache import cache

    from .ratings import ratings_rate_pending

    cache.delete(RATE_PENDING_QUEUED)
    return ratings_rate_pending()


RATE_PENDING_QUEUED = "deberc:rate-pending-queued"


@shared_task(bind=True)
def recompute_ratings_task(self: Any) -> int:
    """Replay all ratings from scratch (after a correction of an already rated match; queued
    by `watchdog.ratings_replay_request`). Tracked: a replay whose worker dies is queued again
    by the watchdog."""
    from .ratings import ratings_recompute
    from .watchdog import ratings_replay_tracked

    with ratings_replay_tracked(beating=not self.request.is_eager):
        return ratings_recompute()


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def refresh_standings_task(tournament_id: int) -> int:
    """Refresh a tournament's standings after deals that finished matches."""
    from .standings import standings_refresh_queued

    return standings_refresh_queued(tournament_id=tournament_id)


# --- reports and housekeeping (issue 6) ------------------------------------------------------
# The report job's body is `tournaments.reports.services.report_job_execute`; the task adds
# the delivery guarantees: acknowledged after the work (a worker that dies mid-report leaves
# the job to another), retried with exponential backoff on passing errors, stopped by a time
# limit, and the job marked failed with a readable reason when it finally fails. Its heartbeat
# lets the watchdog (below) rescue a job whose whole worker was killed.

from celery import Task  # noqa: E402
from celery.exceptions import SoftTimeLimitExceeded, TimeLimitExceeded  # noqa: E402
from celery.signals import worker_ready  # noqa: E402
from django.conf import settings  # noqa: E402

from .reports.errors import TRANSIENT  # noqa: E402

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
        from .reports.services import report_job_fail

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
        from .reports.services import report_job_requeued

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
    from .reports.services import report_job_execute

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
    from .reports.services import report_job_fail

    report_job_fail(job_id=job_id, reason=_failure_reason(exc), only_unfinished=True)


@shared_task(name="tournaments.idempotency_keys_purge", acks_late=True)
def idempotency_keys_purge_task(days: int | None = None) -> int:
    """Beat: forget deal submissions' Idempotency-Keys older than a day (by default): a phone
    retries within minutes, not days."""
    from scoring.services import idempotency_keys_purge

    ttl = days if days is not None else getattr(settings, "IDEMPOTENCY_KEY_TTL_DAYS", 1)
    return idempotency_keys_purge(older_than_days=ttl)


@shared_task(name="tournaments.report_jobs_purge", acks_late=True)
def report_jobs_purge_task(days: int | None = None) -> int:
    """Beat: delete report jobs (and their files) older than the retention period."""
    from datetime import timedelta

    from .reports.services import report_jobs_purge

    keep = days if days is not None else getattr(settings, "REPORT_RETENTION_DAYS", 30)
    return report_jobs_purge(older_than=timedelta(days=keep))


@shared_task(
    name="tournaments.ratings_nightly_recompute",
    acks_late=True,
    autoretry_for=TRANSIENT,
    retry_backoff=60,
    max_retries=3,
    bind=True,
    soft_time_limit=settings.RATINGS_REPLAY_TIME_LIMIT - 100,
    time_limit=settings.RATINGS_REPLAY_TIME_LIMIT,
)
def ratings_nightly_recompute_task(self: Any) -> int:
    """Beat: replay every rating from scratch each night, so that a late correction or a
    lost per-match task never leaves the leaderboard drifting."""
    from .ratings import ratings_recompute
    from .watchdog import ratings_replay_tracked

    with ratings_replay_tracked(beating=not self.request.is_eager):
        return ratings_recompute()


# --- catching up after a fault (issue 13) ----------------------------------------------------
# A worker killed outright (SIGKILL, out of memory, the machine gone) takes the tasks it had
# taken with it: acknowledged late, they stay "unacked" in Redis until the broker's visibility
# timeout (an hour) gives them back, and the standings refresh and the rating task that
# finishing matches share leave their "queued" marks for a minute. So a worker that starts
# catches up first, and beat does so every five minutes (for a web process killed between a
# deal's commit and queueing its refresh). Both are idempotent and cheap when all is well.


@shared_task(
    name="tournaments.catch_up",
    acks_late=True,
    autoretry_for=TRANSIENT,
    retry_backoff=True,
    max_retries=5,
)
def catch_up_task() -> int:
    """Rate every finished match not rated yet and refresh the standings of the running
    tournaments (see `standings_catch_up`). Returns the matches rated."""
    from django.core.cache import cache

    from .ratings import ratings_rate_pending
    from .standings import standings_catch_up

    cache.delete(RATE_PENDING_QUEUED)
    rated = ratings_rate_pending()
    standings_catch_up()
    return rated


def _consumes_live_queue(consumer: Any) -> bool:
    """Whether this worker takes the live queue's tasks (every worker does unless `-Q` leaves
    that queue out; `None`, the tests' stand-in, counts as one that does)."""
    if consumer is None:
        return True
    return settings.LIVE_QUEUE in consumer.app.amqp.queues.consume_from


@worker_ready.connect
def _catch_up_on_start(sender: Any = None, **_kwargs: Any) -> None:
    """A `celery worker` that starts queues one catch-up (it runs it first) and one round of
    the jobs' watchdog. A `reports`-only worker does not: a killed one lost report jobs,
    which the watchdog (beat) rescues, not the live tasks the catch-up makes up for, and both
    would only wait for a live worker."""
    if _consumes_live_queue(sender):
        catch_up_task.apply_async()
        jobs_watchdog_task.apply_async()


# --- the jobs' watchdog (issue 17) -----------------------------------------------------------
# A worker killed outright (not only a pool process, which Celery notices) leaves its report
# job "running" and its rating replay unacknowledged until Redis's visibility timeout, which
# must outlast the longest task (config/settings.py): over an hour. The jobs beat while they
# run; beat runs this every JOB_WATCHDOG_SECONDS, on the live queue (it is quick), to queue
# again or fail what went silent (tournaments/watchdog.py).


# Acknowledged when taken: a round lost with its worker is replaced by beat's next one, while
# a late one, given back by Redis an hour later, would only be noise.
@shared_task(name="tournaments.jobs_watchdog", acks_late=False)
def jobs_watchdog_task() -> dict[str, Any]:
    """Beat: queue again (or fail, retryable) the report jobs and the rating replay whose
    heartbeat went silent. Returns what it did."""
    from .watchdog import jobs_watch

    return jobs_watch()


# --- the tournament's JSON export (issue 17, item 7) -----------------------------------------


@shared_task(name="tournaments.tournament_export", acks_late=True)
def tournament_export_task(tournament_id: int, scorer_shown: bool) -> str | None:
    """Build a large tournament's export file for its current version (tournaments/exports.py)
    on the reports queue, away from the web processes; frees the build lock when done (a
    worker that dies leaves it to run out, LOCK_SECONDS)."""
    from .exports import export_task_run

    return export_task_run(tournament_id=tournament_id, scorer_shown=scorer_shown)
