"""Convention values as a reader says them, in ru/uk/en: "пополам (split)" rather than a
bare "split". Each game gives its own words (`RefereeParts.value_words`, in
`referee/games/<game>/rulebook/words.py`); these helpers say a value, or what a convention may
be set to, with the words of the convention's game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# convention -> engine word -> (ru, uk, en)
Words = Mapping[str, Mapping[str, tuple[str, str, str]]]

# Words every kind of value shares.
YES = ("да", "так", "yes")
NO = ("нет", "ні", "no")
NONE = ("—", "—", "—")
WHOLE_NUMBER = ("целое число", "ціле число", "a whole number")
MERCY_DEFAULT = ("да — 250", "так — 250", "yes — 250")
FOUR_PLAYERS_ONLY = ("да, только вчетвером", "так, лише вчотирьох", "yes, with 4 players only")
BOLT_50_100 = (
    "50 вдвоём, 100 втроём и парами",
    "50 удвох, 100 утрьох і парами",
    "50 with 2, 100 with 3 or pairs",
)

POSITIVE_NUMBER = ("целое положительное число", "ціле додатне число", "a positive whole number")
ONE_OR_TWO = ("1 или 2", "1 або 2", "1 or 2")
EXIT_LIST = (
    "от одной до пяти игр от 6 до 10",
    "від однієї до п’яти ігор від 6 до 10",
    "one to five games from 6 to 10",
)

_LANG_INDEX = {"ru": 0, "uk": 1, "en": 2}


def _pick(words: tuple[str, str, str], lang: str) -> str:
    return words[_LANG_INDEX.get(lang, 2)]


def preset_name(preset: str, lang: str, names: Mapping[str, tuple[str, str, str]]) -> str | None:
    """A preset's name in `lang` ("ленинградка") from its game's `names`; None if unnamed."""
    words = names.get(preset)
    return _pick(words, lang) if words else None


def value_shown(convention: str, value: Any, lang: str, words: Words) -> str:
    """A convention's value as a reader says it: "пополам (split)", "да", "501", "—"."""
    if value is True:
        return _pick(YES, lang)
    if value is False:
        return _pick(NO, lang)
    if value is None:
        return _pick(NONE, lang)
    if value == "4p":
        return _pick(FOUR_PLAYERS_ONLY, lang)
    if value == "50/100":
        return _pick(BOLT_50_100, lang)
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, str):
        found = words.get(convention, {}).get(value)
        if found is None:
            return value
        said = _pick(found, lang)
        return said if said == value else f"{said} ({value})"
    return str(value)


def allowed_shown(convention: str, kind: str, allowed: Any, lang: str, words: Words) -> list[str]:
    """What a convention may be set to, as a reader says it."""
    if kind == "bool":
        return [_pick(YES, lang), _pick(NO, lang)]
    if kind == "whole":
        return [_pick(WHOLE_NUMBER, lang)]
    if kind in ("positive", "deals"):
        return [_pick(POSITIVE_NUMBER, lang)]
    if kind == "one_or_two":
        return [_pick(ONE_OR_TWO, lang)]
    if kind == "limit":
        return [_pick(WHOLE_NUMBER, lang), value_shown(convention, "none", lang, words)]
    if kind == "exit":
        return [_pick(EXIT_LIST, lang)]
    if kind == "mercy":
        return [
            value_shown(convention, "off", lang, words),
            f"{_pick(MERCY_DEFAULT, lang)} (true)",
            _pick(WHOLE_NUMBER, lang),
        ]
    return [value_shown(convention, value, lang, words) for value in allowed or ()]
