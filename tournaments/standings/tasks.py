"""Celery tasks of the standings and ratings (thin: the work is in standings.services and
standings.ratings)."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings

from config.jobs import job_task
from tournaments.reports.errors import TRANSIENT
from tournaments.standings.ratings import RATE_PENDING_QUEUED


# The first four tasks keep the names they had when they lived in `tournaments/tasks.py`: a
# message queued before an upgrade names its task, and the routes (settings) name them too.
@shared_task(
    name="tournaments.tasks.rate_match_task",
    autoretry_for=(Exception,),
    retry_backoff=True,
    max_retries=5,
)
def rate_match_task(match_id: int) -> bool:
    """Rate one finished match (idempotent: a retried or repeated task rates it once)."""
    from tournaments.standings.ratings import rate_match

    return rate_match(match_id=match_id)


@shared_task(
    name="tournaments.tasks.rate_pending_task",
    autoretry_for=(Exception,),
    retry_backoff=True,
    max_retries=5,
)
def rate_pending_task() -> int:
    """Rate the finished matches not rated yet (queued once for many finishing matches)."""
    from django.core.cache import cache

    from tournaments.standings.ratings import ratings_rate_pending

    cache.delete(RATE_PENDING_QUEUED)
    return ratings_rate_pending()


@shared_task(name="tournaments.tasks.recompute_ratings_task", bind=True)
def recompute_ratings_task(self: Any) -> int:
    """Replay all ratings from scratch (after a correction of an already rated match; queued
    by `watchdog.ratings_replay_request`). Tracked: a replay whose worker dies is queued again
    by the watchdog."""
    from tournaments.reports.watchdog import ratings_replay_tracked
    from tournaments.standings.ratings import ratings_recompute

    with ratings_replay_tracked(beating=not self.request.is_eager):
        return ratings_recompute()


@shared_task(
    name="tournaments.tasks.refresh_standings_task",
    autoretry_for=(Exception,),
    retry_backoff=True,
    max_retries=5,
)
def refresh_standings_task(tournament_id: int) -> int:
    """Refresh a tournament's standings after deals that finished matches."""
    from tournaments.standings.services import standings_refresh_queued

    return standings_refresh_queued(tournament_id=tournament_id)


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
    from tournaments.reports.watchdog import ratings_replay_tracked
    from tournaments.standings.ratings import ratings_recompute

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

    from tournaments.standings.ratings import ratings_rate_pending
    from tournaments.standings.services import standings_catch_up

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
        job_task("tournaments.jobs_watchdog").apply_async()
