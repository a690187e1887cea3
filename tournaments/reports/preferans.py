"""Preferans's pieces of the reports [отчёты по преферансу] (see `tournaments.reports.parts`).

- **Standings**: match points, pulkas played, won (first places) and the whist balance
  [сальдо вистов], then the organiser's tiebreaks that are none of these (points by place,
  Buchholz, head-to-head…) — the figures `tournaments.standings` keeps for the game.
- **Round report**: the final pulka sheet [пулька] of each table, drawn by the scorer's page
  (`scoring.preferans_page.sheet` and its template), with the players, their pool, mountain,
  whists and the settlement [расчёт]: the mountains with the pool deficits, each balance, the
  match points.
- **Player statistics**: games declared [игры] by outcome and level, misères [мизеры] made
  and failed, all-passes [распасы] (tricks taken, all-passes without a trick), the whist
  balance per round, with charts.

Every figure is read from the engine's result documents (`preferans-result/1`) and the
scoresheets' deals; nothing is scored here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scoring import games
from scoring.preferans_page.forms import END_REASONS
from scoring.preferans_page.sheet import draw

from ..standings import BASE_FIGURES, TIEBREAK_FIGURES
from . import charts
from .data import (
    Column,
    MatchDeals,
    Progress,
    RoundSheet,
    RoundTable,
    StandingsColumns,
    TournamentInfo,
    no_progress,
)
from .pdf import font_css, render_pdf
from .standings import PrintLayout, fit, paginate

__all__ = [
    "PreferansStats",
    "collect_stats",
    "player_stats_html",
    "player_stats_pdf",
    "round_context",
    "round_html",
    "round_pdf",
    "sheet_svg",
    "standings_columns",
    "stats_context",
]

# --- standings -----------------------------------------------------------------------------

# Tiebreaks that are one of the printed figures under another key: the balance is the sum of
# the pulkas' balances (`game_points` of a line), "wins" the first places (`won`).
SAME_AS = {"balance": "game_points", "wins": "won"}


def standings_columns(tiebreaks: list[Column]) -> StandingsColumns:
    """Match points, played, won (first places), whist balance; then the other tiebreaks.
    Headed as the standings name them (`tournaments.standings.FIGURES`), as the live page."""
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
    inner = render_to_string("scoring/preferans/_pulka.svg.html", {"sheet": drawing})
    width, height = drawing.width, drawing.height + 24
    # A rendered (escaped) template and fixed styles.
    return mark_safe(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="pulka" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}"><style>{SHEET_CSS}</style>'
        f"{inner}</svg>"
    )


# --- round report --------------------------------------------------------------------------


def _table_players(table: RoundTable, match_score: str) -> list[dict[str, Any]]:
    """Each player's figures at the end of the pulka, clockwise: pool, mountain, whists
    written and written on them, the settled mountain (pool deficit added), the balance."""
    result = table.result
    names = list(result.get("players") or table.players)
    deals = result.get("deals") or []
    last = deals[-1]["sheet"] if deals else None
    settlement = result.get("settlement") or {}
    settled = settlement.get("mountain") or {}
    balance = settlement.get("balance") or {}
    points: Mapping[str, float] = {}
    if result.get("finished"):
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
                "players": _table_players(table, sheet.tournament.match_score) if has_sheet else [],
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


TEMPLATE_ROUND = "tournaments/reports/preferans/round.html"


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


# --- player statistics ---------------------------------------------------------------------

MADE = frozenset({"made", "not_played", "half_whist"})  # the declarer writes the price
NOT_WHISTED = frozenset({"not_played", "half_whist"})
LEVELS = ("6", "7", "8", "9", "10")


@dataclass
class PreferansStats:
    """One player's figures over the tournament [статистика игрока]."""

    player: str
    club: str = ""
    pulkas: int = 0  # finished pulkas
    first_places: int = 0  # finished pulkas with the table's best balance (shared or not)
    balance: int = 0  # the sum of the finished pulkas' whist balances
    deals: int = 0  # deals at the table (every pulka, finished or not)
    games: int = 0  # games declared [игры]
    made: int = 0  # games the declarer wrote into the pool: made, or not whisted
    not_whisted: int = 0  # of those, not played: both passed, or a half-whist
    remises: int = 0  # games failed [ремиз]
    levels: dict[str, int] = field(default_factory=dict)  # games declared, by level
    misere_made: int = 0
    misere_failed: int = 0
    allpass: int = 0  # all-passes played (not as a four-handed dealer)
    allpass_tricks: int = 0  # tricks taken in them
    allpass_zero: int = 0  # all-passes without a trick
    allpass_by_tricks: dict[int, int] = field(default_factory=dict)
    balance_by_round: dict[int, int] = field(default_factory=dict)  # finished pulkas

    @property
    def misere(self) -> int:
        return self.misere_made + self.misere_failed

    @property
    def balance_per_pulka(self) -> float:
        return self.balance / self.pulkas if self.pulkas else 0.0

    @property
    def allpass_tricks_per_deal(self) -> float:
        return self.allpass_tricks / self.allpass if self.allpass else 0.0


def _level(contract: Any) -> str:
    text = str(contract or "")
    return text[:-2] if text.endswith("NT") else text[:-1]


def collect_stats(
    matches: Iterable[MatchDeals], clubs: dict[str, str] | None = None
) -> dict[str, PreferansStats]:
    """Every player's figures over the given pulkas."""
    clubs = clubs or {}
    stats: dict[str, PreferansStats] = {}

    def of(name: str) -> PreferansStats:
        if name not in stats:
            stats[name] = PreferansStats(player=name, club=clubs.get(name, ""))
        return stats[name]

    for match in matches:
        result = match.result or {}
        names = list(result.get("players") or match.players)
        for name in names:
            of(name)
        if result.get("finished"):
            balance = (result.get("settlement") or {}).get("balance") or {}
            best = max((int(balance.get(n, 0)) for n in names), default=0)
            for name in names:
                player = of(name)
                value = int(balance.get(name, 0))
                player.pulkas += 1
                player.first_places += value == best
                player.balance += value
                player.balance_by_round[match.round_number] = (
                    player.balance_by_round.get(match.round_number, 0) + value
                )
        for index, scored in enumerate(result.get("deals") or []):
            record = match.records[index] if index < len(match.records) else {}
            for name in names:
                of(name).deals += 1
            outcome = scored.get("outcome")
            declarer = scored.get("declarer")
            if scored.get("kind") == "game" and declarer in names:
                player = of(declarer)
                player.games += 1
                level = _level(scored.get("contract"))
                player.levels[level] = player.levels.get(level, 0) + 1
                if outcome in MADE:
                    player.made += 1
                    player.not_whisted += outcome in NOT_WHISTED
                elif outcome == "remise":
                    player.remises += 1
            elif outcome == "misere_made" and declarer in names:
                of(declarer).misere_made += 1
            elif outcome == "misere_failed" and declarer in names:
                of(declarer).misere_failed += 1
            elif outcome == "allpass":
                tricks = record.get("tricks") or {}
                sitting_out = scored.get("dealer") if len(names) == 4 else None
                for name in names:
                    if name == sitting_out or name not in tricks:
                        continue
                    taken = int(tricks[name] or 0)
                    player = of(name)
                    player.allpass += 1
                    player.allpass_tricks += taken
                    player.allpass_zero += taken == 0
                    player.allpass_by_tricks[taken] = player.allpass_by_tricks.get(taken, 0) + 1
    return stats


def figure_headings() -> list[tuple[str, str]]:
    return [
        (_("P"), _("pulkas finished")),
        (_("1st"), _("first places")),
        (_("Bal"), _("whist balance")),
        (_("Bal/P"), _("whist balance per pulka")),
        (_("D"), _("deals")),
        (_("G"), _("games declared")),
        (_("Made"), _("games made (not whisted included)")),
        (_("NW"), _("games not whisted")),
        (_("Rem"), _("remises")),
        (_("M+"), _("misères made")),
        (_("M−"), _("misères failed")),
        (_("AP"), _("all-passes played")),
        (_("APt"), _("tricks taken in all-passes")),
        (_("AP0"), _("all-passes without a trick")),
    ]


def _figures_row(s: PreferansStats) -> list[str]:
    return [
        str(s.pulkas),
        str(s.first_places),
        f"{s.balance:+d}" if s.balance else "0",
        f"{s.balance_per_pulka:+.1f}" if s.pulkas else "—",
        str(s.deals),
        str(s.games),
        str(s.made),
        str(s.not_whisted),
        str(s.remises),
        str(s.misere_made),
        str(s.misere_failed),
        str(s.allpass),
        str(s.allpass_tricks),
        str(s.allpass_zero),
    ]


def _outcome_items(s: PreferansStats) -> list[tuple[str, float]]:
    return [
        (_("made"), float(s.made - s.not_whisted)),
        (_("not whisted"), float(s.not_whisted)),
        (_("remise"), float(s.remises)),
        (_("misère made"), float(s.misere_made)),
        (_("misère failed"), float(s.misere_failed)),
    ]


def _level_items(s: PreferansStats) -> list[tuple[str, float]]:
    return [(level, float(s.levels.get(level, 0))) for level in LEVELS] + [
        (_("misère"), float(s.misere))
    ]


def _allpass_items(s: PreferansStats) -> list[tuple[str, float]]:
    if not s.allpass_by_tricks:
        return []
    most = max(s.allpass_by_tricks)
    return [(str(k), float(s.allpass_by_tricks.get(k, 0))) for k in range(most + 1)]


def _rounds(stats: Iterable[PreferansStats]) -> list[int]:
    return sorted({r for s in stats for r in s.balance_by_round})


def stats_context(
    info: TournamentInfo,
    stats: dict[str, PreferansStats],
    *,
    player: str | None = None,
) -> dict[str, Any]:
    """The template context of the statistics report: the whole tournament, or one player."""
    players = sorted(stats.values(), key=lambda s: (-s.balance, s.player))
    rounds = _rounds(players)
    totals = PreferansStats(player="")
    for s in players:
        for name in (
            "pulkas",
            "deals",
            "games",
            "made",
            "not_whisted",
            "remises",
            "misere_made",
            "misere_failed",
            "allpass",
            "allpass_tricks",
            "allpass_zero",
        ):
            setattr(totals, name, getattr(totals, name) + getattr(s, name))
        for level, count in s.levels.items():
            totals.levels[level] = totals.levels.get(level, 0) + count
        for taken, count in s.allpass_by_tricks.items():
            totals.allpass_by_tricks[taken] = totals.allpass_by_tricks.get(taken, 0) + count
    no_pulka = _("No pulka finished yet")
    context: dict[str, Any] = {"t": info, "fonts": font_css(), "player": None, "totals": totals}
    if player is not None:
        me = stats.get(player) or PreferansStats(player=player)
        context["player"] = me
        context["charts"] = [
            charts.signed_column_chart(
                [(str(r), float(me.balance_by_round.get(r, 0))) for r in rounds],
                title=_("Whist balance, by round"),
                empty=no_pulka,
            ),
            charts.column_chart(
                _outcome_items(me) if me.games or me.misere else [],
                title=_("Games and misères declared, by outcome"),
                empty=_("No game declared"),
                label_chars=18,
            ),
            charts.column_chart(
                _allpass_items(me),
                title=_("All-passes, by tricks taken"),
                empty=_("No all-pass played"),
            ),
        ]
    else:
        context["charts"] = [
            charts.signed_bar_chart(
                [(s.player, float(s.balance)) for s in players[:20] if s.pulkas],
                title=_("Whist balance: the top 20"),
                empty=no_pulka,
            ),
            charts.column_chart(
                _outcome_items(totals) if totals.games or totals.misere else [],
                title=_("Games and misères declared, by outcome"),
                empty=_("No game declared"),
                label_chars=18,
            ),
            charts.column_chart(
                _level_items(totals) if totals.games or totals.misere else [],
                title=_("Games declared, by level"),
                empty=_("No game declared"),
            ),
            charts.column_chart(
                _allpass_items(totals),
                title=_("All-passes, by tricks a player took"),
                empty=_("No all-pass played"),
            ),
        ]
    headings = figure_headings()
    rows = [_figures_row(s) for s in players]
    context["legend"] = headings
    context["table"] = [
        {
            "player": s.player,
            "club": s.club,
            "figures": r,
            "me": player is not None and s.player == player,
        }
        for s, r in zip(players, rows, strict=True)
    ]
    # The PDF: fixed-width lines, as the standings (see standings.py).
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


TEMPLATE_STATS = "tournaments/reports/preferans/player_stats.html"


def player_stats_html(context: dict[str, Any]) -> str:
    return render_to_string(TEMPLATE_STATS, {**context, "pdf": False})


def player_stats_pdf(context: dict[str, Any], *, progress: Progress = no_progress) -> bytes:
    html = render_to_string(TEMPLATE_STATS, {**context, "pdf": True})
    return render_pdf([html], progress=progress)
