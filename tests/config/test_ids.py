"""An id sent as text (a query parameter, a form field) is a row's number or nothing: never an
error further down (a number beyond 64 bits, a digit of another script, a huge string)."""

from __future__ import annotations

import pytest

from config.ids import MAX_ID, id_from_text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1", 1),
        ("42", 42),
        (str(MAX_ID), MAX_ID),
        (str(MAX_ID + 1), None),
        ("0", None),
        ("", None),
        (None, None),
        ("-3", None),
        ("1e3", None),
        ("²", None),  # a digit to str.isdigit, not to int()
        ("٣", None),  # an Arabic-Indic three
        ("9" * 10_000, None),  # beyond int()'s default limit of digits
        (" 7", None),
    ],
)
def test_an_id_sent_as_text_is_a_rows_number_or_none(text, expected) -> None:
    assert id_from_text(text) == expected
