"""The Preferans scorer's page offline, in chromium on a phone: the store-and-forward queue
(scoring/offline.js) keeps Preferans deals typed without a connection, shows them with their
game, declarer and tricks (scoring/preferans.js), and sends them once, in order, when the
connection is back; the sheet and the balances follow."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest

from scoring.models import Deal
from tests.browser import CHROMIUM_ARGS

from .conftest import make_pulka

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_deals_typed_offline_wait_on_the_phone_and_go_when_online(
    live_server: Any, chromium_path: str, settings: Any
) -> None:
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from playwright.sync_api import expect, sync_playwright

    t = make_pulka(3)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = context.new_page()
        page.set_default_timeout(20_000)
        refused: list[str] = []
        page.on(
            "console",
            lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None,
        )
        try:
            page.goto(f"{live_server.url}/accounts/login/?next=/matches/{t.match.pk}/")
            page.get_by_label("Username").fill(t.scorer.username)
            page.get_by_label("Password").fill("demo")
            page.get_by_role("button", name="Sign in").click()
            expect(page).to_have_url(re.compile(rf"/matches/{t.match.pk}/$"))
            expect(page.locator("html[data-offline-ready]")).to_have_count(1)

            context.set_offline(True)
            expect(page.get_by_test_id("offline-status")).to_be_visible()
            # 1. Boris 6♠, Vera whists, Anna passes; Anna's last trick fills itself in.
            page.get_by_test_id("contract-6S").check()
            page.get_by_test_id("declarer-1").check()
            page.get_by_test_id("whist-2-whist").check()
            page.get_by_test_id("whist-0-pass").check()
            page.get_by_test_id("tricks-1").fill("6")
            page.get_by_test_id("tricks-2").fill("3")
            expect(page.get_by_test_id("tricks-0")).to_have_value("1")
            page.get_by_test_id("save-deal").click()
            # 2. An all-pass typed behind it.
            page.get_by_test_id("contract-allpass").check()
            page.get_by_test_id("tricks-0").fill("4")
            page.get_by_test_id("tricks-1").fill("0")
            page.get_by_test_id("save-deal").click()

            waiting = page.get_by_test_id("waiting-deal")
            expect(waiting).to_have_count(2)
            # The game as on the form: "6♠" shown, "6 spades" said.
            game = waiting.nth(0).locator(".waiting-game")
            expect(game.locator("[aria-hidden=true]")).to_have_text("6♠")
            expect(game.locator(".visually-hidden")).to_have_text("6 spades")
            expect(game).to_contain_text("Boris")
            expect(waiting.nth(0).get_by_test_id("waiting-tricks-0")).to_have_text("1")
            expect(waiting.nth(1)).to_contain_text("all-pass")
            expect(waiting.nth(1).get_by_test_id("waiting-tricks-2")).to_have_text("6")
            expect(page.get_by_test_id("form-heading")).to_have_text("Deal 3")
            expect(page.get_by_test_id("contract-allpass")).not_to_be_checked()
            assert Deal.objects.filter(match=t.match).count() == 0

            context.set_offline(False)
            page.evaluate("window.dispatchEvent(new Event('online'))")
            expect(page.get_by_test_id("waiting-deal")).to_have_count(0)
            expect(page.get_by_test_id("deal-row-2")).to_contain_text("all-pass")
            expect(page.get_by_test_id("allpass-marks")).to_have_attribute("data-count", "1")
            expect(page.get_by_test_id("next-dealer-name")).to_have_text("Vera")
        finally:
            browser.close()
    assert refused == []
    deals = list(Deal.objects.filter(match=t.match).order_by("number"))
    assert [d.record["kind"] for d in deals] == ["game", "allpass"]
    assert deals[1].record["tricks"] == {"Anna": 4, "Boris": 0, "Vera": 6}
