"""The leaderboard table's body (`tournaments/live/leaderboard.html`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import template

from tournaments.live.html import leaderboard_rows_html

register = template.Library()


@register.simple_tag
def leaderboard_rows(rows: Sequence[Mapping[str, Any]], club: Any = None) -> str:
    """A row per player (tournaments.live.html: the page shows up to 200)."""
    return leaderboard_rows_html(rows, club=club)
