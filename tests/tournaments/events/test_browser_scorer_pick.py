"""Issue 35, item 19, in a browser on a small phone (360 px, in Ukrainian): the organiser gives
a table to a member of the club who is not among its likely scorers by typing the name in the
table's field (the page's one list of names suggests it) and saving; a name nobody has is
refused at its field, which the page shown again focuses, and nothing changes. The page does
not scroll sideways and axe finds nothing of the WCAG broken."""

from __future__ import annotations

import os
import re

import pytest

from tests.browser import CHROMIUM_ARGS, axe_violations, phone_page
from tests.factories import PlayerFactory, UserFactory, make_evening
from tournaments.events.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organiser_picks_a_scorer_by_name_on_a_phone(live_server, chromium_path):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    night = make_evening()
    club = night.tournament.club
    members = [
        PlayerFactory(
            club=club, display_name=f"Член {n:02d}", user=UserFactory(username=f"m{n:02d}")
        )
        for n in range(40)
    ]
    url = f"{live_server.url}/tournaments/{night.tournament.pk}/matches/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(
                browser, locale="uk-UA", width=360, signed_in=(night.organiser, live_server)
            )
            assert page.goto(url).status == 200
            assert page.evaluate("document.documentElement.scrollWidth") == 360
            assert axe_violations(page) == []
            # One list of names for the page; the table's select offers none of them.
            expect(page.locator("datalist#scorer-candidates option")).to_have_count(
                len(members) + 5  # the evening's people, not its stranger
            )
            options = page.locator(f"select[name$='-table_{night.other_table.pk}'] option")
            expect(options).not_to_contain_text(["Член 07 (m07)"])

            page.get_by_label("Інший рахівник столу 2").fill("m07")
            page.locator("form[action$='/rounds/1/scorers/'] button[type=submit]").click()
            expect(page.locator(".messages")).to_contain_text("Рахівників призначено")
            assert Table.objects.get(pk=night.other_table.pk).scorer == members[7].user
            # Now its scorer, the table's select shows them.
            chosen = page.locator(f"select[name$='-table_{night.other_table.pk}']")
            expect(chosen).to_have_value(str(members[7].user.pk))

            field = page.get_by_label("Інший рахівник столу 1")
            field.fill("nobody such")
            with page.expect_response(re.compile(r"/scorers/$")) as answer:
                page.locator("form[action$='/rounds/1/scorers/'] button[type=submit]").click()
            assert answer.value.status == 400
            refusal = page.locator("[data-code=unknown_scorer]")
            expect(refusal).to_contain_text("Ніхто з таким ім'ям")
            expect(field).to_have_value("nobody such")
            expect(field).to_be_focused()
            expect(field).to_have_attribute("aria-invalid", "true")
            assert Table.objects.get(pk=night.table.pk).scorer == night.scorer
            assert page.evaluate("document.documentElement.scrollWidth") == 360
        finally:
            browser.close()
