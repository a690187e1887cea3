"""In Debian's chromium, in Russian and in Ukrainian: the ruling page of a Preferans table
offers Preferans' violation (the renonce, with how many times) and a renonce ruling saves its
count and cites a Preferans article; the ruling page of a Deberc table offers Deberc's own
violations and no count."""

from __future__ import annotations

import os

import pytest

from referee.models import Ruling
from scoring import services as scoring_services
from tests.browser import CHROMIUM_ARGS
from tests.factories import UserFactory, make_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "ru": {"locale": "ru-RU", "renonce": "Ренонс (каждый", "false": "Ложное объявление"},
    "uk": {"locale": "uk-UA", "renonce": "Ренонс (кожен", "false": "Хибне оголошення"},
}


def _tables(referee, organiser):
    deberc = make_match()
    deberc.tournament.referees.add(referee)
    deberc.tournament.organisers.add(organiser)
    anna, boris = [seat.player.display_name for seat in deberc.seats.order_by("position")]
    scoring_services.deal_submit(
        match=deberc,
        record={
            "trump": "S",
            "declarer": anna,
            "points": {anna: 70, boris: 66},
            "last_trick": anna,
        },
        user=organiser,
        idempotency_key="d-1",
        version=None,
    )
    pulka = make_match(size=3, conventions={})
    pulka.game, pulka.ruleset = "preferans", "sochi"
    pulka.save(update_fields=["game", "ruleset"])
    pulka.tournament.referees.add(referee)
    pulka.tournament.organisers.add(organiser)
    a, b, c = [seat.player.display_name for seat in pulka.seats.order_by("position")]
    scoring_services.deal_submit(
        match=pulka,
        record={
            "kind": "game",
            "declarer": c,
            "contract": "6S",
            "whist": {a: "whist", b: "pass"},
            "tricks": {a: 3, b: 1, c: 6},
        },
        user=organiser,
        idempotency_key="p-1",
        version=None,
    )
    return deberc, pulka, a


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_each_table_rules_on_its_own_games_violations(live_server, chromium_path, lang):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    words = WORDS[lang]
    referee = UserFactory(username="ref")
    organiser = UserFactory(username="org")
    deberc, pulka, whister = _tables(referee, organiser)

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844}, locale=words["locale"])
        page.goto(f"{live_server.url}/accounts/login/?next=/referee/")
        page.fill("input[name=username]", "ref")
        page.fill("input[name=password]", "demo")
        page.locator("form [type=submit]").last.click()
        page.wait_for_url("**/referee/")

        # Preferans: only its renonce, with a count; nothing of Deberc's.
        page.goto(f"{live_server.url}/referee/matches/{pulka.pk}/rule/")
        # The empty choice first (issue 35: the referee names the violation), then its one.
        kinds = page.locator("select[name=kind] option")
        expect(kinds).to_have_count(2)
        expect(kinds.nth(1)).to_contain_text(words["renonce"])
        expect(page.get_by_test_id("ruling-form")).not_to_contain_text(words["false"])
        expect(page.locator("select[name=taken_by]")).to_have_count(0)
        page.select_option("select[name=deal]", "1")
        page.select_option("select[name=kind]", "renonce")
        page.select_option("select[name=violator]", whister)
        page.fill("input[name=count]", "2")
        page.get_by_test_id("record-ruling").click()
        # What the ruling changes, then the confirmation that records it (issue 35).
        page.get_by_test_id("confirm-ruling").click()
        page.wait_for_url(f"**/referee/tournaments/{pulka.tournament_id}/rulings/")
        ruling = page.get_by_test_id("ruling").first
        expect(ruling).to_contain_text(words["renonce"])
        expect(ruling).to_contain_text("× 2")
        # The cited article by its title, linked to the rulebook; never its id (issue 35).
        expect(ruling.locator('a[href="/rules/preferans_scoring.violations/"]')).to_have_count(1)
        expect(ruling).not_to_contain_text("preferans_scoring")

        # Deberc: its own violations, no count.
        page.goto(f"{live_server.url}/referee/matches/{deberc.pk}/rule/")
        form = page.get_by_test_id("ruling-form")
        expect(form.locator("select[name=kind] option")).to_have_count(8)  # and the empty one
        expect(form).to_contain_text(words["false"])
        expect(form.locator("input[name=count]")).to_have_count(0)
        browser.close()

    ruling = Ruling.objects.get(match=pulka)
    assert (ruling.kind, ruling.count, ruling.violator.display_name) == ("renonce", 2, whister)
    assert ruling.articles == ["preferans_scoring.violations"]
    pulka.refresh_from_db()
    assert pulka.result["deals"][0]["mountain"] == {whister: 4}
