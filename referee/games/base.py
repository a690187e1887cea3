"""What a game gives the referee desk [судейский стол]: the typed door between the shared
referee code (rulebook, search, rulings, tool pages) and one game's own parts.

Each game's parts live in `referee/games/<game>/` under the same names (`rulebook/`, `forms`,
`tools`, `violations`) and are reached through `referee.games.parts_for(game)`, which loads
the module named by the registry's `Game.referee_parts` and returns its `PARTS`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypedDict

# Re-exported: the games import them from here, with the rest of the door.
from referee.games.kinds import Label as Label
from referee.games.kinds import ViolationKind as ViolationKind

if TYPE_CHECKING:
    from rest_framework.views import APIView

    from referee.forms import ToolForm
    from referee.rulebook.base import RuleArticle


class ViolationEntry(TypedDict, total=False):
    """The `violation` a ruling writes into the deal's record (the engine reads it)."""

    player: str
    kind: str
    count: int
    taken_by: str
    combination: str


@dataclass(frozen=True)
class ToolPage:
    """A tool at the table (a page at `/referee/<path>` named `referee:<name>`, and the same
    calculation at `/api/v1/referee/<path>`): its form, the tool it runs, its template."""

    name: str
    path: str
    title: Label
    blurb: Label
    form: type[ToolForm]
    run: Callable[..., dict[str, Any]]
    template: str
    # The API's view of the same tool (a `referee.api.ToolView`), at /api/v1/referee/<path>.
    api_view: type[APIView]


class RefereeParts(Protocol):
    """What one game gives the referee desk (read-only: a game's parts are fixed)."""

    # The registry's key of the game (`scoring.games`), the same as `RuleArticle.game`.
    @property
    def game(self) -> str: ...
    # The rulebook sections of the game in reading order, {key: title}; each article's
    # `section` is one of them.
    @property
    def sections(self) -> Mapping[str, Label]: ...
    # The game's rulebook articles, in reading order.
    @property
    def articles(self) -> Sequence[RuleArticle]: ...
    # The section whose articles are one convention each (`<section>.<convention>`), and the
    # section of the presets' articles.
    @property
    def convention_section(self) -> str: ...
    @property
    def presets_section(self) -> str: ...
    # The violations a ruling on this game's table offers, in the form's order.
    @property
    def violation_kinds(self) -> Sequence[ViolationKind]: ...
    # The tools at the table, in the tools page's order.
    @property
    def tool_pages(self) -> Sequence[ToolPage]: ...
    # The title of the game's conventions overview (every convention × its presets).
    @property
    def conventions_title(self) -> Label: ...
    # Its conventions' values as a reader says them, {convention: {value: (ru, uk, en)}},
    # and its presets' names, {preset: (ru, uk, en)}.
    @property
    def value_words(self) -> Mapping[str, Mapping[str, tuple[str, str, str]]]: ...
    @property
    def preset_names(self) -> Mapping[str, tuple[str, str, str]]: ...
    # The rule search's words of this game (`referee.search`): words players use that no
    # article names, {word: article ids}; and the articles offered when a search comes near
    # none ("where most questions start"), in order.
    @property
    def search_words(self) -> Mapping[str, Sequence[str]]: ...
    @property
    def first_questions(self) -> Sequence[str]: ...

    def violation_entry(
        self, *, kind: ViolationKind, player: str, count: int | None, taken_by: str | None
    ) -> ViolationEntry:
        """The deal's `violation` for a ruling (the engine scores the penalty from it)."""
        ...
