"""Issue 35, items 23-24, in Debian's chromium on a 390 px phone in Russian: a player signs
in, finds on the home page the deal waiting for them, sees it in full on the table's page
beside the buttons, disputes it (the referee is called) or confirms it; the history names
who confirmed, in Russian. No page scrolls sideways."""

from __future__ import annotations

import os
import re

import pytest

from scoring import services
from scoring.models import Deal, DealDispute, Match
from tests.browser import CHROMIUM_ARGS, phone_page
from tests.factories import DEAL_HANGING, DEAL_MADE, make_evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 390


def _waiting_evening():
    ev = make_evening(confirm_deals=True)
    services.deal_submit(
        match=ev.match, record=DEAL_HANGING, user=ev.scorer, idempotency_key=None, version=None
    )
    services.deal_confirm(match=ev.match, number=1, user=ev.player)
    services.deal_submit(
        match=Match.objects.get(pk=ev.match.pk),
        record=DEAL_MADE,
        user=ev.scorer,
        idempotency_key=None,
        version=None,
    )
    return ev


def _fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, page.url


def test_a_player_finds_the_waiting_deal_sees_it_and_disputes_it(live_server, chromium_path):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    ev = _waiting_evening()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(
                browser, locale="ru-RU", width=WIDTH, signed_in=(ev.player, live_server)
            )
            page.on("dialog", lambda dialog: dialog.accept())
            page.goto(f"{live_server.url}/")
            mine = page.get_by_test_id("my-matches")
            expect(mine).to_contain_text("Мои партии")
            expect(mine).to_contain_text("Сдача 2 ждёт вашего подтверждения.")
            _fits(page)
            mine.get_by_role("link").first.click()
            expect(page).to_have_url(re.compile(rf"/matches/{ev.match.pk}/$"))

            card = page.get_by_test_id("pending")
            expect(card).to_contain_text("Сдача 2 ждёт подтверждения соперника.")
            expect(card.get_by_test_id("pending-summary")).to_contain_text("♠ Boris")
            figures = card.get_by_test_id("pending-figures")
            expect(figures).to_be_visible()
            expect(figures).to_contain_text("Итог после подтверждения")
            expect(card.get_by_test_id("confirm-deal")).to_be_visible()
            expect(card.get_by_test_id("dispute-deal")).to_have_text("Оспорить: позвать судью")
            _fits(page)
            card.get_by_placeholder("Что не так? (необязательно)").fill("Последняя взятка у Анны")
            card.get_by_test_id("dispute-deal").click()
            expect(page.get_by_text("Сдача 2 оспорена: судья вызван к столу.")).to_be_visible()
            expect(page.get_by_test_id("pending-disputed")).to_contain_text("Судья вызван")
            expect(page.get_by_test_id("dispute-deal")).to_have_count(0)
            _fits(page)
        finally:
            browser.close()
    dispute = DealDispute.objects.get()
    assert (dispute.deal_number, dispute.reason) == (2, "Последняя взятка у Анны")
    assert Deal.objects.get(match=ev.match, number=2).status == Deal.Status.PENDING


def test_a_player_confirms_and_the_history_says_who(live_server, chromium_path):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    ev = _waiting_evening()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(
                browser, locale="ru-RU", width=WIDTH, signed_in=(ev.player, live_server)
            )
            page.goto(f"{live_server.url}/matches/{ev.match.pk}/")
            after = page.get_by_test_id("pending-figures").locator("tbody tr td strong")
            promised = after.all_inner_texts()
            page.get_by_test_id("confirm-deal").click()
            expect(page.get_by_test_id("pending")).to_have_count(0)
            # The totals the card promised are the match's now.
            expect(page.get_by_test_id("total-0")).to_have_text(promised[0])
            expect(page.get_by_test_id("total-1")).to_have_text(promised[1])
            page.goto(f"{live_server.url}/matches/{ev.match.pk}/history/")
            newest = page.get_by_test_id("history-entry").first
            expect(newest).to_contain_text("Сдача 2 подтверждена: Anna")
            expect(newest).not_to_contain_text("confirmed")
            _fits(page)
        finally:
            browser.close()
