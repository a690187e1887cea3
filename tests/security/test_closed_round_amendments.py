"""Issue 17, item 2: a correction can no longer wipe a deal nor reopen a finished match.

`PUT /api/v1/matches/{id}/deals/{n}/` with `{}` as the organiser (or the referee) answered
200, replaced the deal by a void one and turned a finished match of a closed round back to
open. A correction is a whole deal (an empty one is `missing_field`, on the API and on the
correction page of both games); changing a match of a closed round is the organiser's act
only, with a reason (`reason_required`), kept in the round's history and shown in the
standings' notes (page and API).
"""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from rest_framework.test import APIClient

from scoring import services as scoring_services
from scoring.models import Deal, Match
from tests.factories import (
    DEAL_BIG,
    DEAL_BYTE,
    DEAL_HANGING,
    DEAL_MADE,
    DEAL_VOID,
    PREF_SIX_SPADES,
    make_evening,
    make_preferans_evening,
)
from tournaments.events import services
from tournaments.events.models import Round, RoundEvent

pytestmark = pytest.mark.django_db

# A correction of deal 5 that keeps the match finished (Boris still wins on the target).
DEAL_5_CORRECTED = {**DEAL_BIG, "points": {"Anna": 30, "Boris": 110}}


def _submit(ev, record):
    scoring_services.deal_submit(
        match=ev.match, record=record, user=ev.scorer, idempotency_key=None, version=None
    )


@pytest.fixture
def settled(settings):
    """A finished match (five deals, Boris won on the target) of a round now closed."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    ev = make_evening()
    for record in (DEAL_HANGING, DEAL_MADE, DEAL_BYTE, DEAL_VOID, DEAL_BIG):
        _submit(ev, record)
    assert Match.objects.get(pk=ev.match.pk).status == Match.Status.FINISHED
    services.round_close(round=ev.round, user=ev.organiser)
    return ev


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _put(ev, user, body, number=5):
    return _api(user).put(f"/api/v1/matches/{ev.match.pk}/deals/{number}/", body, format="json")


def _unchanged(ev) -> None:
    match = Match.objects.get(pk=ev.match.pk)
    assert match.status == Match.Status.FINISHED
    assert match.deals.get(number=5).record == DEAL_BIG
    assert not RoundEvent.objects.exists()


@pytest.mark.parametrize("body", [{}, {"reason": "typo"}, {"dealer": "Anna", "reason": "typo"}])
def test_an_empty_correction_is_no_deal(settled, body):
    response = _put(settled, settled.organiser, body)
    assert response.status_code == 400, response.content
    codes = {err["code"] for err in response.json()["errors"]}
    assert codes & {"missing_field", "reason_required"}
    _unchanged(settled)


def test_an_empty_correction_in_an_open_round_is_no_deal_either():
    ev = make_evening()
    _submit(ev, DEAL_MADE)
    response = _put(ev, ev.referee, {}, number=1)
    assert response.status_code == 400, response.content
    assert response.json()["errors"][0]["code"] == "missing_field"
    assert Deal.objects.get(match=ev.match, number=1).record == DEAL_MADE


@pytest.mark.parametrize("role", ["referee", "scorer"])
def test_only_the_organiser_changes_a_closed_round(settled, role):
    response = _put(settled, settled.users[role], {**DEAL_5_CORRECTED, "reason": "scoresheet"})
    assert response.status_code == 403, response.content
    _unchanged(settled)


def test_the_organiser_gives_a_reason(settled):
    response = _put(settled, settled.organiser, DEAL_5_CORRECTED)
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert (error["field"], error["code"]) == ("reason", "reason_required")
    _unchanged(settled)
    response = _put(settled, settled.organiser, {**DEAL_5_CORRECTED, "reason": "   "})
    assert response.json()["errors"][0]["code"] == "reason_required"


def test_the_organisers_change_is_in_the_rounds_history_and_the_standings_notes(settled):
    reason = "Бланк стола 1: 110, не 120"
    response = _put(settled, settled.organiser, {**DEAL_5_CORRECTED, "reason": reason})
    assert response.status_code == 200, response.content
    assert Deal.objects.get(match=settled.match, number=5).record == DEAL_5_CORRECTED
    event = RoundEvent.objects.get()
    assert (event.round_id, event.kind, event.table_number, event.deal_number) == (
        settled.round.pk,
        RoundEvent.Kind.DEAL_CORRECTED,
        1,
        5,
    )
    assert (event.user, event.reason) == (settled.organiser, reason)
    # The standings' notes, for everyone (the public without the username).
    notes = Client().get(f"/api/v1/tournaments/{settled.tournament.pk}/standings/notes/").json()
    assert [(n["round"], n["table"], n["deal"], n["reason"]) for n in notes] == [(1, 1, 5, reason)]
    assert "by" not in notes[0]
    staff = _api(settled.referee).get(
        f"/api/v1/tournaments/{settled.tournament.pk}/standings/notes/"
    )
    assert staff.json()[0]["by"] == settled.organiser.username
    page = Client().get(f"/tournaments/{settled.tournament.pk}/standings/").content.decode()
    assert 'data-testid="standings-notes"' in page and reason in page
    assert settled.organiser.username not in page
    # And on the organiser's round page.
    client = Client()
    client.force_login(settled.organiser)
    matches = client.get(f"/tournaments/{settled.tournament.pk}/matches/").content.decode()
    assert 'data-testid="round-history"' in matches and reason in matches


def test_no_new_deal_goes_into_a_closed_round(settled):
    Match.objects.filter(pk=settled.match.pk).update(status=Match.Status.OPEN)
    response = _api(settled.organiser).post(
        f"/api/v1/matches/{settled.match.pk}/deals/",
        {**DEAL_MADE, "version": Match.objects.get(pk=settled.match.pk).version},
        format="json",
        HTTP_IDEMPOTENCY_KEY="late-deal",
    )
    assert response.status_code == 409, response.content
    assert response.json()["errors"][0]["code"] == "round_closed"
    assert settled.match.deals.count() == 5


def test_withdrawing_in_a_closed_round_needs_the_organiser_and_a_reason(settled):
    for user in (settled.referee, settled.scorer):
        with pytest.raises(PermissionDenied):
            scoring_services.deal_withdraw(match=settled.match, user=user, reason="twice")
    with pytest.raises(scoring_services.DealRejected) as caught:
        scoring_services.deal_withdraw(match=settled.match, user=settled.organiser)
    assert caught.value.errors[0]["code"] == "reason_required"
    _unchanged(settled)
    scoring_services.deal_withdraw(match=settled.match, user=settled.organiser, reason="twice")
    assert RoundEvent.objects.get().kind == RoundEvent.Kind.DEAL_WITHDRAWN


def _page_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_correction_page_refuses_an_empty_form_and_asks_a_reason(settled):
    client = _page_client(settled.organiser)
    url = f"/matches/{settled.match.pk}/deals/5/edit/"
    page = client.get(url).content.decode()
    assert 'data-testid="reason" required' in page
    assert client.post(url, {}).status_code == 400
    assert client.post(url, {"reason": "typo"}).status_code == 400
    _unchanged(settled)
    assert _page_client(settled.referee).get(url).status_code == 403


def test_the_preferans_correction_page_refuses_an_empty_form():
    ev = make_preferans_evening()
    scoring_services.deal_submit(
        match=ev.match, record=PREF_SIX_SPADES, user=ev.scorer, idempotency_key=None, version=None
    )
    answer = _page_client(ev.scorer).post(f"/matches/{ev.match.pk}/deals/1/edit/", {})
    assert answer.status_code == 400
    assert Deal.objects.get(match=ev.match, number=1).record == PREF_SIX_SPADES
    api = _api(ev.referee).put(f"/api/v1/matches/{ev.match.pk}/deals/1/", {}, format="json")
    assert api.status_code == 400
    assert api.json()["errors"][0]["code"] == "missing_field"


def test_only_the_organiser_opens_a_closed_round_again_with_a_reason(settled):
    url = f"/tournaments/{settled.tournament.pk}/rounds/1/open/"
    _page_client(settled.referee).post(url, {"reason": "forgot a deal"})
    _page_client(settled.organiser).post(url, {})
    assert Round.objects.get(pk=settled.round.pk).status == Round.Status.CLOSED
    _page_client(settled.organiser).post(url, {"reason": "forgot a deal"})
    assert Round.objects.get(pk=settled.round.pk).status == Round.Status.OPEN
    event = RoundEvent.objects.get()
    assert (event.kind, event.reason) == (RoundEvent.Kind.ROUND_REOPENED, "forgot a deal")
