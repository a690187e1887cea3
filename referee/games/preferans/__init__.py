"""Preferans at the referee desk: its rulebook, the violations a ruling offers (the renonce
with its count), its tools at the table (score this deal, settle this pulka)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from referee.games.base import RefereeParts, ToolPage, ViolationEntry
from referee.games.kinds import Label, ViolationKind
from referee.rulebook.base import RuleArticle

from . import api, forms, rulebook, tools, violations
from .rulebook import search_words as vocabulary
from .rulebook import words

TOOL_PAGES: tuple[ToolPage, ...] = (
    ToolPage(
        name="preferans_score_deal",
        path="preferans/score-deal/",
        title=_("Preferans: score this deal"),
        blurb=_("The table's conventions and deals so far: what each player writes and why."),
        form=forms.PreferansDealForm,
        run=tools.preferans_score_deal,
        template="referee/games/preferans/score_deal.html",
        api_view=api.PreferansScoreDealView,
    ),
    ToolPage(
        name="preferans_settle",
        path="preferans/settle/",
        title=_("Preferans: settle this pulka"),
        blurb=_(
            "Deficits to the mountain, the mountain to whists, the whists balance, the rounding."
        ),
        form=forms.PreferansSettleForm,
        run=tools.preferans_settle,
        template="referee/games/preferans/settle.html",
        api_view=api.PreferansSettleView,
    ),
)


class PreferansReferee:
    """The `RefereeParts` of Preferans (referee.games.base)."""

    game: str = "preferans"
    sections: dict[str, Any] = rulebook.SECTIONS
    articles: Sequence[RuleArticle] = tuple(rulebook.ARTICLES)
    convention_section: str = "preferans_conventions"
    presets_section: str = "preferans_presets"
    violation_kinds: Sequence[ViolationKind] = violations.KINDS
    tool_pages: Sequence[ToolPage] = TOOL_PAGES
    conventions_title: Label = _("Preferans conventions and presets")
    value_words = words.WORDS
    preset_names = words.PRESET_NAMES
    search_words = vocabulary.SEARCH_WORDS
    first_questions = vocabulary.FIRST_QUESTIONS

    def violation_entry(
        self, *, kind: ViolationKind, player: str, count: int | None, taken_by: str | None
    ) -> ViolationEntry:
        return violations.violation_entry(kind=kind, player=player, count=count, taken_by=taken_by)


PARTS: RefereeParts = PreferansReferee()
