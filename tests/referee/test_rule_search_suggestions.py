"""A rule search for a word the rulebook does not know (issue 35, item 22): a player's slang
("рыба") answered nothing at all. Now the page and the API suggest the nearest articles (those
of the rulebook's words nearest the ones asked, else where most questions start), a game's own
list of players' words finds its articles, and the rulebook's editors see the searches that
found nothing in the admin: the words, language, game and how often, nothing about who asked,
in a bounded list."""

from __future__ import annotations

import itertools

import pytest
from django.test import Client

from referee import services
from referee.games import parts_all
from referee.models import SearchMiss
from referee.selectors import rules_answer, rules_search
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _api(query: str, lang: str, **params: str) -> list[dict]:
    answer = Client().get("/api/v1/rules/", {"q": query, "lang": lang, **params})
    assert answer.status_code == 200
    return answer.json()


def _misses() -> set[tuple[str, str, str, int]]:
    return {(m.query, m.lang, m.game, m.count) for m in SearchMiss.objects.all()}


def _first_questions() -> list[str]:
    """Every game's first questions taken in turn (Deberc's first, then Preferans' ...)."""
    groups = itertools.zip_longest(*(parts.first_questions for parts in parts_all()))
    return [i for group in groups for i in group if i]


@pytest.mark.parametrize(
    ("query", "lang", "title"),
    [("рыба", "ru", "Висячий байт"), ("риба", "uk", "Висячий байт")],
)
def test_a_word_the_rulebook_does_not_know_gets_suggestions_not_nothing(query, lang, title):
    assert rules_search(query) == []  # nothing found, as before
    body = _api(query, lang)
    assert body, "the answer was empty"
    assert all(item["suggested"] for item in body)
    # No article's words come near "рыба": where most questions start, every game's in turn.
    assert [item["id"] for item in body] == _first_questions()[:5]
    assert body[0]["id"] == "scoring.hanging_byte" and body[0]["title"].startswith(title)
    # The editors' list counts it, once per search.
    assert _misses() == {(query, lang, "", 1)}
    _api(query, lang)
    assert _misses() == {(query, lang, "", 2)}


@pytest.mark.parametrize(
    ("lang", "said", "near"),
    [
        ("ru", "В правилах нет «рыба», и ни одна статья не близка", "Ближайшие статьи"),
        ("uk", "У правилах немає «рыба», і жодна стаття не близька", "Найближчі статті"),
    ],
)
def test_the_rules_page_says_so_and_offers_the_articles(lang, said, near):
    page = Client().get("/rules/", {"q": "рыба"}, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert said in page
    assert page.count('data-testid="rule-suggestion"') == 5
    assert 'data-rule="scoring.hanging_byte"' in page
    # A word near the rulebook's ("пулечка": the pool): the nearest articles, said so.
    typed = (
        Client()
        .get(
            "/rules/",
            {"q": "пулечка", "game": "preferans", "partial": "1"},
            HTTP_ACCEPT_LANGUAGE=lang,
            HTTP_HX_REQUEST="true",
        )
        .content.decode()
    )
    # PostgreSQL's typo search finds the pool for "пулечка" outright; the in-memory search of
    # SQLite offers it as the nearest article, and says so. Either way it comes first.
    assert typed.index('data-rule="preferans_pulka.pool"') < typed.index("</ol>")
    if not rules_answer("пулечка", game="preferans").found:
        assert near in typed
        assert ("пулечка", lang, "preferans", 1) in _misses()


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_nearest_articles_come_from_the_rulebooks_nearest_words(lang):
    answer = rules_answer("пулечку", game="preferans")
    # Found outright by PostgreSQL's typo search, suggested as the nearest by SQLite's.
    shown = [a.id for a in (answer.found or answer.suggested)][:5]
    assert shown[0].startswith("preferans_pulka.") and "preferans_pulka.pool" in shown
    assert answer.found or answer.near
    body = _api("пулечку", lang, game="preferans")
    assert body[0]["id"].startswith("preferans_pulka.")
    assert body[0]["suggested"] is not bool(answer.found)
    assert all(item["id"].startswith("preferans") for item in body)


@pytest.mark.parametrize(("query", "lang"), [("мухлёж", "ru"), ("шахрайство", "uk")])
def test_a_games_own_words_find_their_articles(query, lang):
    body = _api(query, lang, game="deberc")
    assert body[0]["id"] == "violations.card_byte" and not body[0]["suggested"]
    assert {item["id"] for item in body[:2]} == {"violations.card_byte", "deal.cut"}
    preferans = _api(query, lang, game="preferans")
    assert preferans[0]["id"] == "preferans_scoring.violations"
    assert not SearchMiss.objects.exists()  # found: not the editors' business


def test_the_words_typed_on_the_way_are_not_kept():
    for typed in ("ры", "рыб", "рыба"):
        Client().get("/rules/", {"q": typed, "partial": "1"}, HTTP_HX_REQUEST="true")
    assert {m.query for m in SearchMiss.objects.all()} == {"рыба"}


@pytest.mark.parametrize(
    "query",
    [
        "Иван 0501234567",  # a phone number
        "ivan.petrov@example.com",  # an address
        "https://example.com/рыба",
        "мой сосед по столу Пётр Сидоров опять кричит рыба",  # a sentence
    ],
)
def test_nothing_personal_is_kept(query):
    _api(query, "ru")
    assert not SearchMiss.objects.exists()
    # The list keeps no person: its fields are the words, language, game, count and days.
    fields = {f.name for f in SearchMiss._meta.get_fields()}
    assert fields == {"id", "query", "lang", "game", "count", "first_asked", "last_asked"}


def test_the_list_is_bounded_the_least_asked_go_first(monkeypatch):
    monkeypatch.setattr(services, "SEARCH_MISSES_MAX", 3)
    for word in ("рыба", "рыба", "кочерга", "самовар", "балалайка", "матрёшка"):
        services.search_miss_record(word, lang="ru", game=None)
    kept = {m.query: m.count for m in SearchMiss.objects.all()}
    assert len(kept) == 3 and kept["рыба"] == 2 and "матрёшка" in kept


def test_staff_see_the_list_in_the_admin():
    _api("рыба", "ru")
    _api("рыба", "ru")
    _api("риба", "uk", game="deberc")
    staff = Client()
    staff.force_login(UserFactory(username="editor", is_staff=True, is_superuser=True))
    page = staff.get("/admin/referee/searchmiss/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "рыба" in text and "риба" in text
    assert text.index("рыба") < text.index("риба")  # the most asked first
    # Counted by the site, never typed or changed here.
    assert staff.get("/admin/referee/searchmiss/add/").status_code == 403
    anonymous = Client().get("/admin/referee/searchmiss/")
    assert anonymous.status_code == 302
