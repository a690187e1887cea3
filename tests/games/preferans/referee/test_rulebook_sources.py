"""The Preferans rulebook as the sources say it (issue 21): every article names its place in
the rule texts as readers know it ("«Общие правила преферанса», п. 35") with a short quote,
marks this service's readings on a line of their own naming the convention that changes them, and
states the figures the engine computes: each figure an article gives is checked here against
a deal scored by `scoring.games.preferans.engine.score_pulka`."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from referee import rulebook
from referee.games import parts_all
from referee.games.preferans.rulebook.conventions import PAGES, page_at
from referee.games.preferans.rulebook.preferans_sources import ITEM_LINES, QUOTED
from scoring.games.preferans.engine import CONVENTIONS, score_pulka
from tests.paths import REPO
from tests.referee.test_rulebook_wording import CODES, NOTATION, outside_brackets

ARTICLES = rulebook.articles()
BY_ID = {rule.id: rule for rule in ARTICLES}
# The articles as written, before the page puts titles for the conventions' keys.
SOURCE = {rule.id: rule for parts in parts_all() for rule in parts.articles}

PREFERANS = [a for a in ARTICLES if a.game == "preferans"]
CHECKLIST = REPO / "docs" / "rulebook-checklist.md"


def deal_scored(
    deal: dict[str, Any],
    *,
    ruleset: str = "sochi",
    players: tuple[str, ...] = ("A", "B", "C"),
    conventions: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One deal scored by the engine (first dealer A): its pool, mountain and whists."""
    result = score_pulka(
        {
            "format": "preferans-scoresheet/1",
            "ruleset": ruleset,
            "conventions": conventions or {},
            "players": list(players),
            "first_dealer": players[0],
            "deals": [deal],
        }
    )
    return result["deals"][0]


def says(article_id: str, ru: str, uk: str) -> None:
    """The article states the figure in both Russian and Ukrainian."""
    rule = BY_ID[article_id]
    assert ru in rule.text["ru"], (article_id, ru)
    assert uk in rule.text["uk"], (article_id, uk)


# --- every article has its source, a quote and, where needed, the service's reading --------


@pytest.mark.parametrize("rule", PREFERANS, ids=lambda r: r.id)
def test_every_preferans_article_names_its_place_in_the_texts_and_quotes_it(rule):
    for lang in ("ru", "uk", "en"):
        assert rule.cite_in(lang).strip(), lang
    # The numbered list is «Общие правила преферанса» (l.672), never "the Kodex" (issue 34).
    for lang in ("ru", "uk", "en"):
        assert "Кодекс" not in rule.cite_in(lang) and "Kodex" not in rule.cite_in(lang)
    # A short quote from the (Russian) rule text, not a paraphrase in another language.
    assert 10 < len(rule.quote) <= 400
    assert re.search(r"[а-яё]", rule.quote) and not re.search(r"[іїєґ]", rule.quote)


@pytest.mark.parametrize("rule", [r for r in PREFERANS if r.reading], ids=lambda r: r.id)
def test_a_reading_is_written_in_three_languages_naming_the_same_conventions(rule):
    # The source names the conventions by their keys (the page shows their titles).
    rule = SOURCE[rule.id]
    assert set(rule.reading) == {"ru", "uk", "en"}
    named = [
        {
            code.strip()
            for inside in re.findall(r"\(([^()]*)\)", rule.reading[lang])
            for code in inside.split(",")
            if re.fullmatch(r"[a-z_0-9]+", code.strip())
        }
        for lang in ("ru", "uk", "en")
    ]
    assert named[0] == named[1] == named[2], named
    # A convention of the engine, or one of the corrected spec's that has its own article
    # (issue 34: the rulebook documents them by the spec's names while the engine gains them).
    unknown = [
        n for n in named[0] if n not in CONVENTIONS and f"preferans_conventions.{n}" not in BY_ID
    ]
    assert unknown == [], unknown


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_cites_and_readings_speak_in_words_with_codes_only_in_brackets(lang):
    found = []
    for rule in PREFERANS:
        for text in (rule.cite_in(lang), rule.reading_in(lang)):
            for word in re.findall(r"[A-Za-z_][A-Za-z0-9_:]*", outside_brackets(text)):
                if word.lower() in CODES or not NOTATION.match(word):
                    found.append((rule.id, word))
    assert found == []


def test_the_articles_the_issue_found_wrong_now_mark_their_readings():
    must_read = {
        "preferans.contracts",
        "preferans_scoring.whists",
        "preferans_scoring.consolation",
        "preferans_scoring.remise",
        "preferans_scoring.shortfall",
        "preferans_scoring.allpass",
        "preferans_scoring.allpass_exit",
        "preferans_scoring.allpass_zero",
        "preferans_scoring.allpass_whists",
        "preferans_scoring.violations",
        "preferans_pulka.pool",
        "preferans_pulka.settlement",
        "preferans_presets.leningrad",
        "preferans_presets.rostov",
        "preferans_conventions.ten_checked",
        "preferans_conventions.mountain_factor",
        "preferans_conventions.obligation_8",
    }
    assert [i for i in sorted(must_read) if not BY_ID[i].reading] == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "cite", "reading"),
    [
        ("ru", "«Общие правила преферанса», п. 35", "так читает этот сервис"),
        ("uk", "«Общие правила преферанса» (загальні правила), п. 35", "так читає цей сервіс"),
        ("en", "«Общие правила преферанса» (the general rules), item 35", "this service's reading"),
    ],
)
def test_the_article_page_shows_the_cite_the_quote_and_the_reading(client, lang, cite, reading):
    page = unescape(
        client.get(
            "/rules/preferans_conventions.obligation_8/", HTTP_ACCEPT_LANGUAGE=lang
        ).content.decode()
    )
    source = re.search(r'data-testid="source">(.*?)</p>', page, re.S).group(1)
    assert cite in source
    assert "«Вистующий же или оба обязаны" in page and 'data-testid="quote"' in page
    line = re.search(r'data-testid="reading">(.*?)</p>', page, re.S).group(1)
    # The convention's own key, written in the source, is not shown to the reader.
    assert reading in line and "obligation_8" not in line


@pytest.mark.django_db
def test_a_deberc_article_renders_its_cite_quote_and_reading_only_when_it_has_them(client):
    for rule in [a for a in ARTICLES if a.game == "deberc"][:5]:
        page = client.get(f"/rules/{rule.id}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
        assert page.count('data-testid="source"') == 1
        assert ('data-testid="quote"' in page) == bool(rule.quote), rule.id
        assert ('data-testid="reading"' in page) == bool(rule.reading), rule.id


@pytest.mark.django_db
def test_the_api_gives_the_cite_the_quote_and_the_reading_in_the_asked_language(client):
    body = client.get("/api/v1/rules/preferans_conventions.obligation_8/?lang=uk").json()
    assert body["cite"].startswith("«Общие правила преферанса» (загальні правила), п. 35")
    assert body["quote"].startswith("Вистующий же или оба обязаны")
    assert "obligation_8" not in body["reading"]
    assert "Цей сервіс" in body["reading"]
    deberc = next(a for a in ARTICLES if a.game == "deberc")
    other = client.get(f"/api/v1/rules/{deberc.id}/?lang=ru").json()
    assert (other["cite"], other["quote"], other["reading"]) == (
        deberc.cite_in("ru"),
        deberc.quote,
        deberc.reading_in("ru"),
    )


def test_the_reviewers_checklist_covers_every_preferans_article():
    text = CHECKLIST.read_text(encoding="utf-8")
    listed = set(re.findall(r"^### `([a-z_.0-9]+)`", text, re.M))
    assert [a.id for a in PREFERANS if a.id not in listed] == []


# --- the corrections the issue asked for, in Russian and Ukrainian -------------------------


def test_the_corrected_conditions_are_stated_in_both_languages():
    says("preferans.half_whist", "«играем»", "«граємо»")
    says("preferans_conventions.half_whist", "«играем»", "«граємо»")
    says("preferans_scoring.shortfall", "Источники расходятся", "Джерела розходяться")
    says("preferans_scoring.whists", "«за вист пополам»", "«за віст навпіл»")
    says("preferans_conventions.ten_checked", "«за вист пополам»", "«за віст навпіл»")
    says("preferans_scoring.allpass_zero", "вчетвером и сдающий", "учотирьох і той, хто роздає")
    says("preferans_conventions.mountain_factor", "не умножается", "не множиться")
    says("preferans_presets.leningrad", "ограничена по времени", "обмежена за часом")
    says("preferans_presets.rostov", "прикуп на распасах не открывается", "прикуп на розпасах не")
    says("preferans.auction", "только первой заявкой", "лише першою заявкою")
    says("preferans.auction", "перебивается девятерной", "перебивається дев’ятерною")
    says("preferans_pulka.settlement", "Этот сервис считает так", "Цей сервіс рахує так")
    quote = BY_ID["preferans_scoring.allpass_whists"].quote
    assert "записывает определенное количество вистов на партнеров" in quote


def test_ukrainian_names_contracts_not_cards():
    uk = " ".join(a.text["uk"] + a.title["uk"] for a in PREFERANS)
    for card_word in ("шістка", "шістці", "сімка", "сімці", "вісімка", "дев’ятка", "десятка "):
        assert card_word not in uk.lower(), card_word
    assert "десятерна" in uk and "шість пік" in uk


# --- the figures the articles state, scored by the engine -----------------------------------


def test_contract_prices_are_the_engines():
    says("preferans.contracts", "шестерная — 2, семерная — 4, восьмерная — 6", "шестерна — 2")
    says("preferans.contracts", "девятерная — 8, десятерная — 10", "дев’ятерна — 8, десятерна — 10")
    for level, price in ((6, 2), (7, 4), (8, 6), (9, 8), (10, 10)):
        scored = deal_scored(
            {
                "kind": "game",
                "declarer": "B",
                "contract": f"{level}H",
                "whist": {"C": "pass", "A": "pass"},
            }
        )
        assert scored["pool"] == {"B": price}


def test_half_whist_is_four_on_a_six_and_on_a_seven():
    says("preferans.half_whist", "2 × 4 ÷ 2 = 4", "2 × 4 ÷ 2 = 4")
    says("preferans.half_whist", "4 × 2 ÷ 2 = 4", "4 × 2 ÷ 2 = 4")
    for contract in ("6S", "7S"):
        scored = deal_scored(
            {
                "kind": "game",
                "declarer": "B",
                "contract": contract,
                "whist": {"C": "pass", "A": "half"},
            }
        )
        assert scored["whists"] == {"A": {"B": 4}}


def test_the_remise_example():
    says("preferans_scoring.remise", "4 × 2 = 8 в гору", "4 × 2 = 8 у гору")
    says("preferans_scoring.remise", "играющего 20 и 16", "граючого\n20 і 16".replace("\n", " "))
    scored = deal_scored(
        {
            "kind": "game",
            "declarer": "B",
            "contract": "7H",
            "whist": {"C": "whist", "A": "whist"},
            "tricks": {"B": 5, "C": 3, "A": 2},
        }
    )
    assert scored["mountain"] == {"B": 8}
    assert scored["whists"] == {"C": {"B": 20}, "A": {"B": 16}}


def test_whists_for_a_lone_whister_and_for_a_failed_checked_ten():
    says("preferans_scoring.whists", "2 × 4 = 8", "2 × 4 = 8")
    says("preferans_scoring.whists", "по 10 × 1 ÷ 2 = 5", "по 10 × 1 ÷ 2 = 5")
    lone = deal_scored(
        {
            "kind": "game",
            "declarer": "B",
            "contract": "6S",
            "whist": {"C": "whist", "A": "pass"},
            "tricks": {"B": 6, "C": 3, "A": 1},
        }
    )
    assert lone["whists"] == {"C": {"B": 8}}
    ten = deal_scored(
        {
            "kind": "game",
            "declarer": "B",
            "contract": "10NT",
            "whist": {"C": "check", "A": "check"},
            "tricks": {"B": 9, "C": 0, "A": 1},
        }
    )
    # whists halved (5) plus each defender's own consolation (10 × 1)
    assert ten["whists"] == {"C": {"B": 15}, "A": {"B": 15}}
    assert ten["mountain"] == {"B": 10}


def test_consolation_with_one_whister_under_responsible_whist():
    says("preferans_scoring.consolation", "2 × 4 × 1 = 8", "2 × 4 × 1 = 8")
    says("preferans_scoring.consolation", "по 4 × 2 = 8", "по 4 × 2 = 8")
    scored = deal_scored(
        {
            "kind": "game",
            "declarer": "B",
            "contract": "7H",
            "whist": {"C": "whist", "A": "pass"},
            "tricks": {"B": 6, "C": 3, "A": 1},
        }
    )
    # 16 whists for both defenders' tricks + 8 consolation for both; the passer writes none
    assert scored["whists"] == {"C": {"B": 24}}
    gentleman = deal_scored(
        {
            "kind": "game",
            "declarer": "B",
            "contract": "7H",
            "whist": {"C": "whist", "A": "pass"},
            "tricks": {"B": 6, "C": 3, "A": 1},
        },
        conventions={"whist_split": "halves"},
    )
    assert gentleman["whists"] == {"C": {"B": 8 + 4}, "A": {"B": 8 + 4}}


def test_the_two_whisters_shortfall_example():
    says("preferans_scoring.shortfall", "пишет 2 × 1 = 2", "пише 2 × 1 = 2")
    scored = deal_scored(
        {
            "kind": "game",
            "declarer": "B",
            "contract": "6H",
            "whist": {"C": "whist", "A": "whist"},
            "tricks": {"B": 7, "C": 2, "A": 1},
        }
    )
    assert scored["mountain"] == {"A": 2}


def test_the_obligation_on_an_eight_is_one_or_two_as_agreed():
    says("preferans.contracts", "на восьмерной 1 или 2", "на восьмерній 1 або 2")
    says("preferans_conventions.obligation_8", "одну (1;", "одну (1;")
    deal = {
        "kind": "game",
        "declarer": "B",
        "contract": "8D",
        "whist": {"C": "whist", "A": "pass"},
        "tricks": {"B": 9, "C": 1, "A": 0},
    }
    assert deal_scored(deal)["mountain"] == {}
    assert deal_scored(deal, conventions={"obligation_8": 2})["mountain"] == {"C": 6}


def test_misere_failed_with_two_tricks():
    says("preferans_scoring.misere", "20 в гору", "20 у гору")
    scored = deal_scored({"kind": "misere", "declarer": "B", "tricks": {"B": 2, "C": 4, "A": 4}})
    assert scored["mountain"] == {"B": 20} and scored["pool"] == {}


def test_the_allpass_example_and_the_four_handed_dealers_zero():
    says("preferans_scoring.allpass", "в гору 4 и 6", "у гору 4 і 6")
    says("preferans_scoring.allpass", "ноль пишет 1 в пулю", "нуль, пише 1 у пулю")
    scored = deal_scored({"kind": "allpass", "tricks": {"A": 4, "B": 0, "C": 6}})
    assert scored["mountain"] == {"A": 4, "C": 6} and scored["pool"] == {"B": 1}
    # With four the dealer (A, first dealer) who took no talon trick scores a zero too.
    four = deal_scored(
        {"kind": "allpass", "tricks": {"A": 0, "B": 4, "C": 6, "D": 0}},
        players=("A", "B", "C", "D"),
    )
    assert four["pool"] == {"A": 1, "D": 1}


def test_the_allpass_renonce_ten_is_not_doubled_by_the_mountain_factor():
    says("preferans_scoring.violations", "10 в гору за ошибку, без", "10 у гору за помилку, без")
    scored = deal_scored(
        {
            "kind": "allpass",
            "tricks": {"A": 4, "B": 0, "C": 6},
            "violation": {"player": "A", "kind": "renonce", "count": 1},
        },
        ruleset="leningrad",
    )
    assert scored["mountain"] == {"A": 4 * 2 + 10, "C": 6 * 2}
    # ...while a renonce in a game is doubled like any other mountain write.
    says("preferans_conventions.mountain_factor", "штраф за ренонс в игре", "штраф за ренонс у грі")
    game = deal_scored(
        {
            "kind": "game",
            "declarer": "B",
            "contract": "7H",
            "whist": {"C": "whist", "A": "whist"},
            "tricks": {"B": 6, "C": 2, "A": 2},
            "violation": {"player": "C", "kind": "renonce", "count": 1},
        },
        ruleset="leningrad",
    )
    assert game["mountain"] == {"C": 4 * (1 + 1) * 2}


def test_a_defenders_renonce_example():
    says("preferans_scoring.violations", "4 × (1 + 1) = 8", "4 × (1 + 1) = 8")
    scored = deal_scored(
        {
            "kind": "game",
            "declarer": "B",
            "contract": "7H",
            "whist": {"C": "whist", "A": "whist"},
            "tricks": {"B": 6, "C": 2, "A": 2},
            "violation": {"player": "C", "kind": "renonce", "count": 1},
        }
    )
    assert scored["pool"] == {"B": 4} and scored["mountain"] == {"C": 8}
    assert scored["whists"] == {"A": {"B": 8}}


def test_both_erred_example():
    says("preferans_scoring.both_erred", "4 в пулю и 4 в гору, нарушитель 4", "4 у пулю і 4 у гору")
    says("preferans_scoring.both_erred", "по\n2 на обоих".replace("\n", " "), "пише по 2 на")
    scored = deal_scored(
        {
            "kind": "game",
            "declarer": "B",
            "contract": "7H",
            "whist": {"C": "whist", "A": "whist"},
            "tricks": {"B": 7, "C": 2, "A": 1},
            "violation": [
                {"player": "B", "kind": "renonce", "count": 1},
                {"player": "C", "kind": "renonce", "count": 1},
            ],
        }
    )
    assert scored["pool"] == {"B": 4} and scored["mountain"] == {"B": 4, "C": 4}
    assert scored["whists"] == {"A": {"B": 2, "C": 2}}


def test_one_down_and_two_down_cost_one_and_two_prices():
    says("preferans.discard", "семерная — 4", "семерна — 4")
    says("preferans.discard", "семерная — 8", "семерна — 8")
    for tricks, mountain in ((6, 4), (5, 8)):
        scored = deal_scored(
            {
                "kind": "game",
                "declarer": "B",
                "contract": "7S",
                "whist": {"C": "whist", "A": "whist"},
                "tricks": {"B": tricks, "C": 10 - tricks - 2, "A": 2},
            }
        )
        assert scored["mountain"] == {"B": mountain}


def test_the_settlement_example():
    says("preferans_pulka.settlement", "Аня −6, Борис 5,\nВера 1".replace("\n", " "), "Аня −6")
    scored = deal_scored(
        {
            "kind": "game",
            "declarer": "B",
            "contract": "6S",
            "whist": {"C": "whist", "A": "pass"},
            "tricks": {"B": 6, "C": 3, "A": 1},
        }
    )
    assert scored["balance"] == {"A": -6, "B": 5, "C": 1}


# --- issue 34: every quote under its real page, the list's real name, the players' words -----


def quote_pieces(quote: str) -> list[str]:
    return [p.strip() for p in re.split(r"\s(?:…|\.\.\.)(?:\s|$)", quote) if p.strip(" .")]


@pytest.mark.parametrize("rule", PREFERANS, ids=lambda r: r.id)
def test_every_quote_sits_under_the_page_and_item_its_label_names(rule):
    """Seed 002 is seven rule pages; its numbered list is «Общие правила преферанса» (l.672).
    Each piece of a quote names its line (`QUOTED`): the label must name that line's page,
    and for the numbered list the item the line belongs to."""
    lines = QUOTED[rule.id]
    assert len(lines) == len(quote_pieces(rule.quote)), (rule.id, quote_pieces(rule.quote))
    for line in lines:
        page = page_at(line)
        for lang, name in zip(("ru", "uk", "en"), page, strict=True):
            assert name in rule.cite_in(lang), (rule.id, line, lang, name)
        if page == PAGES[668]:
            item = max(n for n, first in ITEM_LINES.items() if first <= line)
            numbers = re.search(r"пп?\. ([0-9–, ]+)", rule.cite_in("ru")).group(1)
            wanted = set()
            for part in numbers.split(","):
                lo, _, hi = part.strip().partition("–")
                wanted |= set(range(int(lo), int(hi or lo) + 1))
            assert item in wanted, (rule.id, line, item, numbers)


def test_the_quoted_lines_cover_every_article_and_nothing_else():
    assert set(QUOTED) == {r.id for r in PREFERANS}


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_no_article_says_zashchitnik_and_ukrainian_keeps_pulya(lang):
    """«Защитник» is a bridge word: the Preferans texts say «вистующие», «противники» (issue 34);
    Ukrainian players say «пуля/пулька», not «куля»."""
    for rule in PREFERANS:
        texts = [rule.title[lang], rule.text[lang], rule.reading.get(lang, ""), rule.cite_in(lang)]
        texts.append(rule.keywords[lang])
        joined = " ".join(texts).lower()
        assert "защитник" not in joined and "захисник" not in joined, rule.id
        if lang == "uk":
            assert not re.search(r"\bкул(я|ю|і|ею|ь)\b", joined), rule.id


def test_no_catalogue_of_the_project_says_zashchitnik():
    root = REPO
    for po in root.glob("*/locale/*/LC_MESSAGES/django.po"):
        text = po.read_text(encoding="utf-8").lower()
        assert "защитник" not in text and "захисник" not in text, po


def test_every_article_id_is_unique_and_written_in_three_languages():
    ids = [r.id for r in ARTICLES]
    assert len(ids) == len(set(ids))
    for rule in ARTICLES:
        for lang in ("ru", "uk", "en"):
            assert rule.title.get(lang) and rule.text.get(lang), (rule.id, lang)


def test_the_fixes_a_reader_of_the_seeds_asked_for():
    for lang in ("ru", "uk", "en"):
        assert "6/6/6" in SOURCE["preferans_conventions.allpass_exit"].reading[lang], lang
        assert "6/7/8" in BY_ID["preferans_scoring.allpass_exit"].text[lang], lang
    assert "знают только" not in BY_ID["preferans_scoring.allpass_exit"].text["ru"]
    says("preferans_conventions.allpass_trick", "иногда бывает 2", "іноді 2")
    says("preferans.auction", "«здесь»", "«здесь»")
    says("preferans.auction", "третья может взять прикуп без торговли", "третя може взяти прикуп")
    says("preferans.table", "«в пополаме»", "«в пополаме»")
    says("preferans_scoring.aces_premium", "за двух тузов — три", "за двох тузів — три")
    says("preferans_scoring.aces_premium", "рейтинговых", "рейтингових")
    says("preferans_scoring.allpass", "амнистии", "амністії")
    says("preferans.look_back", "пока не закрыта следующая", "доки не закрито наступну")
    says("preferans.open_whist", "это совет игроку, а не", "це порада гравцеві")
    assert "65" in BY_ID["preferans_scoring.violations"].cite_in("ru")
    assert "на мизере он пишет по 10" in SOURCE["preferans_scoring.violations"].reading["ru"]
    assert "allpass_zero_multiplied" in SOURCE["preferans_scoring.allpass_zero"].reading["en"]
    assert "«Выбираемые соглашения»" in BY_ID[
        "preferans_conventions.allpass_progression_limit"
    ].cite_in("ru")
    for article_id in ("preferans_scoring.shortfall", "preferans_conventions.shortfall"):
        assert "двух" in SOURCE[article_id].reading["ru"], article_id
    kw = BY_ID["preferans.contracts"].keywords["ru"] + BY_ID["preferans.whisting"].keywords["ru"]
    assert "обязаловка" in kw


def test_the_new_variants_have_their_articles_by_the_specs_names():
    names = (
        "allpass_amnesty",
        "help",
        "check_9_10",
        "consolation",
        "allpass_zero_multiplied",
        "lone_whist_duty",
        "bombs",
        "jumps",
        "jump_premium",
    )
    for name in names:
        assert SOURCE[f"preferans_conventions.{name}"].conventions == (name,), name
    for preset in ("classic", "skachki"):
        assert SOURCE[f"preferans_presets.{preset}"].presets == (preset,)
    says("preferans_conventions.end", "Сумма пуль", "Сума пуль")
    says("preferans_conventions.end", "Горы в ноль", "Гори в нуль")
    says("preferans_scoring.deal_factor", "втёмную", "втемну")
