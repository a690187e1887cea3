"""Each game's own pieces of the reports [отчёты по игре], by the game's registry key.

The reports are the tournament side's, above the scoring app, so the game's entry in
`scoring.games` does not name them: this app keeps the one table from a game's key to its
report module, imports it and calls what it gives, never asking which game a tournament
plays (a test checks that every registered game has its parts):

- `standings_columns(tiebreaks: list[Column]) -> StandingsColumns`: the standings' figures;
- `round_html(sheet: RoundSheet) -> str`, `round_pdf(sheet, *, progress) -> bytes`: the round
  report;
- `collect_stats(matches: Iterable[MatchDeals], clubs) -> dict[str, stats]`,
  `stats_context(info, stats, *, player=None) -> dict`, `player_stats_html(context) -> str`,
  `player_stats_pdf(context, *, progress) -> bytes`: the player statistics.

`tournaments.reports.deberc` (the default game's, the reports' first pieces) and
`tournaments.reports.preferans` give them.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any

from scoring import games

PARTS: dict[str, str] = {
    "deberc": "tournaments.reports.deberc",
    "preferans": "tournaments.reports.preferans",
}


def parts_of_game(key: str | None) -> ModuleType:
    """The report parts of the game called `key` (the default game's for an empty key)."""
    return import_module(PARTS[games.game_get(key).key])


def parts_of(tournament: Any) -> ModuleType:
    """The report parts of the tournament's game."""
    return parts_of_game(getattr(tournament, "game", None))
