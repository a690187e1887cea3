"""Problems found in a Preferans record [запись пульки] and the exception that carries them.

The shape every game shares (`scoring.games.errors.GameError`, pure Python): `.errors` lists
each problem as `{deal, field, code, message}`, `deal` 1-based or None for the record itself.
"""

from __future__ import annotations

from scoring.games.errors import GameError, Problem

__all__ = ["CODES", "PreferansError", "Problem"]

# The stable codes of preferans-scoresheet/1 (docs/preferans.md, "Errors"); nothing else is
# ever reported.
CODES = frozenset(
    {
        "bad_format",
        "bad_players",
        "missing_field",
        "unknown_player",
        "bad_convention",
        "bad_contract",
        "tricks_sum",
        "bad_whist",
        "whist_required",
        "below_allpass_exit",
        "sitting_out",
        "dealer_out_of_turn",
        "bad_violation",
        "match_finished",
        "unknown_field",
        "bad_option",
    }
)


class PreferansError(GameError):
    """An invalid Preferans record; `.errors` lists every problem as {deal, field, code,
    message} and `.problems` the same as `Problem` tuples."""

    what = "invalid Preferans record"
