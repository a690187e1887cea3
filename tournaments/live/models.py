"""The live pages' change counters."""

from __future__ import annotations

from django.db import models

from tournaments.events.models import Tournament


class LiveVersion(models.Model):
    """The tournament's change counter for the live pages' caches and validators (ETag).

    Bumped in the same transaction as the standings refresh and every organiser's act
    (tournaments.live.cache); a deal of a match in play changes its match's `version`, which
    the live pages read for the tables they show. A row of its own, so that a save of the
    tournament (which writes every field) can never set the counter back."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, primary_key=True, related_name="live"
    )
    version = models.PositiveBigIntegerField(default=0)
    # The part of the counter a table card depends on: every bump but the standings refresh's
    # (a finished match refreshes the standings; the other tables' cards stay as they were).
    roster = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"live version {self.version} of {self.tournament_id}"
