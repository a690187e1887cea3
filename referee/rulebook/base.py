"""The shape of a rulebook article and the helper the section modules use to write one."""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Source:
    """A text the rules rest on, named as a club member knows it, in ru/uk/en."""

    key: str
    name: dict[str, str]

    def __str__(self) -> str:
        return self.name["en"]


# The rule texts the rulebook was written from (docs/deberc-rules.md, "Sources"), and this
# service's own reading where they are silent or unclear: what an article's `source` names.
MOSCOW_RULES = Source(
    "moscow",
    {"ru": "московские правила", "uk": "московські правила", "en": "the Moscow rules"},
)
VARIANTS = Source(
    "variants",
    {
        "ru": "описание московского, харьковского, одесского и короткого деберца",
        "uk": "опис московського, харківського, одеського та короткого деберцу",
        "en": "the guide to Moscow, Kharkov, Odessa and short deberc",
    },
)
PREFERANS_RULES = Source(
    "preferans",
    {"ru": "правила преферанса", "uk": "правила преферансу", "en": "the Preferans rules"},
)
ONLINE_RULES = Source(
    "online",
    {"ru": "правила онлайн-стола", "uk": "правила онлайн-столу", "en": "the online table's rules"},
)
SERVICE = Source(
    "service",
    {"ru": "так читает этот сервис", "uk": "так читає цей сервіс", "en": "this service's reading"},
)
SOURCES: dict[str, Source] = {
    s.key: s for s in (MOSCOW_RULES, VARIANTS, PREFERANS_RULES, ONLINE_RULES, SERVICE)
}
# The engine's conventions name their texts by number (`CONVENTIONS[name]["source"]`).
BY_NUMBER: dict[str, Source] = {
    "000": MOSCOW_RULES,
    "001": VARIANTS,
    "002": PREFERANS_RULES,
    "003": ONLINE_RULES,
}


def sources_named(sources: tuple[Source, ...], lang: str) -> str:
    """The sources as one line in `lang` ("the Moscow rules; this service's reading")."""
    return "; ".join(s.name.get(lang, s.name["en"]) for s in sources)


@dataclass(frozen=True)
class RuleArticle:
    """One article: a stable id, title/text/keywords per language, what it depends on."""

    id: str
    title: dict[str, str]
    text: dict[str, str]
    keywords: dict[str, str]
    conventions: tuple[str, ...] = ()
    presets: tuple[str, ...] = ()
    source: str = ""  # the sources in English, as the Article table and the API keep them
    project_default: bool = False  # this service's reading (not the rule texts') decides
    extra: dict[str, str] = field(default_factory=dict)
    sources: tuple[Source, ...] = ()
    game: str = ""  # the game it is a rule of (`scoring.games` key), set by its rulebook
    # Where in the rule texts it stands, as readers name it ("Кодекс преферанса, п. 35"), per
    # language; a short quote from there in the text's own words (Russian); and, where the
    # texts disagree or are silent, "this service's reading" with the convention that changes
    # it. Empty where not written yet (Deberc articles for now); the page shows what is there.
    cite: dict[str, str] = field(default_factory=dict)
    quote: str = ""
    reading: dict[str, str] = field(default_factory=dict)

    def source_in(self, lang: str) -> str:
        return sources_named(self.sources, lang) if self.sources else self.source

    def cite_in(self, lang: str) -> str:
        return self.cite.get(lang) or self.cite.get("en", "")

    def reading_in(self, lang: str) -> str:
        return self.reading.get(lang) or self.reading.get("en", "")

    @property
    def quote_lang(self) -> str:
        """The quote's language: the Moscow Deberc rules are quoted in their own Ukrainian."""
        return "uk" if re.search(r"[іїєґ]", self.quote, re.IGNORECASE) else "ru"

    @property
    def section(self) -> str:
        return self.id.split(".", 1)[0]


def article(
    id: str,
    *,
    ru: tuple[str, str],
    uk: tuple[str, str],
    en: tuple[str, str],
    kw_ru: str = "",
    kw_uk: str = "",
    kw_en: str = "",
    conventions: tuple[str, ...] = (),
    presets: tuple[str, ...] = (),
    source: Source | tuple[Source, ...],
    project_default: bool = False,
    game: str = "",
    cite: tuple[str, str, str] = ("", "", ""),
    quote: str = "",
    reading: tuple[str, str, str] = ("", "", ""),
) -> RuleArticle:
    """Write an article; `ru`/`uk`/`en` are (title, text), keywords are aliases people type
    (slang, spellings) separated by commas; `source` the texts it rests on (with `SERVICE`
    and `project_default` when this service's reading decides); `cite` where in them
    (ru, uk, en), `quote` a short quote, `reading` this service's reading (ru, uk, en), shown
    on its own line under that label."""
    sources = (source,) if isinstance(source, Source) else tuple(source)
    if project_default and SERVICE not in sources:
        sources += (SERVICE,)
    return RuleArticle(
        id=id,
        title={"ru": ru[0], "uk": uk[0], "en": en[0]},
        text={"ru": _clean(ru[1]), "uk": _clean(uk[1]), "en": _clean(en[1])},
        keywords={"ru": kw_ru, "uk": kw_uk, "en": kw_en},
        conventions=conventions,
        presets=presets,
        source=sources_named(sources, "en"),
        project_default=project_default,
        sources=sources,
        game=game,
        cite=_per_lang(cite),
        quote=" ".join(quote.split()),
        reading=_per_lang(reading),
    )


def _per_lang(texts: tuple[str, str, str]) -> dict[str, str]:
    """(ru, uk, en) → a dict without the empty ones."""
    return {lang: _clean(t) for lang, t in zip(("ru", "uk", "en"), texts, strict=True) if t}


def _clean(text: str) -> str:
    """Paragraphs are separated by blank lines; single newlines inside one are joined."""
    paragraphs = [" ".join(p.split()) for p in text.strip().split("\n\n")]
    return "\n\n".join(p for p in paragraphs if p)
