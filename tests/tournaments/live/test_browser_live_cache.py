"""In a browser: htmx's polling revalidates the live fragment with its ETag (the browser's
cache sends If-None-Match and keeps the 304's copy), and a deal still shows at the next poll."""

from __future__ import annotations

import logging
import os

import pytest

from tests.browser import CHROMIUM_ARGS
from tests.factories import EntryFactory, TournamentFactory, UserFactory
from tests.tournaments.live.helpers import deberc_deal_enter, open_round_scored_by

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_polled_round_revalidates_and_still_shows_a_new_deal(
    live_server, chromium_path, caplog
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    scorer = UserFactory(username="scorer-poll")
    tournament = TournamentFactory(name="Кубок опитування", conventions={"target": 501}, rounds=3)
    for _ in range(4):
        EntryFactory(tournament=tournament)
    match, names = open_round_scored_by(tournament, scorer)
    round_ = match.round
    polls: list[tuple[str | None, int]] = []
    caplog.set_level(logging.INFO, logger="deberc.request")

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        page = browser.new_page()

        def seen(response) -> None:
            request = response.request
            if request.headers.get("hx-request") and "/rounds/" in request.url:
                polls.append((request.all_headers().get("if-none-match"), response.status))

        page.on("response", seen)
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/rounds/{round_.number}/")
        card = page.locator(f'article[data-table="{match.table.number}"] .badge')
        expect(card).to_have_text("not started")
        page.wait_for_timeout(11_000)  # two polls, 5 s apart
        assert len(polls) >= 2, polls
        # The second poll asks with the first answer's ETag; nothing changed: the site
        # answered 304 and the browser showed its copy (the page sees a 200).
        assert polls[1][0] and polls[1][0].startswith('"'), polls
        path = f"/tournaments/{tournament.pk}/rounds/{round_.number}/"
        for _ in range(30):  # the site's log line may follow the answer by a moment
            if f"GET {path} 304" in caplog.text:
                break
            page.wait_for_timeout(200)
        assert f"GET {path} 304" in caplog.text, caplog.text[-2000:]

        deberc_deal_enter(match, names, 100, scorer=scorer)
        expect(card).to_have_text("1 deal", timeout=12_000)
        browser.close()
