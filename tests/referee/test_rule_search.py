"""Rule search: what people type at the table (three languages, slang, typos) finds the right
article in the top 3 — with the Python search on SQLite and full-text + trigram search on
PostgreSQL."""

from __future__ import annotations

import pytest

from referee.selectors import rules_search

pytestmark = pytest.mark.django_db

QUERIES = [
    # the issue's own examples
    ("вишка", "combinations.how_high"),
    ("висячий байт", "scoring.hanging_byte"),
    ("висячка", "scoring.hanging_byte"),
    ("hanging byte", "scoring.hanging_byte"),
    ("байт на картах", "violations.card_byte"),
    ("закрытие 501", "match.closing"),
    ("можно ли не бить козырь", "play.overtrump"),
    # typos
    ("висячй байт", "scoring.hanging_byte"),
    ("закритие", "match.closing"),
    ("фальшренос", "play.renonce"),
    ("hangng byte", "scoring.hanging_byte"),
    ("байт на картаx", "violations.card_byte"),
    ("полтиник", "combinations.kinds"),
    # Russian
    ("вышка", "combinations.how_high"),
    ("рост", "combinations.how_high"),
    ("фальшренонс", "play.renonce"),
    ("лыжа", "violations.bolt"),
    ("с обязом", "conventions.obligatory_order"),
    ("полташ", "combinations.kinds"),
    ("чей терц старше", "combinations.seniority"),
    ("ложное закрытие", "match.false_closing"),
    ("перебивать козырь", "play.overtrump"),
    ("кто сдаёт", "scoring.next_dealer"),
    ("четыре семерки", "deal.four_sevens"),
    ("оба набрали 501", "match.winner"),
    ("сколько стоит туз", "cards.points"),
    # Ukrainian
    ("висяк", "scoring.hanging_byte"),
    ("хибне закриття", "match.false_closing"),
    ("закриття партії", "match.closing"),
    ("послід", "cards.points"),
    ("висячі окремо", "conventions.hanging_separately"),
    ("хто роздає", "scoring.next_dealer"),
    ("скільки коштує туз", "cards.points"),
    ("лижа", "violations.bolt"),
    # English
    ("card byte", "violations.card_byte"),
    ("false closing", "match.false_closing"),
    ("how high", "combinations.how_high"),
    ("must follow suit", "play.follow_suit"),
    ("card points", "cards.points"),
    ("who deals next", "scoring.next_dealer"),
    ("byte", "scoring.byte"),
    ("short deberc", "match.target"),
    ("preferans", "preferans.overview"),
]


def _top3(query: str) -> list[str]:
    return [rule.id for rule in rules_search(query)[:3]]


@pytest.mark.parametrize(("query", "expected"), QUERIES)
def test_it_finds_the_rule_in_the_top_three(query, expected):
    assert expected in _top3(query), _top3(query)


@pytest.mark.parametrize(("query", "expected"), QUERIES)
def test_it_finds_the_rule_with_postgres_full_text_search(require_postgres, query, expected):
    assert expected in _top3(query), _top3(query)


def test_the_best_answer_comes_first_for_the_common_questions():
    assert _top3("висячка")[0] == "scoring.hanging_byte"
    assert _top3("байт на картах")[0] == "violations.card_byte"
    assert _top3("вишка")[0] == "combinations.how_high"


def test_it_finds_nothing_for_nonsense():
    assert rules_search("") == []
    assert _top3("qwxzv") == []


def test_the_api_searches_in_all_languages_and_answers_in_the_one_asked(client):
    body = client.get("/api/v1/rules/", {"q": "висячка", "lang": "en"}).json()
    assert body[0]["id"] == "scoring.hanging_byte"
    assert body[0]["title"] == "Hanging byte"
    assert set(body[0]) >= {"id", "title", "text", "conventions", "source"}
    uk = client.get("/api/v1/rules/", {"q": "hanging byte", "lang": "uk"}).json()
    assert uk[0]["id"] == "scoring.hanging_byte" and "висячка" in uk[0]["title"]


def test_the_api_without_a_query_lists_a_section(client):
    body = client.get("/api/v1/rules/", {"section": "violations", "lang": "ru"}).json()
    assert body and all(item["section"] == "violations" for item in body)
    assert body[0]["id"] == "violations.card_byte"


def test_the_search_box_answers_as_you_type(client):
    response = client.get("/rules/", {"q": "висячка", "partial": "1"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-rule="scoring.hanging_byte"' in page and "<html" not in page
