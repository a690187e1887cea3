"""The hook keeps standings current on every deal write; ratings follow finished matches."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import TestCase

from scoring import services as scoring_services
from scoring.models import Match
from scoring.selectors import seat_names
from tournaments.pairing.manager import round_pair
from tournaments.standings.models import MatchTally, Rating, RatingEvent, StandingRow

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]


def deal(names, declarer_points=120, declarer=0):
    other = 1 - declarer
    return {
        "trump": "H",
        "declarer": names[declarer],
        "points": {names[declarer]: declarer_points, names[other]: 130 - declarer_points},
        "last_trick": names[declarer],
    }


@pytest.fixture
def match(tournament):
    round_ = round_pair(tournament=tournament)
    return Match.objects.filter(round=round_).order_by("table__number").first()


def submit(match, record, user):
    """A deal write as it is committed: what waits for the commit (the standings refresh,
    rating tasks) runs too."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return submit_uncommitted(match, record, user)


def submit_uncommitted(match, record, user):
    return scoring_services.deal_submit(
        match=match, record=record, user=user, idempotency_key=None, version=None
    )


def test_a_deal_that_does_not_finish_the_match_leaves_the_standings(match, organiser):
    names = seat_names(match)
    before = list(StandingRow.objects.values_list("player_id", "match_points", "played"))
    submit(match, deal(names, 100), organiser)
    assert list(StandingRow.objects.values_list("player_id", "match_points", "played")) == before


def test_the_deal_that_finishes_a_match_updates_the_standings_and_the_rating(
    match, organiser, django_capture_on_commit_callbacks
):
    names = seat_names(match)
    winner = match.seats.get(position=0).player_id
    with django_capture_on_commit_callbacks(execute=True):
        submit(match, deal(names, 100), organiser)
        submit(match, deal(names, 110), organiser)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    row = StandingRow.objects.get(player_id=winner)
    assert (row.match_points, row.played, row.won) == (1, 1, 1)
    assert row.game_points == match.result["match"][names[0]]
    assert RatingEvent.objects.filter(match=match).count() == 2
    assert (
        Rating.objects.get(player_id=winner).mu
        > Rating.objects.get(player_id=match.seats.get(position=1).player_id).mu
    )


def test_a_correction_that_reopens_a_match_takes_it_out_of_the_standings(
    match, organiser, django_capture_on_commit_callbacks
):
    names = seat_names(match)
    winner = match.seats.get(position=0).player_id
    with django_capture_on_commit_callbacks(execute=True):
        submit(match, deal(names, 100), organiser)
        submit(match, deal(names, 110), organiser)
        scoring_services.deal_correct(match=match, number=2, record=deal(names, 20), user=organiser)
    match.refresh_from_db()
    assert match.status == Match.Status.OPEN
    assert not MatchTally.objects.filter(match=match).exists()
    assert StandingRow.objects.get(player_id=winner).match_points == 0
    # The ratings were replayed from scratch: the re-opened match is not rated any more.
    assert not RatingEvent.objects.filter(match=match).exists()


def test_recompute_ratings_replays_what_the_tasks_did(
    match, organiser, django_capture_on_commit_callbacks
):
    names = seat_names(match)
    with django_capture_on_commit_callbacks(execute=True):
        submit(match, deal(names, 100), organiser)
        submit(match, deal(names, 110), organiser)
    incremental = {r.player_id: (r.mu, r.sigma, r.matches) for r in Rating.objects.all()}
    call_command("recompute_ratings", stdout=open("/dev/null", "w"))  # noqa: SIM115
    replayed = {r.player_id: (r.mu, r.sigma, r.matches) for r in Rating.objects.all()}
    assert replayed.keys() == incremental.keys()
    for player, (mu, sigma, n) in incremental.items():
        assert replayed[player][0] == pytest.approx(mu)
        assert replayed[player][1] == pytest.approx(sigma)
        assert replayed[player][2] == n


def test_changing_the_match_scoring_recounts_the_standings(match, organiser, tournament):
    from tournaments.standings.hooks import tournament_changed

    names = seat_names(match)
    winner = match.seats.get(position=0).player_id
    loser = match.seats.get(position=1).player_id
    submit(match, deal(names, 100), organiser)
    submit(match, deal(names, 110), organiser)
    assert StandingRow.objects.get(player_id=winner).match_points == 1
    tournament.match_score = "difference"
    tournament.save()
    tournament_changed(tournament=tournament)
    match.refresh_from_db()
    loser_total = match.result["match"][names[1]]
    assert loser_total < 201
    assert StandingRow.objects.get(player_id=winner).match_points == 1 + 201 - loser_total
    assert StandingRow.objects.get(player_id=loser).match_points == 0


def test_the_standings_follow_from_a_task_after_the_commit(
    match, organiser, django_capture_on_commit_callbacks
):
    names = seat_names(match)
    winner = match.seats.get(position=0).player_id
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        submit_uncommitted(match, deal(names, 100), organiser)
        submit_uncommitted(match, deal(names, 110), organiser)
    # Inside the deal write only the tally changed; the refresh waits for the commit.
    assert MatchTally.objects.filter(match=match).exists()
    assert StandingRow.objects.get(player_id=winner).match_points == 0
    for callback in callbacks:
        callback()
    assert StandingRow.objects.get(player_id=winner).match_points == 1


def test_the_organiser_changing_the_match_scoring_recounts_the_standings_at_once(
    match, organiser, tournament
):
    from tournaments.events.setup import tournament_update

    names = seat_names(match)
    winner = match.seats.get(position=0).player_id
    submit(match, deal(names, 100), organiser)
    submit(match, deal(names, 110), organiser)
    assert StandingRow.objects.get(player_id=winner).match_points == 1
    tournament_update(tournament=tournament, user=organiser, match_score="difference")
    match.refresh_from_db()
    loser_total = match.result["match"][names[1]]
    # Difference scoring: the win (1) and also the target (201) minus the loser's total.
    assert StandingRow.objects.get(player_id=winner).match_points == 1 + 201 - loser_total


def test_a_player_entered_late_gets_a_standings_line(tournament, organiser):
    from tournaments.clubs.models import Player
    from tournaments.events.entries import player_enter

    late = Player.objects.create(club=tournament.club, display_name="Запізнілий Гравець")
    player_enter(tournament=tournament, player=late)
    row = StandingRow.objects.get(tournament=tournament, player=late)
    assert (row.match_points, row.played) == (0, 0)
