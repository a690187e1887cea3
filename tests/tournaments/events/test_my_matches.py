"""Issue 35, item 24: a signed-in player's home page lists "my matches" (their tables in rounds
not yet closed) with what waits for them there; a referee's lists the players' calls."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring import services
from scoring.models import Match
from tests.factories import DEAL_HANGING, DEAL_MADE, PlayerFactory, make_evening
from tournaments.events.models import Round

pytestmark = pytest.mark.django_db


def _home(user, language="ru") -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()


def _submit(ev, record):
    services.deal_submit(
        match=Match.objects.get(pk=ev.match.pk),
        record=record,
        user=ev.scorer,
        idempotency_key=None,
        version=None,
    )


@pytest.mark.parametrize(
    ("language", "title", "waits"),
    [
        ("ru", "Мои партии", "Сдача 1 ждёт вашего подтверждения."),
        ("uk", "Мої партії", "Роздача 1 чекає вашого підтвердження."),
    ],
)
def test_a_player_finds_the_deal_waiting_for_them_on_the_home_page(language, title, waits):
    ev = make_evening(confirm_deals=True)
    html = _home(ev.player, language)
    assert 'data-testid="my-matches"' in html and title in html
    assert f"/matches/{ev.match.pk}/" in html and "Boris" in html  # the table, who is there
    assert 'data-testid="my-match-waits"' not in html  # nothing waits yet
    _submit(ev, DEAL_HANGING)
    html = _home(ev.player, language)
    assert waits in html and 'class="to-do"' in html
    services.deal_confirm(match=ev.match, number=1, user=ev.player)
    assert 'data-testid="my-match-waits"' not in _home(ev.player, language)


def test_the_player_who_entered_the_deal_is_told_it_waits_for_the_opponent():
    ev = make_evening(confirm_deals=True)
    boris = ev.match.seats.get(position=1).player
    boris.user = ev.stranger
    boris.save(update_fields=["user"])
    ev.table.scorer = ev.player  # Anna keeps the score at her own table
    ev.table.save(update_fields=["scorer"])
    services.deal_submit(
        match=ev.match, record=DEAL_MADE, user=ev.player, idempotency_key=None, version=None
    )
    assert "Сдача 1, записанная вами, ждёт подтверждения соперника." in _home(ev.player)
    assert "Сдача 1 ждёт вашего подтверждения." in _home(ev.stranger)
    services.deal_dispute(match=ev.match, number=1, user=ev.stranger, reason="")
    assert "Сдача 1 оспорена: судья вызван." in _home(ev.player)


def test_only_a_seated_players_open_rounds_are_listed():
    ev = make_evening()
    assert 'data-testid="my-matches"' not in _home(None)
    assert 'data-testid="my-matches"' not in _home(ev.scorer)  # scores, does not play
    PlayerFactory(club=ev.tournament.club, display_name="Gleb", user=ev.stranger)
    assert 'data-testid="my-matches"' not in _home(ev.stranger)  # a player with no table
    Round.objects.filter(pk=ev.round.pk).update(status=Round.Status.CLOSED)
    assert 'data-testid="my-matches"' not in _home(ev.player)  # a closed round is done


def test_a_referee_sees_the_calls_of_their_tournaments_only():
    ev = make_evening(confirm_deals=True)
    other = make_evening(confirm_deals=True)
    _submit(ev, DEAL_HANGING)
    services.deal_dispute(match=ev.match, number=1, user=ev.player, reason="<b>взятка</b>")
    html = _home(ev.referee)
    assert 'data-testid="referee-calls"' in html
    assert "Сдача 1 оспорена: Anna — «&lt;b&gt;взятка&lt;/b&gt;»" in html
    assert f"/referee/matches/{ev.match.pk}/rule/?deal=1" in html
    assert 'data-testid="referee-calls"' not in _home(other.referee)
    assert 'data-testid="referee-calls"' in _home(ev.organiser)
    services.deal_confirm(match=ev.match, number=1, user=ev.referee)
    assert 'data-testid="referee-calls"' not in _home(ev.referee)
