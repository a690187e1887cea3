"""Players' names: one normaliser for every door a name comes in by (the Players page and
its API, the scoresheet import, an archive's restore).

A name is read as NFKC (full-width and compatibility forms folded to the usual letters),
its spaces collapsed to one between words and none around. A name with a control or
invisible formatting character (Unicode categories Cc, Cf: a zero-width space, a
right-to-left override, …; also private-use and line or paragraph separators) is refused
with `bad_name`: it would look like another player's name and be someone else. An empty name
is refused with `required`. Two names are the same player when their keys (`name_key`:
casefolded, in any alphabet) are equal: "secret sam" is the club's Secret Sam.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.utils.translation import gettext as _

# Control (Cc), format (Cf: zero-width and bidi controls), surrogates (Cs), private use (Co),
# line (Zl) and paragraph (Zp) separators: nothing a name shows, only ways to look like
# another name.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})


class NameRefused(ValueError):
    """A name refused: `code` (`bad_name`, `required`) and a message in the user's language."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _collapsed(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())


def name_clean(raw: Any) -> str:
    """The name as stored: NFKC, one space between words; NameRefused `bad_name` for a
    control or invisible character, `required` for nothing left."""
    if not isinstance(raw, str):
        raise NameRefused("bad_name", _("A name is text."))
    text = unicodedata.normalize("NFKC", raw)
    # A tab is a space; every other control or format character is refused.
    text = text.replace("\t", " ")
    for ch in text:
        if unicodedata.category(ch) in REFUSED_CATEGORIES:
            raise NameRefused(
                "bad_name",
                _(
                    "A name may not contain control or invisible characters (U+%(code)04X): "
                    "type it again."
                )
                % {"code": ord(ch)},
            )
    name = " ".join(text.split())
    if not name:
        raise NameRefused("required", _("A name is required."))
    return name


def name_key(name: str) -> str:
    """What two names must share to be one player: the collapsed NFKC text, casefolded (in
    any alphabet; compared in Python, as the databases' lower() is ASCII-only on SQLite and
    under PostgreSQL's C locale)."""
    return unicodedata.normalize("NFKC", _collapsed(name).casefold())
