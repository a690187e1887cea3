"""Issue 35, item 25, in Debian's chromium on a 390 px phone in Ukrainian: the ruling form
opens empty and will not go on without a deal, a violation and a violator; it then shows what
the ruling changes and records it only once confirmed; the same ruling again is refused until
the referee ticks that the violation happened again. No page scrolls sideways."""

from __future__ import annotations

import os

import pytest

from referee.models import Ruling
from scoring import services as scoring_services
from scoring.models import Match
from tests.browser import CHROMIUM_ARGS, phone_page
from tests.factories import UserFactory, make_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 390


def test_a_referee_checks_confirms_and_is_warned_of_a_duplicate(live_server, chromium_path):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    referee = UserFactory(username="ref35")
    match = make_match()
    match.tournament.referees.add(referee)
    anna, boris = [seat.player.display_name for seat in match.seats.order_by("position")]
    scoring_services.deal_submit(
        match=match,
        record={
            "trump": "H",
            "declarer": anna,
            "points": {anna: 80, boris: 60},
            "last_trick": anna,
        },
        user=referee,
        idempotency_key="steps-1",
        version=None,
    )
    url = f"{live_server.url}/referee/matches/{match.pk}/rule/"

    def fits(page) -> None:
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, page.url

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(
                browser, locale="uk-UA", width=WIDTH, signed_in=(referee, live_server)
            )
            page.goto(url)
            for name in ("deal", "kind", "violator"):
                expect(page.locator(f"select[name={name}]")).to_have_value("")
            expect(page.locator("select[name=kind] option:checked")).to_have_text("— оберіть —")
            fits(page)
            # Nothing chosen: the form does not go on (before: a renonce of the first player).
            page.get_by_test_id("record-ruling").click()
            expect(page.get_by_test_id("ruling-form")).to_be_visible()
            assert page.locator("select[name=deal]").evaluate("s => !s.checkValidity()")
            assert Ruling.objects.count() == 0

            page.select_option("select[name=deal]", "1")
            page.select_option("select[name=kind]", "renonce")
            page.select_option("select[name=violator]", anna)
            page.get_by_test_id("record-ruling").click()
            step = page.get_by_test_id("ruling-confirm")
            expect(step).to_contain_text("Перевірте рішення перед записом")
            effect = page.get_by_test_id("ruling-effect")
            expect(effect.locator("tbody tr").nth(0)).to_contain_text("90")
            expect(effect.locator("tbody tr").nth(1)).to_contain_text("162")
            fits(page)
            assert Ruling.objects.count() == 0  # nothing recorded yet
            step.get_by_test_id("confirm-ruling").click()
            page.wait_for_url(f"**/referee/tournaments/{match.tournament_id}/rulings/")
            expect(page.get_by_test_id("ruling").first).to_contain_text(anna)
            assert Match.objects.get(pk=match.pk).result["match"] == {anna: 0, boris: 162}

            # The same ruling again: named, refused unless it happened again.
            page.goto(url)
            page.select_option("select[name=deal]", "1")
            page.select_option("select[name=kind]", "renonce")
            page.select_option("select[name=violator]", anna)
            page.get_by_test_id("record-ruling").click()
            expect(page.get_by_test_id("ruling-duplicate")).to_contain_text(
                "Таке саме рішення вже діє"
            )
            fits(page)
            page.get_by_test_id("confirm-ruling").click()
            expect(page.get_by_test_id("ruling-errors")).to_contain_text("Таке саме рішення")
            assert Ruling.objects.count() == 1
            page.get_by_test_id("ruling-repeat").check()
            page.get_by_test_id("confirm-ruling").click()
            page.wait_for_url(f"**/referee/tournaments/{match.tournament_id}/rulings/")
            expect(page.get_by_test_id("ruling")).to_have_count(2)
        finally:
            browser.close()
