"""The scorer's pages on a phone (chromium, 360×740) in Russian and Ukrainian, for what a new
user ran into (issue 18):

- a refused correction of a Deberc deal comes back with every field as sent and its error on
  the screen (not below the fold), its field focused;
- the scorer's "time is up: close the table" shows only once time is up, and a closed round's
  clock says the round is closed instead of counting minutes;
- the home page names both games."""

from __future__ import annotations

import os
from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.utils import timezone

from scoring import services as scoring_services
from tests.browser import CHROMIUM_ARGS
from tests.factories import DEAL_MADE, make_evening, make_preferans_evening
from tournaments.events.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}

WORDS = {
    "ru-RU": {
        "left": "(осталось 119 мин)",
        "closed": "Тур закрыт: его часы остановлены.",
        "minutes": "мин",
        "games": ("Деберц", "Преферанс"),
    },
    "uk-UA": {
        "left": "(залишилось 119 хв)",
        "closed": "Тур закрито: його годинник зупинено.",
        "minutes": "хв",
        "games": ("Деберц", "Преферанс"),
    },
}


def _phone(p, chromium_path, live_server, user, locale):
    """A phone in `locale`, signed in as `user` when one is given."""
    browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
    context = browser.new_context(viewport=PHONE, is_mobile=True, locale=locale)
    if user is not None:
        client = Client()
        client.force_login(user)
        name = django_settings.SESSION_COOKIE_NAME
        context.add_cookies(
            [{"name": name, "value": client.cookies[name].value, "url": live_server.url}]
        )
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    return browser, page


def _in_view(page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


@pytest.mark.parametrize("locale", ["ru-RU", "uk-UA"])
def test_a_refused_deberc_correction_shows_its_error_on_the_phone(
    live_server, chromium_path, locale
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    ev = make_evening()
    scoring_services.deal_submit(
        match=ev.match, record=DEAL_MADE, user=ev.scorer, idempotency_key=None, version=None
    )
    with sync_playwright() as p:
        browser, page = _phone(p, chromium_path, live_server, ev.scorer, locale)
        try:
            page.goto(f"{live_server.url}/matches/{ev.match.pk}/deals/1/edit/")
            expect(page.get_by_test_id("points-0")).to_have_value("40")
            # More card points than the deck holds: refused by the engine.
            page.get_by_test_id("points-0").fill("150")
            page.get_by_test_id("reason").fill("typo")
            page.get_by_test_id("save-correction").click()
            error = page.locator(".field-errors").first
            expect(error).to_be_visible()
            assert _in_view(page, error), error.bounding_box()
            focused = page.evaluate("document.activeElement && document.activeElement.name")
            assert focused, "the error's field has the focus"
            # Every field as it was sent.
            expect(page.get_by_test_id("trump-S")).to_be_checked()
            expect(page.get_by_test_id("declarer-1")).to_be_checked()
            expect(page.get_by_test_id("points-0")).to_have_value("150")
            expect(page.get_by_test_id("points-1")).to_have_value("90")
            expect(page.get_by_test_id("last-trick-1")).to_be_checked()
            expect(page.get_by_test_id("reason")).to_have_value("typo")
        finally:
            browser.close()
    assert ev.match.deals.get(number=1).record["points"] == DEAL_MADE["points"]


@pytest.mark.parametrize("locale", ["ru-RU", "uk-UA"])
def test_the_close_button_waits_for_time_and_a_closed_round_stops_its_clock(
    live_server, chromium_path, locale
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    words = WORDS[locale]
    ev = make_preferans_evening(conventions={"end": "closed"}, round_minutes=120)
    ev.round.ends_at = timezone.now() + timedelta(minutes=118, seconds=30)
    ev.round.save(update_fields=["ends_at"])
    url = f"{live_server.url}/matches/{ev.match.pk}/"
    with sync_playwright() as p:
        browser, page = _phone(p, chromium_path, live_server, ev.scorer, locale)
        try:
            page.goto(url)
            clock = page.get_by_test_id("round-clock")
            expect(clock.locator(".countdown")).to_have_text(words["left"])
            expect(page.get_by_test_id("close-table")).to_be_hidden()
            # Time is up: the button is there.
            ev.round.ends_at = timezone.now() - timedelta(minutes=1)
            ev.round.save(update_fields=["ends_at"])
            page.goto(url)
            expect(page.get_by_test_id("close-table")).to_be_visible()
            # The organiser closes the round before its clock ran out: no minutes are left.
            ev.round.ends_at = timezone.now() + timedelta(minutes=109)
            ev.round.status = Round.Status.CLOSED
            ev.round.save(update_fields=["ends_at", "status"])
            page.goto(url)
            expect(clock).to_contain_text(words["closed"])
            expect(clock).not_to_contain_text(words["minutes"])
            # The home page names both games.
            page.goto(f"{live_server.url}/")
            for name in words["games"]:
                expect(page.get_by_test_id("tagline")).to_contain_text(name)
        finally:
            browser.close()
