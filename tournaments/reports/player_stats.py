"""Player statistics [статистика игроков]: points per deal, bytes, combinations declared.

Read from the scoresheets and the engine's result documents (`MatchDeals`): the engine has
already said who declared, what each player recorded and how each deal ended; nothing here
scores a deal again. Definitions:

- **points per deal**: the points a player recorded [записал] per deal they sat in (after
  byte transfers, won pools and penalties; a hanging declarer records 0 for that deal);
- **byte rate**: bytes [байты] as declarer per deal declared; a card byte [байт на картах]
  counts for the player who broke the rule;
- **combinations declared**: terz, fifty, hundred, bella, ... by kind, as written on the
  scoresheet; "credited" counts the deals whose seniority the player's combination won.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from . import charts
from .data import MatchDeals, PlayerStats, Progress, TournamentInfo, no_progress
from .pdf import font_css, render_pdf
from .standings import PrintLayout, fit, paginate

MADE_OUTCOMES = frozenset({"made", "closing", "debertz"})
COMBINATION_ORDER = ("terz", "fifty", "hundred", "bella", "debertz", "klabor")


def combination_kind(notation: str) -> str:
    """`terz:QC` → `terz` (kinds are case-insensitive in the notation)."""
    return str(notation).split(":", 1)[0].strip().lower()


def collect_stats(
    matches: Iterable[MatchDeals], clubs: dict[str, str] | None = None
) -> dict[str, PlayerStats]:
    """Every player's figures over the given matches."""
    clubs = clubs or {}
    stats: dict[str, PlayerStats] = {}

    def of(name: str) -> PlayerStats:
        if name not in stats:
            stats[name] = PlayerStats(player=name, club=clubs.get(name, ""))
        return stats[name]

    for match in matches:
        result = match.result or {}
        names = list(result.get("players") or match.players)
        scored_deals = result.get("deals") or []
        if result.get("finished"):
            winner = result.get("winner")
            winners = set(winner if isinstance(winner, list) else ([winner] if winner else []))
            for name in names:
                of(name).matches += 1
                of(name).matches_won += name in winners
        for index, scored in enumerate(scored_deals):
            record = match.records[index] if index < len(match.records) else {}
            recorded = scored.get("recorded") or {}
            for name in names:
                player = of(name)
                points = int(recorded.get(name, 0))
                player.deals += 1
                player.points += points
                player.points_by_deal.append((match.round_number, points))
            for name, declared in (record.get("declarations") or {}).items():
                if name not in names:
                    continue
                player = of(name)
                for notation in declared or []:
                    kind = combination_kind(notation)
                    player.combinations[kind] = player.combinations.get(kind, 0) + 1
            credited = scored.get("combinations_to")
            if credited in names:
                of(credited).credited += 1
            outcome = scored.get("outcome")
            declarer = scored.get("declarer")
            if declarer in names and outcome != "void":
                player = of(declarer)
                player.declared += 1
                per_round = player.by_round.setdefault(match.round_number, [0, 0])
                per_round[0] += 1
                if outcome == "byte":
                    player.bytes += 1
                    per_round[1] += 1
                elif outcome == "hanging":
                    player.hanging += 1
                elif outcome in MADE_OUTCOMES:
                    player.made += 1
            if outcome == "card_byte":
                violator = (record.get("violation") or {}).get("player")
                if violator in names:
                    player = of(violator)
                    player.bytes += 1
                    per_round = player.by_round.setdefault(match.round_number, [0, 0])
                    per_round[1] += 1
    return stats


def combination_label(kind: str) -> str:
    return {
        "terz": _("terz"),
        "fifty": _("fifty"),
        "hundred": _("hundred"),
        "bella": _("bella"),
        "debertz": _("debertz"),
        "klabor": _("klabor"),
    }.get(kind, kind)


def _combination_items(counts: dict[str, int]) -> list[tuple[str, float]]:
    kinds = [k for k in COMBINATION_ORDER if k in counts] + sorted(
        k for k in counts if k not in COMBINATION_ORDER
    )
    return [(combination_label(k), float(counts[k])) for k in kinds]


def _rounds(stats: Iterable[PlayerStats]) -> list[int]:
    return sorted(
        {r for s in stats for r in s.by_round} | {r for s in stats for r, _ in s.points_by_deal}
    )


def tournament_byte_rate_by_round(stats: dict[str, PlayerStats]) -> list[tuple[str, float]]:
    """Bytes per deal declared in each round, over all players."""
    out = []
    for number in _rounds(stats.values()):
        declared = sum(s.by_round.get(number, [0, 0])[0] for s in stats.values())
        bytes_ = sum(s.by_round.get(number, [0, 0])[1] for s in stats.values())
        out.append((str(number), bytes_ / declared if declared else 0.0))
    return out


def cumulative_byte_rate(player: PlayerStats, rounds: list[int]) -> list[tuple[str, float]]:
    """The player's byte rate so far, after each round."""
    declared = bytes_ = 0
    out = []
    for number in rounds:
        d, b = player.by_round.get(number, [0, 0])
        declared += d
        bytes_ += b
        out.append((str(number), bytes_ / declared if declared else 0.0))
    return out


def points_per_deal_by_round(player: PlayerStats) -> list[tuple[str, float]]:
    sums: dict[int, list[int]] = {}
    for number, points in player.points_by_deal:
        entry = sums.setdefault(number, [0, 0])
        entry[0] += points
        entry[1] += 1
    return [(str(n), total / count) for n, (total, count) in sorted(sums.items())]


def _figures_row(s: PlayerStats) -> list[str]:
    combos = sum(s.combinations.values())
    return [
        str(s.matches),
        str(s.matches_won),
        str(s.deals),
        f"{s.points_per_deal:.1f}",
        str(s.declared),
        str(s.bytes),
        f"{s.byte_rate * 100:.0f}%",
        str(s.hanging),
        str(combos),
        str(s.credited),
    ]


def figure_headings() -> list[tuple[str, str]]:
    return [
        (_("M"), _("matches")),
        (_("MW"), _("matches won")),
        (_("D"), _("deals")),
        (_("P/D"), _("points per deal")),
        (_("Decl"), _("deals declared")),
        (_("B"), _("bytes")),
        (_("B%"), _("byte rate")),
        (_("H"), _("hanging bytes")),
        (_("Comb"), _("combinations declared")),
        (_("Sen"), _("combinations credited (seniority won)")),
    ]


def stats_context(
    info: TournamentInfo,
    stats: dict[str, PlayerStats],
    *,
    player: str | None = None,
) -> dict:
    """The template context of the statistics report: the whole tournament, or one player."""
    players = sorted(stats.values(), key=lambda s: (-s.points_per_deal, s.player))
    rounds = _rounds(players)
    totals = PlayerStats(player="")
    for s in players:
        totals.deals += s.deals
        totals.points += s.points
        totals.declared += s.declared
        totals.bytes += s.bytes
        for kind, count in s.combinations.items():
            totals.combinations[kind] = totals.combinations.get(kind, 0) + count
    empty = _("No deals yet")
    context: dict = {"t": info, "fonts": font_css(), "player": None, "totals": totals}
    if player is not None:
        me = stats.get(player) or PlayerStats(player=player)
        context["player"] = me
        context["charts"] = [
            charts.column_chart(
                points_per_deal_by_round(me),
                title=_("Points per deal, by round"),
                digits=1,
                reference=totals.points_per_deal if totals.deals else None,
                reference_label=_("tournament average"),
                empty=empty,
            ),
            charts.line_chart(
                [
                    (me.player, cumulative_byte_rate(me, rounds)),
                    (_("tournament, by round"), tournament_byte_rate_by_round(stats)),
                ],
                title=_("Byte rate over the tournament"),
                percent=True,
                empty=empty,
            ),
            charts.column_chart(
                _combination_items(me.combinations),
                title=_("Combinations declared"),
                empty=_("No combinations declared"),
            ),
        ]
    else:
        context["charts"] = [
            charts.bar_chart(
                [(s.player, s.points_per_deal) for s in players[:20]],
                title=_("Points per deal: the top 20"),
                empty=empty,
            ),
            charts.line_chart(
                [(_("all players"), tournament_byte_rate_by_round(stats))],
                title=_("Byte rate over the tournament, by round"),
                percent=True,
                empty=empty,
            ),
            charts.column_chart(
                _combination_items(totals.combinations),
                title=_("Combinations declared"),
                empty=_("No combinations declared"),
            ),
        ]
    headings = figure_headings()
    rows = [_figures_row(s) for s in players]
    context["legend"] = headings
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


def player_stats_html(context: dict) -> str:
    return render_to_string("tournaments/reports/player_stats.html", {**context, "pdf": False})


def player_stats_pdf(context: dict, *, progress: Progress = no_progress) -> bytes:
    html = render_to_string("tournaments/reports/player_stats.html", {**context, "pdf": True})
    return render_pdf([html], progress=progress)
