"""Deberc at the referee desk: its rulebook, the violations a ruling offers, its tools at the
table (which cards may be played, whose combinations count, a deal card by card, a closing)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from referee.games.base import RefereeParts, ToolPage, ViolationEntry
from referee.games.kinds import Label, ViolationKind
from referee.rulebook.base import RuleArticle

from . import api, closing, forms, rulebook, tools, violations
from .rulebook import search_words as vocabulary
from .rulebook import words

TOOL_PAGES: tuple[ToolPage, ...] = (
    ToolPage(
        name="legal_cards",
        path="legal-cards/",
        title=_("Which cards may be played?"),
        blurb=_("Trump, the trick so far, a hand: the legal cards and why the others are not."),
        form=forms.LegalCardsForm,
        run=tools.legal_cards_check,
        template="referee/games/deberc/legal_cards.html",
        api_view=api.LegalCardsView,
    ),
    ToolPage(
        name="combinations",
        path="combinations/",
        title=_("Whose combinations count?"),
        blurb=_("Each player's terzes, fifties and bella: who scores them and why."),
        form=forms.CombinationsForm,
        run=tools.combinations_check,
        template="referee/games/deberc/combinations.html",
        api_view=api.CombinationsView,
    ),
    ToolPage(
        name="check_deal",
        path="check-deal/",
        title=_("Check a deal card by card"),
        blurb=_("The first violation with its rule, or the score of the deal."),
        form=forms.CheckDealForm,
        run=tools.deal_check,
        template="referee/games/deberc/check_deal.html",
        api_view=api.CheckDealView,
    ),
    ToolPage(
        name="check_closing",
        path="check-closing/",
        title=_("Is the closing true?"),
        blurb=_(
            "Match totals and the points taken so far: a true or a false closing and what follows."
        ),
        form=forms.CheckClosingForm,
        run=closing.closing_check,
        template="referee/games/deberc/check_closing.html",
        api_view=api.CheckClosingView,
    ),
)


class DebercReferee:
    """The `RefereeParts` of Deberc (referee.games.base)."""

    game: str = "deberc"
    sections: dict[str, Any] = rulebook.SECTIONS
    articles: Sequence[RuleArticle] = tuple(rulebook.ARTICLES)
    convention_section: str = "conventions"
    presets_section: str = "presets"
    violation_kinds: Sequence[ViolationKind] = violations.KINDS
    tool_pages: Sequence[ToolPage] = TOOL_PAGES
    conventions_title: Label = _("Deberc conventions and presets")
    value_words = words.WORDS
    preset_names = words.PRESET_NAMES
    search_words = vocabulary.SEARCH_WORDS
    first_questions = vocabulary.FIRST_QUESTIONS

    def violation_entry(
        self, *, kind: ViolationKind, player: str, count: int | None, taken_by: str | None
    ) -> ViolationEntry:
        return violations.violation_entry(kind=kind, player=player, count=count, taken_by=taken_by)


PARTS: RefereeParts = DebercReferee()
