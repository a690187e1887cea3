"""High card's player statistics (`tournaments.games.base.Statistics`): deals played, points
per deal, matches won."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from tournaments.games.base import Figure, PageFigures, shown_number
from tournaments.reports.data import MatchDeals


@dataclass
class HighCardStats:
    player: str
    club: str = ""
    deals: int = 0
    points: int = 0
    matches: int = 0
    won: int = 0

    @property
    def per_deal(self) -> float:
        return self.points / self.deals if self.deals else 0.0


def collect(
    matches: Iterable[MatchDeals], clubs: Mapping[str, str] | None = None
) -> dict[str, HighCardStats]:
    clubs = clubs or {}
    stats: dict[str, HighCardStats] = {}
    for match in matches:
        result = match.result or {}
        for name in result.get("players") or match.players:
            me = stats.setdefault(name, HighCardStats(name, clubs.get(name, "")))
            for deal in result.get("deals") or []:
                me.deals += 1
                me.points += int(deal["points"].get(name, 0))
            if result.get("finished"):
                me.matches += 1
                me.won += name in (result.get("winners") or [])
    return stats


def empty(player: str) -> HighCardStats:
    return HighCardStats(player)


def totals(players: list[HighCardStats]) -> HighCardStats:
    return HighCardStats(
        "",
        deals=sum(p.deals for p in players),
        points=sum(p.points for p in players),
        matches=sum(p.matches for p in players),
        won=sum(p.won for p in players),
    )


def order(figures: HighCardStats) -> tuple[object, ...]:
    return (-figures.won, -figures.per_deal, figures.player)


def headings() -> list[tuple[str, str]]:
    return [("D", "Deals"), ("P/D", "Points per deal"), ("W", "Matches won")]


def row(figures: HighCardStats) -> list[str]:
    return [str(figures.deals), shown_number(figures.per_deal), str(figures.won)]


def kpis(figures: HighCardStats) -> list[Figure]:
    return [
        Figure("Points per deal", shown_number(figures.per_deal)),
        Figure("Matches won", f"{figures.won} / {figures.matches}"),
    ]


def note() -> str:
    return "Points per deal: the points written, over the deals played."


def player_charts(
    me: HighCardStats, stats: Mapping[str, HighCardStats], totals: HighCardStats
) -> list[str]:
    return []


def tournament_charts(
    players: list[HighCardStats], stats: Mapping[str, HighCardStats], totals: HighCardStats
) -> list[str]:
    return []


def page(figures: HighCardStats) -> PageFigures:
    return PageFigures(figures=kpis(figures))
