"""generate_tournament builds a played, published tournament that can be paired further."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from scoring.games.deberc.engine import score_match
from scoring.models import Deal, Match, Seat
from scoring.selectors import scoresheet_for, seat_names
from tournaments.events.models import Tournament
from tournaments.pairing.manager import round_pair
from tournaments.standings.models import Rating, StandingRow

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("size,system", [(2, "swiss"), (3, "swiss"), (2, "round_robin")])
def test_it_builds_played_rounds_with_room_for_more(size, system):
    out = io.StringIO()
    call_command(
        "generate_tournament",
        players=11,
        rounds=3,
        table_size=size,
        system=system,
        organiser="boss",
        stdout=out,
    )
    tournament = Tournament.objects.get()
    assert tournament.published
    assert tournament.organisers.filter(username="boss").exists()
    assert tournament.round_set.count() == 3
    assert tournament.rounds > 3
    matches = Match.objects.filter(tournament=tournament)
    assert matches.exists()
    assert not matches.exclude(status=Match.Status.FINISHED).exists()
    # Every stored result is the engine's verdict over the stored deals.
    for match in matches[:5]:
        records = list(match.deals.order_by("number").values_list("record", flat=True))
        assert score_match(scoresheet_for(match, seat_names(match), records)) == match.result
        assert all(len(s) == size for s in [seat_names(match)])
    assert Deal.objects.filter(match__tournament=tournament).count() > matches.count()
    assert StandingRow.objects.filter(tournament=tournament).count() == 11
    assert sum(StandingRow.objects.filter(tournament=tournament).values_list("won", flat=True)) == (
        matches.count()
    )
    seated = Seat.objects.filter(match__tournament=tournament).values_list("player_id", flat=True)
    assert set(Rating.objects.values_list("player_id", flat=True)) == set(seated)
    round4 = round_pair(tournament=tournament)
    assert round4.number == 4
