"""Reads of the referee desk: rulebook articles, rule search, rulings."""

from __future__ import annotations

import hashlib
import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.db.models import Exists, F, OuterRef, Q, QuerySet, TextField, Value
from django.db.models.functions import Coalesce, Concat

from scoring import games
from scoring.models import DealDispute, Match, Seat

from . import rulebook
from .games import parts_all, parts_of
from .models import LANGS, Article, Ruling, article_lang
from .rulebook.base import BY_NUMBER, sources_named
from .rulebook.values import allowed_shown, preset_name, value_shown
from .search import RuleIndex, fold, raw_words, vocabulary_hits, words

SEARCH_LIMIT = 10


def article_list(game: str | None = None) -> QuerySet[Article]:
    """The rulebook in order; only `game`'s articles when a game is named."""
    articles = Article.objects.all().order_by("order")
    return articles.filter(game=game) if game else articles


def rulebook_game(value: Any) -> str | None:
    """The game a rulebook page or request asks for (`?game=`), or None for every game."""
    return value if value in rulebook.games() else None


def game_name(key: str) -> str:
    """A game's name in the reader's language (the registry's)."""
    return str(games.game_get(key).name)


def score_now(match: Match) -> list[games.ScoreLine]:
    """Each player's running figure at the match, as its game sums it up (Deberc the match
    totals, Preferans the whist balances); [] before the first deal."""
    if not match.result:
        return []
    return list(games.game_get(match.game).score_summary(match.result))


def game_switch(current: str | None) -> list[dict[str, Any]]:
    """The rulebook's game switch: every game it covers, with the one shown marked."""
    return [
        {
            "key": key,
            "name": game_name(key),
            "current": key == current,
        }
        for key in rulebook.games()
    ]


# An article id as the rulebook writes them (`scoring.hanging_byte`): anything else is no
# article, answered without asking the database (PostgreSQL refuses a NUL in a string with a
# DataError, a 500, instead of finding nothing).
ARTICLE_ID = re.compile(r"[a-z0-9_]+(?:\.[a-z0-9_]+)*")


def _well_formed(article_id: str) -> bool:
    max_length = Article._meta.get_field("id").max_length or 0
    return len(article_id) <= max_length and ARTICLE_ID.fullmatch(article_id) is not None


def article_get(article_id: str) -> Article | None:
    """The article of this id, or None for an unknown or malformed id."""
    if not _well_formed(article_id):
        return None
    return Article.objects.filter(pk=article_id).first()


def articles_by_ids(ids: list[str]) -> list[Article]:
    found = {a.id: a for a in Article.objects.filter(pk__in=ids)}
    return [found[i] for i in ids if i in found]


def article_titles(ids: list[str]) -> dict[str, str]:
    """The titles of these articles in the active language (unknown or malformed ids are left
    out): what the tournament pages show for a card's cited article
    (`tournaments.discipline.citations`)."""
    wanted = [i for i in ids if _well_formed(i)]
    return {rule.id: rule.title_in() for rule in Article.objects.filter(pk__in=wanted)}


def rulebook_sections(game: str | None = None) -> list[dict[str, Any]]:
    """The rulebook's table of contents: each section with its articles, in order (only
    `game`'s when a game is named)."""
    titles = rulebook.sections()
    grouped: dict[str, list[Article]] = {key: [] for key in titles}
    for rule in article_list(game):
        grouped.setdefault(rule.section, []).append(rule)
    return [
        {"key": key, "title": titles.get(key, key), "articles": rules}
        for key, rules in grouped.items()
        if rules
    ]


def article_choices(game: str | None) -> list[tuple[str, list[tuple[str, str]]]]:
    """`game`'s articles as a form offers them: grouped by section, each by its title in the
    active language (the id is the value sent, never shown: issue 35)."""
    return [
        (str(section["title"]), [(rule.id, rule.title_in()) for rule in section["articles"]])
        for section in rulebook_sections(game)
    ]


def article_payload(rule: Article, lang: str) -> dict[str, Any]:
    """The API shape of an article: `{id, title, text, conventions, source}` (+ a few extras)."""
    return {
        "id": rule.id,
        "section": rule.section,
        "game": rule.game,
        "title": rule.title_in(lang),
        "text": rule.text_in(lang),
        "conventions": list(rule.conventions),
        "presets": list(rule.presets),
        "source": rule.source_in(lang),
        "project_default": rule.project_default,
        # where in the rule texts, a quote (Russian), this service's reading ("" if none)
        "cite": rule.cite_in(lang),
        "quote": rule.quote_text,
        "reading": rule.reading_in(lang),
    }


# --- convention pages: what each preset sets, read from the engine -------------------------
#
# `value` is the engine's notation (what a tournament's settings take); `shown` is the value
# as a reader says it, in the page's language ("пополам (split)").

PRESET_MARKERS = {"4p": "yes (4 players)", "50/100": "50 / 100"}


def _show(value: Any) -> str:
    if isinstance(value, str) and value in PRESET_MARKERS:
        return PRESET_MARKERS[value]
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "—"
    return str(value)


def convention_presets(name: str, lang: str | None = None, *, game: str) -> list[dict[str, str]]:
    """Per preset of `game`, the value it sets for convention `name` (read from the game's
    engine through the registry)."""
    lang = article_lang(lang)
    return [
        {
            "preset": preset,
            "label": _preset_label(preset, lang, game),
            "value": _show(values.get(name)),
            "shown": value_shown(name, values.get(name), lang, _value_words(game)),
        }
        for preset, values in games.game_get(game).presets.items()
    ]


def _value_words(game: str) -> Mapping[str, Mapping[str, tuple[str, str, str]]]:
    parts = parts_of(game)
    return parts.value_words if parts is not None else {}


def _preset_label(preset: str, lang: str | None, game: str) -> str:
    """A preset's name as its game's club members say it ("Харьковский", "ленинградка")."""
    parts = parts_of(game)
    named = preset_name(preset, article_lang(lang), parts.preset_names if parts else {})
    return named if named is not None else preset.capitalize()


def convention_meta(name: str, lang: str | None = None, *, game: str) -> dict[str, Any] | None:
    """A convention's kind, what it may be set to (`values` in the settings' notation,
    `values_shown` as a reader says them) and the texts it comes from, in `lang` (the active
    language by default), with what each preset sets."""
    meta = games.game_get(game).conventions.get(name)
    if meta is None:
        return None
    lang = article_lang(lang)
    allowed = meta.get("values")
    kind = meta["kind"]
    if allowed is None:
        allowed = {
            "bool": ("yes", "no"),
            "whole": ("a whole number",),
            "positive": ("a positive whole number",),
            "deals": ("a positive whole number",),
            "one_or_two": (1, 2),
            "limit": ("a whole number", "none"),
            "exit": ("a list of 1 to 5 games from 6 to 10",),
        }.get(kind, ())
    if kind == "mercy":
        allowed = ("off", "true (250)", "a whole number")
    numbers = [n.strip() for n in meta.get("source", "").split(",") if n.strip()]
    sources = tuple(BY_NUMBER[n] for n in numbers if n in BY_NUMBER)
    presets = convention_presets(name, lang, game=game)
    return {
        "name": name,
        "game": game,
        "kind": kind,
        "values": [_show(v) for v in allowed],
        "values_shown": allowed_shown(name, kind, meta.get("values"), lang, _value_words(game)),
        "sources": sources_named(sources, lang),
        "presets": presets,
        # The presets side by side: one header row of preset names, one row of values.
        "preset_labels": [row["label"] for row in presets],
        "preset_values": [row["shown"] for row in presets],
    }


def convention_section(game: str) -> str:
    """The rulebook section whose articles are `game`'s conventions."""
    parts = parts_of(game)
    if parts is None:
        raise LookupError(f"{game} has no rulebook")
    return parts.convention_section


def presets_section(game: str) -> str | None:
    """The rulebook section of `game`'s presets' articles (None for a game without a rulebook)."""
    parts = parts_of(game)
    return parts.presets_section if parts is not None else None


def preset_table(lang: str | None, game: str) -> dict[str, Any]:
    """All of `game`'s conventions × its presets, for the presets overview: each convention
    by its article's title, each value as a reader says it."""
    lang = article_lang(lang)
    found = games.game_get(game)
    names = list(found.presets)
    section = convention_section(game)
    rows = []
    for conv in found.conventions:
        rule = rulebook.article_by_id(f"{section}.{conv}")
        rows.append(
            {
                "name": conv,
                "article": f"{section}.{conv}",
                "title": rule.title.get(lang, conv) if rule else conv,
                "values": [
                    value_shown(conv, found.presets[p].get(conv), lang, _value_words(game))
                    for p in names
                ],
            }
        )
    return {"presets": [_preset_label(p, lang, game) for p in names], "rows": rows}


def preset_labels(presets: list[str], game: str) -> list[str]:
    """`game`'s preset names as the page shows them, in the reader's language ("Харьковский")."""
    return [_preset_label(p, None, game) for p in presets]


# --- search ---------------------------------------------------------------------------------

_SEARCH_FIELDS = [f"{kind}_{lang}" for kind in ("title", "keywords", "text") for lang in LANGS]
_index_cache: dict[str, RuleIndex] = {}


def _python_index() -> RuleIndex:
    """The in-memory index of the Article table, rebuilt only when the table changes."""
    rows = list(Article.objects.order_by("order").values("id", *_SEARCH_FIELDS))
    signature = hashlib.sha1(repr(rows).encode()).hexdigest()
    index = _index_cache.get(signature)
    if index is None:
        _index_cache.clear()
        index = _index_cache[signature] = RuleIndex.build(rows)
    return index


def _search_python(query: str, limit: int) -> list[tuple[str, float]]:
    return _python_index().search(query, limit=limit)


# Full-text configurations per language: PostgreSQL has no Ukrainian stemmer, so "simple".
SEARCH_CONFIGS = {"ru": "russian", "uk": "simple", "en": "english"}


def search_vector_expression() -> Any:
    """Titles and aliases (weight A) above the text (C), in each language's configuration."""
    from django.contrib.postgres.search import SearchVector

    vector = None
    for lang, config in SEARCH_CONFIGS.items():
        part = (
            SearchVector(f"title_{lang}", weight="A", config=config)
            + SearchVector(f"keywords_{lang}", weight="A", config=config)
            + SearchVector(f"text_{lang}", weight="C", config=config)
        )
        vector = part if vector is None else vector + part
    return vector


def _search_postgres(query: str, limit: int) -> list[tuple[str, float]]:
    """Full-text search (russian / simple for Ukrainian / english configurations, titles and
    aliases weighted above the text) plus pg_trgm word similarity for typos."""
    from django.contrib.postgres.search import SearchQuery, SearchRank, TrigramWordSimilarity

    # The stored text is not folded: full-text and trigram search get the words as typed
    # (lower-cased, stop words out); the name check below compares folded forms.
    tokens = raw_words(query)
    if not tokens:
        return []
    ts_query: Any = None
    for token in tokens:
        for config in SEARCH_CONFIGS.values():
            part = SearchQuery(token, config=config, search_type="plain")
            ts_query = part if ts_query is None else ts_query | part
    # What the article is about, for typo matching: titles and aliases in all languages.
    about = Concat(
        *[
            item
            for lang in LANGS
            for item in (F(f"title_{lang}"), Value(" "), F(f"keywords_{lang}"), Value(" "))
        ],
        output_field=TextField(),
    )
    typed = " ".join(tokens)
    phrase = " ".join(words(query))
    # A short word shares most of its trigrams with many others ("рыба" with "оба": 0.4):
    # its typos must be closer to count.
    fuzzy_min = FUZZY_MIN if len(typed) > SHORT_WORD else FUZZY_MIN_SHORT
    candidates = (
        Article.objects.annotate(
            rank=Coalesce(
                SearchRank(F("search_vector"), ts_query, normalization=Value(1)), Value(0.0)
            ),
            fuzzy=TrigramWordSimilarity(typed, about),
        )
        .filter(Q(rank__gt=0) | Q(fuzzy__gte=fuzzy_min))
        .annotate(first_pass=F("rank") + F("fuzzy") * Value(FUZZY_WEIGHT))
        .order_by("-first_pass", "order")
        .values(
            "id", "rank", "fuzzy", *[f"{k}_{lang}" for k in ("title", "keywords") for lang in LANGS]
        )[:30]
    )
    ranked = []
    for row in candidates:
        fuzzy = row["fuzzy"] if row["fuzzy"] >= fuzzy_min else 0.0
        score = row["rank"] + fuzzy * FUZZY_WEIGHT + NAME_WEIGHT * _names_it(phrase, row)
        ranked.append((row["id"], score))
    ranked.sort(key=lambda item: -item[1])
    return ranked[:limit]


# pg_trgm word similarity below this is noise ("qwxzv" shares a trigram with "question").
FUZZY_MIN = 0.35
# Up to this many letters a word is short, and its likeness must reach FUZZY_MIN_SHORT.
SHORT_WORD = 5
FUZZY_MIN_SHORT = 0.5
FUZZY_WEIGHT = 1.5
NAME_WEIGHT = 1.0


def _names_it(phrase: str, row: dict[str, Any]) -> float:
    """1 when the question is exactly one of the article's titles or aliases ("висячка" is the
    hanging byte, not a convention that mentions it), 0.3 when an alias contains it."""
    best = 0.0
    for lang in LANGS:
        names = [row[f"title_{lang}"], *row[f"keywords_{lang}"].split(",")]
        for name in names:
            folded = " ".join(words(name))
            if not folded:
                continue
            if folded == phrase or fold(row[f"title_{lang}"]).startswith(phrase + " ("):
                return 1.0
            if phrase in folded:
                best = max(best, 0.3)
    return best


def rules_search(
    query: str, *, limit: int = SEARCH_LIMIT, game: str | None = None
) -> list[Article]:
    """Articles best first for what a player or referee typed, in any of the three languages;
    only `game`'s articles when a game is named."""
    query = (query or "").strip()[:200]
    if not query:
        return []
    # The index covers both games; a game filter looks further down the ranking.
    wanted = limit * 4 if game else limit
    if connection.vendor == "postgresql":
        ranked = _search_postgres(query, wanted)
    else:
        ranked = _search_python(query, wanted)
    # A word players use that no article names, in a game's own list, first.
    named = vocabulary_hits(query, search_vocabulary(game))
    ids = [*named, *(rule_id for rule_id, _ in ranked if rule_id not in named)]
    found = articles_by_ids(ids)
    if game:
        found = [rule for rule in found if rule.game == game]
    return found[:limit]


def search_vocabulary(game: str | None) -> dict[str, list[str]]:
    """The games' own search words (`RefereeParts.search_words`), {word: article ids}: `game`'s,
    or every game's together (a word of both games names the articles of both)."""
    words_of: dict[str, list[str]] = {}
    for parts in [parts_of(game)] if game else parts_all():
        for word, ids in (parts.search_words if parts is not None else {}).items():
            known = words_of.setdefault(word, [])
            known.extend(i for i in ids if i not in known)
    return words_of


def search_warm() -> int:
    """The rule search made ready for a web worker's first question (config/warmup.py, run
    when the worker starts): the in-memory index built, the games' search words and the
    rulebook's sections read, one search run (its SQL, its articles' lookup). The number of
    articles found, for the log."""
    _python_index()
    search_vocabulary(None)
    rulebook_sections(None)
    game_switch(None)
    return len(rules_answer("правило").found)


# A search that found nothing suggests this many articles.
SUGGEST_LIMIT = 5


@dataclass(frozen=True)
class RuleAnswer:
    """What the rule search answers: the articles found, else suggestions (`suggested`)
    with `near` True when they come from the rulebook's words nearest the ones asked, False
    when none is near and they are where most questions start (`RefereeParts
    .first_questions`)."""

    found: list[Article]
    suggested: list[Article] = field(default_factory=list)
    near: bool = False

    @property
    def missed(self) -> bool:
        """Nothing found for words the rulebook does not know: the editors' list counts it."""
        return not self.found and bool(self.suggested)


def rules_answer(query: str, *, limit: int = SEARCH_LIMIT, game: str | None = None) -> RuleAnswer:
    """`rules_search`, and for a search that finds nothing (a player's slang word the
    rulebook does not know, "рыба") the nearest articles instead of nothing: those of the
    rulebook's words nearest the ones asked (a looser likeness than the search's), else where
    most of `game`'s questions start (every game's, taken in turn)."""
    found = rules_search(query, limit=limit, game=game)
    if found or not words((query or "")[:200]):
        return RuleAnswer(found=found)
    ranked = _python_index().near(query.strip()[:200], limit=SUGGEST_LIMIT * 4)
    near = articles_by_ids([rule_id for rule_id, _ in ranked])
    if game:
        near = [rule for rule in near if rule.game == game]
    if near:
        return RuleAnswer(found=[], suggested=near[:SUGGEST_LIMIT], near=True)
    starts = [
        list(parts.first_questions)
        for parts in ([parts_of(game)] if game else parts_all())
        if parts is not None
    ]
    # Every game's in turn: the first of each, then the second of each ...
    ids = [i for group in itertools.zip_longest(*starts) for i in group if i]
    return RuleAnswer(found=[], suggested=articles_by_ids(ids)[:SUGGEST_LIMIT], near=False)


# --- rulings ---------------------------------------------------------------------------------


def rulings_for_tournament(tournament_id: int) -> QuerySet[Ruling]:
    return (
        Ruling.objects.filter(match__tournament_id=tournament_id)
        .select_related(
            "match", "match__table", "match__round", "violator", "referee", "overturned_by"
        )
        # A match's result carries every deal: not read for a list of rulings.
        .defer("match__result")
        .order_by("-created_at", "-id")
    )


def rulings_for_match(match_id: int) -> QuerySet[Ruling]:
    return (
        Ruling.objects.filter(match_id=match_id)
        .select_related("match", "violator", "referee", "overturned_by")
        .order_by("-created_at", "-id")
    )


def matches_to_rule(tournament_id: int, query: str = "") -> QuerySet[Match]:
    """The tournament's matches for the referee's "rule on a deal" list, latest round first;
    with `query`, those of a player whose name contains it, or of that table number."""
    matches = Match.objects.filter(tournament_id=tournament_id)
    query = " ".join(str(query or "").split())[:80]
    if query:
        found = Q(
            Exists(Seat.objects.filter(match=OuterRef("pk"), player__display_name__icontains=query))
        )
        if query.isascii() and query.isdigit() and len(query) < 6:
            found |= Q(table__number=int(query))
        matches = matches.filter(found)
    return (
        matches.select_related("round", "table")
        # A match's result carries every deal: not read for the list.
        .defer("result", "conventions")
        .prefetch_related("seats__player")
        .order_by("-round__number", "table__number", "id")
    )


def disputes_open(tournament_id: int) -> list[DealDispute]:
    """The deals of the tournament disputed by a player and not yet settled (a call to the
    referee), oldest first: the order the referees go to the tables in."""
    return list(
        DealDispute.objects.filter(
            match__tournament_id=tournament_id, status=DealDispute.Status.OPEN
        )
        .select_related("match", "match__round", "match__table")
        .order_by("created_at", "id")
    )


def disputes_of_match(match_id: int) -> list[DealDispute]:
    """Every dispute of a match, the newest first (the ruling page shows them)."""
    return list(DealDispute.objects.filter(match_id=match_id).order_by("-created_at", "-id"))
