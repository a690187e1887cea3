"""The games the service scores, behind one door [игры]: the registry.

Django apps reach a game only through here: a match names its game (`Match.game`), a
scoresheet names its format (`"deberc-scoresheet/1"`), and the game found here (a
`scoring.games.base.Game`) scores it, settles its conventions, gives match points for the
standings, names its scorer page and words its errors. Nothing outside a game's own folders
(`scoring/games/<key>/`, `referee/games/<key>/`, `tournaments/games/<key>/`) asks which game
a match is or imports a game's modules: it asks the registry for the match's game and calls
what the game gives.

The games are the packages settings `DEBERC_GAMES` lists (dotted paths, each with a `GAME`),
loaded with importlib the first time the registry is asked: this module imports no game, and
nothing from Django at import time (the engines import `scoring.games.errors`, which loads
this package, and stay pure). Tests add a game of their own with `register` / `unregister`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from importlib import import_module
from typing import Any

from .base import Game, ProblemDict, ScoreLine, ScorerPage, Tally
from .errors import GameError, Problem

__all__ = [
    "DEFAULT_GAMES",
    "SCORING_ERRORS",
    "Game",
    "GameError",
    "Problem",
    "ProblemDict",
    "ScoreLine",
    "ScorerPage",
    "Tally",
    "UnknownFormat",
    "convention_value_label",
    "game_choices",
    "game_default",
    "game_for_record",
    "game_for_result",
    "game_get",
    "games_all",
    "record_score",
    "register",
    "registered",
    "unknown_format_errors",
    "unregister",
]

# The games a deployment scores when settings name none; the first is the default game.
DEFAULT_GAMES = ("scoring.games.deberc", "scoring.games.preferans")

_games: dict[str, Game] = {}
_loaded = False


def _configured() -> list[str]:
    from django.conf import settings

    paths = getattr(settings, "DEBERC_GAMES", None) if settings.configured else None
    return list(paths or DEFAULT_GAMES)


def _load() -> dict[str, Game]:
    global _loaded
    if not _loaded:
        for path in _configured():
            game = getattr(import_module(path), "GAME", None)
            if not isinstance(game, Game):
                raise TypeError(f"{path}.GAME is not a scoring.games.base.Game")
            _games.setdefault(game.key, game)
        _loaded = True
    return _games


def register(game: Game) -> Game:
    """Add a game (a test's toy game); the games of the settings stay. A key already taken
    by another game is refused."""
    if not isinstance(game, Game):
        raise TypeError("a game is a scoring.games.base.Game")
    known = _load()
    if known.get(game.key, game) is not game:
        raise ValueError(f"a game {game.key!r} is already registered")
    known[game.key] = game
    return game


def unregister(key: str) -> None:
    """Take a game added with `register` out again."""
    _load().pop(key, None)


@contextmanager
def registered(game: Game) -> Iterator[Game]:
    """The game registered for the block's duration (tests)."""
    register(game)
    try:
        yield game
    finally:
        unregister(game.key)


def games_all() -> list[Game]:
    """Every game, the default first."""
    return list(_load().values())


def game_default() -> Game:
    """The default game: the first of settings `DEBERC_GAMES`."""
    return next(iter(_load().values()))


def game_choices() -> list[tuple[str, Any]]:
    return [(game.key, game.name) for game in games_all()]


def convention_value_label(game: Game, name: str, value: Any) -> Any:
    """A convention value's word as the game labels it ("name.value" first: a word two
    conventions use differently), else the value itself. (A yes/no value's word is the
    caller's: this registry reads no translation.)"""
    labels = game.value_labels
    return labels.get(f"{name}.{value}", labels.get(str(value), value))


def ruleset_label(key: str) -> str:
    """A preset's name in the reader's language, whichever game has it; a preset no game
    names (a game no longer registered), its key."""
    for game in games_all():
        if key in game.presets:
            return str(game.ruleset_labels.get(key, key))
    return key


def ruleset_choices(game: Game | None = None) -> list[tuple[str, Any]]:
    """(key, name) of every preset of `game`, or of every game's; the names stay lazy, to be
    read in the reader's language."""
    chosen = [game] if game is not None else games_all()
    return [(key, g.ruleset_labels.get(key, key)) for g in chosen for key in g.presets]


def game_get(key: str | None) -> Game:
    """The game called `key` (the default game for an empty key); KeyError for an unknown one."""
    return _load()[key] if key else game_default()


def game_for_record(record: Any) -> Game | None:
    """The game whose scoresheet format the record names; None when it names none we know."""
    tag = record.get("format") if isinstance(record, Mapping) else None
    if not isinstance(tag, str):
        return None
    return next((game for game in games_all() if game.record_format == tag), None)


def game_for_result(result: Any) -> Game:
    """The game whose result format the engine's result names (the default game for a
    result without a known format)."""
    tag = result.get("format") if isinstance(result, Mapping) else None
    found = next((game for game in games_all() if game.result_format == tag), None)
    return found or game_default()


def unknown_format_errors(record: Any) -> list[ProblemDict]:
    """The refusal of a record whose `format` names no game of this service."""
    tag = record.get("format") if isinstance(record, dict) else None
    known = ", ".join(sorted(game.record_format for game in games_all()))
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


class UnknownFormat(GameError):
    """A record whose `format` names no game; `.errors` in the engines' shape."""

    what = "unknown format"

    def __init__(self, record: Any) -> None:
        super().__init__(Problem(**problem) for problem in unknown_format_errors(record))


def record_score(record: Any) -> dict[str, Any]:
    """Score any game's scoresheet record by its `format` tag. Raises the game's error type
    (a GameError with `.errors`) for an invalid record, UnknownFormat for a format of no
    game."""
    game = game_for_record(record)
    if game is None:
        raise UnknownFormat(record)
    return game.score(record)


# Every engine's error type derives from GameError (`scoring.games.errors`): a caller that
# scores "whatever game this is" catches it.
SCORING_ERRORS: tuple[type[GameError], ...] = (GameError,)
