"""`generate_tournament --game preferans`: a Preferans tournament paired by the real manager
and played by the game's simulator, tables of three or four, with its standings."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from scoring.games.preferans.engine import score_pulka
from scoring.models import Match
from scoring.selectors import match_scoresheet
from tournaments.events.models import Tournament
from tournaments.standings.models import StandingRow

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("players", "size"), [(10, 3), (13, 4)])
def test_generate_a_preferans_tournament(players, size):
    call_command(
        "generate_tournament",
        "--game",
        "preferans",
        "--players",
        str(players),
        "--rounds",
        "3",
        "--table-size",
        str(size),
        "--no-ratings",
        stdout=io.StringIO(),
    )
    tournament = Tournament.objects.get()
    assert (tournament.game, tournament.ruleset, tournament.table_size) == (
        "preferans",
        "sochi",
        size,
    )
    assert tournament.match_score == "places"
    matches = Match.objects.filter(tournament=tournament)
    assert matches.count() == 3 * (players // size)
    for match in matches[:4]:
        assert match.status == Match.Status.FINISHED and match.seats.count() == size
        assert match.result == score_pulka(match_scoresheet(match))
    rows = StandingRow.objects.filter(tournament=tournament)
    assert rows.count() == players
    assert sum(row.game_points for row in rows) == 0
    assert all(
        row.played + tournament.round_set.filter(byes=row.player).count() == 3 for row in rows
    )


def test_a_time_limited_preferans_tournament_is_closed_on_time():
    call_command(
        "generate_tournament",
        "--game=preferans",
        "--players=9",
        "--rounds=2",
        '--conventions={"end": "closed"}',
        "--no-ratings",
        stdout=io.StringIO(),
    )
    matches = Match.objects.all()
    assert all(m.closed and m.reason == "closed" for m in matches)
    assert all(m.result == score_pulka(match_scoresheet(m)) for m in matches)


def test_settings_of_another_game_are_refused():
    with pytest.raises(CommandError):
        call_command(
            "generate_tournament", "--game=preferans", "--players=9", "--rounds=1", "--table-size=2"
        )
    with pytest.raises(CommandError):
        call_command(
            "generate_tournament",
            "--game=preferans",
            "--players=9",
            "--rounds=1",
            "--ruleset=moscow",
        )


def test_the_simulator_keeps_the_tables_seats_and_first_dealer():
    import random

    from scoring import games

    game = games.game_get("preferans")
    for k in range(12):
        for names in (["A", "B", "C"], ["A", "B", "C", "D"]):
            first = names[k % len(names)]
            blank = {
                "format": game.record_format,
                "ruleset": "sochi",
                "conventions": {"pool_target": 10},
                "players": names,
                "first_dealer": first,
            }
            record, result = game.simulate(blank, random.Random(k))
            assert record["players"] == names and record["first_dealer"] == first
            assert result == score_pulka(record) and result["finished"]
            assert game.winners(result)
