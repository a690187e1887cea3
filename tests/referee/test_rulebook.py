"""The rulebook: every rule and convention of the spec as an article in three languages,
present after migrate, browsable by section, conventions showing what each preset sets."""

from __future__ import annotations

import pytest

from referee import rulebook
from referee.models import Article
from scoring.games.deberc.engine.conventions import CONVENTIONS, PRESETS

ARTICLES = rulebook.articles()

pytestmark = pytest.mark.django_db


def test_it_has_the_rulebook_after_migrate_without_any_command():
    assert Article.objects.count() == len(ARTICLES) >= 60
    assert Article.objects.filter(pk="scoring.hanging_byte").exists()


def test_it_has_an_article_for_every_convention_of_the_engine():
    ids = set(Article.objects.values_list("id", flat=True))
    missing = [name for name in CONVENTIONS if f"conventions.{name}" not in ids]
    assert missing == []


@pytest.mark.parametrize(
    "article_id",
    [
        "cards.points",
        "combinations.seniority",
        "combinations.how_high",
        "scoring.hanging_byte",
        "violations.card_byte",
        "match.closing",
        "match.false_closing",
        "play.overtrump",
        "preferans.overview",
    ],
)
def test_it_writes_each_rule_in_three_languages(article_id):
    rule = Article.objects.get(pk=article_id)
    for lang in ("ru", "uk", "en"):
        assert rule.title_in(lang).strip()
        assert len(rule.text_in(lang)) > 40
    assert rule.title_ru != rule.title_en and rule.text_uk != rule.text_ru
    assert rule.source


def test_it_uses_the_players_own_words():
    texts = " ".join(a.text["ru"] + a.keywords["ru"] for a in ARTICLES).lower()
    for word in (
        "вышка",
        "висячка",
        "байт на картах",
        "послед",
        "полташ",
        "белла",
        "фальшренонс",
        "обяз",
        "лыжа",
        "сотня",
        "клабор",
        "закрытие",
    ):
        assert word in texts, word


def test_it_marks_this_services_own_readings():
    halving = Article.objects.get(pk="scoring.halving")
    assert halving.project_default
    assert "this service's reading" in halving.text_en
    assert "так их читает этот сервис" in halving.text_ru
    assert "так їх читає цей сервіс" in halving.text_uk
    assert halving.source_in("ru") == "так читает этот сервис"


def test_the_convention_page_shows_what_each_preset_sets(client):
    response = client.get("/rules/conventions.overtrump/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Odessa" in page and "always" in page and "trump_lead" in page
    rows = response.context["convention"]["presets"]
    assert {r["preset"]: r["value"] for r in rows} == {
        p: str(v["overtrump"]) for p, v in PRESETS.items()
    }


def test_the_rulebook_is_browsable_by_section(client):
    response = client.get("/rules/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Висячий байт (висячка, висяк)" in page
    assert 'id="section-conventions"' in page and 'id="section-violations"' in page


def test_the_article_page_reads_in_the_visitors_language(client):
    page = client.get("/rules/violations.card_byte/", HTTP_ACCEPT_LANGUAGE="uk").content.decode()
    assert "Байт на картах" in page and "порушення" in page


def test_the_api_gives_one_article_with_its_presets(client):
    body = client.get("/api/v1/rules/conventions.dealer/?lang=en").json()
    assert body["id"] == "conventions.dealer"
    assert body["conventions"] == ["dealer"]
    values = {row["preset"]: row["value"] for row in body["convention"]["presets"]}
    assert values["moscow"] == "winner" and values["kharkov"] == "clockwise"
    assert set(body["translations"]) == {"ru", "uk", "en"}


def test_the_api_answers_404_for_an_unknown_article(client):
    response = client.get("/api/v1/rules/no.such_rule/")
    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"


def test_resyncing_the_rulebook_is_idempotent():
    from referee.services import rulebook_sync

    Article.objects.filter(pk="cards.points").update(title_en="tampered")
    Article.objects.create(
        pk="stale.article",
        section="cards",
        title_ru="x",
        title_uk="x",
        title_en="x",
        text_ru="x",
        text_uk="x",
        text_en="x",
        source="x",
    )
    assert rulebook_sync() == len(ARTICLES)
    assert Article.objects.get(pk="cards.points").title_en == "Card points and the last trick"
    assert not Article.objects.filter(pk="stale.article").exists()


def test_postgres_keeps_a_full_text_vector_per_article(require_postgres):
    assert not Article.objects.filter(search_vector__isnull=True).exists()
    vector = str(Article.objects.get(pk="scoring.hanging_byte").search_vector)
    assert "висяч" in vector and "hang" in vector  # russian and english stems
