"""Rulings: who may rule, the match re-scored with the penalty, the organiser's overturn
keeping the history of both corrections."""

from __future__ import annotations

import json

import pytest
from rest_framework.authtoken.models import Token

from referee.models import Ruling
from scoring.models import Deal
from tests.referee.steps import rule

pytestmark = pytest.mark.django_db


def _api(client, user, method, path, body=None):
    headers = {}
    if user is not None:
        headers["HTTP_AUTHORIZATION"] = f"Token {Token.objects.get_or_create(user=user)[0].key}"
    call = getattr(client, method)
    if body is None:
        return call(path, **headers)
    return call(path, json.dumps(body), content_type="application/json", **headers)


def _renonce(evening, violator_index=0):
    return {
        "deal": 1,
        "kind": "renonce",
        "violator": evening["names"][violator_index],
        "explanation": "Discarded a diamond while holding hearts.",
    }


def test_anonymous_gets_401(client, evening):
    response = _api(
        client, None, "post", f"/api/v1/matches/{evening['match'].pk}/rulings/", _renonce(evening)
    )
    assert response.status_code == 401
    assert Ruling.objects.count() == 0


def test_a_user_without_a_role_gets_403(client, evening):
    response = _api(
        client,
        evening["outsider"],
        "post",
        f"/api/v1/matches/{evening['match'].pk}/rulings/",
        _renonce(evening),
    )
    assert response.status_code == 403
    assert Ruling.objects.count() == 0


def test_the_referee_rules_a_renonce_and_the_match_is_rescored(client, evening):
    anna, boris = evening["names"]
    match = evening["match"]
    assert match.result["match"] == {anna: 90, boris: 60}
    response = _api(
        client,
        evening["referee"],
        "post",
        f"/api/v1/matches/{match.pk}/rulings/",
        _renonce(evening),
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["ruling"]["kind"] == "renonce" and body["ruling"]["violator"] == anna
    assert body["ruling"]["articles"] == ["play.renonce", "violations.card_byte"]
    match.refresh_from_db()
    deal = match.result["deals"][0]
    assert deal["outcome"] == "card_byte"
    # Card byte: Boris records all 162, Anna nothing.
    assert match.result["match"] == {anna: 0, boris: 162}
    assert Deal.objects.get(match=match, number=1).record["violation"] == {
        "player": anna,
        "kind": "renonce",
    }


def test_the_organiser_may_rule_too(client, evening):
    response = _api(
        client,
        evening["organiser"],
        "post",
        f"/api/v1/matches/{evening['match'].pk}/rulings/",
        {
            **_renonce(evening, 1),
            "kind": "false_declaration",
            "articles": ["violations.false_declaration"],
        },
    )
    assert response.status_code == 201
    assert response.json()["ruling"]["articles"] == ["violations.false_declaration"]


def test_a_ruling_names_a_seated_player_a_known_deal_and_real_articles(client, evening):
    path = f"/api/v1/matches/{evening['match'].pk}/rulings/"
    referee = evening["referee"]
    bad_player = _api(client, referee, "post", path, {**_renonce(evening), "violator": "Zoe"})
    bad_deal = _api(client, referee, "post", path, {**_renonce(evening), "deal": 7})
    bad_article = _api(client, referee, "post", path, {**_renonce(evening), "articles": ["x.y"]})
    bad_kind = _api(client, referee, "post", path, {**_renonce(evening), "kind": "cheating"})
    assert [r.status_code for r in (bad_player, bad_deal, bad_article, bad_kind)] == [400] * 4
    assert bad_player.json()["errors"][0]["code"] == "unknown_player"
    assert bad_deal.json()["errors"][0]["code"] == "unknown_deal"
    assert bad_article.json()["errors"][0]["code"] == "unknown_article"
    assert bad_kind.json()["errors"][0]["field"] == "kind"
    assert Ruling.objects.count() == 0


def test_the_organiser_overturns_a_ruling_and_the_history_keeps_both(client, evening):
    anna, boris = evening["names"]
    match = evening["match"]
    ruling_id = _api(
        client,
        evening["referee"],
        "post",
        f"/api/v1/matches/{match.pk}/rulings/",
        _renonce(evening),
    ).json()["ruling"]["id"]
    # The referee may not overturn; the organiser may.
    denied = _api(
        client,
        evening["referee"],
        "post",
        f"/api/v1/rulings/{ruling_id}/overturn/",
        {"reason": "no"},
    )
    assert denied.status_code == 403
    response = _api(
        client,
        evening["organiser"],
        "post",
        f"/api/v1/rulings/{ruling_id}/overturn/",
        {"reason": "The video shows Anna had no heart left."},
    )
    assert response.status_code == 200, response.content
    assert response.json()["ruling"]["overturned"] is True
    assert response.json()["ruling"]["overturned_by"] == "organiser"
    match.refresh_from_db()
    assert match.result["match"] == {anna: 90, boris: 60}
    deal = Deal.objects.get(match=match, number=1)
    assert "violation" not in deal.record
    versions = [h.record.get("violation") for h in deal.history.order_by("history_date")]
    assert versions == [None, {"player": anna, "kind": "renonce"}, None]
    ruling = Ruling.objects.get(pk=ruling_id)
    assert ruling.history.count() == 2  # created, then overturned
    again = _api(
        client,
        evening["organiser"],
        "post",
        f"/api/v1/rulings/{ruling_id}/overturn/",
        {"reason": "twice"},
    )
    assert again.status_code == 400
    assert again.json()["errors"][0]["code"] == "already_overturned"


def test_rulings_are_listed_per_tournament_and_per_match(client, evening):
    match = evening["match"]
    _api(
        client,
        evening["referee"],
        "post",
        f"/api/v1/matches/{match.pk}/rulings/",
        _renonce(evening),
    )
    listed = client.get(f"/api/v1/tournaments/{evening['tournament'].pk}/rulings/").json()
    # The public sees no username (issue 17, item 9); the tournament's referee does.
    assert [(r["deal"], r["kind"], r["referee"]) for r in listed] == [(1, "renonce", None)]
    by_staff = _api(
        client,
        evening["referee"],
        "get",
        f"/api/v1/tournaments/{evening['tournament'].pk}/rulings/",
    ).json()
    assert [r["referee"] for r in by_staff] == ["referee"]
    assert client.get(f"/api/v1/matches/{match.pk}/rulings/").json()[0]["match"] == match.pk
    page = client.get(f"/referee/tournaments/{evening['tournament'].pk}/rulings/")
    assert page.status_code == 200
    assert "play.renonce" in page.content.decode()


def test_the_ruling_page_records_a_ruling_and_the_organiser_overturns_it(client, evening):
    match = evening["match"]
    client.force_login(evening["referee"])
    assert client.get(f"/referee/matches/{match.pk}/rule/").status_code == 200
    response = rule(
        client,
        match,
        {
            "deal": "1",
            "kind": "illegal_question",
            "violator": evening["names"][1],
            "explanation": "Asked how high holding nothing.",
            "articles": "",
        },
    )
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    assert ruling.articles[0] == "violations.illegal_question"
    client.force_login(evening["outsider"])
    assert client.get(f"/referee/matches/{match.pk}/rule/").status_code == 403
    client.force_login(evening["organiser"])
    response = client.post(f"/referee/rulings/{ruling.pk}/overturn/", {"reason": "Misheard."})
    assert response.status_code == 302
    ruling.refresh_from_db()
    assert ruling.overturned and ruling.overturn_reason == "Misheard."


def test_the_referee_finds_the_matches_to_rule_on_the_rulings_page(client, evening):
    page = f"/referee/tournaments/{evening['tournament'].pk}/rulings/"
    rule_link = f"/referee/matches/{evening['match'].pk}/rule/"
    assert rule_link not in client.get(page).content.decode()  # the public sees no such list
    client.force_login(evening["referee"])
    assert rule_link in client.get(page).content.decode()


def test_the_matches_to_rule_come_a_page_at_a_time_and_by_a_player_or_table(
    client, evening, monkeypatch
):
    """A 3,000-player field has 4,500 matches: the referee's list shows a page of them, the
    latest round first, and finds a player's or a table's match."""
    from referee import views
    from tests.factories import PlayerFactory, TableFactory, make_match

    monkeypatch.setattr(views, "MATCHES_PER_PAGE", 2)
    first_round = evening["match"].round
    evening["match"].table.number = 1
    evening["match"].table.save()
    tournament = evening["tournament"]
    others = [
        make_match(
            table=TableFactory(round=first_round, number=k + 2),
            players=[
                PlayerFactory(club=tournament.club, display_name=f"Оксана Суддівська {k}"),
                # A name without a digit: the factory's "Гравець 13" is found by "3" too.
                PlayerFactory(club=tournament.club, display_name=f"Партнер {'абв'[k]}"),
            ],
        )
        for k in range(3)
    ]
    for seat in evening["match"].seats.select_related("player"):
        seat.player.display_name = f"Суперник {'где'[seat.position]}"
        seat.player.save(update_fields=["display_name"])
    page = f"/referee/tournaments/{tournament.pk}/rulings/"
    client.force_login(evening["referee"])

    def rule_links(url: str, **params: str) -> set[int]:
        html = client.get(url, params).content.decode()
        shown = [evening["match"], *others]
        return {m.pk for m in shown if f"/referee/matches/{m.pk}/rule/" in html}

    assert rule_links(page) == {evening["match"].pk, others[0].pk}
    assert rule_links(page + "?page=2") == {others[1].pk, others[2].pk}
    assert "?page=2" in client.get(page).content.decode()
    assert rule_links(page, q="Оксана Суддівська 2") == {others[2].pk}
    assert rule_links(page, q="3") == {others[1].pk}  # table 3
    nobody = client.get(page + "?q=nobody").content.decode()
    assert "No match of that player or table." in nobody
