"""Deberc's player statistics [статистика игроков]: points per deal, bytes, combinations declared.

Read from the scoresheets and the engine's result documents (`MatchDeals`): the engine has
already said who declared, what each player recorded and how each deal ended; nothing here
scores a deal again. Definitions:

- **points per deal**: the points a player recorded [записал] per deal they sat in (after
  byte transfers, won pools and penalties; a hanging declarer records 0 for that deal);
- **byte rate**: bytes [байты] as declarer per deal declared; a card byte [байт на картах]
  counts for the player who broke the rule;
- **combinations declared**: terz, fifty, hundred, bella, ... by kind, as written on the
  scoresheet; "credited" counts the deals whose seniority the player's combination won.

The table, the PDF lines and the player page are drawn by the shared code
(`tournaments.reports.statistics`, the player page's template) from what this module gives.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import npgettext, pgettext

from tournaments.games.base import Figure, FigureTable, PageFigures, shown_number
from tournaments.reports import charts
from tournaments.reports.data import MatchDeals

MADE_OUTCOMES = frozenset({"made", "closing", "debertz"})
COMBINATION_ORDER = ("terz", "fifty", "hundred", "bella", "debertz", "klabor")


@dataclass
class DebercStats:
    """One player's figures over the matches counted [статистика игрока]."""

    player: str
    club: str = ""
    matches: int = 0
    matches_won: int = 0
    deals: int = 0
    points: int = 0  # the sum of what the player recorded, deal by deal
    declared: int = 0  # deals the player played as declarer [играющий]
    made: int = 0
    bytes: int = 0  # bytes as declarer, card bytes included
    hanging: int = 0  # hanging bytes as declarer [висячий байт]
    combinations: dict[str, int] = field(default_factory=dict)  # declared, by kind
    credited: int = 0  # deals in which the player's terz/fifty/... won the seniority
    # Per deal in play order: (round number, points recorded).
    points_by_deal: list[tuple[int, int]] = field(default_factory=list)
    # Per round: (deals declared, bytes) in that round.
    by_round: dict[int, list[int]] = field(default_factory=dict)

    @property
    def points_per_deal(self) -> float:
        return self.points / self.deals if self.deals else 0.0

    @property
    def byte_rate(self) -> float:
        """Bytes per deal declared: how often the player's game failed."""
        return self.bytes / self.declared if self.declared else 0.0

    @property
    def win_rate(self) -> float:
        return self.matches_won / self.matches if self.matches else 0.0


def combination_kind(notation: str) -> str:
    """`terz:QC` → `terz` (kinds are case-insensitive in the notation)."""
    return str(notation).split(":", 1)[0].strip().lower()


def collect(
    matches: Iterable[MatchDeals], clubs: Mapping[str, str] | None = None
) -> dict[str, DebercStats]:
    """Every player's figures over the given matches."""
    clubs = clubs or {}
    stats: dict[str, DebercStats] = {}

    def of(name: str) -> DebercStats:
        if name not in stats:
            stats[name] = DebercStats(player=name, club=clubs.get(name, ""))
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
                if isinstance(violator, str) and violator in names:
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


def _combination_items(counts: Mapping[str, int]) -> list[tuple[str, float]]:
    kinds = [k for k in COMBINATION_ORDER if k in counts] + sorted(
        k for k in counts if k not in COMBINATION_ORDER
    )
    return [(combination_label(k), float(counts[k])) for k in kinds]


def _rounds(stats: Iterable[DebercStats]) -> list[int]:
    return sorted(
        {r for s in stats for r in s.by_round} | {r for s in stats for r, _ in s.points_by_deal}
    )


def tournament_byte_rate_by_round(stats: Mapping[str, DebercStats]) -> list[tuple[str, float]]:
    """Bytes per deal declared in each round, over all players."""
    out = []
    for number in _rounds(stats.values()):
        declared = sum(s.by_round.get(number, [0, 0])[0] for s in stats.values())
        bytes_ = sum(s.by_round.get(number, [0, 0])[1] for s in stats.values())
        out.append((str(number), bytes_ / declared if declared else 0.0))
    return out


def cumulative_byte_rate(player: DebercStats, rounds: list[int]) -> list[tuple[str, float]]:
    """The player's byte rate so far, after each round."""
    declared = bytes_ = 0
    out = []
    for number in rounds:
        d, b = player.by_round.get(number, [0, 0])
        declared += d
        bytes_ += b
        out.append((str(number), bytes_ / declared if declared else 0.0))
    return out


def points_per_deal_by_round(player: DebercStats) -> list[tuple[str, float]]:
    sums: dict[int, list[int]] = {}
    for number, points in player.points_by_deal:
        entry = sums.setdefault(number, [0, 0])
        entry[0] += points
        entry[1] += 1
    return [(str(n), total / count) for n, (total, count) in sorted(sums.items())]


def _percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "–"


# --- what the shared table, report and player page ask (tournaments.games.base.Statistics)


def empty(player: str) -> DebercStats:
    return DebercStats(player=player)


def totals(players: list[DebercStats]) -> DebercStats:
    totals = DebercStats(player="")
    for s in players:
        totals.deals += s.deals
        totals.points += s.points
        totals.declared += s.declared
        totals.bytes += s.bytes
        for kind, count in s.combinations.items():
            totals.combinations[kind] = totals.combinations.get(kind, 0) + count
    return totals


def order(figures: DebercStats) -> tuple[object, ...]:
    return (-figures.points_per_deal, figures.player)


def headings() -> list[tuple[str, str]]:
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


def row(figures: DebercStats) -> list[str]:
    s = figures
    return [
        str(s.matches),
        str(s.matches_won),
        str(s.deals),
        f"{s.points_per_deal:.1f}",
        str(s.declared),
        str(s.bytes),
        f"{s.byte_rate * 100:.0f}%",
        str(s.hanging),
        str(sum(s.combinations.values())),
        str(s.credited),
    ]


def kpis(figures: DebercStats) -> list[Figure]:
    s = figures
    return [
        Figure(_("points per deal"), shown_number(s.points_per_deal)),
        Figure(_("byte rate"), f"{s.byte_rate * 100:.0f}%"),
        Figure(_("deals declared"), str(s.declared)),
        Figure(_("matches won"), f"{s.matches_won} / {s.matches}"),
    ]


def note() -> str:
    return _(
        "Points per deal: what the player recorded per deal (a hanging declarer records 0). "
        "Byte rate: bytes as declarer per deal declared; a card byte counts for the player "
        "who broke the rule."
    )


def player_charts(
    me: DebercStats, stats: Mapping[str, DebercStats], totals: DebercStats
) -> list[str]:
    empty = _("No deals yet")
    return [
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
                (me.player, cumulative_byte_rate(me, _rounds(stats.values()))),
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


def tournament_charts(
    players: list[DebercStats], stats: Mapping[str, DebercStats], totals: DebercStats
) -> list[str]:
    empty = _("No deals yet")
    return [
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


def page(figures: DebercStats) -> PageFigures:
    s = figures
    combinations = _combination_items(s.combinations)
    return PageFigures(
        figures=[
            Figure(_("points per deal"), shown_number(s.points_per_deal) if s.deals else "–"),
            Figure(
                _("byte rate (%(n)s of %(m)s declared)") % {"n": s.bytes, "m": s.declared},
                _percent(s.bytes, s.declared),
            ),
            # A count under its figure: the noun agrees with it ("1 сдача", "2 сдачи").
            Figure(npgettext("a count", "deal", "deals", s.deals), str(s.deals)),
        ],
        tables=[
            FigureTable(
                title=_("Combinations declared"),
                headings=[_("combination"), pgettext("combinations", "declared")],
                rows=[[label, str(int(n))] for label, n in combinations],
            )
        ],
    )
