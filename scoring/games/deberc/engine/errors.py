"""Problems found in a scoresheet and the exception that carries them (scoresheet-format.md):
the shape every game's engine shares (`scoring.games.errors`)."""

from __future__ import annotations

from scoring.games.errors import GameError, Problem

__all__ = ["Problem", "ScoresheetError"]


class ScoresheetError(GameError):
    """An invalid scoresheet; `.errors` lists every problem as {deal, field, code, message}."""

    what = "invalid scoresheet"
