"""The rulebook [свод правил]: the rules of deberc-rules.md as articles with stable ids.

The content is code (reviewed and versioned); `referee.services.rulebook_sync()` copies it
into the `Article` table after each migrate so that it can be searched in the database.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from . import cards, combinations, conventions, deal, match, play, presets, scoring, violations
from .base import RuleArticle

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
    "preferans": _("Preferans"),
}

ARTICLES: list[RuleArticle] = [
    *cards.ARTICLES,
    *deal.ARTICLES,
    *play.ARTICLES,
    *combinations.ARTICLES,
    *scoring.ARTICLES,
    *violations.ARTICLES,
    *match.ARTICLES,
    *[a for a in presets.ARTICLES if a.section == "presets"],
    *conventions.ARTICLES,
    *[a for a in presets.ARTICLES if a.section == "preferans"],
]

BY_ID: dict[str, RuleArticle] = {a.id: a for a in ARTICLES}
assert len(BY_ID) == len(ARTICLES), "duplicate article id"
assert all(a.section in SECTIONS for a in ARTICLES), "article outside the known sections"

__all__ = ["ARTICLES", "BY_ID", "SECTIONS", "RuleArticle"]
