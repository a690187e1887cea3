"""Rule articles by their titles (issue 35, item 6): the referee picks the articles a ruling
cites from a list of titles in their language (a search box filters it), never types ids; the
card form lists titles without ids; the rulings page and the tools' answers link each cited
article by its title; the deal's history says the ruling in the reader's words (item 7)."""

from __future__ import annotations

import re

import pytest

from referee.models import Article, Ruling
from tests.factories import make_evening
from tests.referee.steps import rule

pytestmark = pytest.mark.django_db

# An article id as the rulebook writes them, shown as text (not inside an attribute).
SHOWN_ID = re.compile(r">[^<]*\b(play|violations|scoring|combinations)\.[a-z_]+\b[^<]*<")


@pytest.mark.parametrize(
    ("lang", "label", "renonce"),
    [
        ("ru", "Статьи правил (если ни одной не выбрано", "Ренонс (неправильный ход)"),
        ("uk", "Статті правил (якщо жодної не вибрано", "Ренонс (неправильний хід)"),
    ],
)
def test_the_ruling_form_offers_the_articles_by_title(client, evening, lang, label, renonce):
    client.force_login(evening["referee"])
    page = client.get(f"/referee/matches/{evening['match'].pk}/rule/", HTTP_ACCEPT_LANGUAGE=lang)
    html = page.content.decode()
    assert label in html and "через запятую" not in html and "через кому" not in html
    # The violation keeps the word the rest of the site uses for it (not "Фальшренонс" here
    # and "ренонс" on the scorer's page).
    assert str(dict(page.context["form"].fields["kind"].choices)["renonce"]) == renonce
    renonce_article = Article.objects.get(pk="play.renonce")
    option = f'<option value="play.renonce">{renonce_article.title_in(lang)}</option>'
    assert option in html
    assert 'data-article-picker=""' in html and "referee/article-picker.js" in html
    assert not SHOWN_ID.search(html)


def test_the_articles_picked_are_cited_and_the_rulings_page_names_them(client, evening):
    anna = evening["names"][0]
    match = evening["match"]
    client.force_login(evening["referee"])
    # The form, then its confirmation step (tests/referee/steps.py).
    response = rule(
        client,
        match,
        {
            "deal": "1",
            "kind": "renonce",
            "violator": anna,
            "explanation": "",
            "articles": ["play.follow_suit", "play.renonce"],
        },
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 302
    assert Ruling.objects.get().articles == ["play.follow_suit", "play.renonce"]
    listing = client.get(
        f"/referee/tournaments/{match.tournament_id}/rulings/", HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    for article_id in ("play.follow_suit", "play.renonce"):
        title = Article.objects.get(pk=article_id).title_in("ru")
        assert f'<a class="badge" href="/rules/{article_id}/">{title}</a>' in listing
    assert not SHOWN_ID.search(listing)
    # An id that is no article is refused at its field; no ruling is recorded.
    wrong = client.post(
        f"/referee/matches/{match.pk}/rule/",
        {"deal": "1", "kind": "renonce", "violator": anna, "articles": ["no.such"]},
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert wrong.status_code == 200 and "articles" in wrong.context["form"].errors
    assert Ruling.objects.count() == 1


@pytest.mark.parametrize(
    ("lang", "said"),
    [("ru", "Решение судьи: Ренонс (неправильный ход), "), ("uk", "Рішення судді: Ренонс")],
)
def test_the_deal_history_says_the_ruling_in_the_referees_words(client, evening, lang, said):
    anna = evening["names"][0]
    match = evening["match"]
    client.force_login(evening["referee"])
    rule(
        client, match, {"deal": "1", "kind": "renonce", "violator": anna}, HTTP_ACCEPT_LANGUAGE=lang
    )
    history = client.get(f"/matches/{match.pk}/history/", HTTP_ACCEPT_LANGUAGE=lang)
    html = history.content.decode()
    assert f"{said}" in html and anna in html
    assert "ruling:" not in html and "(renonce)" not in html
    assert {"ru": f"нарушение: {anna} (ренонс)", "uk": f"порушення: {anna} (ренонс)"}[lang] in html


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_card_form_lists_titles_without_ids(client, lang):
    ev = make_evening()
    client.force_login(ev.referee)
    page = client.get(f"/referee/tournaments/{ev.tournament.pk}/cards/", HTTP_ACCEPT_LANGUAGE=lang)
    html = page.content.decode()
    title = Article.objects.get(pk="play.renonce").title_in(lang)
    assert f'<option value="play.renonce">{title}</option>' in html
    assert "play.renonce ·" not in html and not SHOWN_ID.search(html)
    assert "<optgroup" in html  # grouped by the rulebook's sections


def test_a_tools_answer_names_its_rules_by_title_only(client):
    answer = client.post(
        "/referee/legal-cards/",
        {
            "trump": "H",
            "led": "AS",
            "trick": ["9H"],
            "hand": ["7H", "JH", "KD"],
            "ruleset": "moscow",
        },
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    html = answer.content.decode()
    title = Article.objects.get(pk="play.follow_suit").title_in("ru")
    assert f'<a href="/rules/play.follow_suit/">{title}</a>' in html
    assert not SHOWN_ID.search(html)
