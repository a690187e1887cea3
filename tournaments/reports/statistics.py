"""Player statistics [статистика игроков], drawn once for every game.

A game counts and names its figures (`tournaments.games.<game>.statistics`, the typed
`Statistics` of `tournaments.games.base`); this module lays them out: the web page's table,
the PDF's fixed-width lines (as the standings), the legend and the charts, for the whole
tournament or for one player (whose line is marked).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from tournaments.games.base import Statistics
from tournaments.reports.data import Progress, TournamentInfo, no_progress
from tournaments.reports.pdf import font_css, render_pdf
from tournaments.reports.standings import PrintLayout, fit, paginate

TEMPLATE = "tournaments/reports/player_stats.html"


def stats_context(
    info: TournamentInfo,
    stats: Mapping[str, Any],
    statistics: Statistics[Any],
    *,
    player: str | None = None,
) -> dict[str, Any]:
    """The template context of the statistics report: the whole tournament, or one player."""
    players = sorted(stats.values(), key=statistics.order)
    totals = statistics.totals(players)
    context: dict[str, Any] = {"t": info, "fonts": font_css(), "player": None, "totals": totals}
    if player is not None:
        me = stats.get(player) or statistics.empty(player)
        context["player"] = me
        context["kpis"] = statistics.kpis(me)
        context["charts"] = statistics.player_charts(me, stats, totals)
    else:
        context["kpis"] = []
        context["charts"] = statistics.tournament_charts(players, stats, totals)
    headings = statistics.headings()
    rows = [statistics.row(s) for s in players]
    context["legend"] = headings
    context["note"] = statistics.note()
    # The web page: a table. The PDF: fixed-width lines, as the standings (see standings.py).
    context["table"] = [
        {
            "player": s.player,
            "club": s.club,
            "figures": r,
            "me": player is not None and s.player == player,
        }
        for s, r in zip(players, rows, strict=True)
    ]
    widths = [
        max([len(str(short))] + [len(r[i]) for r in rows]) + 1
        for i, (short, _label) in enumerate(headings)
    ]
    name_w = min(30, max([len(str(_("Player")))] + [len(s.player) for s in players]))
    club_w = min(20, max([len(str(_("Club")))] + [len(s.club) for s in players]))
    context["heading"] = (
        "  "
        + fit(_("Player"), name_w)
        + " "
        + fit(_("Club"), club_w)
        + "".join(str(h).rjust(w) for (h, _l), w in zip(headings, widths, strict=True))
    )
    lines = [
        ("▶ " if player is not None and s.player == player else "  ")
        + fit(s.player, name_w)
        + " "
        + fit(s.club, club_w)
        + "".join(v.rjust(w) for v, w in zip(r, widths, strict=True))
        for s, r in zip(players, rows, strict=True)
    ]
    layout = PrintLayout.for_width(len(context["heading"]))
    context["layout"] = layout
    # Page 1 holds the charts; the lines follow on the next pages.
    pages = paginate(lines, layout.page_lines, layout.page_lines) if lines else []
    context["pages"] = [
        {"number": n, "text": "\n".join(page)} for n, page in enumerate(pages, start=2)
    ]
    context["page_count"] = len(pages) + 1
    return context


def player_stats_html(context: dict[str, Any]) -> str:
    return render_to_string(TEMPLATE, {**context, "pdf": False})


def player_stats_pdf(context: dict[str, Any], *, progress: Progress = no_progress) -> bytes:
    html = render_to_string(TEMPLATE, {**context, "pdf": True})
    return render_pdf([html], progress=progress)
