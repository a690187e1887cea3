"""The rulebook [свод правил]: the rules of Deberc and of Preferans as articles with stable
ids; each article names its game (`RuleArticle.game`), so the rulebook can be read per game.

The content is code (reviewed and versioned); `referee.services.rulebook_sync()` copies it
into the `Article` table after each migrate so that it can be searched in the database.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from . import (
    cards,
    combinations,
    conventions,
    deal,
    match,
    play,
    preferans,
    preferans_conventions,
    presets,
    scoring,
    violations,
)
from .base import RuleArticle
from .deberc_sources import with_source

# Sections in reading order, with their titles (UI strings, translated in the app catalogue).
SECTIONS: dict[str, object] = {
    "cards": _("Cards"),
    "deal": _("Table and deal"),
    "play": _("Trick play"),
    "combinations": _("Combinations"),
    "scoring": _("Scoring a deal"),
    "violations": _("Violations and penalties"),
    "match": _("The match"),
    "presets": _("Presets"),
    "conventions": _("Conventions"),
    "preferans": _("Preferans: table, contracts, whisting"),
    "preferans_scoring": _("Preferans: scoring a deal"),
    "preferans_pulka": _("Preferans: pool, end and settlement"),
    "preferans_presets": _("Preferans: presets"),
    "preferans_conventions": _("Preferans: conventions"),
}

# The games the rulebook covers, in the order of its game switch.
GAMES: tuple[str, ...] = ("deberc", "preferans")

# Each Deberc article gets its place in the rule texts, a quote and this service's reading
# from one table (`deberc_sources.WHERE`), where a reviewer checks them against the texts.
ARTICLES: list[RuleArticle] = [
    *cards.ARTICLES,
    *deal.ARTICLES,
    *play.ARTICLES,
    *combinations.ARTICLES,
    *scoring.ARTICLES,
    *violations.ARTICLES,
    *match.ARTICLES,
    *presets.ARTICLES,
    *conventions.ARTICLES,
    *preferans.ARTICLES,
    *preferans_conventions.ARTICLES,
]
ARTICLES = [with_source(a) for a in ARTICLES]

BY_ID: dict[str, RuleArticle] = {a.id: a for a in ARTICLES}
assert len(BY_ID) == len(ARTICLES), "duplicate article id"
assert all(a.section in SECTIONS for a in ARTICLES), "article outside the known sections"
assert all(a.game in GAMES for a in ARTICLES), "article of an unknown game"

__all__ = ["ARTICLES", "BY_ID", "GAMES", "SECTIONS", "RuleArticle"]
