"""Issue 35, items 26, 27 and 30, on a Preferans scorer's page in Russian: each defender's
"вист / пас" is a group named by the player (three identical groups said nothing of whose
they were); a forgotten whist is marked at that defender's group and names its error; a saved
deal is said by the page's status region; the games are named ("6 пики"), not only drawn
("6♠"), in the form and on the sheet."""

from __future__ import annotations

import os

import pytest

from tests.browser import CHROMIUM_ARGS, phone_page

from .conftest import make_pulka

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_whists_say_whose_they_are_and_a_refusal_is_said(live_server, chromium_path):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    t = make_pulka(3)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(browser, locale="ru-RU", width=390, signed_in=(t.scorer, live_server))
            page.goto(f"{live_server.url}/matches/{t.match.pk}/")

            # The games are named for a screen reader: "6 пики", "10 без козыря".
            expect(page.get_by_role("radio", name="6 пики", exact=True)).to_have_count(1)
            page.get_by_role("radio", name="6 пики", exact=True).check()
            page.get_by_test_id("declarer-1").check()  # Boris plays; Anna and Vera defend

            # Each defender's choices are a group named by the player.
            for seat, name in ((0, "Anna"), (2, "Vera")):
                group = page.get_by_role("radiogroup", name=name, exact=True)
                expect(group).to_have_count(1)
                expect(group.get_by_role("radio", name="вист", exact=True)).to_have_count(1)
                expect(group.get_by_role("radio", name="пас", exact=True)).to_have_count(1)
                assert group.get_by_role("radio").first.get_attribute("name") == f"whist_{seat}"

            # Saved without the whists: refused, said, and marked at each defender's group.
            page.get_by_test_id("save-deal").click()
            summary = page.get_by_test_id("errors-summary")
            expect(summary).to_have_attribute("role", "alert")
            expect(summary).to_have_text("Не записано: исправьте отмеченные поля ниже.")
            vera = page.get_by_role("radiogroup", name="Vera", exact=True)
            whist = vera.get_by_role("radio", name="вист", exact=True)
            expect(whist).to_have_attribute("aria-invalid", "true")
            described = whist.get_attribute("aria-describedby") or ""
            assert "deal-error-whist-2" in described.split()
            expect(page.locator("#deal-error-whist-2")).to_have_text(
                page.get_by_test_id("error-whist-2").inner_text()
            )
            assert page.get_by_test_id("error-whist-2").inner_text().strip()
            # The focus is on the first refused group (Anna's), not on <body>.
            assert page.evaluate("document.activeElement.name") == "whist_0"

            # Whisted and saved: said by the status region; the sheet names the game.
            page.get_by_test_id("whist-2-whist").check()
            page.get_by_test_id("whist-0-pass").check()
            page.get_by_test_id("tricks-1").fill("6")
            page.get_by_test_id("tricks-2").fill("3")
            page.get_by_test_id("save-deal").click()
            expect(page.get_by_test_id("announce")).to_have_text("Сдача 1 записана.")
            assert page.evaluate("document.activeElement.dataset.testid") == "form-heading"
            row = page.get_by_test_id("deal-row-1")
            expect(row.locator(".pf-contract .visually-hidden")).to_have_text("6 пики")
            expect(row.locator(".pf-contract [aria-hidden=true]")).to_have_text("6♠")
            expect(page.get_by_role("link", name="Исправить сдачу 1")).to_have_count(1)
        finally:
            browser.close()
