"""Deberc's report parts: the standings' columns (match points, played, won, game points,
points against, bytes, then the organiser's other tiebreaks) and the round report
[протокол тура]: a round's pairings and match totals, table by table, as a printable HTML page
and as a PDF (the same template)."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string

from tournaments.reports.data import Column, Progress, RoundSheet, StandingsColumns, no_progress
from tournaments.reports.pdf import font_css, render_pdf
from tournaments.reports.standings import default_columns

TEMPLATE_ROUND = "tournaments/games/deberc/round.html"


def standings_columns(tiebreaks: list[Column]) -> StandingsColumns:
    """The base figures of a standings line, then the tiebreaks that are none of them."""
    return default_columns(tiebreaks)


def round_context(sheet: RoundSheet) -> dict[str, Any]:
    tables = []
    for table in sheet.tables:
        seats = [
            {
                "name": name,
                "total": total,
                "winner": name in table.winners,
            }
            for name, total in zip(table.players, table.totals, strict=False)
        ]
        tables.append({"table": table, "seats": seats})
    finished = sum(1 for t in sheet.tables if t.status == "finished")
    return {
        "t": sheet.tournament,
        "round": sheet,
        "tables": tables,
        "finished": finished,
        "fonts": font_css(),
    }


def round_html(sheet: RoundSheet) -> str:
    """A self-contained printable page (its CSS inline, no external files)."""
    return render_to_string(TEMPLATE_ROUND, {**round_context(sheet), "pdf": False})


def round_pdf(sheet: RoundSheet, *, progress: Progress = no_progress) -> bytes:
    html = render_to_string(TEMPLATE_ROUND, {**round_context(sheet), "pdf": True})
    return render_pdf([html], progress=progress)
