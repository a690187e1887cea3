"""On a 390 px phone in Russian, the referee called to a table gives a card from the table's
scorer page (issue 35, item 12): "Дать карточку" opens the cards form offering that table's
players only, and the card is given; the ⚖ beside a deal opens the ruling form on that deal.
The table's scorer sees neither."""

from __future__ import annotations

import os

import pytest

from scoring import services as scoring_services
from tests.browser import CHROMIUM_ARGS, phone_page
from tests.factories import DEAL_MADE, make_evening
from tournaments.discipline.models import Card

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"locale": "ru-RU", "width": 390}


def test_the_referee_gives_a_card_from_the_tables_page(live_server, chromium_path):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    ev = make_evening()
    for _ in range(2):
        scoring_services.deal_submit(
            match=type(ev.match).objects.get(pk=ev.match.pk),
            record=DEAL_MADE,
            user=ev.scorer,
            idempotency_key=None,
            version=None,
        )
    url = f"{live_server.url}/matches/{ev.match.pk}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            scorer = phone_page(browser, **PHONE, signed_in=(ev.scorer, live_server))
            scorer.goto(url)
            expect(scorer.get_by_test_id("save-deal")).to_be_visible()
            expect(scorer.get_by_test_id("give-card")).to_have_count(0)
            expect(scorer.get_by_test_id("rule-1")).to_have_count(0)

            page = phone_page(browser, **PHONE, signed_in=(ev.referee, live_server))
            page.goto(url)
            rule = page.get_by_role("link", name="Решение по этой сдаче (сдача 2)")
            expect(rule).to_be_visible()
            rule.click()
            expect(page.locator("select[name=deal]")).to_have_value("2")

            page.goto(url)
            page.get_by_role("link", name="Дать карточку").click()
            form = page.get_by_test_id("card-give")
            expect(form).to_contain_text("Тур 1, стол 1")
            player = form.locator("select[name=player]")
            names = [o.strip() for o in player.locator("option").all_inner_texts()]
            assert names == ["—", "Anna", "Boris"]
            player.select_option(label="Boris")
            form.locator("select[name=kind]").select_option("warning")
            form.locator("input[name=reason]").fill("Подсказывал партнёру")
            form.get_by_test_id("card-submit").click()
            expect(page.get_by_test_id("card")).to_contain_text("Boris")
            assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
        finally:
            browser.close()
    card = Card.objects.get()
    assert (card.player.display_name, card.kind, card.match_id) == ("Boris", "warning", ev.match.pk)
