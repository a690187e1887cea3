"""`load_demo` adds a Preferans evening next to the Deberc one: three tables of three and one
of four, pulkas played on the round's clock, round 1 finished (closed on time), round 2
running on a round clock; the deals are the simulator's
and every score is the engine's; running it again changes nothing."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from scoring.games.preferans.engine import score_pulka
from scoring.models import Deal, Match
from scoring.selectors import match_scoresheet
from tournaments.events.models import Round, Tournament
from tournaments.live.selectors import round_tables
from tournaments.standings.models import StandingRow

pytestmark = pytest.mark.django_db


def test_the_preferans_evening(django_capture_on_commit_callbacks):
    out = io.StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_demo", stdout=out)
    assert "preferans" in out.getvalue()
    # Beside it: a Deberc evening, a Deberc pairs event and a Preferans team event.
    tournament = Tournament.objects.get(game="preferans", entrants="players")
    assert Tournament.objects.filter(game="deberc", entrants="players").count() == 1
    assert (tournament.ruleset, tournament.conventions) == ("sochi", {"end": "closed"})
    assert tournament.published and tournament.round_minutes
    assert tournament.organisers.filter(username="organiser").exists()
    round1, round2 = tournament.round_set.order_by("number")
    assert round1.status == Round.Status.CLOSED and round2.status == Round.Status.OPEN
    assert round2.ends_at is not None  # the round clock
    for rnd in (round1, round2):
        sizes = sorted(m.seats.count() for m in Match.objects.filter(round=rnd))
        assert sizes == [3, 3, 3, 4]
        players = {s.player_id for m in Match.objects.filter(round=rnd) for s in m.seats.all()}
        assert len(players) == 13
    # Round 1's tables were closed on time, each after its last deal.
    for match in Match.objects.filter(round=round1):
        assert match.status == Match.Status.FINISHED and match.closed
        assert match.result["reason"] == "closed"
    running = Match.objects.filter(round=round2)
    assert all(m.status == Match.Status.OPEN for m in running)
    assert all(m.deals.exists() for m in running)
    for i in range(1, 5):
        assert round2.tables.get(number=i).scorer.username == f"scorer{i}"
    for match in Match.objects.filter(tournament=tournament):
        assert match.game == "preferans"
        assert match.result == score_pulka(match_scoresheet(match))  # the engine's
    # The round's table cards show each player's whist balance (the game's running score).
    for card in round_tables(round1):
        totals = [player["total"] for player in card["players"]]
        assert sum(totals) == 0 and any(totals)
    # The finished pulkas make the standings: 13 lines, points by place.
    rows = StandingRow.objects.filter(tournament=tournament)
    assert rows.count() == 13
    assert sum(row.match_points for row in rows) == 3 * 3 + 6  # 2+1+0 thrice, 3+2+1+0
    assert sum(row.game_points for row in rows) == 0  # whist balances sum to zero

    deals = Deal.objects.count()
    call_command("load_demo", stdout=io.StringIO())
    assert Tournament.objects.count() == 4
    assert Deal.objects.count() == deals
