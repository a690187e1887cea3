"""A scorer's evening in a real browser (Debian's chromium through Playwright, on a phone-sized
screen): sign in, open the table, enter deals including a hanging byte and a byte, see the
totals and the next dealer, correct a deal, play the match to its end."""

from __future__ import annotations

import os
import re

import pytest

from scoring.models import Match
from tests.browser import CHROMIUM_ARGS
from tests.factories import make_evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def enter_deal(page, *, trump, declarer, points, last_trick, declarations=None, bella=None):
    page.get_by_test_id(f"trump-{trump}").check()
    page.get_by_test_id(f"declarer-{declarer}").check()
    for seat, figure in enumerate(points):
        page.get_by_test_id(f"points-{seat}").fill(str(figure))
    page.get_by_test_id(f"last-trick-{last_trick}").check()
    if declarations or bella is not None:
        page.locator("details", has_text="Declarations").locator("summary").click()
        for seat, kind, rank, suit in declarations or []:
            page.get_by_test_id(f"decl-{seat}-0-kind").select_option(kind)
            page.get_by_test_id(f"decl-{seat}-0-rank").select_option(rank)
            page.get_by_test_id(f"decl-{seat}-0-suit").select_option(suit)
        if bella is not None:
            page.get_by_test_id(f"bella-{bella}").check()
    page.get_by_test_id("save-deal").click()


def expect_totals(page, anna: int, boris: int) -> None:
    from playwright.sync_api import expect

    expect(page.get_by_test_id("total-0")).to_have_text(str(anna))
    expect(page.get_by_test_id("total-1")).to_have_text(str(boris))


def test_a_scorer_plays_a_match_to_its_end(live_server, chromium_path, settings):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from playwright.sync_api import expect, sync_playwright

    ev = make_evening()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
        page.on("dialog", lambda dialog: dialog.accept())
        try:
            page.goto(f"{live_server.url}/accounts/login/")
            page.get_by_label("Username").fill(ev.scorer.username)
            page.get_by_label("Password").fill("demo")
            page.get_by_role("button", name="Sign in").click()
            # "My tables" on the home page leads to the table.
            page.get_by_test_id("my-tables").get_by_role("link").click()
            expect(page).to_have_url(re.compile(rf"/matches/{ev.match.pk}/$"))
            expect(page.get_by_test_id("next-dealer-name")).to_have_text("Anna")

            # 1. A hanging byte: Anna plays and ties Boris at 76 (висячий байт).
            enter_deal(page, trump="H", declarer=0, points=(66, 76), last_trick=0)
            expect_totals(page, 0, 76)
            expect(page.get_by_test_id("hanging")).to_contain_text("76")
            expect(page.get_by_test_id("next-dealer-name")).to_have_text("Boris")
            # The mark as on paper, its name for a screen reader.
            mark = page.locator("tr[data-outcome=hanging] .mark-hanging")
            expect(mark.locator("[aria-hidden=true]")).to_have_text("В")
            expect(mark.locator(".visually-hidden")).to_have_text("hanging byte")

            # 2. Boris makes his game and wins the hanging pool.
            enter_deal(page, trump="S", declarer=1, points=(40, 90), last_trick=1)
            expect_totals(page, 40, 252)
            expect(page.get_by_test_id("hanging")).to_have_count(0)

            # An impossible figure is refused at its field; nothing is saved.
            enter_deal(page, trump="C", declarer=0, points=(140, 90), last_trick=1)
            expect(page.get_by_test_id("error-points")).to_be_visible()
            expect_totals(page, 40, 252)

            # 3. A byte: Anna plays clubs and takes less (Б).
            enter_deal(page, trump="C", declarer=0, points=(40, 90), last_trick=1)
            expect_totals(page, 40, 392)
            expect(page.locator("tr[data-outcome=byte] .mark [aria-hidden=true]")).to_have_text("Б")

            # The byte was a mistake: the scorer corrects the last deal (prefilled form).
            page.get_by_test_id("correct-last").click()
            expect(page.get_by_test_id("points-0")).to_have_value("40")
            page.get_by_test_id("points-0").fill("90")
            page.get_by_test_id("points-1").fill("40")
            page.get_by_test_id("last-trick-0").check()
            page.get_by_test_id("reason").fill("figures swapped")
            page.get_by_test_id("save-correction").click()
            expect_totals(page, 140, 292)
            expect(page.get_by_test_id("next-dealer-name")).to_have_text("Anna")

            # 4. Everybody passes: a void deal, the deal passes to Boris.
            page.get_by_test_id("void-deal").click()
            expect(page.get_by_test_id("next-dealer-name")).to_have_text("Boris")

            # 5. Boris with a terz and bella in diamonds.
            enter_deal(
                page,
                trump="D",
                declarer=1,
                points=(20, 120),
                last_trick=1,
                declarations=[(1, "terz", "K", "D")],
                bella=1,
            )
            expect_totals(page, 160, 462)

            # 6. Boris makes another game and passes 501: the match finishes itself.
            enter_deal(page, trump="S", declarer=1, points=(40, 90), last_trick=1)
            expect_totals(page, 200, 562)
            expect(page.get_by_test_id("result")).to_contain_text("Boris")
            expect(page.get_by_test_id("status")).to_have_text(re.compile("Finished"))
            expect(page.get_by_test_id("save-deal")).to_have_count(0)
        finally:
            browser.close()

    match = Match.objects.get(pk=ev.match.pk)
    assert match.status == Match.Status.FINISHED
    assert match.winner_seats == [1]
    assert match.deals.count() == 6
    assert match.deals.get(number=3).history.count() == 2
