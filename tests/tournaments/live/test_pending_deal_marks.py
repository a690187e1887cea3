"""Issue 35, item 24: the public pages mark a deal waiting for an opponent's confirmation
(tournament setting `confirm_deals`): the live round's table card and the tournament's
tables page say which deal waits, and say no more once it is confirmed."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring import services
from tests.factories import DEAL_HANGING, make_evening

pytestmark = pytest.mark.django_db


@pytest.fixture
def waiting():
    ev = make_evening(confirm_deals=True)
    services.deal_submit(
        match=ev.match, record=DEAL_HANGING, user=ev.scorer, idempotency_key=None, version=None
    )
    return ev


@pytest.mark.parametrize(
    ("language", "mark"),
    [("ru", "сдача 1 ждёт подтверждения"), ("uk", "роздача 1 чекає підтвердження")],
)
def test_the_live_pages_and_the_tables_page_mark_the_waiting_deal(waiting, language, mark):
    public = Client()
    pages = [
        f"/tournaments/{waiting.tournament.pk}/",
        f"/tournaments/{waiting.tournament.pk}/rounds/1/",
        f"/tournaments/{waiting.tournament.pk}/matches/",
    ]
    for page in pages:
        html = public.get(page, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert html.count('data-testid="pending-deal"') == 1, page  # table 1's, not table 2's
        assert mark in html, page
    services.deal_confirm(match=waiting.match, number=1, user=waiting.player)
    for page in pages:
        html = public.get(page, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert 'data-testid="pending-deal"' not in html, page


def test_the_round_api_counts_the_waiting_deals(waiting):
    rounds = Client().get(f"/api/v1/tournaments/{waiting.tournament.pk}/rounds/").json()
    rows = rounds[0]["tables"]
    assert [(t["number"], t["deals"], t["pending"]) for t in rows] == [(1, 0, 1), (2, 0, 0)]
