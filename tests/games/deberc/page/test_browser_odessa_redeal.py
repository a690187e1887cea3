"""Issue 35, item 1: on an Odessa table the redeal for a hand below 2 points is recorded from
the scorer's phone (390 px) in Russian and Ukrainian, on a normal and on a forced deal. Before:
the only way offered was "void deal (all passed)", which Odessa refuses (the dealer must name
a trump), so the page asked "everybody passed?" and then said "this must be filled in" under
the trump, with or without a trump chosen."""

from __future__ import annotations

import os

import pytest

from scoring import services as scoring_services
from scoring.models import Match
from tests.browser import CHROMIUM_ARGS, phone_page
from tests.factories import DEAL_HANGING, make_evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("locale", ["ru-RU", "uk-UA"])
def test_the_scorer_records_odessas_redeal_on_a_phone(live_server, chromium_path, locale):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    ev = make_evening()
    Match.objects.filter(pk=ev.match.pk).update(ruleset="odessa", conventions={})
    match = Match.objects.get(pk=ev.match.pk)
    # Deal 1 hangs: deal 2 is Anna's forced deal (висяк), deal 3 a normal one.
    scoring_services.deal_submit(
        match=match, record=DEAL_HANGING, user=ev.scorer, idempotency_key=None, version=None
    )
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(browser, locale=locale, width=390, signed_in=(ev.scorer, live_server))
            page.on("dialog", lambda dialog: dialog.accept())
            assert page.goto(f"{live_server.url}/matches/{match.pk}/").status == 200
            for rows in (2, 3):  # the forced deal, then a normal one
                form = page.locator("form.deal-form")
                # Nobody passes at an Odessa table: no void deal is offered to fail.
                expect(form.get_by_test_id("void-deal")).to_have_count(0)
                form.get_by_test_id("trump-S").check()  # a trump chosen or not: no matter
                form.locator("details", has=page.get_by_test_id("low-points")).locator(
                    "summary"
                ).click()
                form.get_by_test_id("low-points").select_option("1")
                form.get_by_test_id("record-redeal").click()
                expect(page.locator("table.deals tbody tr")).to_have_count(rows)
                expect(page.locator(".field-errors")).to_have_count(0)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
        finally:
            browser.close()
    outcomes = [deal["outcome"] for deal in Match.objects.get(pk=match.pk).result["deals"]]
    assert outcomes[1:] == ["void", "void"]
    assert list(match.deals.order_by("number").values_list("record", flat=True))[1:] == [
        {"low_points": "Boris"},
        {"low_points": "Boris"},
    ]
