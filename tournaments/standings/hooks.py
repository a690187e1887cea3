"""What the standings and ratings do when a match or a tournament changes (receivers connected
in `TournamentsConfig.ready`):

- `scoring.signals.match_changed`, sent by scoring.services inside the deal-write
  transaction: the match's tally is stored, the standings refreshed after the commit, the
  ratings updated (or replayed, after a correction of a rated match);
- `tournaments.events.signals.tournament_changed`, sent by the evening's services when how
  the standings count or who is entered changed: recomputed at once, in that transaction;
- `tournaments.events.signals.standings_stale`: a refresh queued after the commit.

The evening's services announce; they never import the standings (docs/architecture.md).
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


def tournament_changed_received(*, tournament: Tournament, **_: Any) -> None:
    """The receiver of `tournaments.events.signals.tournament_changed`."""
    tournament_changed(tournament=tournament)


def standings_stale_received(*, tournament_id: int, **_: Any) -> None:
    """The receiver of `tournaments.events.signals.standings_stale`: one refresh after the
    commit (shared with the matches finishing meanwhile)."""
    from tournaments.standings.tallies import standings_refresh_later

    standings_refresh_later(tournament_id=tournament_id)


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
