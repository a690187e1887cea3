"""A standings refresh and the tables (PostgreSQL): while the worker refreshes a tournament's
standings, the deal that finishes a match is written at once; it does not wait for the
refresh. Refreshes still take turns.

The refresh locked the tournament's row FOR UPDATE. The finished match's tally points at the
tournament, and its foreign key's check takes a KEY SHARE lock, which FOR UPDATE blocks. So the
finishing deal waited for the whole refresh: up to 0.9 s under the bench's load
(pg_stat_statements)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import OperationalError, connection, connections

from scoring import services
from scoring.models import Match
from tests.factories import DEAL_BIG, make_evening
from tournaments.standings import services as standings
from tournaments.standings import tasks as standings_tasks
from tournaments.standings.models import MatchTally, StandingRow

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def refreshing(require_postgres: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A tournament whose queued standings refresh is running in another thread (its own
    connection), stopped in the middle of its work, its lock held, until the test ends."""
    ev = make_evening()
    inside = threading.Event()
    release = threading.Event()
    real_compute = standings.compute_tournament_standings

    def slow_compute(*args: Any, **kwargs: Any) -> Any:
        inside.set()
        release.wait(30)
        return real_compute(*args, **kwargs)

    monkeypatch.setattr(standings, "compute_tournament_standings", slow_compute)
    failures: list[BaseException] = []

    def refresh() -> None:
        try:
            standings.standings_refresh_queued(tournament_id=ev.tournament.pk)
        except BaseException as exc:  # reported by the test, not lost in the thread
            failures.append(exc)
        finally:
            connections.close_all()

    worker = threading.Thread(target=refresh, daemon=True)
    worker.start()
    assert inside.wait(10), "the refresh did not start"
    try:
        yield ev
    finally:
        release.set()
        worker.join(30)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = 0")
    assert not failures, failures
    assert not worker.is_alive()


def waiting_at_most(seconds: float) -> None:
    """This connection's lock waits end with an error after `seconds` (a wait is a failure)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SET lock_timeout = '{int(seconds * 1000)}ms'")


def test_the_deal_that_finishes_a_match_does_not_wait_for_the_refresh(
    refreshing: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ev = refreshing
    queued: list[tuple[Any, ...]] = []
    # The next refresh is queued, not run here at once (eager mode would wait for the first).
    monkeypatch.setattr(
        standings_tasks.refresh_standings_task, "apply_async", lambda args, **_: queued.append(args)
    )
    waiting_at_most(2)
    finished = False
    for _ in range(20):
        match = Match.objects.get(pk=ev.match.pk)
        written = services.deal_submit(
            match=match, record=DEAL_BIG, user=ev.scorer, idempotency_key=None, version=None
        )
        assert written.status == 201
        finished = Match.objects.get(pk=ev.match.pk).status == Match.Status.FINISHED
        if finished:
            break
    assert finished
    # Its tally is in, for the refresh that this deal queued after its commit.
    assert MatchTally.objects.filter(match_id=ev.match.pk).exists()
    assert queued == [(ev.tournament.pk,)]


def test_a_second_refresh_waits_for_the_first(refreshing: Any) -> None:
    waiting_at_most(0.5)
    with pytest.raises(OperationalError, match="lock timeout"):
        standings.standings_refresh_queued(tournament_id=refreshing.tournament.pk)
    assert not StandingRow.objects.filter(tournament=refreshing.tournament).exists()
