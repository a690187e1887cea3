"""Deberc's pieces of the reports (see `tournaments.reports.parts`): the standings' columns of
`standings.default_columns`, the round report of `round_report`, the player statistics of
`player_stats` (bytes, combinations)."""

from __future__ import annotations

from .player_stats import collect_stats, player_stats_html, player_stats_pdf, stats_context
from .round_report import round_html, round_pdf
from .standings import default_columns as standings_columns

__all__ = [
    "collect_stats",
    "player_stats_html",
    "player_stats_pdf",
    "round_html",
    "round_pdf",
    "standings_columns",
    "stats_context",
]
