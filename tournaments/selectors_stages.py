"""Reads of a tournament's stage (tournaments.stages) for the pages: what the stage is, whether
it is made (the round after it paired) and how many continued."""

from __future__ import annotations

from typing import Any

from scoring.models import Seat

from .models import Tournament
from .stages import FINAL, stage_label


def stage_summary(tournament: Tournament) -> dict[str, Any] | None:
    """The stage as the standings page shows it (None: the tournament has none): its label
    ("Final table: top 4"), the round it follows, whether it is made and how many continued
    (they head the standings)."""
    if not tournament.stage_kind or not tournament.stage_after_round:
        return None
    after = tournament.stage_after_round
    stage_round = tournament.round_set.filter(number=after + 1).first()
    continuing = 0
    if stage_round is not None:
        continuing = (
            Seat.objects.filter(match__round=stage_round).count() + stage_round.byes.count()
        )
    return {
        "label": stage_label(tournament.stage_kind, tournament.stage_size, tournament.round_sizes),
        "after": after,
        "final": tournament.stage_kind == FINAL,
        "made": stage_round is not None,
        "continuing": continuing,
    }


def next_round_stage(tournament: Tournament, number: int) -> str:
    """What round `number` is when it is the stage's round ("Cut: top 8 continue"), else ""."""
    if tournament.stage_kind and number == (tournament.stage_after_round or 0) + 1:
        return stage_label(tournament.stage_kind, tournament.stage_size, tournament.round_sizes)
    return ""
