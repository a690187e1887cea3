"""Issue 35, items 4 and 3 on a phone (390 px) in Russian and Ukrainian: the organiser closes
the last round and the tournament shows finished, with "reopen" offered; the standings show
the loss limit's automatic card in the reader's language (it was an English sentence)."""

from __future__ import annotations

import os

import pytest

from tests.browser import CHROMIUM_ARGS, phone_page
from tests.factories import PlayerFactory, RoundFactory, TournamentFactory, UserFactory
from tournaments.discipline.models import Card
from tournaments.events.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "ru-RU": {"finished": "Окончен", "running": "Идёт", "card": "Превышен лимит проигрыша 100"},
    "uk-UA": {
        "finished": "Закінчено",
        "running": "Триває",
        "card": "Перевищено ліміт програшу 100",
    },
}


@pytest.mark.parametrize("locale", ["ru-RU", "uk-UA"])
def test_the_last_round_closed_finishes_the_tournament_on_a_phone(
    live_server, chromium_path, locale
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    words = WORDS[locale]
    organiser = UserFactory(username=f"org_{locale}")
    tournament = TournamentFactory(rounds=1, published=True, status="running", loss_limit=100)
    tournament.organisers.add(organiser)
    rnd = RoundFactory(tournament=tournament, number=1, status=Round.Status.OPEN)
    player = PlayerFactory(club=tournament.club, display_name="Вера")
    tournament.entries.create(player=player)
    # A card stored before its facts were (an English sentence): read in the page's language.
    Card.objects.create(
        tournament=tournament,
        player=player,
        kind="yellow",
        automatic=True,
        round=rnd,
        reason="Loss limit 100 passed (-119) in match 7.",
    )
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(browser, locale=locale, width=390, signed_in=(organiser, live_server))
            page.on("dialog", lambda dialog: dialog.accept())
            page.goto(f"{live_server.url}/tournaments/{tournament.pk}/matches/")
            expect(page.get_by_test_id("tournament-finish")).to_be_visible()
            page.locator("#round-1 form.inline button.danger").click()
            expect(page.get_by_test_id("tournament-reopen")).to_be_visible()
            header = page.locator("main p.muted").first
            expect(header).to_contain_text(words["finished"])
            expect(header).not_to_contain_text(words["running"])
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            page.goto(f"{live_server.url}/tournaments/{tournament.pk}/standings/")
            expect(page.locator("body")).to_contain_text(words["card"])
            expect(page.locator("body")).not_to_contain_text("Loss limit")
        finally:
            browser.close()
