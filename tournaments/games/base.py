"""What a game gives the tournament side [турнирная часть игры]: the typed door.

The scoring app's registry (`scoring.games`) names each game's tournament parts by a dotted
path (`Game.tournament_parts`), since a lower app never imports a higher one; this app loads
that module through `tournaments.games.parts_for(game)` and reads it as `TournamentParts`.
Every game's folder `tournaments/games/<game>/` has the same modules:

- `reports.py`: the standings' columns and the round report (HTML and PDF);
- `demo.py`: believable deals for the demo evening (`load_demo`);
- `statistics.py`: the player statistics, as figures: what is counted per player, the table's
  columns, the charts and the player page's figures. The table, the PDF lines and the page
  are drawn once, by `tournaments.reports.statistics` and the player page's template.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

from django.utils.formats import number_format

from tournaments.reports.data import (
    Column,
    MatchDeals,
    Progress,
    RoundSheet,
    StandingsColumns,
)


def shown_number(value: float, digits: int = 1, *, signed: bool = False) -> str:
    """A figure as a reader of the page's language writes it ("45,9" in Russian and
    Ukrainian, "45.9" in English); `signed`: "+3,5" above zero."""
    text = number_format(round(value, digits), digits)
    return f"+{text}" if signed and value > 0 else text


class PlayerFigures(Protocol):
    """One player's counted figures (a game's own dataclass): who, and from which club."""

    player: str
    club: str


S = TypeVar("S", bound=PlayerFigures)


@dataclass(frozen=True)
class Figure:
    """A headline figure of a player: its value as shown ("12.5", "40%", "3 / 7") and what it
    is, in the user's language."""

    label: str
    value: str


@dataclass(frozen=True)
class FigureTable:
    """A small table of a player's figures (e.g. games declared and made, by level)."""

    title: str
    headings: list[str]
    rows: list[list[str]]


@dataclass(frozen=True)
class PageFigures:
    """What a player page shows of one game: headline figures, then small tables."""

    figures: list[Figure]
    tables: list[FigureTable] = field(default_factory=list)
    note: str = ""


class Statistics(Protocol[S]):
    """A game's player statistics [статистика игроков] (the module
    `tournaments.games.<game>.statistics`): it counts and names its figures; the shared code
    draws the table, the PDF lines and the player page."""

    def collect(
        self, matches: Iterable[MatchDeals], clubs: Mapping[str, str] | None = None
    ) -> dict[str, S]:
        """Every player's figures over the given matches (read from the engine's results and
        the scoresheets' deals: nothing is scored again)."""
        ...

    def empty(self, player: str) -> S:
        """The figures of a player with no match counted."""
        ...

    def totals(self, players: list[S]) -> S:
        """The whole tournament's figures (for the averages and the tournament's charts)."""
        ...

    def order(self, figures: S) -> tuple[object, ...]:
        """The sort key of the statistics table (best first)."""
        ...

    def headings(self) -> list[tuple[str, str]]:
        """The table's columns: (abbreviation, what it counts), in the user's language."""
        ...

    def row(self, figures: S) -> list[str]:
        """A player's values under `headings()`, as shown."""
        ...

    def kpis(self, figures: S) -> list[Figure]:
        """The headline figures of one player's report."""
        ...

    def note(self) -> str:
        """How the figures are counted (printed under the legend)."""
        ...

    def player_charts(self, me: S, stats: Mapping[str, S], totals: S) -> list[str]:
        """One player's charts (inline SVG)."""
        ...

    def tournament_charts(self, players: list[S], stats: Mapping[str, S], totals: S) -> list[str]:
        """The tournament's charts (inline SVG)."""
        ...

    def page(self, figures: S) -> PageFigures:
        """What the player's page shows of this game."""
        ...


@runtime_checkable
class TournamentParts(Protocol):
    """The module `tournaments.games.<game>` (named by `Game.tournament_parts`)."""

    # The game's `statistics` module; each game counts its own figures' type.
    statistics: Statistics[Any]

    def standings_columns(self, tiebreaks: list[Column]) -> StandingsColumns:
        """The standings' figures after the rank, the player and the club."""
        ...

    def round_html(self, sheet: RoundSheet) -> str:
        """The round report as a self-contained printable page."""
        ...

    def round_pdf(self, sheet: RoundSheet, *, progress: Progress = ...) -> bytes:
        """The round report as a PDF."""
        ...

    def demo_deals(
        self,
        rng: random.Random,
        names: Sequence[str],
        *,
        first_dealer: str,
        stop_after: int | None = None,
        showcase: bool = False,
    ) -> list[dict[str, Any]]:
        """A believable match's deals for the demo (`load_demo`), as a scorer enters them: to
        the match's end or its first `stop_after` deals; `showcase`: with the game's notable
        situation in it (Deberc: a hanging byte)."""
        ...
