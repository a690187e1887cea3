"""Issue 35, items 23-24: a deal waiting for an opponent's confirmation (tournament setting
`confirm_deals`) is shown in full beside the buttons, may be disputed (which calls the
tournament's referees) and its confirmation is kept in the history as a translated entry
naming who confirmed."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoring import services
from scoring.models import Deal, DealDispute, Match
from tests.factories import (
    DEAL_HANGING,
    DEAL_MADE,
    PREF_SIX_SPADES,
    make_evening,
    make_preferans_evening,
)

pytestmark = pytest.mark.django_db


def _submit(match, record, user):
    services.deal_submit(match=match, record=record, user=user, idempotency_key=None, version=None)


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _figures(html: str) -> list[list[str]]:
    """The pending deal's figures table, row by row: name, this deal, after."""
    table = html[html.index('data-testid="pending-figures"') :]
    table = table[: table.index("</table>")]
    rows = re.findall(
        r"<tr><td>(.*?)</td>\s*<td class=\"num\">(.*?)</td>\s*<td class=\"num\">"
        r"<strong>(.*?)</strong></td></tr>",
        table,
        re.S,
    )
    return [[re.sub(r"<[^>]+>", "", cell).strip() for cell in row] for row in rows]


@pytest.fixture
def waiting():
    """A tournament where the opponent confirms each deal: deal 1 counted, deal 2 entered
    by the scorer and waiting."""
    ev = make_evening(confirm_deals=True)
    _submit(ev.match, DEAL_HANGING, ev.scorer)
    services.deal_confirm(match=ev.match, number=1, user=ev.player)
    _submit(Match.objects.get(pk=ev.match.pk), DEAL_MADE, ev.scorer)
    return ev


def test_the_player_sees_the_waiting_deal_in_full_beside_confirm_and_dispute(waiting):
    html = (
        _client(waiting.player)
        .get(f"/matches/{waiting.match.pk}/", HTTP_ACCEPT_LANGUAGE="ru")
        .content.decode()
    )
    assert "Сдача 2 ждёт подтверждения соперника." in html
    # The deal in one line (trump, declarer, points, last trick) ...
    summary = re.search(r'data-testid="pending-summary">(.*?)</p>', html).group(1)
    assert "♠ Boris" in summary and "40/90" in summary and "Boris" in summary
    # ... and its scoresheet line as it will count: each one's figure and the totals after.
    shown = _figures(html)
    assert [row[0] for row in shown] == ["Anna", "Boris"]
    assert 'data-testid="confirm-deal"' in html and 'data-testid="dispute-deal"' in html
    assert "Оспорить: позвать судью" in html
    # What the page promised is what confirming counts.
    services.deal_confirm(match=waiting.match, number=2, user=waiting.player)
    match = Match.objects.get(pk=waiting.match.pk)
    deal = match.result["deals"][1]
    assert shown == [
        [name, str(deal["recorded"][name]), str(match.result["match"][name])]
        for name in ("Anna", "Boris")
    ]


def test_the_scorer_who_entered_it_is_offered_neither_button(waiting):
    html = _client(waiting.scorer).get(f"/matches/{waiting.match.pk}/").content.decode()
    assert 'data-testid="pending-figures"' in html  # the figures are for everyone to check
    assert 'data-testid="confirm-deal"' not in html and 'data-testid="dispute-deal"' not in html


def test_a_dispute_calls_the_referee_and_the_deal_still_does_not_count(waiting):
    match_url = f"/matches/{waiting.match.pk}/"
    before = Match.objects.get(pk=waiting.match.pk).result["match"]
    anna = _client(waiting.player)
    response = anna.post(f"{match_url}deals/2/dispute/", {"reason": "Бубна была у Бориса"})
    assert response.status_code == 302
    dispute = DealDispute.objects.get()
    assert (dispute.deal_number, dispute.player_name, dispute.status) == (2, "Anna", "open")
    assert Deal.objects.get(match=waiting.match, number=2).status == Deal.Status.PENDING
    assert Match.objects.get(pk=waiting.match.pk).result["match"] == before
    # A second tap finds the open call.
    anna.post(f"{match_url}deals/2/dispute/", {"reason": "again"})
    assert DealDispute.objects.count() == 1

    page = anna.get(match_url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'data-testid="pending-disputed"' in page and "Судья вызван" in page
    assert 'data-testid="dispute-deal"' not in page  # called already

    # The tournament's referees see the call, with the way to the deal.
    rulings = f"/referee/tournaments/{waiting.tournament.pk}/rulings/"
    referee = _client(waiting.referee)
    listing = referee.get(rulings, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'data-testid="dispute"' in listing and "Бубна была у Бориса" in listing
    assert f"/referee/matches/{waiting.match.pk}/rule/?deal=2" in listing
    home = referee.get("/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'data-testid="referee-calls"' in home and "Сдача 2 оспорена: Anna" in home
    # The public and the other players of the evening do not.
    assert 'data-testid="dispute"' not in Client().get(rulings).content.decode()
    assert 'data-testid="referee-calls"' not in _client(waiting.stranger).get("/").content.decode()

    # The history keeps it; the referee settles it by confirming the deal.
    history = anna.get(f"{match_url}history/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "оспорена" in history and "Бубна была у Бориса" in history
    services.deal_confirm(match=waiting.match, number=2, user=waiting.referee)
    dispute.refresh_from_db()
    assert dispute.status == DealDispute.Status.CONFIRMED and dispute.settled_by == waiting.referee
    assert 'data-testid="dispute"' not in referee.get(rulings).content.decode()


def test_only_a_seated_player_other_than_the_one_who_entered_it_disputes(waiting):
    url = f"/matches/{waiting.match.pk}/deals/2/dispute/"
    for user in (waiting.scorer, waiting.stranger, waiting.referee):
        assert _client(user).post(url).status_code in (403, 404)
    assert DealDispute.objects.count() == 0
    services.deal_confirm(match=waiting.match, number=2, user=waiting.player)
    # A counted deal is not disputed (the referee's ruling is the way then).
    response = _client(waiting.player).post(url, HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 302 and DealDispute.objects.count() == 0


def test_a_withdrawn_deal_settles_its_dispute(waiting):
    services.deal_dispute(match=waiting.match, number=2, user=waiting.player)
    services.deal_withdraw(match=waiting.match, user=waiting.scorer)
    assert DealDispute.objects.get().status == DealDispute.Status.WITHDRAWN


@pytest.mark.parametrize(
    ("language", "confirmed", "entered"),
    [
        ("ru", "Сдача 1</strong> подтверждена: <strong>Anna", "записана — <strong>счётчик стола"),
        (
            "uk",
            "Роздача 1</strong> підтверджена: <strong>Anna",
            "записана — <strong>рахівник столу",
        ),
    ],
)
def test_the_history_names_who_confirmed_in_the_readers_language(language, confirmed, entered):
    ev = make_evening(confirm_deals=True)
    _submit(ev.match, DEAL_HANGING, ev.scorer)
    anna = _client(ev.player)
    anna.post(f"/matches/{ev.match.pk}/deals/1/confirm/")
    html = anna.get(f"/matches/{ev.match.pk}/history/", HTTP_ACCEPT_LANGUAGE=language)
    html = " ".join(html.content.decode().split())
    newest = html.split('data-testid="history-entry"')[1]
    # Before: "Сдача 1 изменена — — confirmed" (the stored reason, in English, and no name).
    assert 'data-action="confirmed"' in newest and confirmed in newest
    assert ">confirmed<" not in html and "— <strong>—</strong>" not in html
    # Anna reads no usernames: the scorer who entered it is named by their part at the table.
    assert entered in html and ev.scorer.username not in html
    # The staff read the usernames, and the player's name where she confirmed.
    staff = _client(ev.referee).get(f"/matches/{ev.match.pk}/history/").content.decode()
    assert ev.scorer.username in staff and "confirmed by <strong>Anna</strong>" in staff


def test_a_preferans_waiting_deal_shows_the_balances_it_brings():
    pulka = make_preferans_evening()
    pulka.tournament.confirm_deals = True
    pulka.tournament.save(update_fields=["confirm_deals"])
    _submit(pulka.match, PREF_SIX_SPADES, pulka.scorer)
    html = (
        _client(pulka.player)
        .get(f"/matches/{pulka.match.pk}/", HTTP_ACCEPT_LANGUAGE="uk")
        .content.decode()
    )
    assert "Роздача 1 чекає підтвердження суперника." in html
    # Boris makes 6♠ against Vera whisting: Anna −6, Boris +5, Vera +1, from nothing.
    assert _figures(html) == [["Anna", "0", "-6"], ["Boris", "0", "+5"], ["Vera", "0", "+1"]]
    assert 'data-testid="dispute-deal"' in html


def test_a_disputes_words_are_shown_as_typed_never_as_markup(waiting):
    services.deal_dispute(
        match=waiting.match, number=2, user=waiting.player, reason="<script>x()</script>"
    )
    for client, path in (
        (_client(waiting.player), f"/matches/{waiting.match.pk}/"),
        (_client(waiting.player), f"/matches/{waiting.match.pk}/history/"),
        (_client(waiting.referee), f"/referee/tournaments/{waiting.tournament.pk}/rulings/"),
        (_client(waiting.referee), f"/referee/matches/{waiting.match.pk}/rule/"),
    ):
        html = client.get(path).content.decode()
        assert "&lt;script&gt;x()&lt;/script&gt;" in html and "<script>x()" not in html, path


def test_the_api_disputes_a_waiting_deal_as_the_page_does(waiting):
    """`POST /api/v1/matches/{id}/deals/{n}/dispute/` (issue 35: the page could dispute, the
    API could not): the seated player calls the referee; the rest are refused as on the page."""
    url = f"/api/v1/matches/{waiting.match.pk}/deals/2/dispute/"
    for user in (waiting.scorer, waiting.stranger, waiting.referee):
        refused = _client(user).post(url, {}, content_type="application/json")
        assert refused.status_code in (403, 404)
    assert Client().post(url, {}, content_type="application/json").status_code in (401, 403)
    anna = _client(waiting.player)
    odd = anna.post(url, {"reason": 5, "deal": 2}, content_type="application/json")
    assert odd.status_code == 400
    assert {e["field"] for e in odd.json()["errors"]} == {"deal"}
    bad = anna.post(url, {"reason": "x" * 1000}, content_type="application/json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "reason"
    answer = anna.post(url, {"reason": "Бубна была у Бориса"}, content_type="application/json")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert (body["deal"], body["status"], body["reason"]) == (2, "open", "Бубна была у Бориса")
    # Again: the open dispute, not a second one; the deal still waits.
    assert anna.post(url, {}, content_type="application/json").json()["id"] == body["id"]
    assert DealDispute.objects.count() == 1
    assert Deal.objects.get(match=waiting.match, number=2).status == Deal.Status.PENDING
    # A deal that does not wait is refused with its code, in the reader's language.
    services.deal_confirm(match=waiting.match, number=2, user=waiting.player)
    settled = anna.post(url, {}, content_type="application/json", HTTP_ACCEPT_LANGUAGE="uk")
    assert settled.status_code == 400
    assert settled.json()["errors"][0]["code"] == "not_pending"
    missing = anna.post(
        f"/api/v1/matches/{waiting.match.pk}/deals/99/dispute/", {}, content_type="application/json"
    )
    assert missing.status_code == 404
