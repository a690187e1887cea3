"""A thumb's targets (WCAG 2.2, 2.5.8 Target Size, AA: 24 × 24 px, or that much room around
a smaller one), judged by axe-core's `target-size` rule (its tag wcag22aa) on a 390 px phone
in Ukrainian: the club's roster (a player's link with "Merge with…" under it in the same
cell) and a tournament's tabs (wrapped into rows as an organiser sees them). Before, axe
found the roster's links (19 px high, stacked with no room between them) and the organiser's
"Pairing" tab on the Tables page, which lacked the tabs' styles."""

from __future__ import annotations

import os
from typing import Any

import pytest

from tests.browser import CHROMIUM_ARGS, axe_report, axe_violations, phone_page
from tests.factories import PlayerFactory, make_club_organiser, make_evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_roster_and_the_tabs_are_each_a_thumbs_target(
    live_server: Any, chromium_path: str
) -> None:
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    ev = make_evening()
    club = ev.tournament.club
    make_club_organiser(ev.organiser, club)  # the roster is the club organiser's page
    for name in ("Galyna Kravets", "Oleh Marchenko", "Petro Ivanenko"):
        PlayerFactory(club=club, display_name=name)
    t = ev.tournament.pk
    pages = [f"/clubs/{club.pk}/players/", f"/tournaments/{t}/matches/", f"/tournaments/{t}/"]
    found = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(
                browser, locale="uk-UA", width=390, signed_in=(ev.organiser, live_server)
            )
            for path in pages:
                response = page.goto(f"{live_server.url}{path}")
                assert response is not None and response.status == 200, path
                violations = axe_violations(page, tags=("wcag22aa",))
                if violations:
                    found[path] = axe_report(violations)
        finally:
            browser.close()
    assert found == {}, "\n\n".join(f"{path}\n{report}" for path, report in found.items())
