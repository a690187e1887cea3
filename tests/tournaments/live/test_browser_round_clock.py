"""In a browser: the round's clock counts down on the big screen and on the scorer's page,
and says time is up once it is."""

from __future__ import annotations

import os
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.browser import CHROMIUM_ARGS
from tests.factories import make_preferans_evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_clock_counts_down_and_says_time_is_up(live_server, chromium_path):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    ev = make_preferans_evening(conventions={"end": "closed"}, round_minutes=120)
    ev.round.ends_at = timezone.now() + timedelta(minutes=44, seconds=30)
    ev.round.save(update_fields=["ends_at"])
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(locale="uk-UA")
            page.goto(f"{live_server.url}/tournaments/{ev.tournament.pk}/screen/")
            expect(page.locator("[data-testid=round-clock] .countdown")).to_have_text(
                "(залишилось 45 хв)"
            )
            # Time is up: the big screen says so on its next poll, without a reload.
            ev.round.ends_at = timezone.now() - timedelta(seconds=1)
            ev.round.save(update_fields=["ends_at"])
            expect(page.locator("[data-testid=round-clock] .countdown")).to_contain_text(
                "час вийшов", timeout=20_000
            )
        finally:
            browser.close()
