"""Deberc [деберц] as a game of the service: its registration (`GAME`), read by the registry
(`scoring.games`). The engine is `engine/` (pure Python), the scorer's page `page/`, the deal
simulation for demos `simulation.py`; the referee's and the tournament side's parts are in
`referee/games/deberc/` and `tournaments/games/deberc/`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import GAME as GAME

__all__ = ["GAME"]


def __getattr__(name: str) -> Any:
    # `GAME` is read when the registry loads the game (it imports Django's translation);
    # importing the engine alone (`.engine`, pure Python: the CLI, the benches) does not.
    if name == "GAME":
        from .game import GAME

        return GAME
    raise AttributeError(name)
