"""Preferans' words for the rule search (`RefereeParts.search_words`, `first_questions`):
words players use that no article names, each with the articles it is about, and the articles
the search offers when a word comes near none (issue 35, item 22). An editor adds a word here
when the searches that found nothing show players asking for it."""

from __future__ import annotations

# A word (Russian, Ukrainian or English, as players type it) -> the articles it is about.
SEARCH_WORDS: dict[str, tuple[str, ...]] = {
    # Cheating: the violations and a peeked talon.
    "обман": ("preferans_scoring.violations", "preferans.talon_look"),
    "мухлеж": ("preferans_scoring.violations", "preferans.talon_look"),
    "жульничество": ("preferans_scoring.violations", "preferans.talon_look"),
    "шулер": ("preferans_scoring.violations", "preferans.talon_look"),
    "шахрайство": ("preferans_scoring.violations", "preferans.talon_look"),
    "махлювання": ("preferans_scoring.violations", "preferans.talon_look"),
    "cheating": ("preferans_scoring.violations", "preferans.talon_look"),
}

# Where most questions at a Preferans table start: offered when a word comes near no article.
FIRST_QUESTIONS: tuple[str, ...] = (
    "preferans.overview",
    "preferans.whisting",
    "preferans_scoring.remise",
    "preferans_scoring.allpass",
    "preferans_pulka.settlement",
)
