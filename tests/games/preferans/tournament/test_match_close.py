"""A pulka played to a time limit: the round clock, and the match closed on time
(`scoring.services.match_close`, `POST /api/v1/matches/{id}/close/`): its record says
`"closed": true` and the engine ends it after its last deal; the standings count it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from scoring import services as scoring_services
from scoring.games.preferans.engine import score_pulka
from scoring.models import Match
from scoring.selectors import match_document, match_scoresheet
from tests.factories import (
    PREF_SEVEN_HEARTS_DOWN,
    PREF_SIX_SPADES,
    make_club_organiser,
    make_evening,
    make_preferans_evening,
)
from tournaments.events import services
from tournaments.events.models import Round
from tournaments.standings.models import MatchTally, StandingRow

from .conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def timed():
    ev = make_preferans_evening(conventions={"end": "closed"}, round_minutes=180)
    make_club_organiser(ev.organiser, ev.tournament.club)
    # The round's time is up: the scorer may close (before that only the referee and the
    # organiser: tests/security/test_match_close_rules.py).
    Round.objects.filter(pk=ev.round.pk).update(ends_at=timezone.now() - timedelta(minutes=1))
    ev.round.refresh_from_db()
    return ev


def play(ev, *deals):
    for deal in deals:
        scoring_services.deal_submit(
            match=ev.match, record=deal, user=ev.scorer, idempotency_key=None, version=None
        )


def test_closing_ends_the_pulka_after_its_last_deal(timed, django_capture_on_commit_callbacks):
    play(timed, PREF_SIX_SPADES, PREF_SEVEN_HEARTS_DOWN)
    match = Match.objects.get(pk=timed.match.pk)
    assert match.status == Match.Status.OPEN  # `end: closed`: no pool ends it
    written = scoring_services.match_close(match=match, user=timed.scorer)
    match.refresh_from_db()
    assert match.closed and match.status == Match.Status.FINISHED
    assert match.reason == "closed"
    record = match_scoresheet(match)
    assert record["closed"] is True
    assert match.result == score_pulka(record)  # the engine's verdict, nothing else
    assert b'"closed":true' in written.body
    # The finished pulka counts in the standings at once.
    assert MatchTally.objects.filter(match=match).exists()
    with django_capture_on_commit_callbacks(execute=True):
        services.round_close(round=timed.round, user=timed.organiser)
        from tournaments.standings.tallies import standings_refresh_later

        standings_refresh_later(tournament_id=timed.tournament.pk)
    rows = {
        r.player.display_name: r for r in StandingRow.objects.filter(tournament=timed.tournament)
    }
    assert rows["Anna"].played == rows["Boris"].played == rows["Vera"].played == 1


def test_a_closed_match_takes_no_more_deals_and_can_be_reopened(timed):
    play(timed, PREF_SIX_SPADES)
    scoring_services.match_close(match=timed.match, user=timed.referee)
    with pytest.raises(scoring_services.DealRejected) as caught:
        play(timed, PREF_SEVEN_HEARTS_DOWN)
    assert caught.value.errors[0]["code"] == "match_finished"
    scoring_services.match_close(
        match=timed.match, user=timed.organiser, closed=False, reason="closed by mistake"
    )
    match = Match.objects.get(pk=timed.match.pk)
    assert not match.closed and match.status == Match.Status.OPEN
    assert not MatchTally.objects.filter(match=match).exists()  # no longer counted
    play(timed, PREF_SEVEN_HEARTS_DOWN)


def test_a_match_that_does_not_end_on_time_cannot_be_closed(ev):
    with pytest.raises(scoring_services.DealRejected) as caught:
        scoring_services.match_close(match=ev.match, user=ev.scorer)  # Sochi: pools_full
    assert caught.value.errors[0]["code"] == "not_closable"
    deberc = make_evening()
    with pytest.raises(scoring_services.DealRejected):
        scoring_services.match_close(match=deberc.match, user=deberc.scorer)


def test_only_the_table_and_the_officials_close(timed):
    for role in ("other_scorer", "player", "stranger"):
        with pytest.raises((PermissionDenied, scoring_services.MatchNotVisible)):
            scoring_services.match_close(match=timed.match, user=timed.users[role])


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("organiser", 200),
        ("referee", 200),
        ("scorer", 200),
        ("other_scorer", 403),
        ("player", 403),
        ("stranger", 403),
        ("anonymous", 401),
    ],
)
def test_the_close_endpoint(timed, role, status):
    play(timed, PREF_SIX_SPADES)
    response = client_for(timed, role).post(
        f"/api/v1/matches/{timed.match.pk}/close/", {}, format="json"
    )
    assert response.status_code == status, response.content
    if status == 200:
        body = response.json()
        assert body["closed"] is True and body["finished"] is True
        assert body["reason"] == "closed"
    else:
        assert response.json()["errors"][0]["code"]


def test_the_close_endpoint_refuses_what_does_not_end_on_time(ev):
    response = client_for(ev, "scorer").post(f"/api/v1/matches/{ev.match.pk}/close/")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "not_closable"
    response = client_for(ev, "scorer").post(
        f"/api/v1/matches/{ev.match.pk}/close/", {"closed": "yes"}, format="json"
    )
    assert response.json()["errors"][0]["code"] == "bad_format"


def test_every_table_sees_the_round_clock(timed):
    rnd = Round.objects.create(tournament=timed.tournament, number=2)
    services.round_open(round=rnd, user=timed.organiser)
    rnd.refresh_from_db()
    assert rnd.ends_at is not None
    Match.objects.filter(pk=timed.match.pk).update(round=rnd)
    doc = match_document(Match.objects.select_related("round", "table").get(pk=timed.match.pk))
    assert doc["round_ends_at"] == rnd.ends_at.isoformat()
    assert doc["closed"] is False
    api = client_for(timed, "scorer").get(f"/api/v1/matches/{timed.match.pk}/").json()
    assert api["round_ends_at"] == rnd.ends_at.isoformat()
    rounds = (
        client_for(timed, "organiser")
        .get(f"/api/v1/tournaments/{timed.tournament.pk}/rounds/")
        .json()
    )
    assert {r["number"]: r["ends_at"] for r in rounds}[2] == rnd.ends_at.isoformat()


def test_time_up_closes_every_table_of_the_round(timed):
    play(timed, PREF_SIX_SPADES)
    # The other table has no deal yet: a closed pulka without a deal is finished too.
    closed = services.round_matches_close(round=timed.round, user=timed.organiser)
    assert {m.pk for m in closed} == {timed.match.pk, timed.other_match.pk}
    assert set(Match.objects.filter(round=timed.round).values_list("status", flat=True)) == {
        Match.Status.FINISHED
    }


def test_a_closed_pulka_survives_export_and_import(timed):
    play(timed, PREF_SIX_SPADES)
    scoring_services.match_close(match=timed.match, user=timed.scorer)
    organiser = client_for(timed, "organiser")
    doc = organiser.get(f"/api/v1/tournaments/{timed.tournament.pk}/export/").json()
    assert doc["tournament"]["game"] == "preferans"
    doc["tournament"]["name"] = "Копия"
    response = organiser.post("/api/v1/tournaments/import/", doc, format="json")
    assert response.status_code == 201, response.content
    copy = Match.objects.get(tournament_id=response.json()["id"], table__number=1)
    assert copy.game == "preferans" and copy.closed and copy.reason == "closed"
    assert copy.result == Match.objects.get(pk=timed.match.pk).result


def test_the_organiser_closes_the_tables_when_time_is_up(timed, client):
    client.force_login(timed.organiser)
    page = client.get(f"/tournaments/{timed.tournament.pk}/matches/").content.decode()
    assert "time-up" in page
    response = client.post(f"/tournaments/{timed.tournament.pk}/rounds/1/time-up/")
    assert response.status_code == 302
    assert all(m.closed for m in Match.objects.filter(round=timed.round))
    client.force_login(timed.scorer)  # not the organiser's controls
    assert client.post(f"/tournaments/{timed.tournament.pk}/rounds/1/time-up/").status_code == 403


def test_no_time_up_control_for_a_pulka_to_the_pool(ev, client):
    client.force_login(ev.organiser)
    page = client.get(f"/tournaments/{ev.tournament.pk}/matches/").content.decode()
    assert "time-up" not in page
