"""The referee desk's door to the games: `parts_for(game)` gives what a game of the registry
(`scoring.games`) brings to the referee desk (its rulebook, violations, tools), loaded from the
module the game names (`Game.referee_parts`, e.g. "referee.games.deberc"). The shared referee
code (views, services, selectors, forms, search) reaches a game only through here."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, cast

from scoring import games

from .base import RefereeParts, ToolPage, ViolationEntry, ViolationKind

if TYPE_CHECKING:
    from scoring.games.base import Game

__all__ = [
    "RefereeParts",
    "ToolPage",
    "ViolationEntry",
    "ViolationKind",
    "parts_all",
    "parts_for",
    "parts_of",
    "tool_page_get",
]


def parts_for(game: Game) -> RefereeParts | None:
    """The referee desk's parts of `game` (its module's `PARTS`), or None for a game that
    names none (it then has no rulebook, tools or rulings of its own)."""
    dotted = getattr(game, "referee_parts", None)
    if not dotted:
        return None
    return cast(RefereeParts, import_module(dotted).PARTS)


def parts_of(key: str | None) -> RefereeParts | None:
    """The parts of the game registered under `key` (a match's `game`, an article's `game`)."""
    return parts_for(games.game_get(key))


def parts_all() -> list[RefereeParts]:
    """Every registered game's referee parts, in the registry's order."""
    found = [parts_for(game) for game in games.games_all()]
    return [parts for parts in found if parts is not None]


def tool_page_get(name: str) -> ToolPage | None:
    """The tool at the table routed as `referee:<name>`, of whichever game has it."""
    return next(
        (tool for parts in parts_all() for tool in parts.tool_pages if tool.name == name), None
    )
