"""What the pages mark as over keeps the contrast WCAG asks of text (1.4.3, 4.5:1): a
finished table's card on the live round page and an overturned ruling on the tournament's
rulings page. Both used to be drawn at reduced opacity (85 % and 75 %), which blended every
word of them into the page: axe-core measured the card's "finished" badge at 3.88:1 on a
390 px phone in Ukrainian. They are now marked by a quieter background instead, and their
text keeps its colours."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from referee import services as referee_services
from scoring import services as scoring_services
from scoring.games.deberc.simulation import play_match
from scoring.models import Match
from scoring.selectors import scoresheet_for, seat_names
from tests.browser import CHROMIUM_ARGS, axe_report, axe_violations, phone_page
from tests.factories import make_evening
from tests.tournaments.live.helpers import store_finished

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _finished_and_overturned() -> Any:
    """An evening whose table 1 has played its match to the end (believable deals, scored by
    the engine) and whose table 2 has an overturned ruling on its first deal."""
    ev = make_evening()
    match = Match.objects.select_related("tournament", "round").get(pk=ev.match.pk)
    names = seat_names(match)
    deals, result = play_match(scoresheet_for(match, names, []), random.Random(7))
    store_finished(match, names, deals, result)
    other = Match.objects.get(pk=ev.other_match.pk)
    a, b = seat_names(other)
    scoring_services.deal_submit(
        match=other,
        record={"trump": "H", "declarer": a, "points": {a: 80, b: 60}, "last_trick": a},
        user=ev.other_scorer,
        idempotency_key=None,
        version=None,
    )
    ruling, _ = referee_services.ruling_record(
        match=Match.objects.get(pk=other.pk),
        deal_number=1,
        kind="renonce",
        violator_name=b,
        explanation="",
        articles=[],
        user=ev.organiser,
    )
    referee_services.ruling_overturn(ruling=ruling, user=ev.organiser, reason="seen wrongly")
    return ev


def test_a_finished_table_and_an_overturned_ruling_keep_their_contrast(
    live_server: Any, chromium_path: str
) -> None:
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    ev = _finished_and_overturned()
    found = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(browser, locale="uk-UA", width=390)
            page.goto(f"{live_server.url}/tournaments/{ev.tournament.pk}/rounds/1/")
            expect(page.locator(".live-table.done")).to_have_count(1)
            if violations := axe_violations(page):
                found["round"] = axe_report(violations)
            page.context.close()

            page = phone_page(
                browser, locale="uk-UA", width=390, signed_in=(ev.referee, live_server)
            )
            page.goto(f"{live_server.url}/referee/tournaments/{ev.tournament.pk}/rulings/")
            expect(page.locator(".ruling.overturned")).to_have_count(1)
            if violations := axe_violations(page):
                found["rulings"] = axe_report(violations)
            page.context.close()
        finally:
            browser.close()
    assert found == {}, "\n\n".join(f"{path}\n{report}" for path, report in found.items())
