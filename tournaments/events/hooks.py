"""What the tournament side does when a match changes: `match_changed` listens to
`scoring.signals.match_changed`, sent by scoring.services inside the deal-write transaction
(connected in `TournamentsConfig.ready`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import transaction

from scoring.signals import match_change_is_quiet

if TYPE_CHECKING:
    from scoring.models import Match
    from tournaments.events.models import Tournament


def match_changed_received(*, match: Match, was_finished: bool | None = None, **_: Any) -> None:
    """The receiver of `scoring.signals.match_changed`."""
    match_changed(match=match, was_finished=was_finished)


def match_changed(*, match: Match, was_finished: bool | None = None) -> None:
    """Bring the standings up to date after `match` was re-scored; after a match finishes,
    schedule the rating update (on commit).

    Free while a match is in play: only finished matches count, so a deal that leaves an
    unfinished match unfinished (`was_finished` False) changes nothing here. When the caller
    does not know (`was_finished` None), the stored tally tells.
    """
    from tournaments.standings.tallies import match_record

    if match_change_is_quiet(match=match, was_finished=was_finished):
        return

    changed, was_counted = match_record(match=match)
    if not changed:
        return
    from tournaments.reports import watchdog

    if was_counted:
        # A correction of a finished match: ratings are sequential, so replay them all
        # (tracked, so that a replay lost with its worker is queued again).
        transaction.on_commit(watchdog.ratings_replay_request)
    elif (match.result or {}).get("finished"):
        transaction.on_commit(_rate_pending_soon)


def match_amended_received(
    *, match: Match, user: Any, kind: str, reason: str, deal: int | None = None, **_: Any
) -> None:
    """The receiver of `scoring.signals.match_amended`: the change goes in the round's
    history (a match without a round has none)."""
    round_ = match.round if match.round_id is not None else None
    if round_ is None:
        return
    from tournaments.events.services import round_event_record

    round_event_record(round=round_, kind=kind, user=user, reason=reason, match=match, deal=deal)


def tournament_changed(*, tournament: Tournament) -> None:
    """Recompute the standings after the organiser changed how they are counted (match
    scoring, tiebreak order, conventions such as the target) or the entries."""
    from tournaments.standings.services import standings_lock, standings_refresh

    with transaction.atomic():
        locked = standings_lock(tournament_id=tournament.pk)
        if locked is not None:
            standings_refresh(tournament=locked)


def _rate_pending_soon() -> None:
    """Queue one rating task for the matches finishing about now (unless one is queued and
    has not started: it will rate this match too). Eager mode rates at once."""
    from django.conf import settings
    from django.core.cache import cache

    from config.jobs import job_task
    from tournaments.standings.ratings import RATE_PENDING_QUEUED

    if cache.add(RATE_PENDING_QUEUED, 1, timeout=60):
        job_task("tournaments.tasks.rate_pending_task").apply_async(
            countdown=settings.STANDINGS_REFRESH_DELAY
        )
