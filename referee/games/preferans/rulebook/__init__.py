"""Preferans' rulebook [правила преферанса]: table and deal, auction, contracts, whisting,
play, scoring a deal, misère, all-pass, violations, the pool, the end and the settlement, the
presets and one article per convention; in reading order, with its sections."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee.rulebook.base import RuleArticle

from . import articles, conventions

# Sections in reading order, with their titles (UI strings, translated in the app catalogue).
SECTIONS = {
    "preferans": _("Preferans: table, contracts, whisting"),
    "preferans_scoring": _("Preferans: scoring a deal"),
    "preferans_pulka": _("Preferans: pool, end and settlement"),
    "preferans_presets": _("Preferans: presets"),
    "preferans_conventions": _("Preferans: conventions"),
}

ARTICLES: list[RuleArticle] = [*articles.ARTICLES, *conventions.ARTICLES]
