"""Issue 20, item 4: the organiser's round view shows, per table, who scores it (a signed-in
scorer or a table card and the name its scorer gave), the last deal's time, and the deals a
phone reports waiting in its offline queue."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring import services as scoring_services
from tests.factories import DEAL_MADE, make_evening, make_preferans_evening
from tournaments.clubs import table_cards

pytestmark = pytest.mark.django_db


def row(html: str, number: int) -> str:
    start = html.index(f'data-table="{number}"')
    return html[start : html.index("</tr>", start)]


def test_the_round_view_shows_who_scores_each_table_and_what_waits_on_a_phone():
    night = make_evening()
    issued = table_cards.card_issue(table=night.other_table, user=night.organiser)
    phone = Client()
    assert phone.post(f"/cards/{issued.token}/", {"name": "Соломія"}).status_code == 302
    scoring_services.deal_submit(
        match=night.match, record=DEAL_MADE, user=night.scorer, idempotency_key=None, version=None
    )
    night.other_match.refresh_from_db()
    # The card's phone reports two deals waiting; a stranger may not report for the table.
    assert (
        phone.post(f"/matches/{night.other_match.pk}/queue/", {"waiting": "2"}).status_code == 204
    )
    stranger = Client()
    stranger.force_login(night.stranger)
    assert stranger.post(f"/matches/{night.match.pk}/queue/", {"waiting": "9"}).status_code in (
        403,
        404,
    )
    client = Client()
    client.force_login(night.organiser)
    html = client.get(f"/tournaments/{night.tournament.pk}/rounds/1/tables/").content.decode()
    first, second = row(html, 1), row(html, 2)
    assert night.scorer.username in first
    assert ":" in first  # the last deal's time, HH:MM
    assert "9" not in first.split("</td>")[4]
    assert "table card" in second and "2 deals" in second


def test_a_card_scorers_name_shows_once_they_entered_a_deal():
    night = make_evening()
    issued = table_cards.card_issue(table=night.table, user=night.organiser)
    phone = Client()
    phone.post(f"/cards/{issued.token}/", {"name": "Соломія"})
    import json

    night.match.refresh_from_db()
    answer = phone.post(
        f"/api/v1/matches/{night.match.pk}/deals/",
        data=json.dumps({**DEAL_MADE, "version": night.match.version}),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="round-view-1",
    )
    assert answer.status_code == 201
    client = Client()
    client.force_login(night.organiser)
    html = client.get(f"/tournaments/{night.tournament.pk}/rounds/1/tables/").content.decode()
    assert "Соломія" in row(html, 1)


@pytest.mark.parametrize("evening", [make_evening, make_preferans_evening])
def test_only_a_page_that_may_enter_the_deals_reports_its_offline_queue(evening):
    """A spectator's match page has no queue to report: its script used to post the count
    anyway, and got a 403 (a console error on every public match page)."""
    night = evening()
    url = f"/matches/{night.match.pk}/"

    def page(user=None) -> str:
        client = Client()
        if user is not None:
            client.force_login(user)
        answer = client.get(url)
        assert answer.status_code == 200
        return answer.content.decode()

    assert "data-reports-queue" in page(night.scorer)
    for viewer in (None, night.stranger, night.player, night.other_scorer):
        assert "data-reports-queue" not in page(viewer)
