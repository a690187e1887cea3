"""What a cited rule article is called, for the pages and notes that show a card.

A card cites a rulebook article by its id (`scoring.hanging_byte`). The rulebook belongs to
the referee app, which sits above this one (it imports tournaments, never the other way), so
the referee app hands its lookup over when it loads (`RefereeConfig.ready`), the way a
receiver connects to a signal. Without it (an installation without the rulebook) the id is
what is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

# Article ids -> their titles in the active language (ids the rulebook does not know: left
# out).
ArticleTitles = Callable[[list[str]], dict[str, str]]

_lookup: ArticleTitles | None = None


def article_titles_provide(lookup: ArticleTitles) -> None:
    """Called once by the rulebook's app when Django loads it."""
    global _lookup
    _lookup = lookup


def article_titles(ids: Iterable[str]) -> dict[str, str]:
    """The titles of these articles in the active language; unknown ids are left out."""
    wanted = sorted({article for article in ids if article})
    if not wanted or _lookup is None:
        return {}
    return _lookup(wanted)
