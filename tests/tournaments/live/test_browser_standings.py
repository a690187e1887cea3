"""In a browser: the public standings update by themselves while a scorer enters a deal."""

from __future__ import annotations

import os

import pytest

from tests.browser import CHROMIUM_ARGS
from tests.factories import EntryFactory, TournamentFactory, UserFactory
from tests.tournaments.live.helpers import deberc_deal_enter, open_round_scored_by

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_public_standings_follow_a_deal_entered_at_a_table(live_server, chromium_path):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    scorer = UserFactory(username="scorer-live")
    tournament = TournamentFactory(name="Кубок клубу", conventions={"target": 201}, rounds=3)
    for _ in range(4):
        EntryFactory(tournament=tournament)
    match, names = open_round_scored_by(tournament, scorer)
    winner_id = match.seats.get(position=0).player_id

    def enter(points: int) -> None:
        deberc_deal_enter(match, names, points, scorer=scorer)

    enter(100)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 800})
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/standings/")
        row = page.locator(f'#live-standings tr[data-player="{winner_id}"]')
        expect(row.locator("td.mp")).to_have_text("0")
        # The scorer's deal finishes the match: the page catches up on its own.
        enter(110)
        expect(row.locator("td.mp")).to_have_text("1", timeout=15_000)
        expect(page.locator("#live-standings tbody tr").first).to_have_attribute(
            "data-player", str(winner_id)
        )
        # And the round's live table shows the finished match.
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/rounds/1/")
        expect(
            page.locator(f'article[data-table="{match.table.number}"] .badge.ok')
        ).to_be_visible()
        browser.close()
