"""The games the service scores, behind one door [игры].

Django apps reach a game's rules only through this registry: a match names its game
(`Match.game`), a scoresheet names its format (`"deberc-scoresheet/1"`), and the entry found
here scores it, settles its conventions, gives match points for standings and names its
scorer-page form. Nothing outside an engine and its own pages asks which game a match is:
it asks the registry for the match's game and calls what the game gives.

Each engine stays pure Python (no Django); this module is the only place that knows them all.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from . import engine as deberc
from . import preferans
from .engine import conventions as deberc_conventions
from .engine import match as deberc_match


@dataclass(frozen=True)
class Game:
    """What one game gives the rest of the service."""

    key: str
    name: str | Promise
    record_format: str
    result_format: str
    table_sizes: tuple[int, ...]
    default_ruleset: str
    presets: Mapping[str, Mapping[str, Any]]
    conventions: Mapping[str, Mapping[str, Any]]
    error_type: type[Exception]
    score: Callable[[Any], dict[str, Any]]
    # (ruleset, overrides, table size) → None, or raises `error_type` naming every problem.
    check_conventions: Callable[[Any, Any, int], None]
    # (result, match_score) → each player's match points for the standings.
    match_points: Callable[[dict[str, Any], str], Mapping[str, float]]
    # Dotted path of the module with the scorer page's deal form (imported when first asked);
    # None while the game has no scorer page of its own.
    scorer_form_module: str | None

    def scorer_forms(self) -> Any:
        if self.scorer_form_module is None:
            raise LookupError(f"{self.key} has no scorer page")
        return import_module(self.scorer_form_module)

    def errors_of(self, exc: Exception) -> list[dict[str, Any]]:
        """The `{"deal", "field", "code", "message"}` problems an engine error carries."""
        return list(getattr(exc, "errors", []))


def _deberc_check(ruleset: Any, overrides: Any, table_size: int) -> None:
    deberc_conventions.resolve_conventions(ruleset, overrides, table_size)


def _deberc_match_points(result: dict[str, Any], match_score: str) -> dict[str, int]:
    conventions = deberc_conventions.resolve_conventions(
        result.get("ruleset"),
        {**(result.get("conventions") or {}), "match_score": match_score},
        len(result["players"]),
    )
    return deberc_match.match_points(result, conventions)


def _preferans_check(ruleset: Any, overrides: Any, table_size: int) -> None:
    preferans.resolve_conventions(ruleset, overrides)


def _preferans_match_points(result: dict[str, Any], match_score: str) -> Mapping[str, float]:
    # Preferans tables rank by place (whist balances); the Deberc `match_score` has no say.
    return preferans.match_points(result)


DEBERC = Game(
    key="deberc",
    name=_("Deberc"),
    record_format=deberc_match.FORMAT,
    result_format=deberc_match.RESULT_FORMAT,
    table_sizes=(2, 3, 4),
    default_ruleset="moscow",
    presets=deberc_conventions.PRESETS,
    conventions=deberc_conventions.CONVENTIONS,
    error_type=deberc.ScoresheetError,
    score=deberc.score_match,
    check_conventions=_deberc_check,
    match_points=_deberc_match_points,
    scorer_form_module="scoring.forms",
)

PREFERANS = Game(
    key="preferans",
    name=_("Preferans"),
    record_format=preferans.FORMAT,
    result_format=preferans.RESULT_FORMAT,
    table_sizes=tuple(preferans.TABLE_SIZES),
    default_ruleset="sochi",
    presets=preferans.PRESETS,
    conventions=preferans.CONVENTIONS,
    error_type=preferans.PreferansError,
    score=preferans.score_pulka,
    check_conventions=_preferans_check,
    match_points=_preferans_match_points,
    scorer_form_module=None,
)

GAMES: dict[str, Game] = {game.key: game for game in (DEBERC, PREFERANS)}
BY_FORMAT: dict[str, Game] = {game.record_format: game for game in GAMES.values()}
DEFAULT = DEBERC

# Every engine's error type: a caller that scores "whatever game this is" catches these.
ENGINE_ERRORS: tuple[type[Exception], ...] = tuple({g.error_type for g in GAMES.values()})


def game_choices() -> list[tuple[str, Any]]:
    return [(game.key, game.name) for game in GAMES.values()]


def game_get(key: str | None) -> Game:
    """The game called `key` (the default game for an empty key); KeyError for an unknown one."""
    return GAMES[key] if key else DEFAULT


def game_for_record(record: Any) -> Game | None:
    """The game whose scoresheet format the record names; None when it names none we know."""
    tag = record.get("format") if isinstance(record, dict) else None
    return BY_FORMAT.get(tag) if isinstance(tag, str) else None


def unknown_format_errors(record: Any) -> list[dict[str, Any]]:
    """The refusal of a record whose `format` names no game of this service."""
    tag = record.get("format") if isinstance(record, dict) else None
    known = ", ".join(sorted(BY_FORMAT))
    message = (
        "a scoresheet is a JSON object"
        if not isinstance(record, dict)
        else f"format {tag!r} is not one of {known}"
    )
    return [
        {
            "deal": None,
            "field": None if not isinstance(record, dict) else "format",
            "code": "bad_format",
            "message": message,
        }
    ]


class UnknownFormat(ValueError):
    """A record whose `format` names no game; `.errors` in the engines' shape."""

    def __init__(self, record: Any) -> None:
        self.errors = unknown_format_errors(record)
        super().__init__(self.errors[0]["message"])


def record_score(record: Any) -> dict[str, Any]:
    """Score any game's scoresheet record by its `format` tag. Raises the game's error type
    (with `.errors`) for an invalid record, UnknownFormat for a format of no game."""
    game = game_for_record(record)
    if game is None:
        raise UnknownFormat(record)
    return game.score(record)


SCORING_ERRORS: tuple[type[Exception], ...] = (*ENGINE_ERRORS, UnknownFormat)
