"""Preferans's tournament parts (`tournaments.games.base.TournamentParts`): its report parts
(`reports.py`), its player statistics (`statistics.py`) and its demo deals (`demo.py`).
Named in the games registry by `scoring.games.Game.tournament_parts`; loaded by
`tournaments.games.parts_for`."""

from __future__ import annotations

from tournaments.games.preferans import statistics
from tournaments.games.preferans.demo import demo_deals
from tournaments.games.preferans.reports import round_html, round_pdf, standings_columns

__all__ = ["demo_deals", "round_html", "round_pdf", "standings_columns", "statistics"]
