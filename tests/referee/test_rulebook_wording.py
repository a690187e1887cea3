"""The rulebook speaks to club members in their words: its Russian and Ukrainian articles name
their sources as readers know them (the Moscow rules, the online table's rules...), say "this
service's reading" rather than "project default", and write convention values in words, the
settings' code at most in brackets after them on the convention pages' value tables
(«пополам (split)»); the articles' texts name no settings' code even in brackets (issue 18:
"(card_byte; Москва)" reads "(Москва)")."""

from __future__ import annotations

import re
from html import unescape

import pytest

from referee import rulebook
from referee.rulebook.base import BY_NUMBER, SERVICE
from scoring.games.deberc.engine.conventions import CONVENTIONS
from scoring.games.preferans.engine import CONVENTIONS as PREFERANS_CONVENTIONS
from scoring.games.preferans.engine import PRESETS as PREFERANS_PRESETS

ARTICLES = rulebook.articles()
BY_ID = {rule.id: rule for rule in ARTICLES}

# The settings' codes of both games: convention names and the words their values take.
CODES = (
    set(CONVENTIONS)
    | set(PREFERANS_CONVENTIONS)
    | {
        value
        for meta in (*CONVENTIONS.values(), *PREFERANS_CONVENTIONS.values())
        for value in meta.get("values", ())
        if isinstance(value, str)
    }
    | {"target", "true", "false", "yes", "no"}
)
INTERNAL = ("seed", "project default", "project reading", "deberc-rules", "проект")

# What may stay in Latin letters outside brackets: card notation (10H, QS, 7C, AD, T for ten)
# and the combination notation a scorer types (terz:KH, fifty:AS, bella).
NOTATION = re.compile(
    r"^((10|[2-9TJQKA])?[CDHS]|T|QS|AD|(terz|fifty|hundred|debertz|klabor):[0-9TJQKA]{1,2}[CDHS]|bella)$"
)


def outside_brackets(text: str) -> str:
    """The text with every bracketed part (innermost first) removed."""
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"\([^()]*\)", " ", text)
    return text


def readable_parts(rule, lang):
    yield "title", rule.title[lang]
    yield "text", rule.text[lang]
    yield "source", rule.source_in(lang)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_no_article_speaks_in_internal_words(lang):
    found = []
    for rule in ARTICLES:
        for part, text in readable_parts(rule, lang):
            lowered = text.lower()
            found += [(rule.id, part, w) for w in INTERNAL if w in lowered]
            bare = outside_brackets(text)
            for word in re.findall(r"[A-Za-z_][A-Za-z0-9_:]*", bare):
                if word.lower() in CODES or not NOTATION.match(word):
                    found.append((rule.id, part, word))
    assert found == []


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_no_article_shows_a_settings_code_even_in_brackets(lang):
    found = []
    for rule in ARTICLES:
        for part in ("title", "text"):
            for inner in re.findall(r"\(([^()]*)\)", getattr(rule, part)[lang]):
                for word in re.split(r"[;,]\s*", inner):
                    word = word.strip()
                    if re.fullmatch(r"[a-z][a-z0-9_]*", word) and (word in CODES or "_" in word):
                        found.append((rule.id, part, word))
    assert found == []


def test_the_scan_sees_bare_codes_and_lets_bracketed_ones_pass():
    assert re.findall(r"[a-z_]+", outside_brackets("делят пополам (split), иначе top")) == ["top"]
    assert outside_brackets("поровну (split; Харьков (seed 001))").strip() == "поровну"


def test_every_source_has_a_readers_name_in_each_language():
    for rule in ARTICLES:
        assert rule.sources, rule.id
        for lang in ("ru", "uk", "en"):
            assert rule.source_in(lang), (rule.id, lang)
    assert {s.name["en"] for s in BY_NUMBER.values()} == {
        "the Moscow rules",
        "the guide to Moscow, Kharkov, Odessa and short deberc",
        "the Preferans rules",
        "the online table's rules",
    }
    readings = [r for r in ARTICLES if r.project_default]
    assert readings and all(SERVICE in r.sources for r in readings)


def test_the_hanging_pool_on_a_byte_never_goes_to_a_player_not_eligible():
    rule = BY_ID["conventions.hanging_on_byte_3p"]
    assert "only one of the byte's two opponents is eligible" in rule.text["en"]
    assert "право на неё есть только у одного" in rule.text["ru"]
    assert "право на неї має лише один" in rule.text["uk"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ru", ["пополам (split)", "лучшему (top)", "правила онлайн-стола"]),
        ("uk", ["навпіл (split)", "кращому (top)", "правила онлайн-столу"]),
        ("en", ["halved (split)", "to the best (top)", "the online table's rules"]),
    ],
)
def test_the_convention_page_shows_values_in_the_readers_words(client, lang, words):
    page = unescape(
        client.get(
            "/rules/conventions.hanging_on_byte_3p/", HTTP_ACCEPT_LANGUAGE=lang
        ).content.decode()
    )
    for word in words:
        assert word in page, word
    assert "seed" not in page.lower() and "000" not in page


@pytest.mark.django_db
def test_a_reading_of_this_service_is_marked_on_its_page(client):
    page = unescape(
        client.get("/rules/scoring.halving/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    )
    assert "так читает этот сервис" in page
    assert "project default" not in page


@pytest.mark.django_db
def test_the_presets_overview_names_conventions_and_values_in_words(client):
    page = unescape(
        client.get("/rules/presets.kharkov/", HTTP_ACCEPT_LANGUAGE="uk").content.decode()
    )
    assert "Висячка при байті втрьох" in page and "навпіл (split)" in page
    assert "по черзі (clockwise)" in page


@pytest.mark.django_db
def test_the_api_names_the_source_in_the_asked_language(client):
    body = client.get("/api/v1/rules/conventions.dealer/?lang=ru").json()
    assert body["source"].startswith("московские правила")
    assert body["convention"]["presets"][0]["value"] in ("winner", "clockwise")
    assert {row["shown"] for row in body["convention"]["presets"]} == {
        "выигравший сдачу (winner)",
        "по очереди (clockwise)",
    }


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_value_a_convention_page_shows_is_in_words(lang):
    from referee.games import parts_of
    from referee.rulebook.values import allowed_shown, value_shown
    from scoring.games.deberc.engine.conventions import PRESETS

    words = parts_of("deberc").value_words
    shown = []
    for name, meta in CONVENTIONS.items():
        shown += allowed_shown(name, meta["kind"], meta.get("values"), lang, words)
        shown += [value_shown(name, preset.get(name), lang, words) for preset in PRESETS.values()]
    bare = [
        (text, word) for text in shown for word in re.findall(r"[A-Za-z_]+", outside_brackets(text))
    ]
    assert bare == []


def test_the_scan_covers_the_preferans_articles():
    preferans = [rule for rule in ARTICLES if rule.game == "preferans"]
    assert len(preferans) >= 40
    assert {"whister", "halves", "pools_full", "mountain_off", "whist_split"} <= CODES
    sources = {rule.source_in("ru") for rule in preferans}
    assert "правила преферанса" in sources
    assert "правила преферанса; так читает этот сервис" in sources
    assert {rule.source_in("uk") for rule in preferans} >= {"правила преферансу"}


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_value_a_preferans_convention_page_shows_is_in_words(lang):
    from referee.games import parts_of
    from referee.rulebook.values import allowed_shown, value_shown

    words = parts_of("preferans").value_words
    shown = []
    for name, meta in PREFERANS_CONVENTIONS.items():
        shown += allowed_shown(name, meta["kind"], meta.get("values"), lang, words)
        shown += [
            value_shown(name, preset.get(name), lang, words)
            for preset in PREFERANS_PRESETS.values()
        ]
    bare = [
        (text, word) for text in shown for word in re.findall(r"[A-Za-z_]+", outside_brackets(text))
    ]
    assert bare == []
    assert value_shown("whist_split", "halves", lang, words).endswith("(halves)")


@pytest.mark.django_db
def test_a_preferans_reading_of_this_service_is_marked_on_its_page(client):
    page = unescape(
        client.get(
            "/rules/preferans_conventions.ten_checked/", HTTP_ACCEPT_LANGUAGE="uk"
        ).content.decode()
    )
    assert "так читає цей сервіс" in page and "правила преферансу" in page
