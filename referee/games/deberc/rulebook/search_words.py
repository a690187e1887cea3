"""Deberc's words for the rule search (`RefereeParts.search_words`, `first_questions`): words
players use that no article names, each with the articles it is about, and the articles the
search offers when a word comes near none (issue 35, item 22).

An editor adds a word here when the searches that found nothing (the admin's "rule searches
that found nothing") show players asking for it; a word an article names itself belongs in
that article's keywords instead.
"""

from __future__ import annotations

# A word (Russian, Ukrainian or English, as players type it) -> the articles it is about.
SEARCH_WORDS: dict[str, tuple[str, ...]] = {
    # Cheating: the penalty for a violation, and a deck stacked by a skipped cut.
    "обман": ("violations.card_byte", "deal.cut"),
    "мухлеж": ("violations.card_byte", "deal.cut"),
    "жульничество": ("violations.card_byte", "deal.cut"),
    "шулер": ("violations.card_byte", "deal.cut"),
    "шахрайство": ("violations.card_byte", "deal.cut"),
    "махлювання": ("violations.card_byte", "deal.cut"),
    "cheating": ("violations.card_byte", "deal.cut"),
}

# Where most questions at a Deberc table start: offered when a word comes near no article.
FIRST_QUESTIONS: tuple[str, ...] = (
    "scoring.hanging_byte",
    "violations.card_byte",
    "combinations.how_high",
    "match.closing",
    "play.overtrump",
)
