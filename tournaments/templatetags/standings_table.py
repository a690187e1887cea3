"""The standings table (`tournaments/live/_standings_table.html`): its columns after the
tiebreaks and its rows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import template

from tournaments.live.html import standings_rows_html
from tournaments.standings.services import SAME_AS_BASE

register = template.Library()


@register.simple_tag
def tail_columns(
    base: Mapping[str, Mapping[str, Any]], columns: Sequence[Mapping[str, Any]]
) -> list[Mapping[str, Any]]:
    """Played and won, each unless a tiebreak column already shows that figure (the tiebreak
    "wins" counts the matches won: one column, never two of the same figure)."""
    repeated = {SAME_AS_BASE[c["name"]] for c in columns if c["name"] in SAME_AS_BASE}
    return [base[key] for key in ("played", "won") if key not in repeated]


@register.simple_tag
def standings_rows(
    rows: Sequence[Mapping[str, Any]],
    *,
    tail: Sequence[Mapping[str, Any]],
    columns: Sequence[Mapping[str, Any]],
    stage: Mapping[str, Any] | None = None,
    final_column: bool = False,
) -> str:
    """The table's body, a row per player (tournaments.live.html: a standings page renders
    100 rows at every refresh)."""
    return standings_rows_html(
        rows, tail=tail, columns=columns, stage=stage or None, final_column=bool(final_column)
    )
