"""Issue 35, items 26 and 30, on a Deberc scorer's page in Russian, with the keyboard and what
a screen reader is given: a refused deal says so (role="alert"), its fields are marked
invalid and name their error (aria-describedby); a saved deal is said by the page's status
region and the focus goes to the next deal's heading instead of dropping to <body>; the
trump is named, not only drawn; the correction links say which deal; the skip link leads
past the bar."""

from __future__ import annotations

import os

import pytest

from tests.browser import CHROMIUM_ARGS, phone_page
from tests.factories import make_evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What has the focus: its data-testid, else its tag ("BODY" when the focus was dropped).
FOCUSED = "() => { const e = document.activeElement; return e.dataset.testid || e.tagName; }"


def _described(page, testid: str) -> str:
    """The text of what the element with `testid` names in aria-describedby."""
    return page.evaluate(
        """(testid) => {
            const field = document.querySelector(`[data-testid="${testid}"]`);
            return (field.getAttribute("aria-describedby") || "").split(/\\s+/).filter(Boolean)
                .map((id) => document.getElementById(id).textContent.trim()).join(" | ");
        }""",
        testid,
    )


def test_a_refused_deal_is_said_and_a_saved_one_is_announced(live_server, chromium_path):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    ev = make_evening()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(
                browser, locale="ru-RU", width=390, signed_in=(ev.scorer, live_server)
            )
            page.goto(f"{live_server.url}/matches/{ev.match.pk}/")

            # The first Tab reaches the skip link; it leads to the page's own content.
            page.keyboard.press("Tab")
            assert page.evaluate(FOCUSED) == "skip-link"
            expect(page.get_by_test_id("skip-link")).to_have_text("Перейти к содержимому")
            page.keyboard.press("Enter")
            assert page.evaluate("document.activeElement.id") == "main"

            # Saved with nothing chosen: the refusal is an alert, the refused fields say so.
            page.get_by_test_id("save-deal").click()
            summary = page.get_by_test_id("errors-summary")
            expect(summary).to_have_attribute("role", "alert")
            expect(summary).to_have_text("Не записано: исправьте отмеченные поля ниже.")
            for code in "CDHS":
                expect(page.get_by_test_id(f"trump-{code}")).to_have_attribute(
                    "aria-invalid", "true"
                )
            assert _described(page, "trump-H") == "Выберите козырь."
            assert _described(page, "declarer-0") == "Выберите играющего."
            # The focus is on the first refused field, not on <body>.
            assert page.evaluate(FOCUSED) == "trump-C"
            # The fields not refused are not marked.
            assert page.get_by_test_id("points-0").get_attribute("aria-invalid") is None

            # Card points that do not add up: refused at the points, which name the error.
            page.get_by_test_id("trump-H").check()
            page.get_by_test_id("declarer-0").check()
            page.get_by_test_id("points-0").fill("150")
            page.get_by_test_id("points-1").fill("60")
            page.get_by_test_id("last-trick-0").check()
            page.get_by_test_id("save-deal").click()
            expect(page.get_by_test_id("points-0")).to_have_attribute("aria-invalid", "true")
            assert _described(page, "points-0") == page.get_by_test_id("error-points").inner_text()
            assert page.get_by_test_id("trump-H").get_attribute("aria-invalid") is None

            # A deal that adds up is saved: said by the status region, the focus on the next
            # deal's heading.
            page.get_by_test_id("points-0").fill("80")
            page.get_by_test_id("save-deal").click()
            expect(page.get_by_test_id("announce")).to_have_text("Сдача 1 записана.")
            expect(page.get_by_test_id("saved")).to_have_text("Сдача 1 записана.")
            expect(page.get_by_test_id("form-heading")).to_have_text("Сдача 2")
            assert page.evaluate(FOCUSED) == "form-heading"
            # The errors are gone with the refused deal.
            expect(page.locator("[aria-invalid]")).to_have_count(0)

            # The scoresheet names the trump and says which deal a correction link corrects.
            row = page.get_by_test_id("deals").locator("tbody tr").first
            expect(row.locator(".suit .visually-hidden")).to_have_text("черви")
            expect(row.locator(".suit [aria-hidden=true]")).to_have_text("♥")
            expect(page.get_by_role("link", name="Исправить сдачу 1")).to_have_count(1)
            expect(
                page.get_by_role("link", name="Исправить последнюю сдачу (Сдача 1)")
            ).to_have_count(1)
            # The trump buttons of the next deal are named by the suit too.
            expect(page.get_by_role("radio", name="пики")).to_have_count(1)
        finally:
            browser.close()
