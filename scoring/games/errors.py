"""The problems a game's engine finds in a record, and the exception that carries them: written
once for every game (pure Python, no Django, so that an engine imports it and stays pure).

Each engine subclasses `GameError` (Deberc's `ScoresheetError`, Preferans' `PreferansError`):
`.problems` lists the `Problem` tuples and `.errors` the same as `{deal, field, code,
message}` dicts, `deal` 1-based or None for the record itself, `code` a stable identifier of
the game's format, `message` English (the apps show it in the user's language through the
game's `localise_error`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

__all__ = ["GameError", "Problem"]


class Problem(NamedTuple):
    """One problem: `deal` is 1-based (None for the record itself), `code` a stable identifier."""

    deal: int | None
    field: str | None
    code: str
    message: str

    def as_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "field": self.field, "code": self.code, "message": self.message}


class GameError(ValueError):
    """An invalid record of some game; `.errors` lists every problem as {deal, field, code,
    message} and `.problems` the same as `Problem` tuples. A subclass names its record in
    `what` (the message when no problem is given)."""

    what = "invalid record"

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = list(problems)
        self.errors = [problem.as_dict() for problem in self.problems]
        first = self.errors[0]["message"] if self.errors else self.what
        more = f" (and {len(self.errors) - 1} more)" if len(self.errors) > 1 else ""
        super().__init__(first + more)
