"""Problems found in a scoresheet and the exception that carries them (scoresheet-format.md)."""

from __future__ import annotations

from typing import Any, NamedTuple


class Problem(NamedTuple):
    """One problem: `deal` is 1-based (None for the record itself), `code` a stable identifier."""

    deal: int | None
    field: str | None
    code: str
    message: str

    def as_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "field": self.field, "code": self.code, "message": self.message}


class ScoresheetError(ValueError):
    """An invalid scoresheet; `.errors` lists every problem as {deal, field, code, message}."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        self.errors = [problem.as_dict() for problem in self.problems]
        first = self.errors[0]["message"] if self.errors else "invalid scoresheet"
        more = f" (and {len(self.errors) - 1} more)" if len(self.errors) > 1 else ""
        super().__init__(first + more)
