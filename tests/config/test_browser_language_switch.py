"""Issue 35, item 29 (WCAG 3.2.2, on input): the language switch is chosen, then confirmed.
Its select used to send its form on the change event, so a keyboard user moving through the
languages with an arrow key was taken to another language at the first press. Now an arrow
key only chooses; the "Apply" button switches, and keeps the page."""

from __future__ import annotations

import os

import pytest

from tests.browser import CHROMIUM_ARGS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_arrow_key_only_chooses_the_language_and_the_button_switches(live_server, chromium_path):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(locale="ru-RU", viewport={"width": 1024, "height": 700})
            navigations: list[str] = []
            page.on("framenavigated", lambda frame: navigations.append(frame.url))
            page.goto(f"{live_server.url}/rules/")
            expect(page.locator("html")).to_have_attribute("lang", "ru")
            navigations.clear()

            select = page.get_by_role("combobox", name="Язык")
            select.focus()
            page.keyboard.press("ArrowDown")  # Русский → Українська
            assert select.input_value() == "uk"
            page.wait_for_timeout(1500)
            assert navigations == []
            expect(page.locator("html")).to_have_attribute("lang", "ru")

            # Confirmed with the button: the same page, in the language chosen.
            page.get_by_role("button", name="Применить").click()
            expect(page.locator("html")).to_have_attribute("lang", "uk")
            assert page.url == f"{live_server.url}/rules/"
            expect(page.get_by_role("button", name="Застосувати")).to_be_visible()
            expect(page.get_by_role("combobox", name="Мова")).to_have_value("uk")
        finally:
            browser.close()
