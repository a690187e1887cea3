"""What the tournament side does when a match changes (called by scoring.services inside the
deal-write transaction). Owned by the standings/ratings work (issue 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction

if TYPE_CHECKING:
    from scoring.models import Match

    from .models import Tournament


def match_changed(*, match: Match) -> None:
    """Bring the standings up to date after `match` was re-scored; after a match finishes,
    schedule the rating update (on commit).

    Cheap while a match is in play: a deal that does not finish (or un-finish) the match
    costs one query and leaves the standings alone, as only finished matches count.
    """
    from .standings import match_record

    changed, was_counted = match_record(match=match)
    if not changed:
        return
    from . import tasks

    if was_counted:
        # A correction of a finished match: ratings are sequential, so replay them all.
        transaction.on_commit(lambda: tasks.recompute_ratings_task.delay())
    elif (match.result or {}).get("finished"):
        match_id = match.pk
        transaction.on_commit(lambda: tasks.rate_match_task.delay(match_id))


def tournament_changed(*, tournament: Tournament) -> None:
    """Recompute the standings after the organiser changed how they are counted (match
    scoring, tiebreak order, conventions such as the target) or the entries."""
    from .models import Tournament as TournamentModel
    from .standings import standings_refresh

    with transaction.atomic():
        locked = TournamentModel.objects.select_for_update().get(pk=tournament.pk)
        standings_refresh(tournament=locked)
