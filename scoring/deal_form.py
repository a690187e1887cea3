"""What every game's scorer form shares (`<game>/page/forms.py`): the parsed form (the fields
as typed, the deal they make, the form's own errors by field key) and the reading of a seat
field. Each game's page turns its own fields into its own deal; the engine judges it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _


@dataclass
class DealForm:
    """The fields' values (for re-rendering) and the parsed deal, or the local errors."""

    names: Sequence[str]
    values: dict[str, Any] = field(default_factory=dict)
    record: dict[str, Any] = field(default_factory=dict)
    errors: dict[str, list[str]] = field(default_factory=dict)

    def add_error(self, key: str, message: Any) -> None:
        self.errors.setdefault(key, []).append(str(message))

    @property
    def is_valid(self) -> bool:
        return not self.errors


def seat_index(form: DealForm, key: str, raw: Any) -> int | None:
    """The seat a seat field names (its index at the table); None when left empty, with an
    error at `key` when it names no seat."""
    text = str(raw or "").strip()
    if not text:
        return None
    try:
        seat = int(text)
    except ValueError:
        seat = -1
    if not 0 <= seat < len(form.names):
        form.add_error(key, _("Choose a player at the table."))
        return None
    return seat
