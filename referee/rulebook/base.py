"""The shape of a rulebook article and the helper the section modules use to write one."""

from __future__ import annotations

from dataclasses import dataclass, field

# Seed texts (../shared/seeds/): what `source` names.
SEED_000 = "seed 000 (Moscow rules, Ukrainian)"
SEED_001 = "seed 001 (Moscow, Kharkov, Odessa and short deberc, Russian)"
SEED_002 = "seed 002 (Preferans)"
SEED_003 = "seed 003 (online table conventions, Russian/English)"
PROJECT_DEFAULT = "project default (deberc-rules.md)"


@dataclass(frozen=True)
class RuleArticle:
    """One article: a stable id, title/text/keywords per language, what it depends on."""

    id: str
    title: dict[str, str]
    text: dict[str, str]
    keywords: dict[str, str]
    conventions: tuple[str, ...] = ()
    presets: tuple[str, ...] = ()
    source: str = ""
    project_default: bool = False
    extra: dict[str, str] = field(default_factory=dict)

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
    source: str,
    project_default: bool = False,
) -> RuleArticle:
    """Write an article; `ru`/`uk`/`en` are (title, text), keywords are aliases people type
    (slang, spellings) separated by commas."""
    return RuleArticle(
        id=id,
        title={"ru": ru[0], "uk": uk[0], "en": en[0]},
        text={"ru": _clean(ru[1]), "uk": _clean(uk[1]), "en": _clean(en[1])},
        keywords={"ru": kw_ru, "uk": kw_uk, "en": kw_en},
        conventions=conventions,
        presets=presets,
        source=source,
        project_default=project_default,
    )


def _clean(text: str) -> str:
    """Paragraphs are separated by blank lines; single newlines inside one are joined."""
    paragraphs = [" ".join(p.split()) for p in text.strip().split("\n\n")]
    return "\n\n".join(p for p in paragraphs if p)
