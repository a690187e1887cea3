"""The scorer's page shows the round's clock and lets the table be closed when time is up
(a pulka played to a time limit: `end: closed`)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from scoring import services as scoring_services
from scoring.models import Match
from tests.factories import PREF_SIX_SPADES, make_evening, make_preferans_evening

pytestmark = pytest.mark.django_db


@pytest.fixture
def timed():
    ev = make_preferans_evening(conventions={"end": "closed"}, round_minutes=120)
    ev.round.ends_at = timezone.now() + timedelta(minutes=45)
    ev.round.save(update_fields=["ends_at"])
    return ev


def _page(user, match: Match) -> str:
    client = Client()
    client.force_login(user)
    answer = client.get(f"/matches/{match.pk}/")
    assert answer.status_code == 200
    return answer.content.decode()


def test_it_shows_the_round_clock_and_the_close_button_to_the_scorer(timed) -> None:
    page = _page(timed.scorer, timed.match)
    assert 'data-testid="round-clock"' in page
    assert timed.round.ends_at.isoformat() in page
    assert f'action="/matches/{timed.match.pk}/close/"' in page


def test_a_player_sees_the_clock_but_cannot_close_the_table(timed) -> None:
    page = _page(timed.player, timed.match)
    assert timed.round.ends_at.isoformat() in page
    assert "/close/" not in page


def test_the_scorer_closes_the_table_and_the_pulka_ends(timed) -> None:
    timed.round.ends_at = timezone.now() - timedelta(minutes=1)  # time is up
    timed.round.save(update_fields=["ends_at"])
    scoring_services.deal_submit(
        match=timed.match,
        record=PREF_SIX_SPADES,
        user=timed.scorer,
        idempotency_key=None,
        version=None,
    )
    client = Client()
    client.force_login(timed.scorer)
    answer = client.post(f"/matches/{timed.match.pk}/close/")
    assert answer.status_code == 302
    match = Match.objects.get(pk=timed.match.pk)
    assert match.closed and match.status == Match.Status.FINISHED
    assert match.reason == "closed"
    # Opening it again is the referee's act (tests/security/test_match_close_rules.py).
    assert "Open it again" not in _page(timed.scorer, match)
    assert "Open it again" in _page(timed.referee, match)


def test_the_referee_reopens_a_table_closed_by_mistake(timed) -> None:
    scoring_services.match_close(match=timed.match, user=timed.referee)
    client = Client()
    client.force_login(timed.referee)
    client.post(f"/matches/{timed.match.pk}/close/", {"reopen": "1", "reason": "by mistake"})
    match = Match.objects.get(pk=timed.match.pk)
    assert not match.closed and match.status == Match.Status.OPEN


def test_a_stranger_cannot_close_a_table(timed) -> None:
    client = Client()
    client.force_login(timed.stranger)
    answer = client.post(f"/matches/{timed.match.pk}/close/")
    assert answer.status_code == 404
    assert not Match.objects.get(pk=timed.match.pk).closed


def test_a_pool_target_pulka_has_no_close_button() -> None:
    ev = make_preferans_evening()
    assert "/close/" not in _page(ev.scorer, ev.match)


def test_a_deberc_match_has_no_clock_nor_close_button() -> None:
    ev = make_evening()
    page = _page(ev.scorer, ev.match)
    assert 'data-testid="round-clock"' not in page


@pytest.mark.parametrize(
    "path", ["/tournaments/{t}/", "/tournaments/{t}/rounds/1/", "/tournaments/{t}/screen/"]
)
def test_the_live_pages_show_the_round_clock_to_everyone(timed, path: str) -> None:
    answer = Client().get(path.format(t=timed.tournament.pk), HTTP_ACCEPT_LANGUAGE="ru")
    assert answer.status_code == 200
    page = answer.content.decode()
    assert 'data-testid="round-clock"' in page and "data-countdown" in page
    assert timezone.localtime(timed.round.ends_at).strftime("%H:%M") in page
    assert "Тур заканчивается в" in page  # in the reader's language


def test_a_pool_target_pulka_says_time_is_up_without_a_close(client) -> None:
    ev = make_preferans_evening(round_minutes=120)
    ev.round.ends_at = timezone.now() + timedelta(minutes=5)
    ev.round.save(update_fields=["ends_at"])
    page = _page(ev.scorer, ev.match)
    assert "then close the table" not in page
    assert 'data-t-up="time is up: play out the deal in progress"' in page
    assert "/close/" not in page


def test_a_closed_round_shows_no_clock(timed) -> None:
    timed.round.status = "closed"
    timed.round.save(update_fields=["status"])
    page = Client().get(f"/tournaments/{timed.tournament.pk}/rounds/1/").content.decode()
    assert 'data-testid="round-clock"' not in page
