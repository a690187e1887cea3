"""The round report [протокол тура]: a round's pairings and results, table by table, as a
printable HTML page and as a PDF (the same template)."""

from __future__ import annotations

from django.template.loader import render_to_string

from .data import Progress, RoundSheet, no_progress
from .pdf import font_css, render_pdf


def round_context(sheet: RoundSheet) -> dict:
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
    return render_to_string(
        "tournaments/reports/round.html", {**round_context(sheet), "pdf": False}
    )


def round_pdf(sheet: RoundSheet, *, progress: Progress = no_progress) -> bytes:
    html = render_to_string("tournaments/reports/round.html", {**round_context(sheet), "pdf": True})
    return render_pdf([html], progress=progress)
