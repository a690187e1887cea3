"""Deberc's rulebook [правила деберца]: its articles in reading order and its sections.

Each article gets its place in the rule texts, a quote and this service's reading from one
table (`deberc_sources.WHERE`), where a reviewer checks them against the texts.
"""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext_lazy as _

from referee.rulebook.base import RuleArticle

from . import (
    cards,
    combinations,
    conventions,
    deal,
    match,
    play,
    presets,
    scoring,
    violations,
)
from .deberc_sources import with_source

GAME = "deberc"

# Sections in reading order, with their titles (UI strings, translated in the app catalogue).
SECTIONS = {
    "cards": _("Cards"),
    "deal": _("Table and deal"),
    "play": _("Trick play"),
    "combinations": _("Combinations"),
    "scoring": _("Scoring a deal"),
    "violations": _("Violations and penalties"),
    "match": _("The match"),
    "presets": _("Presets"),
    "conventions": _("Conventions"),
}

ARTICLES: list[RuleArticle] = [
    with_source(replace(rule, game=GAME))
    for rule in (
        *cards.ARTICLES,
        *deal.ARTICLES,
        *play.ARTICLES,
        *combinations.ARTICLES,
        *scoring.ARTICLES,
        *violations.ARTICLES,
        *match.ARTICLES,
        *presets.ARTICLES,
        *conventions.ARTICLES,
    )
]
