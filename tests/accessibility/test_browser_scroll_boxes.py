"""A table wider than a phone scrolls sideways in its own box; the keyboard must be able to
scroll it too (WCAG 2.1.1). axe-core found the team standings' box on a 390 px phone
(`scrollable-region-focusable`): a table of names and numbers, no link in it, so nothing in
it ever took the focus and the arrow keys could not reach its right-hand columns. Now a box
that scrolls takes the focus, as a region named after its table (static/js/site.js); a box
that fits stays out of the Tab order."""

from __future__ import annotations

import os
from typing import Any

import pytest

from tests.browser import CHROMIUM_ARGS, axe_report, axe_violations, phone_page
from tests.tournaments.live.bigscreen_events import paired_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS_BOX = "section.team-standings > .table-scroll"


@pytest.mark.parametrize("locale", ["uk-UA", "ru-RU"])
def test_the_team_standings_box_scrolls_from_the_keyboard(
    live_server: Any, chromium_path: str, locale: str
) -> None:
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    tournament, _teams = paired_event("teams")
    url = f"{live_server.url}/tournaments/{tournament.pk}/standings/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(browser, locale=locale, width=320)
            page.goto(url)
            box = page.locator(TEAMS_BOX)
            assert box.evaluate("b => b.scrollWidth > b.clientWidth"), "the box should scroll"
            expect(box).to_have_attribute("tabindex", "0")
            expect(box).to_have_attribute("role", "region")
            heading = page.locator("section.team-standings > h3").first.inner_text()
            expect(box).to_have_attribute("aria-label", heading)
            violations = axe_violations(page)
            assert violations == [], axe_report(violations)

            # The Tab key reaches it, and the arrow keys scroll it.
            for _ in range(40):
                page.keyboard.press("Tab")
                if box.evaluate("b => b === document.activeElement"):
                    break
            else:
                pytest.fail("Tab never reached the team standings' box")
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowRight")
            page.wait_for_function(
                "sel => document.querySelector(sel).scrollLeft > 0", arg=TEAMS_BOX
            )

            # On a wide screen it fits, and is no Tab stop.
            page.set_viewport_size({"width": 1280, "height": 800})
            expect(box).not_to_have_attribute("tabindex", "0")
            assert box.get_attribute("role") is None
            page.context.close()
        finally:
            browser.close()
