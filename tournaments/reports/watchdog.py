"""Heartbeats of the long background jobs, and the watchdog that rescues the silent ones
(issue 17: a worker killed outright left a report "running 12 %" for good, and the rating
replay it held unacknowledged until Redis's visibility timeout, over an hour later).

- A **report job** being built writes `ReportJob.heartbeat_at` every `heartbeat_every()`
  seconds (a thread next to the work, and every progress step); a queued one carries the time
  it was queued.
- A **rating replay** (after a correction of a rated match, and nightly) is tracked by a mark in
  the cache (Redis: shared by every web process, worker and beat): asked for when queued,
  beating while it runs, gone when a replay that started after the last request has finished.
- **The watchdog** (`tournaments.jobs_watchdog`, run by celery beat every
  JOB_WATCHDOG_SECONDS and by every worker that starts) queues again a report job running with a
  heartbeat silent for JOB_STALE_SECONDS, or fails it (retryable) once its worker died on it
  `REPORT_MAX_ATTEMPTS` times; sends again a job queued for 3 × JOB_STALE_SECONDS (the message
  may be held by the dead worker; a second copy finds the job taken and stops); and queues a
  rating replay again whose mark went silent. Everything it queues is idempotent.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connections

log = logging.getLogger(__name__)

# A rating replay is queued again at most this many times by the watchdog; then the mark is
# dropped and the nightly replay makes up for it.
REPLAY_MAX_RESENDS = 3
REPLAY_MARK = "deberc:ratings-replay"


def stale_after() -> timedelta:
    """How long a running job's heartbeat may be silent before its worker counts as dead."""
    return timedelta(seconds=settings.JOB_STALE_SECONDS)


def queued_resend_after() -> timedelta:
    """How long a job may wait queued before its task is sent again: longer than a running
    job's silence, since a queue may rightly hold it behind others for a while."""
    return 3 * stale_after()


def heartbeat_every() -> float:
    """Seconds between two heartbeats: several of them fit in the silence that counts as dead,
    so that a slow database write or a busy machine is never taken for a dead worker."""
    return max(0.2, settings.JOB_STALE_SECONDS / 6)


class Heartbeat:
    """Calls `beat()` every `every` seconds from a thread of its own while the `with` block
    runs (a report's builder may spend minutes in one call without reporting progress)."""

    def __init__(self, beat: Callable[[], None], every: float | None = None) -> None:
        self.beat = beat
        self.every = every if every is not None else heartbeat_every()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="job-heartbeat", daemon=True)

    def __enter__(self) -> Heartbeat:
        self._thread.start()
        return self

    def __exit__(self, *_exc: Any) -> None:
        self._stop.set()
        self._thread.join(timeout=self.every + 10)

    def _run(self) -> None:
        try:
            while not self._stop.wait(self.every):
                try:
                    self.beat()
                except Exception:  # a missed beat is no matter; the next one may pass
                    log.warning("heartbeat failed", exc_info=True)
        finally:
            # This thread's own database connection, not the worker's.
            connections.close_all()


def heartbeat(beat: Callable[[], None], *, enabled: bool) -> Any:
    """A Heartbeat, or nothing when the work runs eagerly inside a request (no worker to lose,
    and no beat to rescue it)."""
    return Heartbeat(beat) if enabled else nullcontext()


# --- rating replays ---------------------------------------------------------------------------


def ratings_replay_request() -> None:
    """Queue a replay of every rating, tracked by the watchdog (called after the commit)."""
    from config.jobs import job_task

    now = time.time()
    cache.set(REPLAY_MARK, {"requested": now, "beat": now, "started": False, "resends": 0}, None)
    job_task("tournaments.tasks.recompute_ratings_task").delay()


@contextmanager
def ratings_replay_tracked(*, beating: bool) -> Iterator[None]:
    """Around a replay: its mark beats while it runs and is dropped when it ends, unless a
    replay was asked for again meanwhile (that request's own task is queued and will drop it).
    A replay that fails leaves its mark: the watchdog queues it again."""
    started = time.time()
    mark = cache.get(REPLAY_MARK) or {"requested": started, "resends": 0}
    cache.set(REPLAY_MARK, {**mark, "beat": started, "started": True}, None)

    def beat() -> None:
        current = cache.get(REPLAY_MARK)
        if current is not None and current.get("started"):
            cache.set(REPLAY_MARK, {**current, "beat": time.time()}, None)

    with heartbeat(beat, enabled=beating):
        yield
    current = cache.get(REPLAY_MARK)
    if current is not None and current.get("requested", 0) <= started:
        cache.delete(REPLAY_MARK)


def ratings_replay_watch(*, now: float | None = None) -> str | None:
    """Queue again a replay whose mark went silent (its worker died, or its message is held by
    a dead worker): "requeued", "given_up" (after REPLAY_MAX_RESENDS), or None."""
    from config.jobs import job_task

    mark = cache.get(REPLAY_MARK)
    if not mark:
        return None
    now = now if now is not None else time.time()
    limit = stale_after() if mark.get("started") else queued_resend_after()
    if now - float(mark.get("beat", 0)) < limit.total_seconds():
        return None
    if int(mark.get("resends", 0)) >= REPLAY_MAX_RESENDS:
        cache.delete(REPLAY_MARK)
        log.error("a rating replay kept losing its worker; the nightly replay will make up")
        return "given_up"
    cache.set(
        REPLAY_MARK,
        {**mark, "beat": now, "started": False, "resends": int(mark.get("resends", 0)) + 1},
        None,
    )
    job_task("tournaments.tasks.recompute_ratings_task").delay()
    log.warning("a rating replay lost its worker: queued again")
    return "requeued"
