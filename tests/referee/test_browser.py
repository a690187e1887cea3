"""In Debian's chromium: a referee signs in, finds the rule by typing slang with a typo, and
rules a renonce on a deal of a match; the match is re-scored with the card byte."""

from __future__ import annotations

import os

import pytest

from referee.models import Ruling
from scoring import services as scoring_services
from tests.browser import CHROMIUM_ARGS
from tests.factories import UserFactory, make_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_referee_finds_the_rule_and_rules_a_renonce(live_server, chromium_path):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    referee = UserFactory(username="ref")
    organiser = UserFactory(username="org")
    match = make_match()
    match.tournament.referees.add(referee)
    match.tournament.organisers.add(organiser)
    anna, boris = [seat.player.display_name for seat in match.seats.order_by("position")]
    scoring_services.deal_submit(
        match=match,
        record={
            "trump": "S",
            "declarer": anna,
            "points": {anna: 70, boris: 66},
            "last_trick": anna,
        },
        user=organiser,
        idempotency_key="b-1",
        version=None,
    )

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844}, locale="ru-RU")
        page.goto(f"{live_server.url}/accounts/login/?next=/rules/")
        page.fill("input[name=username]", "ref")
        page.fill("input[name=password]", "demo")
        page.locator("form [type=submit]").last.click()
        page.wait_for_url("**/rules/")

        # Live search as the referee types, typo included.
        page.get_by_test_id("rule-search").fill("фальшренос")
        expect(page.locator('[data-testid="rule-hit"][data-rule="play.renonce"]')).to_be_visible()
        page.locator('[data-testid="rule-hit"][data-rule="play.renonce"]').click()
        expect(page.get_by_test_id("article")).to_contain_text("ренонс")

        page.goto(f"{live_server.url}/referee/matches/{match.pk}/rule/")
        page.select_option("select[name=deal]", "1")
        page.select_option("select[name=kind]", "renonce")
        page.select_option("select[name=violator]", anna)
        page.fill("textarea[name=explanation]", "Сбросил бубну, имея пику.")
        # The articles are picked by title: a word of it keeps only the articles that hold
        # it (issue 35); the chosen ones are cited.
        articles = page.locator("select[name=articles]")
        page.get_by_test_id("article-search").fill("байт на картах")
        expect(articles.locator('option[value="violations.card_byte"]')).to_be_visible()
        expect(articles.locator('option[value="play.follow_suit"]')).to_be_hidden()
        articles.select_option(["play.renonce", "violations.card_byte"])
        page.get_by_test_id("record-ruling").click()
        # What the ruling changes, then the confirmation that records it (issue 35).
        expect(page.get_by_test_id("ruling-effect")).to_contain_text("162")
        page.get_by_test_id("confirm-ruling").click()
        page.wait_for_url(f"**/referee/tournaments/{match.tournament_id}/rulings/")
        ruling = page.get_by_test_id("ruling").first
        expect(ruling).to_contain_text(anna)
        expect(ruling.locator('a[href="/rules/play.renonce/"]')).to_contain_text("енонс")
        expect(ruling).not_to_contain_text("play.renonce")
        browser.close()

    ruling = Ruling.objects.get()
    assert (ruling.kind, ruling.violator.display_name, ruling.referee.username) == (
        "renonce",
        anna,
        "ref",
    )
    assert ruling.articles == ["play.renonce", "violations.card_byte"]
    match.refresh_from_db()
    assert match.result["deals"][0]["outcome"] == "card_byte"
    assert match.result["match"] == {anna: 0, boris: 162}
