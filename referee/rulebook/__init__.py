"""The rulebook [свод правил]: every game's rules as articles with stable ids; each article
names its game (`RuleArticle.game`), so the rulebook can be read per game.

The articles and sections are the games' own (`referee/games/<game>/rulebook/`), gathered
here through the registry (`referee.games.parts_all()`). The content is code (reviewed and
versioned); `referee.services.rulebook_sync()` copies it into the `Article` table after each
migrate so that it can be searched in the database.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache, partial
from typing import TYPE_CHECKING, Any

from .base import RuleArticle

if TYPE_CHECKING:
    from referee.games.base import RefereeParts

# A bracketed aside in an article's text, with the space before it.
_ASIDE = re.compile(r"(\s?)\(([^()]*)\)")
_ITEM_SEP = re.compile(r"(;\s*|,\s*)")
_CODE = re.compile(r"[a-z][a-z0-9_]*")


def _gathered() -> tuple[dict[str, Any], list[RuleArticle], dict[str, RuleArticle]]:
    """The rulebook of the games registered now (a test may register a toy game)."""
    from scoring import games

    return _gathered_for(tuple((game.key, game.referee_parts) for game in games.games_all()))


@cache
def _gathered_for(
    registered: tuple[tuple[str, str | None], ...],
) -> tuple[dict[str, Any], list[RuleArticle], dict[str, RuleArticle]]:
    from referee.games import parts_all

    sections: dict[str, Any] = {}
    articles: list[RuleArticle] = []
    for parts in parts_all():
        sections.update(parts.sections)
        articles += [readable(rule, parts) for rule in parts.articles]
    by_id = {rule.id: rule for rule in articles}
    assert len(by_id) == len(articles), "duplicate article id"
    assert all(rule.section in sections for rule in articles), "article outside its sections"
    return sections, articles, by_id


def readable(rule: RuleArticle, parts: RefereeParts) -> RuleArticle:
    """The article as a reader sees it: its source names a convention by its settings' key in
    brackets ("(combinations_need_trick)") and a value by its key after the words ("байт на
    картах (card_byte; Москва)"); the reader sees the convention's title instead of its key
    («Комбинации без взятки») and the words without the value's key ("(Москва)")."""
    from scoring import games

    game = games.game_get(rule.game)
    section = parts.convention_section
    titles = {
        art.id.split(".", 1)[1]: art.title for art in parts.articles if art.section == section
    }
    values = {
        value
        for meta in game.conventions.values()
        for value in meta.get("values") or ()
        if isinstance(value, str)
    } | {"true", "false"}
    own = rule.id.split(".", 1)[1] if rule.section == section else None

    def aside(match: re.Match[str], lang: str) -> str:
        pieces = _ITEM_SEP.split(match.group(2))
        items, seps = pieces[0::2], pieces[1::2]
        kept: list[str] = []
        changed = False
        for index, item in enumerate(items):
            word = item.strip()
            if _CODE.fullmatch(word) and word in titles and word != own:
                item, changed = f"«{_bare(titles[word][lang])}»", True
            elif _CODE.fullmatch(word) and (word in values or word in titles or "_" in word):
                changed = True
                continue
            kept.append((seps[index - 1] if index and kept else "") + item)
        if not changed:
            return match.group(0)
        return f"{match.group(1)}({''.join(kept)})" if kept else ""

    def said(texts: dict[str, str]) -> dict[str, str]:
        return {lang: _ASIDE.sub(partial(aside, lang=lang), text) for lang, text in texts.items()}

    return replace(rule, title=said(rule.title), text=said(rule.text), reading=said(rule.reading))


def _bare(title: str) -> str:
    """A convention's title without a bracketed aside of its own."""
    return _ASIDE.sub("", title).strip()


def sections() -> dict[str, Any]:
    """Every game's sections in reading order, {key: title} (titles translated lazily)."""
    return _gathered()[0]


def articles() -> list[RuleArticle]:
    """Every game's articles, in the registry's order of the games and each game's order."""
    return _gathered()[1]


def article_by_id(article_id: str) -> RuleArticle | None:
    return _gathered()[2].get(article_id)


def games() -> tuple[str, ...]:
    """The games the rulebook covers, in the order of its game switch."""
    from referee.games import parts_all

    return tuple(parts.game for parts in parts_all())


__all__ = ["RuleArticle", "article_by_id", "articles", "games", "readable", "sections"]
