"""Warnings and yellow cards (issue 19, item 5): the referee gives them on the cards page and
through the API, with a reason and a rule article of the tournament's game; who may; each
refusal with its field, a stable code and a message in the user's language; a card withdrawn
stays on record; the public never sees who gave it."""

from __future__ import annotations

import json

import pytest
from rest_framework.authtoken.models import Token

from referee.models import Article
from tests.factories import PlayerFactory, make_evening
from tournaments.discipline.models import Card
from tournaments.standings.models import StandingRow

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _eager(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.STANDINGS_REFRESH_DELAY = 0


def _api(client, user, method, path, body=None, lang=None):
    headers = {}
    if user is not None:
        headers["HTTP_AUTHORIZATION"] = f"Token {Token.objects.get_or_create(user=user)[0].key}"
    if lang:
        headers["HTTP_ACCEPT_LANGUAGE"] = lang
    call = getattr(client, method)
    if body is None:
        return call(path, **headers)
    return call(path, json.dumps(body), content_type="application/json", **headers)


def _anna(ev):
    return ev.match.seats.get(position=0).player


def _article(game="deberc"):
    return Article.objects.filter(game=game).order_by("order").first()


def test_the_referee_gives_a_yellow_card_through_the_api_citing_an_article(client):
    ev = make_evening()
    article = _article()
    response = _api(
        client,
        ev.referee,
        "post",
        f"/api/v1/tournaments/{ev.tournament.pk}/cards/",
        {
            "player": _anna(ev).pk,
            "kind": "yellow",
            "reason": "Talked about the cards during play",
            "article": article.pk,
            "match": ev.match.pk,
        },
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["kind"] == "yellow" and body["player"] == "Anna"
    assert body["article"] == article.pk and body["round"] == 1 and body["match"] == ev.match.pk
    card = Card.objects.get()
    assert card.given_by == ev.referee and not card.automatic
    listed = _api(client, None, "get", f"/api/v1/tournaments/{ev.tournament.pk}/cards/").json()
    assert [c["reason"] for c in listed] == ["Talked about the cards during play"]
    # The public never sees who gave the card; the staff do.
    assert listed[0]["given_by"] is None
    staff = _api(client, ev.organiser, "get", f"/api/v1/tournaments/{ev.tournament.pk}/cards/")
    assert staff.json()[0]["given_by"] == ev.referee.username


@pytest.mark.parametrize("role", ["scorer", "player", "stranger"])
def test_only_referees_and_organisers_give_cards(client, role):
    ev = make_evening()
    response = _api(
        client,
        ev.users[role],
        "post",
        f"/api/v1/tournaments/{ev.tournament.pk}/cards/",
        {"player": _anna(ev).pk, "kind": "warning", "reason": "Late"},
    )
    assert response.status_code == 403
    anonymous = _api(
        client,
        None,
        "post",
        f"/api/v1/tournaments/{ev.tournament.pk}/cards/",
        {"player": _anna(ev).pk, "kind": "warning", "reason": "Late"},
    )
    assert anonymous.status_code == 401
    assert not Card.objects.exists()


def test_an_unpublished_tournaments_cards_are_not_public(client):
    ev = make_evening(published=False)
    Card.objects.create(tournament=ev.tournament, player=_anna(ev), kind="warning", reason="x")
    response = _api(client, None, "get", f"/api/v1/tournaments/{ev.tournament.pk}/cards/")
    assert response.status_code == 404
    page = client.get(f"/referee/tournaments/{ev.tournament.pk}/cards/")
    assert page.status_code == 404


@pytest.mark.parametrize(
    ("lang", "word"),
    [("ru", "не заявлен"), ("uk", "не заявлений"), ("en", "not entered")],
)
def test_refusals_name_their_field_and_code_in_the_users_language(client, lang, word):
    ev = make_evening()
    stranger = PlayerFactory(club=ev.tournament.club, display_name="Stranger")
    other_games_article = _article("preferans")
    response = _api(
        client,
        ev.referee,
        "post",
        f"/api/v1/tournaments/{ev.tournament.pk}/cards/",
        {
            "player": stranger.pk,
            "kind": "yellow",
            "reason": "   ",
            "article": other_games_article.pk,
        },
        lang=lang,
    )
    assert response.status_code == 400
    errors = {e["field"]: e for e in response.json()["errors"]}
    assert errors["player"]["code"] == "not_entered"
    assert word in errors["player"]["message"]
    assert errors["reason"]["code"] == "reason_required"
    assert errors["article"]["code"] == "unknown_article"
    assert not Card.objects.exists()


def test_unknown_fields_kinds_and_long_reasons_are_refused(client):
    ev = make_evening()
    url = f"/api/v1/tournaments/{ev.tournament.pk}/cards/"
    base = {"player": _anna(ev).pk, "kind": "yellow", "reason": "ok"}
    unknown = _api(client, ev.referee, "post", url, {**base, "colour": "red"})
    assert unknown.status_code == 400
    assert unknown.json()["errors"][0]["code"] == "unknown_field"
    red = _api(client, ev.referee, "post", url, {**base, "kind": "red"})
    assert red.status_code == 400 and red.json()["errors"][0]["field"] == "kind"
    long = _api(client, ev.referee, "post", url, {**base, "reason": "x" * 201})
    assert long.status_code == 400 and long.json()["errors"][0]["field"] == "reason"
    foreign = _api(client, ev.referee, "post", url, {**base, "match": 10**6})
    assert foreign.status_code == 400 and foreign.json()["errors"][0]["field"] == "match"
    assert not Card.objects.exists()


def test_a_withdrawn_card_stays_on_record_and_no_longer_counts(
    client, django_capture_on_commit_callbacks
):
    ev = make_evening()
    ev.tournament.second_yellow = "penalty"
    ev.tournament.second_yellow_penalty = 1
    ev.tournament.save()
    url = f"/api/v1/tournaments/{ev.tournament.pk}/cards/"
    anna = _anna(ev)
    with django_capture_on_commit_callbacks(execute=True):
        ids = [
            _api(
                client, ev.referee, "post", url, {"player": anna.pk, "kind": "yellow", "reason": r}
            ).json()["id"]
            for r in ("First", "Second")
        ]
    row = StandingRow.objects.get(tournament=ev.tournament, player=anna)
    assert row.penalty == 1 and row.match_points == -1
    with django_capture_on_commit_callbacks(execute=True):
        withdrawn = _api(
            client, ev.organiser, "post", f"/api/v1/cards/{ids[1]}/withdraw/", {"reason": "Appeal"}
        )
    assert withdrawn.status_code == 200 and withdrawn.json()["withdrawn"] is True
    card = Card.objects.get(pk=ids[1])
    assert card.withdrawn_at is not None
    assert card.history.first().history_change_reason == "Appeal"
    row.refresh_from_db()
    assert row.penalty == 0 and row.match_points == 0
    again = _api(
        client, ev.organiser, "post", f"/api/v1/cards/{ids[1]}/withdraw/", {"reason": "Again"}
    )
    assert again.status_code == 400 and again.json()["errors"][0]["code"] == "already_withdrawn"
    scorer = _api(
        client, ev.scorer, "post", f"/api/v1/cards/{ids[0]}/withdraw/", {"reason": "Mine"}
    )
    assert scorer.status_code == 403
    assert Card.objects.count() == 2


def test_the_referee_gives_and_withdraws_a_card_on_the_page(client):
    ev = make_evening()
    anna = _anna(ev)
    article = _article()
    client.force_login(ev.referee)
    url = f"/referee/tournaments/{ev.tournament.pk}/cards/"
    page = client.get(f"{url}?player={anna.pk}&match={ev.match.pk}")
    assert page.status_code == 200
    assert article.pk in page.content.decode()
    response = client.post(
        url,
        {
            "player": anna.pk,
            "kind": "warning",
            "reason": "Slow play",
            "article": article.pk,
            "match": ev.match.pk,
        },
        follow=True,
    )
    assert response.status_code == 200
    card = Card.objects.get()
    assert (card.kind, card.reason, card.article, card.match) == (
        "warning",
        "Slow play",
        article.pk,
        ev.match,
    )
    assert 'data-testid="card"' in response.content.decode()
    client.post(f"/referee/cards/{card.pk}/withdraw/", {"reason": "Misheard"})
    card.refresh_from_db()
    assert card.withdrawn_at is not None


def test_the_page_shows_the_refusal_in_russian(client):
    ev = make_evening()
    client.force_login(ev.referee)
    response = client.post(
        f"/referee/tournaments/{ev.tournament.pk}/cards/",
        {"player": _anna(ev).pk, "kind": "yellow", "reason": "x", "article": ""},
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 302  # given
    bad = client.post(
        f"/referee/tournaments/{ev.tournament.pk}/cards/",
        {"player": _anna(ev).pk, "kind": "yellow", "reason": ""},
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert bad.status_code == 200
    assert "Обязательное поле" in bad.content.decode()
    assert Card.objects.count() == 1


def test_the_public_page_hides_the_referee_and_the_form(client):
    ev = make_evening()
    Card.objects.create(
        tournament=ev.tournament,
        player=_anna(ev),
        kind="yellow",
        reason="Rude",
        given_by=ev.referee,
    )
    page = client.get(f"/referee/tournaments/{ev.tournament.pk}/cards/").content.decode()
    assert "Rude" in page
    assert ev.referee.username not in page
    assert 'data-testid="card-give"' not in page
    assert client.post(
        f"/referee/tournaments/{ev.tournament.pk}/cards/", {"reason": "x"}
    ).status_code in (302, 403)


def _card_citing_an_article(kind: str):
    """An evening whose first player got a card for slow play citing the first article of
    Deberc's rulebook: (the evening, the article, the player)."""
    from tournaments.discipline import services as discipline

    ev = make_evening()
    article = _article()
    anna = _anna(ev)
    discipline.card_give(
        tournament=ev.tournament,
        player=anna,
        kind=kind,
        reason="Slow play",
        article=article.pk,
        user=ev.referee,
    )
    return ev, article, anna


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_public_pages_name_the_cited_article_by_its_title_in_the_visitors_language(
    client, lang
):
    """Not its id (`scoring.…`): the player's page links the title to the rulebook, and the
    standings' notes carry it too."""
    ev, article, anna = _card_citing_an_article("yellow")
    title = article.title_in(lang)
    page = client.get(f"/players/{anna.pk}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert f'href="/rules/{article.pk}/" data-testid="cited-article">{title}</a>' in page
    assert f"[{article.pk}]" not in page
    notes = client.get(
        f"/api/v1/tournaments/{ev.tournament.pk}/standings/notes/", HTTP_ACCEPT_LANGUAGE=lang
    ).json()
    (note,) = [n for n in notes if n["kind"] == "card_yellow"]
    assert note["reason"] == f"Slow play [{title}]"


def test_an_article_the_rulebook_no_longer_has_is_shown_by_its_id(client):
    _ev, article, anna = _card_citing_an_article("warning")
    Article.objects.filter(pk=article.pk).delete()
    page = client.get(f"/players/{anna.pk}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert f"[{article.pk}]" in page and 'data-testid="cited-article"' not in page
