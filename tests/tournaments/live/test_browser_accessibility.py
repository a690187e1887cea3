"""Issue 35, item 28, in a browser in Russian: the live pages' parts refresh themselves (htmx
polling), and WCAG 2.2.2 wants a way to stop that. The pause button stops the refresh (no
request at all, and a deal entered meanwhile is not shown) until it is pressed again, and the
pause holds on the tab's next live page; a part that holds the focus (a link Tabbed to) is not
replaced under it, and refreshes once the focus leaves. On the big screen the badges are sized
by the text beside them."""

from __future__ import annotations

import os
import re

import pytest

from tests.browser import CHROMIUM_ARGS, phone_page
from tests.factories import EntryFactory, TournamentFactory, UserFactory
from tests.tournaments.live.helpers import deberc_deal_enter, open_round_scored_by
from tournaments.live import views as live_views

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def round_in_play(monkeypatch):
    """A tournament's open round of two tables, whose live parts poll every second."""
    monkeypatch.setattr(live_views, "POLL_SECONDS", 1)
    scorer = UserFactory()
    tournament = TournamentFactory(name="Кубок паузы", conventions={"target": 501}, rounds=3)
    for _ in range(4):
        EntryFactory(tournament=tournament)
    match, names = open_round_scored_by(tournament, scorer)
    return tournament, match, names, scorer


def test_the_pause_button_stops_the_refresh_and_a_focused_part_is_left_alone(
    live_server, chromium_path, round_in_play
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    tournament, match, names, scorer = round_in_play
    overview = f"{live_server.url}/tournaments/{tournament.pk}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(browser, locale="ru-RU", width=390)
            polls: list[str] = []
            page.on(
                "request", lambda r: polls.append(r.url) if r.headers.get("hx-request") else None
            )
            page.goto(overview)
            badge = page.locator(f'#live article[data-table="{match.table.number}"] .badge')
            expect(badge).to_have_text("не начата")
            pause = page.get_by_test_id("live-pause")
            expect(pause).to_have_text("Приостановить обновление")
            page.wait_for_timeout(2500)
            assert polls, "the overview polls"

            # Paused: no request, and a deal entered meanwhile is not shown.
            pause.click()
            expect(pause).to_have_text("Возобновить обновление")
            expect(page.get_by_test_id("announce")).to_have_text("Обновление приостановлено.")
            polls.clear()
            deberc_deal_enter(match, names, 100, scorer=scorer)
            page.wait_for_timeout(3500)
            assert polls == []
            expect(badge).to_have_text("не начата")

            # The pause holds on the tab's next live page, and is undone there.
            page.goto(f"{live_server.url}/tournaments/{tournament.pk}/standings/")
            expect(pause).to_have_text("Возобновить обновление")
            polls.clear()
            page.wait_for_timeout(2500)
            assert polls == []
            pause.click()
            expect(pause).to_have_text("Приостановить обновление")
            expect(page.get_by_test_id("announce")).to_have_text("Обновление возобновлено.")
            page.goto(overview)
            expect(badge).to_have_text(re.compile(r"^1 сдача$"))

            # A part that holds the focus is left as it is while the focus stays in it.
            link = page.locator(f'#live article[data-table="{match.table.number}"] header a')
            link.focus()
            focused = link.element_handle()
            page.wait_for_timeout(1500)
            polls.clear()
            deberc_deal_enter(match, names, 110, scorer=scorer)
            page.wait_for_timeout(3500)
            assert polls == []
            assert page.evaluate("(el) => el.isConnected && document.activeElement === el", focused)
            expect(badge).to_have_text(re.compile(r"^1 сдача$"))
            # The focus leaves it: it refreshes.
            pause.focus()
            expect(badge).to_have_text(re.compile(r"^2 сдачи$"), timeout=5000)
        finally:
            browser.close()


def test_the_big_screens_badges_are_sized_by_the_text_beside_them(
    live_server, chromium_path, round_in_play
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    tournament, match, names, scorer = round_in_play
    deberc_deal_enter(match, names, 100, scorer=scorer)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1600, "height": 900}, locale="ru-RU")
            page.goto(f"{live_server.url}/tournaments/{tournament.pk}/screen/")
            card = page.locator(f'#bigscreen article[data-table="{match.table.number}"]')
            sizes = card.evaluate(
                """(card) => [".badge", "header strong", ".seats a"].map(
                    (s) => parseFloat(getComputedStyle(card.querySelector(s)).fontSize))"""
            )
            badge, table, name = sizes
            # It was 12.8 px beside 25.6 px names.
            assert badge >= 0.8 * name and badge >= 0.8 * table, sizes
            assert badge >= 20, sizes
        finally:
            browser.close()
