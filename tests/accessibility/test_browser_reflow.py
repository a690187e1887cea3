"""WCAG 1.4.10 Reflow: at 320 CSS px (a small phone, or a larger one zoomed in) a page never
scrolls sideways; only a wide table scrolls, in its own box. The site's other phone tests
measure at 360 px. At 320 px three pages scrolled sideways, in Russian and Ukrainian:

- the organiser's Tables page (390 px): each table's scorer field has a visually hidden
  label (`position: absolute`), which leaked past the table's scroll box to the page;
- the referee's cards page in Russian (341 px): "Предупреждения", one word of its heading,
  is wider than the phone at the heading's size;
- the leaderboard (325 px): the federation select as wide as the federation's longest name."""

from __future__ import annotations

import os
from typing import Any

import pytest

from tests.browser import CHROMIUM_ARGS, phone_page
from tests.factories import make_evening
from tournaments.federations.models import Federation, FederationClub

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What sticks out past the page's right edge: its tag, class and right edge (px).
STICKING_OUT = """(width) => [...document.querySelectorAll("body *")]
    .filter((e) => e.getBoundingClientRect().right > width + 0.5 && !e.closest(".table-scroll"))
    .slice(0, 5)
    .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)"""


@pytest.mark.parametrize("locale", ["ru-RU", "uk-UA"])
def test_the_pages_fit_a_320_px_phone(live_server: Any, chromium_path: str, locale: str) -> None:
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    ev = make_evening()
    federation = Federation.objects.create(name="Ліга деберцу і преферансу «Південь»")
    FederationClub.objects.create(
        federation=federation, club=ev.tournament.club, joined_at=ev.tournament.club.created_at
    )
    t = ev.tournament.pk
    pages = {
        ev.organiser: [f"/tournaments/{t}/matches/", f"/referee/tournaments/{t}/cards/"],
        None: ["/leaderboard/", f"/tournaments/{t}/", "/referee/", "/rules/"],
    }
    widths = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            for user, paths in pages.items():
                signed_in = (user, live_server) if user is not None else None
                page = phone_page(browser, locale=locale, width=320, signed_in=signed_in)
                for path in paths:
                    response = page.goto(f"{live_server.url}{path}")
                    assert response is not None and response.status == 200, path
                    width = page.evaluate("document.documentElement.scrollWidth")
                    if width > 320:
                        widths[path] = (width, page.evaluate(STICKING_OUT, 320))
                page.context.close()
        finally:
            browser.close()
    assert widths == {}
