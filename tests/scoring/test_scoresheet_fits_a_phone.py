"""The scorer's scoresheet on a 390 px phone (Debian's chromium through Playwright): a table of
four players with long names (one without a place to break it) and a dozen deals never widens
the page; the table scrolls inside its own box, and its last column (the correction pencil)
can be scrolled into view there."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from scoring import services
from scoring.games.deberc.engine.simulate import random_match
from tests.browser import CHROMIUM_ARGS
from tests.factories import PlayerFactory, TableFactory, make_evening, make_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
# Long names, one without a place to break it.
NAMES = [
    "Александра Константинопольская",
    "Вʼячеслав Новохатський-Залізняк",
    "Oberschleißheimerstraßenbahn",
    "Анастасия Преображенская",
]
DEALS = 12

GEOMETRY = """() => {
    const table = document.querySelector('table[data-testid="deals"]');
    const scrolls = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    let box = table.parentElement;
    while (box && !scrolls(box)) { box = box.parentElement; }
    const root = document.scrollingElement;
    const cells = table.querySelectorAll('thead th');
    const last = cells[cells.length - 1];
    const rect = (el) => {
        const r = el.getBoundingClientRect();
        return {left: r.left, right: r.right};
    };
    const pencil = table.querySelector('tbody tr td:last-child a[data-testid^="edit-"]');
    const before = {box: rect(box), last: rect(last), scrollWidth: box.scrollWidth};
    box.scrollLeft = box.scrollWidth;
    return {
        documentWidth: root.scrollWidth,
        viewport: window.innerWidth,
        boxIsTheTablesOwn: box.contains(table) && box !== root && box !== document.body,
        before: before,
        box: rect(box),
        last: rect(last),
        // The links' column: its head is said to a screen reader only (issue 35).
        lastIsThePencil: last.querySelector('.visually-hidden') !== null
            && last.textContent.trim() === last.querySelector('.visually-hidden').textContent.trim()
            && pencil !== null,
    };
}"""


@pytest.fixture
def wide_sheet(settings: Any) -> Any:
    """A 4-player table (long names) of the scorer's evening with a dozen deals entered."""
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    ev = make_evening()
    table = TableFactory(round=ev.round, number=3, scorer=ev.scorer)
    players = [PlayerFactory(club=ev.tournament.club, display_name=name) for name in NAMES]
    # A long match, so that it is still in play after a dozen deals.
    conventions = {**ev.tournament.conventions, "target": 3001}
    record = random_match(
        random.Random(390),
        NAMES,
        ruleset=ev.tournament.ruleset,
        conventions=conventions,
        card_by_card=False,
        max_deals=DEALS,
        void_rate=0,
    )
    assert len(record["deals"]) == DEALS
    match = make_match(
        players=players,
        table=table,
        first_dealer_seat=NAMES.index(record["first_dealer"]),
        conventions=conventions,
    )
    for deal in record["deals"]:
        services.deal_submit(
            match=match, record=deal, user=ev.scorer, idempotency_key=None, version=None
        )
    ev.wide_match = match
    return ev


def test_the_scoresheet_scrolls_inside_its_box_on_a_390px_phone(
    live_server: Any, chromium_path: str, wide_sheet: Any
) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, is_mobile=True)
        page = context.new_page()
        try:
            page.goto(f"{live_server.url}/accounts/login/")
            page.get_by_label("Username").fill(wide_sheet.scorer.username)
            page.get_by_label("Password").fill("demo")
            page.get_by_role("button", name="Sign in").click()
            expect(page.get_by_role("link", name="Deberc Desk")).to_be_visible()
            page.goto(f"{live_server.url}/matches/{wide_sheet.wide_match.pk}/")
            expect(page.get_by_test_id("deals").locator("tbody tr")).to_have_count(DEALS)
            shots = os.environ.get("DEBERC_SCREENSHOTS")
            if shots:
                page.get_by_test_id("deals").scroll_into_view_if_needed()
                page.screenshot(path=os.path.join(shots, "scoresheet-390.png"))
            geometry = page.evaluate(GEOMETRY)
            if shots:
                page.screenshot(path=os.path.join(shots, "scoresheet-390-scrolled.png"))
        finally:
            browser.close()

    # The page itself is never wider than the phone.
    assert geometry["viewport"] == PHONE["width"]
    assert geometry["documentWidth"] <= PHONE["width"], geometry
    # The table scrolls inside its own box, which stays on the screen ...
    assert geometry["boxIsTheTablesOwn"], geometry
    assert geometry["box"]["left"] >= 0, geometry
    assert geometry["box"]["right"] <= PHONE["width"], geometry
    # ... and scrolled to its end, the last column (the pencil) is whole inside that box.
    assert geometry["lastIsThePencil"], geometry
    assert geometry["last"]["left"] >= geometry["box"]["left"] - 0.5, geometry
    assert geometry["last"]["right"] <= geometry["box"]["right"] + 0.5, geometry
