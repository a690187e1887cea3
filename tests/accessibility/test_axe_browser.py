"""axe-core (tests/data/vendor/axe.min.js) on the site's main pages in Russian, on a 390 px
phone: the home page, a Deberc and a Preferans scorer's page and their correction pages, each
with a refused deal too, a table through a table card's session, the live pages and the big
screen, the rulebook, the referee's desk and a tool of it with a refused question, and the
organiser's pages of a tournament. No rule of WCAG 2.0 and 2.1 A and AA broken (axe's tags
wcag2a, wcag2aa, wcag21a and wcag21aa: tests/browser.py).

Before issue 35 (items 26–30) axe found 37 elements on 6 of these page states: the "hanging"
badge at 4.17:1 (the rulebook's 26 "this service's reading"; the scoresheet's 2, before and
after a refused deal), the table card's name on the green bar at 1.35:1, the big screen's
shared ranks ("1–4") at 2.4:1, the organiser's scorer selects without a name (2). What axe
cannot see (an error not said, the focus lost after a save, whose whists these are, the
language switched by an arrow key, the refresh that cannot be paused) is tested beside the
code: test_browser_accessibility.py in tests/scoring, tests/games/preferans/page and
tests/tournaments/live, and tests/config/test_browser_language_switch.py."""

from __future__ import annotations

import os

import pytest

from scoring import services as scoring_services
from tests.browser import CHROMIUM_ARGS, axe_report, axe_violations, phone_page
from tests.factories import make_evening
from tests.games.preferans.page.conftest import make_pulka
from tournaments.clubs import table_cards
from tournaments.standings.services import standings_refresh

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _deberc_evening():
    """A Deberc evening whose table 1 has played a hanging byte: the scoresheet's and the live
    card's "hanging" badges."""
    ev = make_evening()
    for trump, declarer, points, last in (("H", 0, (66, 76), 0),):
        names = ["Anna", "Boris"]
        scoring_services.deal_submit(
            match=type(ev.match).objects.get(pk=ev.match.pk),
            record={
                "trump": trump,
                "declarer": names[declarer],
                "points": dict(zip(names, points, strict=True)),
                "last_trick": names[last],
            },
            user=ev.scorer,
            idempotency_key=None,
            version=None,
        )
    standings_refresh(tournament=ev.tournament)
    return ev


def _pulka():
    t = make_pulka(3)
    scoring_services.deal_submit(
        match=t.match,
        record={
            "kind": "game",
            "declarer": "Boris",
            "contract": "6S",
            "whist": {"Vera": "whist", "Anna": "pass"},
            "tricks": {"Anna": 1, "Boris": 6, "Vera": 3},
        },
        user=t.scorer,
        idempotency_key=None,
        version=None,
    )
    return t


def _refused_deberc_deal(page) -> None:
    """Save deal 3 with nothing chosen: the trump and the declarer are refused."""
    page.get_by_test_id("save-deal").click()
    page.get_by_test_id("errors-summary").wait_for()


def _refused_preferans_deal(page) -> None:
    """A six of spades with nobody's whist: the defenders are refused."""
    page.get_by_test_id("contract-6S").check()
    page.get_by_test_id("declarer-1").check()
    page.get_by_test_id("save-deal").click()
    page.get_by_test_id("errors-summary").wait_for()


def _refused_correction(page) -> None:
    """Deal 1 corrected to 150 card points for Anna: more than the deal holds with Boris' 76."""
    page.get_by_test_id("points-0").fill("150")
    page.get_by_test_id("save-correction").click()
    page.locator(".field-errors").first.wait_for()


def _refused_question(page) -> None:
    """The referee asks about a deal with nothing filled in."""
    page.get_by_test_id("ask").click()
    page.locator(".field-error").first.wait_for()


def test_the_main_pages_in_russian_break_no_wcag_rule(live_server, chromium_path):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    ev = _deberc_evening()
    pulka = _pulka()
    t = ev.tournament.pk
    pages = {
        # who is signed in: the pages each one sees
        ev.organiser: [
            "/",
            f"/tournaments/{t}/standings/",
            f"/tournaments/{t}/screen/",
            f"/tournaments/{t}/",
            f"/tournaments/{t}/edit/",
            f"/tournaments/{t}/matches/",
            f"/tournaments/{t}/pairing/",
            "/rules/",
            "/referee/",
            "/referee/check-deal/",
        ],
        ev.scorer: [f"/matches/{ev.match.pk}/", f"/matches/{ev.match.pk}/deals/1/edit/"],
        pulka.scorer: [f"/matches/{pulka.match.pk}/", f"/matches/{pulka.match.pk}/deals/1/edit/"],
    }
    # What a page shows after the visitor did something: a deal refused, a question refused.
    after = {
        f"/matches/{ev.match.pk}/": _refused_deberc_deal,
        f"/matches/{pulka.match.pk}/": _refused_preferans_deal,
        f"/matches/{ev.match.pk}/deals/1/edit/": _refused_correction,
        "/referee/check-deal/": _refused_question,
    }
    card = table_cards.card_issue(table=ev.other_table, user=ev.organiser)
    found = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            for user, paths in pages.items():
                page = phone_page(browser, locale="ru-RU", width=390, signed_in=(user, live_server))
                for path in paths:
                    response = page.goto(f"{live_server.url}{path}")
                    assert response is not None and response.status == 200, path
                    assert page.locator("html").get_attribute("lang") == "ru", path
                    violations = axe_violations(page)
                    if violations:
                        found[path] = axe_report(violations)
                    if path in after:
                        after[path](page)
                        violations = axe_violations(page)
                        if violations:
                            found[f"{path} (refused)"] = axe_report(violations)
                page.context.close()
            # A table card's phone: the scorer's name on the bar, the table's page.
            page = phone_page(browser, locale="ru-RU", width=390)
            page.goto(f"{live_server.url}/cards/{card.token}/")
            page.get_by_test_id("card-form").locator("input[name=name]").fill("Олена")
            page.get_by_test_id("card-form").locator("button").click()
            page.get_by_test_id("card-session").wait_for()
            violations = axe_violations(page)
            if violations:
                found["table card"] = axe_report(violations)
            page.context.close()
        finally:
            browser.close()
    assert found == {}, "\n\n".join(f"{path}\n{report}" for path, report in found.items())
