"""The scorer's action bar ("Save deal") stays on the phone screen's bottom edge. Moving
through the deal's fields with the keyboard (a phone's Bluetooth keyboard, a switch, a
screen reader's focus) scrolls each field into view: it must land above the bar, never
under it (WCAG 2.2, 2.4.11 Focus Not Obscured). Before, the browser put a field at the
screen's bottom edge, under the bar: the declarer's names on a Deberc table and a contract
on a Preferans one, for instance; on the correction page too. In Ukrainian on a 320 px phone
the bar wraps to two rows."""

from __future__ import annotations

import os
from typing import Any

import pytest

from scoring import services
from scoring.models import Match
from tests.browser import CHROMIUM_ARGS, phone_page
from tests.factories import DEAL_HANGING, make_evening, make_preferans_evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The focused control and how much of it the action bar covers (px), or None when the focus
# is not on one of the form's own controls (the bar's buttons, the page's links, <body>).
COVERED = """() => {
    const field = document.activeElement;
    const bar = document.querySelector(".actions");
    const form = document.querySelector("form.deal-form");
    if (!field || !bar || !form || !form.contains(field) || bar.contains(field)) return null;
    const box = field.getBoundingClientRect();
    const edge = bar.getBoundingClientRect();
    const covered = Math.min(box.bottom, edge.bottom) - Math.max(box.top, edge.top);
    return [field.dataset.testid || field.name, Math.max(0, Math.round(covered))];
}"""


def _assert_padded(page: Any) -> None:
    """The page's scroll padding is at least the bar's own height (two rows in Ukrainian at
    320 px)."""
    bar = page.evaluate(
        "Math.ceil(document.querySelector('.actions').getBoundingClientRect().height)"
    )
    padding = page.evaluate("getComputedStyle(document.documentElement).scrollPaddingBottom")
    assert bar > 40 and float(padding.removesuffix("px")) >= bar


def _tab_through(page: Any, presses: int = 90) -> tuple[int, list[tuple[str, int]]]:
    """Tab through the page from its top: how many of the form's controls took the focus,
    and those the bar covered."""
    reached = 0
    covered: list[tuple[str, int]] = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        found = page.evaluate(COVERED)
        if found is None:
            continue
        reached += 1
        if found[1] > 0:
            covered.append((found[0], found[1]))
    return reached, covered


@pytest.mark.parametrize(
    ("game", "locale", "width"),
    [("deberc", "ru-RU", 390), ("deberc", "uk-UA", 320), ("preferans", "ru-RU", 390)],
)
def test_no_field_the_keyboard_reaches_is_under_the_save_bar(
    live_server: Any, chromium_path: str, game: str, locale: str, width: int
) -> None:
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    ev = make_evening() if game == "deberc" else make_preferans_evening()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(
                browser, locale=locale, width=width, height=640, signed_in=(ev.scorer, live_server)
            )
            page.goto(f"{live_server.url}/matches/{ev.match.pk}/")
            reached, covered = _tab_through(page)
            assert reached >= 8, "the keyboard should reach the deal's fields"
            assert covered == []
            _assert_padded(page)
            # Saved with nothing chosen: the sheet comes back with its errors (an htmx swap,
            # a new bar), and the padding follows the new bar, not the one taken away.
            page.evaluate("document.querySelector('.actions').dataset.taken = 'yes'")
            page.get_by_test_id("save-deal").click()
            expect(page.get_by_test_id("errors-summary")).to_be_visible()
            assert page.evaluate("document.querySelector('.actions').dataset.taken") is None
            page.wait_for_timeout(300)  # the old bar's last resize would come within a frame
            _assert_padded(page)
            page.locator("h1").first.click()
            _reached, covered = _tab_through(page)
            assert covered == []
        finally:
            browser.close()


def test_the_correction_page_keeps_its_fields_above_its_bar(
    live_server: Any, chromium_path: str
) -> None:
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    ev = make_evening()
    services.deal_submit(
        match=Match.objects.get(pk=ev.match.pk),
        record=DEAL_HANGING,
        user=ev.scorer,
        idempotency_key=None,
        version=None,
    )
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(
                browser, locale="uk-UA", width=320, height=640, signed_in=(ev.scorer, live_server)
            )
            page.goto(f"{live_server.url}/matches/{ev.match.pk}/deals/1/edit/")
            reached, covered = _tab_through(page)
            assert reached >= 8 and covered == []
            _assert_padded(page)
        finally:
            browser.close()
