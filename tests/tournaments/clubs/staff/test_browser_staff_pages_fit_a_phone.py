"""In a browser on a small phone (360 px): the tournament's staff and the club's members,
which an organiser opens at the table, never scroll sideways; their tables scroll in their
own box, as every other table of the site does (the staff page used to be 405 px wide)."""

from __future__ import annotations

import os

import pytest

from tests.browser import CHROMIUM_ARGS, phone_page
from tests.factories import make_evening
from tournaments.clubs.models import ClubMember

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("locale", ["ru-RU", "uk-UA"])
def test_the_staff_and_members_pages_fit_a_small_phone(live_server, chromium_path, locale):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    night = make_evening()
    club = night.tournament.club
    ClubMember.objects.create(club=club, user=night.organiser, role="organiser")
    for role in ("referee", "scorer", "other_scorer"):
        ClubMember.objects.create(club=club, user=night.users[role], role="member")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(
                browser, locale=locale, width=360, signed_in=(night.organiser, live_server)
            )
            widths = {}
            for path in (
                f"/tournaments/{night.tournament.pk}/staff/",
                f"/clubs/{club.pk}/members/",
            ):
                assert page.goto(f"{live_server.url}{path}").status == 200
                assert page.locator("table tbody tr").count() >= 3
                widths[path] = page.evaluate("document.documentElement.scrollWidth")
            assert set(widths.values()) == {360}, widths
        finally:
            browser.close()
