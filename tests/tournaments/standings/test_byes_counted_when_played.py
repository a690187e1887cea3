"""Issue 35, item 5: a bye scores once its round is played (opened), not when it is only
paired: in the standings, on the standings page and in the report."""

from __future__ import annotations

import pytest

from tests.factories import PlayerFactory, RoundFactory, TableFactory, TournamentFactory
from tournaments.events import services
from tournaments.events.models import Entry
from tournaments.reports.selectors import standings_sheet
from tournaments.standings.models import MatchTally, StandingRow
from tournaments.standings.services import compute_tournament_standings, standings_refresh

pytestmark = pytest.mark.django_db


def _evening():
    """Round 1 closed (A beat B), round 2 paired, not opened: C has the bye."""
    from tests.factories import make_match

    tournament = TournamentFactory(published=True, rounds=3)
    a, b, c = (PlayerFactory(club=tournament.club, display_name=n) for n in "ABC")
    for p in (a, b, c):
        Entry.objects.get_or_create(tournament=tournament, player=p)
    first = RoundFactory(tournament=tournament, number=1, status="closed")
    match = make_match(players=[a, b], table=TableFactory(round=first, number=1))
    MatchTally.objects.create(
        match=match,
        tournament=tournament,
        round_number=1,
        data={
            "players": [a.pk, b.pk],
            "totals": [301, 120],
            "winners": [a.pk],
            "bytes": [0, 0],
            "sides": [0, 1],
            "target": 301,
        },
    )
    second = RoundFactory(tournament=tournament, number=2, status="paired")
    second.byes.add(c)
    return tournament, second, c


def _points(tournament, player):
    return {line.player: line.match_points for line in compute_tournament_standings(tournament)}[
        player.pk
    ]


def test_a_bye_of_a_round_only_paired_scores_nothing_yet():
    tournament, _second, c = _evening()
    standings_refresh(tournament=tournament)
    assert _points(tournament, c) == 0
    assert StandingRow.objects.get(tournament=tournament, player=c).match_points == 0
    sheet = standings_sheet(tournament)  # what the PDF, CSV and XLSX print
    assert {line.player: line.match_points for line in sheet.lines}["C"] == 0


def test_opening_the_round_counts_the_bye_in_the_standings(django_capture_on_commit_callbacks):
    tournament, second, c = _evening()
    standings_refresh(tournament=tournament)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_open(round=second, user=None)
    assert _points(tournament, c) == 1
    # The opening refreshed the stored standings (eager Celery in the tests).
    assert StandingRow.objects.get(tournament=tournament, player=c).match_points == 1
