"""Names: one policy for every door a name comes in by: players (the Players page and its
API, the scoresheet import, an archive's restore), pairs and teams, tournaments, clubs (a
tournament's import names its club), the club's presets and invitations.

A name is read as NFKC (full-width and compatibility forms folded to the usual letters),
its spaces collapsed to one between words and none around. A name with a character that shows
nothing is refused with `bad_name`: a control or format character (Unicode categories Cc, Cf:
a zero-width space, a right-to-left override, …), a surrogate, a private-use or unassigned
code point, a line or paragraph separator, or any Default_Ignorable_Code_Point (the Hangul
fillers U+115F, U+3164, the combining grapheme joiner U+034F, tags, …). A variation selector
is kept only where it is part of a sequence (after a symbol such as ♠, or an ideograph).
An empty name is refused with `required`.

Two names are the same name when their keys (`name_key`) are equal: the key is the Unicode
TR39 skeleton of the casefolded name, so "secret sam" and "Seсret Sam" (a Cyrillic с) are the
club's Secret Sam. A new player of such a name is that player (never a second); a new
tournament, club, preset, pair or team whose key is another's of the same scope is refused
with `name_lookalike`, naming the other. A name that mixes alphabets in one word is not
refused: no other name of its scope can look like it, and a Ukrainian name typed with a Latin
"i" is still the club's player.
"""

from __future__ import annotations

import functools
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

import regex
from confusable_homoglyphs.confusables import confusables_data
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

# Control (Cc), format (Cf: zero-width and bidi controls), surrogates (Cs), private use (Co),
# unassigned (Cn: a letter of a later Unicode cannot be told from nothing), line (Zl) and
# paragraph (Zp) separators: nothing a name shows, only ways to look like another name.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Unicode's own list of what a renderer shows as nothing (DerivedCoreProperties), read from
# the `regex` module's tables: no hand-kept list of fillers to fall behind.
_IGNORABLE = regex.compile(r"\p{Default_Ignorable_Code_Point}")
_SELECTOR = regex.compile(r"\p{Variation_Selector}")
# What a variation selector may follow: a symbol (♠ and ♠️ are one suit) or an ideograph
# (ideographic variation sequences). After a letter it only hides.
_SELECTABLE = regex.compile(r"[\p{So}\p{Ideographic}]")
# TR39's skeleton is applied until nothing changes; the data's pairs settle in two passes.
_SKELETON_PASSES = 4


class NameRefused(ValueError):
    """A name refused: `code` (`bad_name`, `required`) and a message in the user's language."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _collapsed(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())


def _hidden(text: str) -> str | None:
    """The first character of `text` that shows nothing (see the module's docstring)."""
    previous = ""
    for ch in text:
        if _SELECTOR.match(ch):
            if not previous or not _SELECTABLE.match(previous):
                return ch
        elif unicodedata.category(ch) in REFUSED_CATEGORIES or _IGNORABLE.match(ch):
            return ch
        previous = ch
    return None


def name_clean(raw: Any) -> str:
    """The name as stored: NFKC, one space between words; NameRefused `bad_name` for a
    control or invisible character, `required` for nothing left."""
    if raw is None:
        raise NameRefused("required", _("A name is required."))
    if not isinstance(raw, str):
        raise NameRefused("bad_name", _("A name is text."))
    text = unicodedata.normalize("NFKC", raw)
    # A tab is a space; every other control or format character is refused.
    hidden = _hidden(text.replace("\t", " "))
    if hidden is not None:
        raise NameRefused(
            "bad_name",
            _(
                "A name may not contain control or invisible characters (U+%(code)04X): "
                "type it again."
            )
            % {"code": ord(hidden)},
        )
    name = " ".join(text.split())
    if not name:
        raise NameRefused("required", _("A name is required."))
    return name


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype (Unicode's confusables.txt, as the
    `confusable-homoglyphs` package ships it). The package keeps each line "source →
    prototype" both ways; a prototype is never a source, so each group is a star: its centre
    (the node of several neighbours, or of several characters) is the prototype. A lone pair
    of single characters is one group whichever way it is read: the smaller stands for both."""
    graph: dict[str, set[str]] = defaultdict(set)
    for glyph, alikes in confusables_data.items():
        # The data wraps right-to-left letters in left-to-right marks, for display.
        a = glyph.replace("\u200e", "")
        for alike in alikes:
            b = alike["c"].replace("\u200e", "")
            graph[a].add(b)
            graph[b].add(a)
    out = {}
    for node, alikes in graph.items():
        if len(node) != 1 or len(alikes) != 1:
            continue  # a sequence, or a centre: a prototype
        (other,) = alikes
        if len(other) > 1 or len(graph[other]) > 1 or other < node:
            out[node] = other
    return out


def name_skeleton(text: str) -> str:
    """The TR39 skeleton of `text`: NFD, each character replaced by its prototype, NFD again
    (repeated until it settles: see `_prototypes`)."""
    prototypes = _prototypes()
    for _pass in range(_SKELETON_PASSES):
        nfd = unicodedata.normalize("NFD", text)
        mapped = unicodedata.normalize("NFD", "".join(prototypes.get(ch, ch) for ch in nfd))
        if mapped == text:
            break
        text = mapped
    return text


@functools.lru_cache(maxsize=65536)
def name_key(name: str) -> str:
    """What two names must share to be one name: the skeleton of the collapsed NFKC text,
    in either case (in any alphabet; compared in Python, as the databases' lower() is ASCII-only
    on SQLite and under PostgreSQL's C locale). "SECRET SAM", "Seсret Sam" (a Cyrillic с) and
    "Ｓｅｃｒｅｔ Sam" are one name."""
    # Upper case first, then its skeleton, casefolded, then the skeleton again: capitals that
    # look alike ("В" and "B") and small letters that do ("һ" and "h") both count, and "Вечір"
    # and "вечір" stay one name (the key depends on the capitals only).
    text = "".join(ch for ch in _collapsed(name) if not _IGNORABLE.match(ch))
    upper = unicodedata.normalize("NFKC", text.upper())
    return name_skeleton(unicodedata.normalize("NFKC", name_skeleton(upper).casefold()))


def name_lookalike(name: str, others: Iterable[str], *, same_allowed: bool = False) -> str | None:
    """The first of `others` that is `name` by its key (`name_key`), or None. With
    `same_allowed`, the very same name (whatever its case and spacing) is not counted: only
    a lookalike is (tournaments: a club's weekly "Club night" keeps its name)."""
    key = name_key(name)
    text = _collapsed(name).casefold()
    for other in others:
        if name_key(other) == key and not (same_allowed and _collapsed(other).casefold() == text):
            return other
    return None


def lookalike_message(other: str) -> str:
    return _("The name looks like “%(name)s”, which is taken here: choose another name.") % {
        "name": other
    }


def lookalike_refusal(field: str, other: str) -> ValidationError:
    """The refusal (`name_lookalike`) of a name another of its scope looks like, at `field`."""
    return ValidationError(
        {field: ValidationError(lookalike_message(other), code="name_lookalike")}
    )


def name_checked(raw: Any, *, field: str = "name") -> str:
    """`name_clean` for a door that refuses with Django's ValidationError at `field`."""
    try:
        return name_clean(raw)
    except NameRefused as exc:
        raise ValidationError({field: ValidationError(exc.message, code=exc.code)}) from None
