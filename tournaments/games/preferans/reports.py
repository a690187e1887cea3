"""Preferans's report parts [отчёты по преферансу] (`tournaments.games.base.TournamentParts`).

- **Standings**: match points, pulkas played, won (first places) and the whist balance
  [сальдо вистов], then the organiser's tiebreaks that are none of these (points by place,
  Buchholz, head-to-head…) — the figures `tournaments.standings.services` keeps for the game.
- **Round report**: the final pulka sheet [пулька] of each table, drawn by the scorer's page
  (`scoring.games.preferans.page.sheet` and its template), with the players, their pool, mountain,
  whists and the settlement [расчёт]: the mountains with the pool deficits, each balance, the
  match points.

The player statistics are `statistics.py`'s.

Every figure is read from the engine's result documents (`preferans-result/1`) and the
scoresheets' deals; nothing is scored here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from scoring import games
from scoring.games.preferans.page.forms import END_REASONS
from scoring.games.preferans.page.sheet import draw
from tournaments.reports.data import (
    Column,
    Progress,
    RoundSheet,
    RoundTable,
    StandingsColumns,
    no_progress,
)
from tournaments.reports.pdf import font_css, render_pdf
from tournaments.standings.match_scores import CONVERSIONS, convert, params_of
from tournaments.standings.services import BASE_FIGURES, TIEBREAK_FIGURES

__all__ = [
    "round_context",
    "round_html",
    "round_pdf",
    "sheet_svg",
    "standings_columns",
]

# --- standings -----------------------------------------------------------------------------

# Tiebreaks that are one of the printed figures under another key: the balance is the sum of
# the pulkas' balances (`game_points` of a line), "wins" the first places (`won`).
SAME_AS = {"balance": "game_points", "wins": "won"}


def standings_columns(tiebreaks: list[Column]) -> StandingsColumns:
    """Match points, played, won (first places), whist balance; then the other tiebreaks.
    Headed as the standings name them (`tournaments.standings.services.FIGURES`), as the live
    page."""
    figures = [
        Column(key, str(figure.label), str(figure.short))
        for key, figure in (*BASE_FIGURES.items(), ("balance", TIEBREAK_FIGURES["balance"]))
    ]
    extras = [c for c in tiebreaks if c.key not in SAME_AS]
    return StandingsColumns(
        table=figures, extras=extras, printed=[*figures, *extras], same_as=dict(SAME_AS)
    )


# --- the pulka sheet -----------------------------------------------------------------------

# The scorer page's sheet styles (scoring/static/scoring/preferans.css) for print: inside the
# drawing, since WeasyPrint styles an inline SVG only from its own <style>.
SHEET_CSS = """
.pf-band, .pf-divider { fill: none; stroke: #6a7785; stroke-width: 1.2; }
.pf-centre { fill: #fffdf6; stroke: #6a7785; stroke-width: 1.2; }
.pf-target { font-family: 'Report Sans', 'DejaVu Sans', sans-serif; font-size: 18px;
  font-weight: bold; fill: #1a4d8f; }
.pf-t { font-family: 'Report Sans', 'DejaVu Sans', sans-serif; font-size: 10px; fill: #222; }
.pf-name { font-weight: bold; font-size: 11px; }
.pf-label { fill: #6b675f; font-size: 9px; }
.pf-pool { fill: #1f6f2f; font-size: 12px; font-weight: bold; }
.pf-mountain { fill: #a3261b; font-size: 12px; font-weight: bold; }
.pf-whists { fill: #1a4d8f; }
.pf-mark { fill: none; stroke: #9a6a00; stroke-width: 1.4; }
.pf-mark.pf-mark-up { fill: #f3d9a4; }
"""


def sheet_svg(result: Mapping[str, Any]) -> SafeString:
    """The pulka sheet of `result` after its last deal, as the scorer's page draws it, in an
    SVG that carries its own styles (the same markup in a browser and in the PDF). The names
    are escaped by the drawing's template."""
    drawing = draw(dict(result))
    inner = render_to_string("scoring/games/preferans/_pulka.svg.html", {"sheet": drawing})
    width, height = drawing.width, drawing.height + 24
    # A rendered (escaped) template and fixed styles.
    return mark_safe(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="pulka" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}"><style>{SHEET_CSS}</style>'
        f"{inner}</svg>"
    )


# --- round report --------------------------------------------------------------------------


def _table_players(table: RoundTable, match_score: str, bands: Any = ()) -> list[dict[str, Any]]:
    """Each player's figures at the end of the pulka, clockwise: pool, mountain, whists
    written and written on them, the settled mountain (pool deficit added), the balance, and
    the match points under the tournament's scoring (a conversion of the balances, e.g.
    `compressed_balance` with the tournament's `bands`, as the standings count them)."""
    result = table.result
    names = list(result.get("players") or table.players)
    deals = result.get("deals") or []
    last = deals[-1]["sheet"] if deals else None
    settlement = result.get("settlement") or {}
    settled = settlement.get("mountain") or {}
    balance = settlement.get("balance") or {}
    points: Mapping[str, float] = {}
    if result.get("finished"):
        if match_score in CONVERSIONS:
            totals = [int(balance.get(name, 0)) for name in names]
            converted = convert(match_score, totals, params_of(list(bands)))
            points = {name: round(p, 2) for name, p in zip(names, converted, strict=True)}
        else:
            game = games.game_for_result(result)
            points = game.match_points(dict(result), match_score)
    out = []
    for name in names:
        whists = (last or {}).get("whists") or {}
        out.append(
            {
                "name": name,
                "pool": int(last["pool"].get(name, 0)) if last else 0,
                "mountain": int(last["mountain"].get(name, 0)) if last else 0,
                "settled": settled.get(name),
                "written": sum(int(v) for v in (whists.get(name) or {}).values()),
                "received": sum(
                    int((whists.get(other) or {}).get(name, 0)) for other in names if other != name
                ),
                "balance": balance.get(name),
                "points": points.get(name),
            }
        )
    return out


def round_context(sheet: RoundSheet) -> dict[str, Any]:
    tables = []
    for table in sheet.tables:
        result = table.result
        has_sheet = bool(result.get("players"))
        settled = list(((result.get("settlement") or {}).get("mountain") or {}).values())
        tables.append(
            {
                "table": table,
                "players": _table_players(
                    table, sheet.tournament.match_score, sheet.tournament.match_score_bands
                )
                if has_sheet
                else [],
                "svg": sheet_svg(result) if has_sheet else "",
                "finished": bool(result.get("finished")),
                "target": (result.get("conventions") or {}).get("pool_target"),
                "average": round(sum(settled) / len(settled), 1) if settled else None,
                "reason": _reason_label(result.get("reason")),
            }
        )
    finished = sum(1 for t in sheet.tables if t.status == "finished")
    return {
        "t": sheet.tournament,
        "round": sheet,
        "tables": tables,
        "finished": finished,
        "fonts": font_css(),
    }


def _reason_label(reason: str | None) -> str:
    return str(END_REASONS.get(reason or "", reason or ""))


TEMPLATE_ROUND = "tournaments/games/preferans/round.html"


# Tables per rendered chunk of the PDF (a page each): a step of the job's progress bar.
CHUNK_TABLES = 10


def round_html(sheet: RoundSheet) -> str:
    """A self-contained printable page (its CSS inline, no external files)."""
    context = round_context(sheet)
    return render_to_string(TEMPLATE_ROUND, {**context, "pdf": False, "first": True, "last": True})


def round_pdf(sheet: RoundSheet, *, progress: Progress = no_progress) -> bytes:
    """A page per table, rendered a chunk of tables at a time (the heading on the first
    chunk, the byes and the signatures after the last)."""
    context = round_context(sheet)
    tables = context["tables"]
    chunks = [tables[i : i + CHUNK_TABLES] for i in range(0, len(tables), CHUNK_TABLES)] or [[]]
    return render_pdf(
        [
            render_to_string(
                TEMPLATE_ROUND,
                {
                    **context,
                    "tables": chunk,
                    "pdf": True,
                    "first": index == 0,
                    "last": index == len(chunks) - 1,
                },
            )
            for index, chunk in enumerate(chunks)
        ],
        progress=progress,
    )
