"""The referee at a table (issue 35, item 12): on a table's scorer page a tournament's
referee or organiser finds "Give a card" and, beside each deal, "Rule on this deal"; the
ruling form opens on that deal, the cards form offers that table's players only and refuses
another with its field, code and message. A scorer, a player, a stranger and the public see
none of it. The scorer's page is the scoring app's: the links come from the referee app's
provider (scoring.table_links), which test_layers keeps an import-free arrow."""

from __future__ import annotations

import json
import re

import pytest
from rest_framework.authtoken.models import Token

from scoring import services as scoring_services
from tests.factories import DEAL_MADE, PREF_SIX_SPADES, make_evening, make_preferans_evening
from tournaments.discipline.models import Card

pytestmark = pytest.mark.django_db


def _deals(match, scorer, *records):
    for record in records:
        scoring_services.deal_submit(
            match=type(match).objects.get(pk=match.pk),
            record=record,
            user=scorer,
            idempotency_key=None,
            version=None,
        )


def _page(client, user, match, lang="en"):
    if user is not None:
        client.force_login(user)
    else:
        client.logout()
    response = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    return response.content.decode()


def _href(html, testid):
    found = re.search(rf'href="([^"]+)"[^>]*data-testid="{testid}"', html)
    return found.group(1).replace("&amp;", "&") if found else None


@pytest.mark.parametrize("role", ["referee", "organiser"])
def test_the_referee_and_the_organiser_find_both_links_on_a_deberc_table(client, role):
    ev = make_evening()
    _deals(ev.match, ev.scorer, DEAL_MADE, DEAL_MADE)
    html = _page(client, getattr(ev, role), ev.match)
    assert _href(html, "give-card") == (
        f"/referee/tournaments/{ev.tournament.pk}/cards/?match={ev.match.pk}"
    )
    for number in (1, 2):
        assert _href(html, f"rule-{number}") == (
            f"/referee/matches/{ev.match.pk}/rule/?deal={number}"
        )
    assert 'aria-label="Rule on this deal (deal 2)"' in html


def test_the_links_say_it_in_russian_and_ukrainian(client):
    ev = make_evening()
    _deals(ev.match, ev.scorer, DEAL_MADE)
    ru = _page(client, ev.referee, ev.match, "ru")
    assert "Дать карточку" in ru and 'aria-label="Решение по этой сдаче (сдача 1)"' in ru
    uk = _page(client, ev.referee, ev.match, "uk")
    assert "Дати картку" in uk and 'aria-label="Рішення щодо цієї роздачі (роздача 1)"' in uk


def test_a_preferans_table_offers_them_too(client):
    ev = make_preferans_evening()
    _deals(ev.match, ev.scorer, PREF_SIX_SPADES)
    html = _page(client, ev.referee, ev.match)
    assert _href(html, "give-card").endswith(f"?match={ev.match.pk}")
    assert _href(html, "rule-1") == f"/referee/matches/{ev.match.pk}/rule/?deal=1"


@pytest.mark.parametrize("role", ["scorer", "player", "stranger", None])
def test_nobody_else_sees_them(client, role):
    ev = make_evening()
    _deals(ev.match, ev.scorer, DEAL_MADE)
    html = _page(client, getattr(ev, role) if role else None, ev.match)
    assert "give-card" not in html and "rule-1" not in html
    assert "/rule/" not in html and "/cards/" not in html


def test_the_rule_link_opens_the_ruling_form_on_that_deal(client):
    ev = make_evening()
    _deals(ev.match, ev.scorer, DEAL_MADE, DEAL_MADE, DEAL_MADE)
    client.force_login(ev.referee)
    html = _page(client, ev.referee, ev.match)
    form = client.get(_href(html, "rule-2")).content.decode()
    chosen = re.findall(r'<option value="(\d+)"[^>]*selected', form)
    assert chosen == ["2"]


def test_the_card_link_offers_that_tables_players_only(client):
    ev = make_evening()
    html = _page(client, ev.referee, ev.match)
    form = client.get(_href(html, "give-card")).content.decode()
    select = re.search(r'<select name="player".*?</select>', form, re.S).group(0)
    offered = re.findall(r'<option value="\d+"[^>]*>([^<]+)</option>', select)
    assert offered == ["Anna", "Boris"]
    elsewhere = [seat.player.display_name for seat in ev.other_match.seats.all()]
    assert not set(elsewhere) & set(offered)
    # Without a table the whole tournament is offered.
    whole = client.get(f"/referee/tournaments/{ev.tournament.pk}/cards/").content.decode()
    for name in elsewhere:
        assert name in whole


def test_a_card_from_a_table_to_somebody_else_is_refused_at_the_player_field(client):
    ev = make_evening()
    stranger_at_table_2 = ev.other_match.seats.first().player
    client.force_login(ev.referee)
    url = f"/referee/tournaments/{ev.tournament.pk}/cards/"
    refused = client.post(
        url,
        {
            "player": stranger_at_table_2.pk,
            "kind": "warning",
            "reason": "Slow play",
            "match": ev.match.pk,
        },
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert refused.status_code == 200
    html = refused.content.decode()
    assert 'data-code="not_at_table"' in html
    assert "Этот игрок не сидит за этим столом" in html
    assert not Card.objects.exists()
    # The table's own player gets it.
    anna = ev.match.seats.get(position=0).player
    given = client.post(
        url, {"player": anna.pk, "kind": "warning", "reason": "Slow play", "match": ev.match.pk}
    )
    assert given.status_code == 302
    assert Card.objects.get().player == anna


def test_the_api_refuses_it_too_with_field_and_code(client):
    ev = make_evening()
    token = Token.objects.get_or_create(user=ev.referee)[0].key
    response = client.post(
        f"/api/v1/tournaments/{ev.tournament.pk}/cards/",
        json.dumps(
            {
                "player": ev.other_match.seats.first().player.pk,
                "kind": "yellow",
                "reason": "Talked",
                "match": ev.match.pk,
            }
        ),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token}",
        HTTP_ACCEPT_LANGUAGE="uk",
    )
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert (error["field"], error["code"]) == ("player", "not_at_table")
    assert error["message"].startswith("Цей гравець не сидить за цим столом")
    assert not Card.objects.exists()


def test_a_player_the_form_does_not_know_is_refused_without_an_error_page(client):
    ev = make_evening()
    client.force_login(ev.referee)
    url = f"/referee/tournaments/{ev.tournament.pk}/cards/"
    for player in ("999999", "99999999999999999999", "x", "-1"):
        response = client.post(url, {"player": player, "kind": "warning", "reason": "r"})
        assert response.status_code == 200, player
    assert not Card.objects.exists()


def test_the_tables_page_offers_a_card_at_each_table_to_the_staff_only(client):
    ev = make_evening()
    url = f"/tournaments/{ev.tournament.pk}/matches/"
    client.force_login(ev.referee)
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert _href(html, "card-at-table-1") == (
        f"/referee/tournaments/{ev.tournament.pk}/cards/?match={ev.match.pk}"
    )
    assert _href(html, "card-at-table-2").endswith(f"?match={ev.other_match.pk}")
    assert "Дать карточку" in html
    for role in ("scorer", "player", "stranger"):
        client.force_login(getattr(ev, role))
        response = client.get(url)
        assert response.status_code == 200, role
        assert "card-at-table-" not in response.content.decode(), role
