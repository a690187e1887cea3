"""Ids that come from outside (a URL, a query string, a request body).

Every model's id is a 64-bit BigAutoField. A whole number beyond that range names no row, but
handed to the database as a parameter it is an error, not an empty answer (SQLite: "Python
int too large to convert to SQLite INTEGER"; PostgreSQL's prepared statements: out of range),
and the ORM's guard for such numbers covers lookups on an integer column, not on a foreign
key. Code that looks a row up by an id it was sent asks `is_id` first and treats a number
that is not one as "no such row".
"""

from __future__ import annotations

from typing import Any, TypeGuard

MAX_ID = 2**63 - 1


def is_id(value: Any) -> TypeGuard[int]:
    """Whether `value` can be a database id: a whole number from 1 to MAX_ID."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_ID


def id_from_text(value: Any) -> int | None:
    """An id sent as text (a query parameter, a form field): its number when it is one
    (ASCII digits naming a possible row), None otherwise ("²", "1e3", 10,000 digits: none)."""
    text = str(value or "")
    if not (len(text) < 20 and text.isascii() and text.isdigit()):
        return None
    number = int(text)
    return number if is_id(number) else None
