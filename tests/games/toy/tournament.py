"""High card's tournament parts (`tournaments.games.base.TournamentParts`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.template.loader import render_to_string

from tournaments.reports.data import Column, Progress, RoundSheet, StandingsColumns, no_progress
from tournaments.reports.pdf import render_pdf
from tournaments.standings.services import BASE_FIGURES, TIEBREAK_FIGURES

from . import statistics

__all__ = ["demo_deals", "round_html", "round_pdf", "standings_columns", "statistics"]


def standings_columns(tiebreaks: list[Column]) -> StandingsColumns:
    figures = [
        Column(key, str(figure.label), str(figure.short))
        for key, figure in (*BASE_FIGURES.items(), ("game_points", TIEBREAK_FIGURES["game_points"]))
    ]
    extras = [c for c in tiebreaks if c.key != "game_points"]
    return StandingsColumns(table=figures, extras=extras, printed=[*figures, *extras])


def round_html(sheet: RoundSheet) -> str:
    return render_to_string("toy/round.html", {"round": sheet, "t": sheet.tournament})


def round_pdf(sheet: RoundSheet, *, progress: Progress = no_progress) -> bytes:
    return render_pdf([round_html(sheet)], progress=progress)


def demo_deals(
    rng: random.Random,
    names: Sequence[str],
    *,
    first_dealer: str,
    stop_after: int | None = None,
    showcase: bool = False,
) -> list[dict[str, Any]]:
    deals: list[dict[str, Any]] = []
    totals = dict.fromkeys(names, 0)
    while max(totals.values()) < 21 and (stop_after is None or len(deals) < stop_after):
        points = {name: rng.randint(0, 13) for name in names}
        for name in names:
            totals[name] += points[name]
        deals.append({"points": points})
    return deals
