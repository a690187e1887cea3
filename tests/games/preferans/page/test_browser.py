"""A Preferans scorer's evening in a real browser (Debian's chromium through Playwright, a
phone in portrait, 390×844): sign in, open the table, play a pulka of three — a whisted six,
a seven two down (remise), an all-pass, a misère — with the last hand's tricks filled in by
the page, see the sheet drawn and the balances after each deal, have a forgotten whist
refused at its field, and correct a deal."""

from __future__ import annotations

import os
import re

import pytest

from scoring.models import Match
from tests.browser import CHROMIUM_ARGS

from .conftest import make_pulka

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("PREFERANS_SHOTS")  # a folder: keep screenshots of the phone there


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def enter(page, contract, declarer=None, whists=None, tricks=None, *, save=True) -> None:
    page.get_by_test_id(f"contract-{contract}").check()
    if declarer is not None:
        page.get_by_test_id(f"declarer-{declarer}").check()
    for seat, choice in (whists or {}).items():
        page.get_by_test_id(f"whist-{seat}-{choice}").check()
    for seat, figure in (tricks or {}).items():
        page.get_by_test_id(f"tricks-{seat}").fill(str(figure))
    if save:
        page.get_by_test_id("save-deal").click()


def expect_balances(page, *figures: int) -> None:
    from playwright.sync_api import expect

    for seat, figure in enumerate(figures):
        text = f"+{figure}" if figure > 0 else str(figure)
        expect(page.get_by_test_id(f"balance-{seat}")).to_have_text(text)


def test_a_scorer_plays_a_pulka_on_a_phone(live_server, chromium_path, settings):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from playwright.sync_api import expect, sync_playwright

    t = make_pulka(3)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
        page.on("dialog", lambda dialog: dialog.accept())
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        try:
            page.goto(f"{live_server.url}/accounts/login/?next=/matches/{t.match.pk}/")
            page.get_by_label("Username").fill(t.scorer.username)
            page.get_by_label("Password").fill("demo")
            page.get_by_role("button", name="Sign in").click()
            expect(page).to_have_url(re.compile(rf"/matches/{t.match.pk}/$"))
            expect(page.get_by_test_id("next-dealer-name")).to_have_text("Anna")
            expect(page.get_by_test_id("pool-target")).to_have_text("20")
            shot(page, "0-empty")

            # 1. Boris plays 6♠, Vera whists, Anna passes: Boris 6, Vera 3, Anna's 1 fills in.
            enter(page, "6S", 1, {2: "whist", 0: "pass"}, {1: 6, 2: 3}, save=False)
            expect(page.get_by_test_id("tricks-0")).to_have_value("1")
            page.get_by_test_id("save-deal").click()
            expect_balances(page, -6, 5, 1)
            expect(page.get_by_test_id("pool-1")).to_have_attribute("data-total", "2")
            expect(page.get_by_test_id("whists-2-1")).to_have_text("8")
            expect(page.get_by_test_id("next-dealer-name")).to_have_text("Boris")
            expect(page.get_by_test_id("form-heading")).to_have_text("Deal 2")
            # The form is empty again for the next deal.
            expect(page.get_by_test_id("contract-6S")).not_to_be_checked()

            # 2. Vera plays 7♥ against two whisters and goes two down [ремиз].
            enter(page, "7H", 2, {0: "whist", 1: "whist"}, {0: 3, 1: 2})
            expect_balances(page, 40, 48, -88)
            expect(page.get_by_test_id("mountain-2")).to_have_attribute("data-total", "8")
            expect(page.get_by_test_id("whists-0-2")).to_have_text("20")
            expect(page.get_by_test_id("deal-row-2")).to_contain_text("2 down")

            # 3. Everybody passes [распасы]: the declarer and the defenders disappear.
            page.get_by_test_id("contract-allpass").check()
            expect(page.get_by_test_id("declarer-0")).to_be_hidden()
            expect(page.get_by_test_id("whist-0-whist")).to_be_hidden()
            enter(page, "allpass", tricks={0: 4, 1: 0})
            expect(page.get_by_test_id("allpass-marks")).to_have_attribute("data-count", "1")
            expect(page.get_by_test_id("mountain-total-2")).to_have_text("14")
            expect(page.get_by_test_id("allpass-exit")).to_be_visible()

            # A forgotten defender's choice is refused at that defender's field.
            enter(page, "8D", 2, {0: "whist"}, {2: 8, 0: 1})
            expect(page.get_by_test_id("error-whist-1")).to_be_visible()
            expect(page.get_by_test_id("deal-row-4")).to_have_count(0)
            page.get_by_test_id("whist-1-pass").check()
            page.get_by_test_id("save-deal").click()
            expect(page.get_by_test_id("deal-row-4")).to_contain_text("made")

            # 5. Boris's misère, made: no whists on a misère.
            page.get_by_test_id("contract-misere").check()
            expect(page.get_by_test_id("whist-0-whist")).to_be_hidden()
            enter(page, "misere", 1, tricks={1: 0, 2: 6})
            expect(page.get_by_test_id("deal-row-5")).to_contain_text("misère made")
            expect(page.get_by_test_id("pool-total-1")).to_have_text(
                "13"
            )  # 2 + 1 (no trick on the all-pass) + 10
            shot(page, "1-after-5-deals")

            balances_before = [
                page.get_by_test_id(f"balance-{seat}").inner_text() for seat in range(3)
            ]
            # The first deal was wrong: Boris took only 5 (a remise), Vera 4.
            page.get_by_test_id("edit-1").click()
            expect(page.get_by_test_id("tricks-1")).to_have_value("6")
            expect(page.get_by_test_id("contract-6S")).to_be_checked()
            page.get_by_test_id("tricks-1").fill("5")
            page.get_by_test_id("tricks-2").fill("4")
            page.get_by_test_id("reason").fill("tricks miscounted")
            shot(page, "2-correction")
            page.get_by_test_id("save-correction").click()
            expect(page).to_have_url(re.compile(rf"/matches/{t.match.pk}/$"))
            expect(page.get_by_test_id("deal-row-1")).to_contain_text("1 down")
            after = [page.get_by_test_id(f"balance-{seat}").inner_text() for seat in range(3)]
            assert after != balances_before
            expect(page.get_by_test_id("sector-0")).to_have_text("Anna")
            expect(page.get_by_test_id("sector-2")).to_have_text("Vera")
            # The sheet fits the phone: the page does not scroll sideways.
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390
            shot(page, "3-corrected")
        finally:
            browser.close()
    assert not [e for e in errors if "Content Security Policy" in e or "Refused" in e], errors

    match = Match.objects.get(pk=t.match.pk)
    assert match.deals.count() == 5
    assert match.deals.get(number=1).history.count() == 2
    assert match.deals.get(number=1).record["tricks"] == {"Anna": 1, "Boris": 5, "Vera": 4}
    balance = match.result["settlement"]["balance"]
    assert [
        f"+{balance[n]}" if balance[n] > 0 else str(balance[n]) for n in ("Anna", "Boris", "Vera")
    ] == after
