"""Problems found in a Preferans record [запись пульки] and the exception that carries them.

The shape is Deberc's (`scoring.engine.errors.ScoresheetError`): `.errors` lists each problem
as `{deal, field, code, message}`, `deal` 1-based or None for the record itself. The class is
the engine's own (a `ValueError`), not a subclass of Deberc's, so that this package imports
nothing outside itself; a caller routing by `format` catches both.
"""

from __future__ import annotations

from typing import Any, NamedTuple

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
    }
)


class Problem(NamedTuple):
    """One problem: `deal` is 1-based (None for the record itself), `code` one of CODES."""

    deal: int | None
    field: str | None
    code: str
    message: str

    def as_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "field": self.field, "code": self.code, "message": self.message}


class PreferansError(ValueError):
    """An invalid Preferans record; `.errors` lists every problem as {deal, field, code,
    message} and `.problems` the same as `Problem` tuples."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        self.errors = [problem.as_dict() for problem in self.problems]
        first = self.errors[0]["message"] if self.errors else "invalid Preferans record"
        more = f" (and {len(self.errors) - 1} more)" if len(self.errors) > 1 else ""
        super().__init__(first + more)
