"""What a game gives the rest of the service: the typed interface every game implements.

A game is a folder, `scoring/games/<key>/`, whose `__init__.py` names `GAME`, an instance of
a `Game` subclass; the registry (`scoring.games`) loads the folders that settings
`DEBERC_GAMES` lists. The higher apps' parts of a game (the referee's violation kinds, tools
and rulebook; the tournament side's report parts and statistics) live in those apps'
`games/<key>/` folders, typed by the Protocols those apps declare (`referee.games.base`,
`tournaments.games.base`); a `Game` names them by dotted path only (`referee_parts`,
`tournament_parts`), since the scoring app never imports a higher one.

Nothing here imports Django at run time: the engines import `scoring.games.errors`, which
loads this package.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypedDict, cast

from .errors import GameError

if TYPE_CHECKING:
    from django.http import HttpRequest

    # A lazily translated string, as django-stubs types gettext_lazy's.
    from django.utils.functional import _StrPromise


__all__ = [
    "DealForm",
    "Game",
    "ProblemDict",
    "ScoreLine",
    "ScorerPage",
    "Tally",
]


class ProblemDict(TypedDict):
    """One problem an engine (or a service) reports: `deal` 1-based or None for the record,
    `field` the record's path (`points.Anna`) or None, `code` stable, `message` English."""

    deal: int | None
    field: str | None
    code: str
    message: str


class _TallyRequired(TypedDict):
    totals: list[int]
    winners: list[str]
    bytes: list[int]
    sides: list[int]
    target: int


class Tally(_TallyRequired, total=False):
    """A finished match as the standings count it, by seat in the result's player order:
    each seat's total, the winners' names, the bytes made as declarer (Deberc; zeros for a
    game without bytes), the side of each seat (partners share one), the game's target (0
    when it has none) and, when the game ranks by more than a win, each match scoring's
    points by seat (`{match_score: [points]}`)."""

    points: dict[str, list[float]]


class ScoreLine(TypedDict):
    """One player's running figure on a table card (the organiser's round table, the live
    cards): Deberc's match total, Preferans' whist balance."""

    name: str
    figure: float


class DealForm(Protocol):
    """A scorer page's parsed deal form: the fields as typed (`values`, to fill the form
    again), the form's own errors by field key, the deal it makes, and whether it is whole."""

    values: dict[str, Any]
    errors: dict[str, list[str]]
    record: dict[str, Any]

    @property
    def is_valid(self) -> bool: ...


class ScorerPage(Protocol):
    """The game's part of the scorer's page (`<game>/page/views.py`): the shared scorer views
    (`scoring.views`) call these for a match of the game."""

    PAGE_TEMPLATE: str
    SHEET_TEMPLATE: str
    EDIT_TEMPLATE: str

    def parse_deal(self, post: Mapping[str, Any], names: Sequence[str]) -> DealForm: ...

    def values_from_record(
        self, record: Mapping[str, Any], names: Sequence[str]
    ) -> dict[str, Any]: ...

    def sheet_context(
        self,
        request: HttpRequest,
        # A `scoring.models.Match`, not imported: the models import this registry's package.
        match: Any,
        *,
        values: dict[str, Any] | None = ...,
        errors: dict[str, list[str]] | None = ...,
        doc: dict[str, Any] | None = ...,
        editing: int | None = ...,
    ) -> dict[str, Any]: ...

    def engine_error_key(self, err: Mapping[str, Any], names: Sequence[str]) -> str: ...

    def error_message(self, err: Mapping[str, Any]) -> str: ...

    def deal_summary(self, record: Mapping[str, Any] | None, names: Sequence[str]) -> str: ...


class Game(ABC):
    """One game of the service. A subclass sets the class attributes and implements the
    abstract methods; the registry keeps one instance per game (`GAME` of the game's folder).
    """

    # --- who the game is ---
    key: ClassVar[str]
    name: ClassVar[str | _StrPromise]
    # The `format` tags of its scoresheet record and of its engine's result.
    record_format: ClassVar[str]
    result_format: ClassVar[str]
    # The error type its engine raises (a `GameError`, `.errors` a list of ProblemDict).
    error_type: ClassVar[type[GameError]]

    # --- conventions ---
    table_sizes: ClassVar[tuple[int, ...]]
    default_ruleset: ClassVar[str]
    # {preset: {convention: value}} and {convention: {"default", "values"...}} as the engine
    # declares them.
    presets: ClassVar[Mapping[str, Mapping[str, Any]]]
    conventions: ClassVar[Mapping[str, Mapping[str, Any]]]
    # The presets' names [правила: московские, сочинка…] as the organiser reads them.
    ruleset_labels: ClassVar[Mapping[str, str | _StrPromise]] = {}
    # The conventions' names and their values' words as the organiser reads them.
    convention_labels: ClassVar[Mapping[str, str | _StrPromise]] = {}
    value_labels: ClassVar[Mapping[str, str | _StrPromise]] = {}

    # --- the tournament side ---
    # Table sizes at which the players sit as two partnerships (Deberc's four).
    pairs_at: ClassVar[frozenset[int]] = frozenset()
    # The organiser's "match scoring" choices, {key: label}; the first is the default.
    match_scores: ClassVar[Mapping[str, str | _StrPromise]]
    # The standings tiebreaks the game offers and the order a new tournament starts with.
    tiebreaks: ClassVar[tuple[str, ...]]
    default_tiebreaks: ClassVar[tuple[str, ...]]
    # Where the engine's result keeps each player's running score, {name: number}.
    score_path: ClassVar[tuple[str, ...]]

    # --- the game's parts in the apps (dotted module paths; None: the game has none) ---
    scorer_page_path: ClassVar[str | None] = None
    referee_parts: ClassVar[str | None] = None
    tournament_parts: ClassVar[str | None] = None

    def plays_in_pairs(self, table_size: int, ruleset: Any = None, overrides: Any = None) -> bool:
        """Whether a table of `table_size` sits as two partnerships under this ruleset and
        these overrides (a game may let a table at a pairs size play each for themselves:
        Deberc's `pairs: no`)."""
        return table_size in self.pairs_at

    def seat_sides(self, table_size: int, ruleset: Any = None, overrides: Any = None) -> list[int]:
        """The side of each seat, in seat order: partners share one, and sit opposite (seats
        1 & 3 against 2 & 4); at a table without partnerships each seat is its own side."""
        if self.plays_in_pairs(table_size, ruleset, overrides):
            return [seat % 2 for seat in range(table_size)]
        return list(range(table_size))

    # --- scoring ---
    @abstractmethod
    def score(self, record: dict[str, Any]) -> dict[str, Any]:
        """The engine's result of a record; raises `error_type` naming every problem."""

    @abstractmethod
    def check_conventions(self, ruleset: Any, overrides: Any, table_size: int) -> None:
        """None when the ruleset and overrides are valid at this table size; raises
        `error_type` (code `bad_convention`...) otherwise."""

    def canonical_deal(self, deal: dict[str, Any]) -> dict[str, Any]:
        """A deal the engine accepted, as stored: its values in canonical notation, so that
        every door stores one spelling."""
        return deal

    def errors_of(self, exc: Exception) -> list[ProblemDict]:
        """The problems an engine error carries."""
        return cast("list[ProblemDict]", list(getattr(exc, "errors", [])))

    # --- results as the tournament side counts them ---
    @abstractmethod
    def match_points(self, result: dict[str, Any], match_score: str) -> Mapping[str, float]:
        """Each player's match points for the standings under this match scoring."""

    @abstractmethod
    def tally(self, result: dict[str, Any], ruleset: Any, overrides: Any) -> Tally:
        """A finished match as the standings count it."""

    @abstractmethod
    def bye_points(self, match_score: str, ruleset: Any, overrides: Any, table_size: int) -> float:
        """The match points of a bye."""

    def winner_points(self, *, loser_totals: list[int], target: int, match_score: str) -> float:
        """What a match winner scores when the tally gives no points of its own (a tally kept
        before the games gave them): 1 for a win."""
        return 1

    def closes_on_time(self, ruleset: Any, overrides: Any) -> bool:
        """Whether a match ends when closed on time (the record's `"closed": true`)."""
        return False

    @abstractmethod
    def winners(self, result: dict[str, Any]) -> list[str]:
        """The names of the match's winner(s) once it is finished; [] before."""

    @abstractmethod
    def simulate(
        self, record: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """(record without deals, rng) → (a played record, its result): random legal deals
        for demos and generated tournaments, until the match ends."""

    def score_summary(self, result: Mapping[str, Any] | None) -> list[ScoreLine]:
        """Each player's running figure, in the result's player order (what a table card
        shows): the numbers found at `score_path`, 0 for a player not there yet."""
        result = result or {}
        found: Any = result
        for key in self.score_path:
            found = found.get(key) if isinstance(found, Mapping) else None
        figures = found if isinstance(found, Mapping) else {}
        names = result.get("players") or list(figures)
        return [{"name": str(name), "figure": _number(figures.get(name, 0))} for name in names]

    # --- the user's language ---
    @abstractmethod
    def localise_error(self, problem: Mapping[str, Any], language: str) -> str:
        """One problem's message in `language` (a language code such as "ru", "uk"; "en"
        keeps the engine's English message, which names the figures)."""

    # --- the scorer's page ---
    def scorer_page(self) -> ScorerPage:
        """The game's scorer page; LookupError for a game without one."""
        if self.scorer_page_path is None:
            raise LookupError(f"{self.key} has no scorer page")
        return cast(ScorerPage, import_module(self.scorer_page_path))

    def __repr__(self) -> str:
        return f"<Game {self.key}>"


def _number(value: Any) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return 0
    return int(number) if number == int(number) else number
