"""On a 390 px phone, in Russian and Ukrainian (issue 33): the new organiser of club B finds
that B's «Іван Петренко» is club A's, previews the merge and proposes it; A's organiser sees
the request waiting on the home page and agrees; a visitor then goes from the home page to
the federation's leaderboard in one click and finds him once. No page scrolls sideways, and
axe-core finds no WCAG 2 A/AA rule broken on any of them."""

from __future__ import annotations

import os
from typing import Any

import pytest

from tests.browser import CHROMIUM_ARGS, axe_report, axe_violations, phone_page
from tests.factories import PlayerFactory
from tests.tournaments.people.helpers import finished_match, two_clubs
from tournaments.clubs.models import Player
from tournaments.federations.models import Federation, FederationClub
from tournaments.standings.ratings import ratings_recompute

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "ru": {
        "twin": "тот же человек? Объединить",
        "merge": "Объединить",
        "proposed": "Предложено",
        "waiting": "1 запрос ждёт вашего ответа",
        "deberc": "Деберц",
    },
    "uk": {
        "twin": "та сама людина? Об'єднати",
        "merge": "Об'єднати",
        "proposed": "Запропоновано",
        "waiting": "1 запит чекає на вашу відповідь",
        "deberc": "Деберц",
    },
}


def _fits(page: Any) -> None:
    """No sideways scrolling on the phone, and no WCAG 2 A/AA rule broken (axe-core)."""
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, (page.url, width)
    violations = axe_violations(page)
    assert not violations, f"{page.url}\n{axe_report(violations)}"


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_two_records_become_one_person_on_the_federations_leaderboard(
    live_server, chromium_path, language
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    words = WORDS[language]
    c = two_clubs()
    federation = Federation.objects.create(name="Ліга «Південь»")
    for club in (c.a, c.b):
        FederationClub.objects.create(federation=federation, club=club, joined_at=c.a.created_at)
    ivan_a = PlayerFactory(club=c.a, display_name="Іван Петренко")
    ivan_b = PlayerFactory(club=c.b, display_name="Іван Петренко")
    finished_match(c.ta, [ivan_a, PlayerFactory(club=c.a, display_name="Тарас")], ivan_a)
    finished_match(
        c.tb,
        [ivan_b, PlayerFactory(club=c.b, display_name="Вера"), PlayerFactory(club=c.b)],
        ivan_b,
    )
    ratings_recompute()
    phone = {"locale": language, "width": 390}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            b = phone_page(browser, **phone, signed_in=(c.ob, live_server))
            b.goto(f"{live_server.url}/clubs/{c.b.pk}/players/")
            _fits(b)
            b.get_by_test_id("merge-link").filter(has_text=words["twin"]).click()
            preview = b.get_by_test_id("merge-preview")
            expect(preview).to_contain_text("Кубок валета")
            expect(preview).to_contain_text("Вечер пули")
            _fits(b)
            b.get_by_test_id("merge-submit").click()
            expect(b.locator("body")).to_contain_text(words["proposed"])
            assert Player.objects.filter(pk=ivan_b.pk).exists()

            a = phone_page(browser, **phone, signed_in=(c.oa, live_server))
            a.goto(f"{live_server.url}/")
            a.get_by_role("link", name=words["waiting"]).click()
            _fits(a)
            a.get_by_test_id("merges-to-answer").get_by_role("button", name=words["merge"]).click()
            expect(a.get_by_test_id("merges-to-answer")).not_to_contain_text("Іван Петренко")
            assert not Player.objects.filter(pk=ivan_b.pk).exists()
            # The ratings are replayed after the merge (eagerly here).

            visitor = phone_page(browser, **phone)
            visitor.goto(f"{live_server.url}/")
            visitor.get_by_test_id("home-federations").get_by_role(
                "link", name=words["deberc"]
            ).click()
            board = visitor.get_by_test_id("leaderboard")
            expect(board).to_contain_text("Іван Петренко")
            expect(board.locator("tr", has_text="Іван Петренко")).to_have_count(1)
            expect(visitor.locator("h1")).to_contain_text("Ліга «Південь»")
            _fits(visitor)
            visitor.goto(f"{live_server.url}/federations/{federation.pk}/")
            expect(visitor.get_by_test_id("federation-tournaments")).to_contain_text("Вечер пули")
            _fits(visitor)
        finally:
            browser.close()
