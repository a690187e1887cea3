"""In a browser on a phone: the live pages a spectator opens (the overview, the standings,
the round and the big screen) never scroll sideways, in Russian and in Ukrainian. The big
screen, made for a projector, used to: its standings widened the page to 586–607 px on a
390 px phone."""

from __future__ import annotations

import os

import pytest

from tests.browser import CHROMIUM_ARGS, phone_page
from tests.factories import EntryFactory, TournamentFactory, UserFactory
from tests.tournaments.live.helpers import deberc_deal_enter, open_round_scored_by

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = ("", "standings/", "rounds/1/", "screen/")


@pytest.mark.parametrize("locale", ["ru-RU", "uk-UA"])
def test_the_live_pages_fit_a_phone(live_server, chromium_path, locale):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    scorer = UserFactory()
    tournament = TournamentFactory(
        name="Осінній кубок клубу — деберц (московські правила)",
        conventions={"target": 201},
        rounds=3,
    )
    for _ in range(12):
        EntryFactory(tournament=tournament)
    match, names = open_round_scored_by(tournament, scorer)
    for points in (100, 110):  # the first table's match finishes: the standings have figures
        deberc_deal_enter(match, names, points, scorer=scorer)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(browser, locale=locale, width=390)
            widths = {}
            for path in PAGES:
                page.goto(f"{live_server.url}/tournaments/{tournament.pk}/{path}")
                page.locator("table.standings, .live-tables").first.wait_for()
                widths[path or "overview"] = page.evaluate("document.documentElement.scrollWidth")
            assert widths == {"overview": 390, "standings/": 390, "rounds/1/": 390, "screen/": 390}
            # The big screen's standings keep every player: their box scrolls sideways.
            page.goto(f"{live_server.url}/tournaments/{tournament.pk}/screen/")
            box = page.locator("#bigscreen .table-scroll").first
            assert box.evaluate("b => getComputedStyle(b).overflowX") == "auto"
            assert box.locator("tbody tr").count() == 12
        finally:
            browser.close()
