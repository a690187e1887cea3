"""Issue 17, item 13: closing a pulka early.

A scorer could `POST /api/v1/matches/{id}/close/` two hours before the round's end, and
`{"closed": false}` reopened it, again and again; a body `[1, 2]` closed it too. Scorers
close only when the round's time is up (409 `round_time_not_up`); reopening is the referee's
or the organiser's act with a reason (`reason_required`), kept in the round's history; a body
that is not an object is a 400 `bad_format`. The scorer page's buttons follow the same
rules, and the organiser's "time is up: close the tables" and "close the round" ask first.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from scoring import services as scoring_services
from scoring.models import Match
from tests.factories import PREF_SIX_SPADES, make_preferans_evening
from tournaments.events.models import Round, RoundEvent

pytestmark = pytest.mark.django_db


@pytest.fixture
def timed(settings):
    """A pulka played to the round's clock (`end: closed`), two hours before time is up."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    ev = make_preferans_evening(conventions={"end": "closed"}, round_minutes=180)
    Round.objects.filter(pk=ev.round.pk).update(ends_at=timezone.now() + timedelta(hours=2))
    scoring_services.deal_submit(
        match=ev.match, record=PREF_SIX_SPADES, user=ev.scorer, idempotency_key=None, version=None
    )
    return ev


def _time_is_up(ev) -> None:
    Round.objects.filter(pk=ev.round.pk).update(ends_at=timezone.now() - timedelta(minutes=1))


def _close(ev, role, body=None, **kwargs):
    client = APIClient()
    client.force_authenticate(ev.users[role])
    url = f"/api/v1/matches/{ev.match.pk}/close/"
    return client.post(url, body if body is not None else {}, format="json", **kwargs)


def _closed(ev) -> bool:
    return Match.objects.get(pk=ev.match.pk).closed


def test_a_scorer_closes_only_when_the_rounds_time_is_up(timed):
    response = _close(timed, "scorer")
    assert response.status_code == 409, response.content
    assert response.json()["errors"][0]["code"] == "round_time_not_up"
    assert not _closed(timed)
    _time_is_up(timed)
    assert _close(timed, "scorer").status_code == 200
    assert _closed(timed)


@pytest.mark.parametrize("role", ["referee", "organiser"])
def test_without_a_round_clock_the_referee_or_the_organiser_calls_time(timed, role):
    Round.objects.filter(pk=timed.round.pk).update(ends_at=None)
    assert _close(timed, "scorer").json()["errors"][0]["code"] == "round_time_not_up"
    assert not _closed(timed)
    assert _close(timed, role).status_code == 200
    assert _closed(timed)


@pytest.mark.parametrize("body", [[1, 2], [], "close", 1, True])
def test_a_body_that_is_not_an_object_closes_nothing(timed, body):
    response = _close(timed, "referee", body)
    assert response.status_code == 400, response.content
    assert response.json()["errors"][0]["code"] == "bad_format"
    assert not _closed(timed)


def test_an_unknown_field_closes_nothing(timed):
    response = _close(timed, "referee", {"closd": False})
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "unknown_field"
    assert not _closed(timed)


def test_reopening_is_the_referees_or_the_organisers_act_with_a_reason(timed):
    _time_is_up(timed)
    assert _close(timed, "scorer").status_code == 200
    response = _close(timed, "scorer", {"closed": False, "reason": "closed by mistake"})
    assert response.status_code == 403
    assert _closed(timed)
    response = _close(timed, "referee", {"closed": False})
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert (error["field"], error["code"]) == ("reason", "reason_required")
    assert _closed(timed)
    response = _close(timed, "referee", {"closed": False, "reason": "Стол доигрывает сдачу"})
    assert response.status_code == 200, response.content
    assert not _closed(timed)
    event = RoundEvent.objects.get()
    assert (event.kind, event.table_number, event.user, event.reason) == (
        RoundEvent.Kind.MATCH_REOPENED,
        1,
        timed.referee,
        "Стол доигрывает сдачу",
    )


def test_the_error_is_in_the_users_language(timed):
    response = _close(timed, "scorer", HTTP_ACCEPT_LANGUAGE="uk")
    assert response.json()["errors"][0]["message"] == "Час туру ще не сплив: стіл грає далі."


# --- the pages -----------------------------------------------------------------------------


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_scorers_close_button_waits_for_the_time(timed):
    page = _client(timed.scorer).get(f"/matches/{timed.match.pk}/").content.decode()
    form = page[page.index('data-testid="close-table"') :].split(">", 1)[0]
    assert "hidden" in form and "data-shown-at-time-up" in form
    assert "data-confirm=" in form
    _client(timed.scorer).post(f"/matches/{timed.match.pk}/close/")
    assert not _closed(timed)  # the server refuses it all the same
    _time_is_up(timed)
    page = _client(timed.scorer).get(f"/matches/{timed.match.pk}/").content.decode()
    form = page[page.index('data-testid="close-table"') :].split(">", 1)[0]
    assert "hidden" not in form
    _client(timed.scorer).post(f"/matches/{timed.match.pk}/close/")
    assert _closed(timed)


def test_only_the_referee_and_the_organiser_reopen_on_the_page(timed):
    scoring_services.match_close(match=timed.match, user=timed.referee)
    url = f"/matches/{timed.match.pk}/close/"
    scorer_page = _client(timed.scorer).get(f"/matches/{timed.match.pk}/").content.decode()
    assert 'data-testid="reopen-table"' not in scorer_page
    _client(timed.scorer).post(url, {"reopen": "1", "reason": "mistake"})
    assert _closed(timed)
    referee_page = _client(timed.referee).get(f"/matches/{timed.match.pk}/").content.decode()
    reopen = referee_page[referee_page.index('data-testid="reopen-table"') :].split("</form>")[0]
    assert 'name="reason"' in reopen and "required" in reopen and "data-confirm=" in reopen
    _client(timed.referee).post(url, {"reopen": "1"})
    assert _closed(timed)
    _client(timed.referee).post(url, {"reopen": "1", "reason": "mistake"})
    assert not _closed(timed)


def test_the_organisers_round_buttons_ask_first(timed):
    page = _client(timed.organiser).get(f"/tournaments/{timed.tournament.pk}/matches/")
    html = page.content.decode()
    for action in ("time-up", "close"):
        url = f"/tournaments/{timed.tournament.pk}/rounds/1/{action}/"
        form = html[html.index(f'action="{url}"') :].split(">", 1)[0]
        assert "data-confirm=" in form, action
    # The question is asked by the site's script (the Content-Security-Policy runs no inline
    # script): it is on every page.
    assert "js/site.js" in html
