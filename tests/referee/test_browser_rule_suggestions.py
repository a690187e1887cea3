"""In a browser, on a phone (390 px) and a wide screen (1920 px): typing a slang word the
rulebook does not know ("рыба") into the rulebook's search box shows, as it is typed, that the
rulebook has no such word and the articles to try instead, each a link, on a page that never
scrolls sideways; the editors' list keeps the word once, not the letters typed on the way
(issue 35, item 22)."""

from __future__ import annotations

import os

import pytest

from referee.models import SearchMiss
from tests.browser import CHROMIUM_ARGS, phone_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SAID = {"ru-RU": "В правилах нет «рыба»", "uk-UA": "У правилах немає «рыба»"}


@pytest.mark.parametrize(("width", "locale"), [(390, "ru-RU"), (1920, "uk-UA")])
def test_typing_an_unknown_word_shows_the_articles_to_try(
    live_server, chromium_path, width, locale
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(browser, locale=locale, width=width, height=900)
            assert page.goto(f"{live_server.url}/rules/").status == 200
            # Typed letter by letter, slower than the box's 250 ms pause at the end only.
            page.get_by_test_id("rule-search").press_sequentially("рыба", delay=400)
            # The answer to the whole word (the letters' answers come and go on the way).
            page.wait_for_function(
                "() => (document.querySelector('[data-testid=rule-suggested-note]') || {})"
                ".innerText?.includes('«рыба»')"
            )
            note = page.get_by_test_id("rule-suggested-note").inner_text()
            links = page.get_by_test_id("rule-suggestion")
            count = links.count()
            first = links.first.get_attribute("href")
            visible = links.first.is_visible()
            scroll = page.evaluate("document.documentElement.scrollWidth")
            page.goto(f"{live_server.url}{first}")
            opened = page.locator("h1").inner_text()
        finally:
            browser.close()
    assert SAID[locale] in note
    assert count == 5 and visible
    assert first == "/rules/scoring.hanging_byte/"
    assert opened  # the suggestion opens its article
    assert scroll == width
    assert [(m.query, m.lang, m.count) for m in SearchMiss.objects.all()] == [
        ("рыба", locale[:2], 1)
    ]
