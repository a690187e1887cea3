"""In a browser on a small phone (360 px): the rulebook, a long-named article and the
referee's tools never scroll sideways, in Russian and in Ukrainian, and every card grid shows
its eight ranks, the ace's column included, without scrolling inside its box. Before: an
article's id (preferans_conventions.allpass_progression_limit) widened the rulebook to 495 px
and the article to 478 px, and each grid's box was held at its content's width (a fieldset's
default), so the page scrolled by a few pixels, then its aces hid once the box could scroll."""

from __future__ import annotations

import os

import pytest

from tests.browser import CHROMIUM_ARGS, phone_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = (
    "/rules/",
    "/rules/preferans_conventions.allpass_progression_limit/",
    "/referee/",
    "/referee/legal-cards/",
    "/referee/combinations/",
    "/referee/check-deal/",
    "/referee/check-closing/",
    "/referee/preferans/score-deal/",
    "/referee/preferans/settle/",
)


@pytest.mark.parametrize("locale", ["ru-RU", "uk-UA"])
def test_the_referees_pages_fit_a_small_phone(live_server, chromium_path, locale):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(browser, locale=locale, width=360)
            widths, hidden, grids = {}, {}, 0
            for path in PAGES:
                assert page.goto(f"{live_server.url}{path}").status == 200
                widths[path] = page.evaluate("document.documentElement.scrollWidth")
                boxes = page.locator("fieldset.grid-field")
                grids += boxes.count()
                cut = boxes.evaluate_all("fs => fs.map(f => f.scrollWidth - f.clientWidth)")
                if any(cut):
                    hidden[path] = cut
            assert widths == dict.fromkeys(PAGES, 360)
            assert hidden == {}
            assert grids >= 20  # the Deberc tools' grids were there to be measured
        finally:
            browser.close()
