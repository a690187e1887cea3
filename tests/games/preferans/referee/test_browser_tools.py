"""In Debian's chromium, on a phone, in Russian and Ukrainian: a referee scores a Preferans
deal on the tool page and reads the engine's writes told one by one in his language, the
outcome in words, and each player's writes in the table."""

from __future__ import annotations

import os

import pytest

from tests.browser import CHROMIUM_ARGS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    # (the outcome, the remise line, a consolation line)
    "ru": (
        "ремиз",
        "Играющий Vera взял 5 на игре 7♥: ремиз, 8 в гору.",
        "Консоляция: Anna пишет 8 вистов на играющего (Vera).",
    ),
    "uk": (
        "реміз",
        "Граючий Vera узяв 5 на грі 7♥: реміз, 8 у гору.",
        "Консоляція: Anna пише 8 вістів на граючого (Vera).",
    ),
}


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_a_referee_reads_the_engines_writes_in_his_language(live_server, chromium_path, language):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    outcome, remise, consolation = WORDS[language]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844}, locale=language)
        page.set_extra_http_headers({"Accept-Language": language})
        page.goto(f"{live_server.url}/referee/preferans/score-deal/")
        page.fill("input[name=players]", "Anna, Boris, Vera")
        page.select_option("select[name=first_dealer]", "1")  # Boris deals
        page.select_option("select[name=kind]", "game")
        page.select_option("select[name=declarer]", "2")  # Vera: a seven of hearts
        page.select_option("select[name=level]", "7")
        page.select_option("select[name=suit]", "H")
        page.select_option("select[name=whist_0]", "whist")
        page.select_option("select[name=whist_1]", "whist")
        page.fill("input[name=tricks_0]", "3")
        page.fill("input[name=tricks_1]", "2")
        page.fill("input[name=tricks_2]", "5")
        page.locator("form.tool-form [type=submit]").last.click()

        expect(page.get_by_test_id("outcome")).to_have_text(outcome)
        lines = page.get_by_test_id("lines").locator("li")
        # The engine's order: the remise, two whisters' whists, two consolations.
        expect(lines).to_have_count(5)
        expect(lines.nth(0)).to_contain_text(remise)
        expect(lines.nth(3)).to_contain_text(consolation)
        # The rule applied, by its title in the reader's language, linked (issue 35, item 6).
        badge = lines.nth(0).locator("a.badge")
        expect(badge).to_have_attribute("href", "/rules/preferans_scoring.remise/")
        expect(badge).not_to_have_text("preferans_scoring.remise")
        table = page.get_by_test_id("writes")
        expect(table.locator("tbody tr").nth(2)).to_contain_text("Vera")
        expect(table.locator("tbody tr").nth(2).locator("td").nth(2)).to_have_text("8")
        browser.close()
