"""A Preferans evening of seven at [3, 4]: paired 4 + 3, first places worth the same."""

from __future__ import annotations

import itertools

import pytest

from scoring.models import Match
from tests.factories import EntryFactory, TournamentFactory
from tournaments.pairing.manager import round_pair
from tournaments.standings.models import MatchTally, StandingRow
from tournaments.standings.services import standings_refresh

pytestmark = pytest.mark.django_db


def test_first_places_at_a_four_and_at_a_three_score_the_same():
    tournament = TournamentFactory(
        game="preferans",
        ruleset="sochi",
        table_size=3,
        table_sizes=[3, 4],
        match_score="places_per_size",
        rounds=2,
    )
    for seed in range(1, 8):
        EntryFactory(tournament=tournament, seed=seed)
    round_ = round_pair(tournament=tournament)
    assert sorted(t.match.seats.count() for t in round_.tables.all()) == [3, 4]
    assert not round_.byes.exists()
    for match in Match.objects.filter(round=round_):
        # Whist balances of a pulka (they sum to nought): the first seat wins.
        players = list(match.seats.order_by("position").values_list("player_id", flat=True))
        totals = [30, 10, -40] if len(players) == 3 else [50, 20, -10, -60]
        match.status = Match.Status.FINISHED
        match.save()
        MatchTally.objects.create(
            match=match,
            tournament=tournament,
            round_number=1,
            data={
                "players": players,
                "totals": totals,
                "winners": [players[0]],
                "bytes": [0] * len(players),
                "sides": list(range(len(players))),
                "target": 0,
            },
        )
    standings_refresh(tournament=tournament)
    points = sorted(
        StandingRow.objects.filter(tournament=tournament).values_list("match_points", flat=True),
        reverse=True,
    )
    # Both winners score 1, whether at the three or at the four; then ⅔, ½, ⅓, 0, 0.
    assert points == pytest.approx([1, 1, 2 / 3, 0.5, 1 / 3, 0, 0], abs=0.01)  # kept to 0.01
    # Round two. This test asserted the rotation first (the four to the three who had not
    # played at one, plus one who had: six repeat meetings); repeat meetings now come first
    # (issue 35, item 11): two of round 1's four stay at the four, three repeats, the fewest.
    second = round_pair(tournament=tournament)
    first_four = {
        s.player_id
        for t in round_.tables.all()
        for s in t.match.seats.all()
        if t.match.seats.count() == 4
    }
    second_four = {
        s.player_id
        for t in second.tables.all()
        for s in t.match.seats.all()
        if t.match.seats.count() == 4
    }
    assert len(first_four & second_four) == 2
    # Two players met in round 1 when both sat at its four or both at its three.
    repeats = sum(
        (a in first_four) == (b in first_four)
        for t in second.tables.all()
        for a, b in itertools.combinations(t.match.seats.values_list("player_id", flat=True), 2)
    )
    assert repeats == 3
