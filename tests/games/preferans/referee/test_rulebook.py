"""The Preferans rulebook: articles in Russian, Ukrainian and English covering the whole game,
found by the same search as the Deberc ones, each carrying its game so that the rulebook
page and the API can show one game; a convention's page shows the three presets side by
side."""

from __future__ import annotations

from html import unescape

import pytest

from referee import rulebook
from referee.models import Article
from referee.selectors import rules_search
from scoring.games.preferans.engine import CONVENTIONS, PRESETS

ARTICLES = rulebook.articles()

pytestmark = pytest.mark.django_db

PREFERANS = [a for a in ARTICLES if a.game == "preferans"]

# What the issue asks the articles to cover, by article.
COVERED = [
    "preferans.overview",
    "preferans.table",
    "preferans.contracts",
    "preferans.whisting",
    "preferans.half_whist",
    "preferans_scoring.made",
    "preferans_scoring.remise",
    "preferans_scoring.whists",
    "preferans_scoring.consolation",
    "preferans_scoring.shortfall",
    "preferans_scoring.misere",
    "preferans_scoring.allpass",
    "preferans_scoring.allpass_zero",
    "preferans_scoring.allpass_whists",
    "preferans_scoring.allpass_exit",
    "preferans_scoring.violations",
    "preferans_pulka.pool",
    "preferans_pulka.end",
    "preferans_pulka.settlement",
    "preferans_pulka.rounding",
    "preferans_presets.sochi",
    "preferans_presets.leningrad",
    "preferans_presets.rostov",
]


def test_every_topic_and_every_convention_has_an_article_of_the_preferans_game():
    ids = {a.id for a in PREFERANS}
    assert [i for i in COVERED if i not in ids] == []
    assert [c for c in CONVENTIONS if f"preferans_conventions.{c}" not in ids] == []
    stored = Article.objects.filter(game="preferans")
    assert stored.count() == len(PREFERANS) >= 40
    assert not Article.objects.filter(game="deberc", id__startswith="preferans").exists()


@pytest.mark.parametrize("rule", PREFERANS, ids=lambda r: r.id)
def test_each_article_is_written_in_three_languages(rule):
    for lang in ("ru", "uk", "en"):
        assert rule.title[lang].strip() and len(rule.text[lang]) > 40, lang
    assert rule.text["ru"] != rule.text["uk"] != rule.text["en"]
    assert rule.sources


def test_the_articles_speak_the_players_words():
    ru = " ".join(a.text["ru"] + a.title["ru"] for a in PREFERANS).lower()
    for word in (
        "пуля",
        "гора",
        "висты",
        "распасы",
        "ремиз",
        "полвиста",
        "мизер",
        "консоляц",
        "недовист",
        "прикуп",
        "сталинград",
        "жлобский",
        "джентльменский",
        "помощь",
    ):
        assert word in ru, word
    uk = " ".join(a.text["uk"] + a.title["uk"] for a in PREFERANS).lower()
    for word in ("пуля", "гора", "вісти", "розпаси", "реміз", "піввіста", "мізер"):
        assert word in uk, word
    # Ukrainian says "розпаси"; the Russian-looking "распаси" stays only a search alias.
    assert "распас" not in uk


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("распасы", "preferans_scoring.allpass"),
        ("ремиз", "preferans_scoring.remise"),
        ("misère", "preferans_scoring.misere"),
        ("мизер", "preferans_scoring.misere"),
        ("консоляция", "preferans_scoring.consolation"),
        ("недовист", "preferans_scoring.shortfall"),
        ("полвиста", "preferans.half_whist"),
        ("жлобский вист", "preferans_conventions.whist_split"),
        ("сталинград", "preferans_conventions.stalingrad"),
        ("выход из распасов", "preferans_scoring.allpass_exit"),
        ("расчёт пули", "preferans_pulka.settlement"),
        ("помощь", "preferans_pulka.pool"),
        ("ленинградка", "preferans_presets.leningrad"),
        ("реміз", "preferans_scoring.remise"),
        ("распаси", "preferans_scoring.allpass"),
        ("піввіста", "preferans.half_whist"),
        ("remise", "preferans_scoring.remise"),
        ("consolation", "preferans_scoring.consolation"),
        ("settlement", "preferans_pulka.settlement"),
        ("all-pass progression", "preferans_scoring.allpass"),
    ],
)
def test_the_search_finds_them_in_the_top_three(query, expected):
    assert expected in [rule.id for rule in rules_search(query)[:3]]


def test_the_api_filters_by_game_and_names_the_game(client):
    body = client.get("/api/v1/rules/?q=ремиз&game=preferans&lang=uk").json()
    assert body and {row["game"] for row in body} == {"preferans"}
    assert body[0]["id"] == "preferans_scoring.remise" and body[0]["title"].startswith("Реміз")
    assert body[0]["source"] == "правила преферансу"
    deberc = client.get("/api/v1/rules/?game=deberc").json()
    assert deberc and {row["game"] for row in deberc} == {"deberc"}
    every = client.get("/api/v1/rules/").json()
    assert len(every) == len(ARTICLES)


def test_the_rulebook_page_has_a_game_switch(client):
    page = client.get("/rules/?game=preferans", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'data-testid="game-switch"' in page
    assert 'id="section-preferans_scoring"' in page and 'id="section-violations"' not in page
    deberc = client.get("/rules/?game=deberc").content.decode()
    assert 'id="section-violations"' in deberc and 'id="section-preferans"' not in deberc
    both = client.get("/rules/").content.decode()
    assert 'id="section-violations"' in both and 'id="section-preferans"' in both
    found = client.get("/rules/?q=гора&game=deberc&partial=1", HTTP_HX_REQUEST="true")
    assert "preferans" not in found.content.decode()


def test_a_search_over_every_game_names_each_hits_game(client):
    page = client.get("/rules/?q=взятка", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'data-game="preferans">Преферанс</span>' in page
    assert 'data-game="deberc">Деберц</span>' in page
    one_game = client.get("/rules/?q=взятка&game=preferans").content.decode()
    assert 'data-testid="rule-hit"' in one_game and 'class="badge"' not in one_game


def test_a_preferans_convention_page_shows_the_three_presets_side_by_side(client):
    response = client.get("/rules/preferans_conventions.whist_split/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 200
    convention = response.context["convention"]
    assert [row["preset"] for row in convention["presets"]] == list(PRESETS)
    assert {row["preset"]: row["value"] for row in convention["presets"]} == {
        p: PRESETS[p]["whist_split"] for p in PRESETS
    }
    page = unescape(response.content.decode())
    assert "presets-side-by-side" in page
    assert "ответственный, жлобский (whister)" in page
    assert "джентльменский, пополам (halves)" in page


def test_the_preset_articles_and_the_conventions_page_show_every_convention(client):
    page = unescape(
        client.get("/rules/preferans_presets.rostov/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    assert "Sochi" in page and "Leningrad" in page and "Rostov" in page
    assert "in whists (whists)" in page and "1, 2, 4… (geometric)" in page
    overview = client.get("/referee/preferans/conventions/", HTTP_ACCEPT_LANGUAGE="uk")
    assert overview.status_code == 200
    rows = overview.context["table"]["rows"]
    assert [row["name"] for row in rows] == list(CONVENTIONS)
    exit_row = next(row for row in rows if row["name"] == "allpass_exit")
    assert exit_row["values"] == ["6, 7, 7", "6, 7, 8", "6, 6, 6", "6, 7, 7", "6, 7, 7"]


def test_the_api_gives_a_preferans_convention_with_its_presets(client):
    body = client.get("/api/v1/rules/preferans_conventions.allpass_progression/?lang=en").json()
    assert body["game"] == "preferans"
    values = {row["preset"]: row["value"] for row in body["convention"]["presets"]}
    assert values == {
        "sochi": "geometric",
        "leningrad": "arithmetic",
        "rostov": "none",
        "classic": "geometric",
        "skachki": "geometric",
    }
