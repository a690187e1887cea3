"""Each game's tournament parts [турнирная часть игры], loaded through the registry.

`parts_for(game)` imports the module the game's registry entry names
(`scoring.games.Game.tournament_parts`, e.g. "tournaments.games.deberc") and reads it as the
typed `TournamentParts` (`base.py`). Nothing in this app imports a game's folder directly, and
nothing here asks which game a tournament plays: it asks the tournament's game for its parts.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, cast

from scoring import games
from tournaments.games.base import TournamentParts

__all__ = ["TournamentParts", "parts_for", "parts_of", "parts_of_game"]


def parts_for(game: Any) -> TournamentParts:
    """The tournament parts of a registered game (`scoring.games.Game`)."""
    path = getattr(game, "tournament_parts", None)
    if not path:
        raise LookupError(f"the game {game.key!r} names no tournament parts")
    module = import_module(path)
    if not isinstance(module, TournamentParts):
        raise TypeError(f"{path} does not give the tournament parts (tournaments.games.base)")
    return cast(TournamentParts, module)


def parts_of_game(key: str | None) -> TournamentParts:
    """The tournament parts of the game called `key` (the default game's for an empty key)."""
    return parts_for(games.game_get(key))


def parts_of(tournament: Any) -> TournamentParts:
    """The tournament parts of the tournament's game."""
    return parts_of_game(getattr(tournament, "game", None))
