"""Team standings (issue 19, item 2): in a team event a team scores the sum of its members'
match points, ties are broken by the sum of their game points, equal teams share a rank; a
fixed pair scores its partners' points (both score the same), never twice them. The public
page shows the teams above the players, each player with their team; nothing of an
unpublished tournament is shown; the read costs the same few queries for 5 teams or 60."""

from __future__ import annotations

import itertools

import pytest
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.factories import PlayerFactory, TournamentFactory
from tournaments.events.models import Entry, Team, Tournament
from tournaments.standings.models import StandingRow
from tournaments.standings.teams import team_lines, team_standings_rows

pytestmark = pytest.mark.django_db


def _event(entrants: str = "teams", **fields) -> Tournament:
    return TournamentFactory(
        entrants=entrants, table_size=4 if entrants == "pairs" else 2, **fields
    )


def _team(tournament: Tournament, name: str, results: list[tuple[str, float, int]]) -> Team:
    """A team whose members stand at (name, match points, game points)."""
    team = Team.objects.create(tournament=tournament, name=name)
    for player_name, points, game_points in results:
        player = PlayerFactory(club=tournament.club, display_name=player_name)
        Entry.objects.create(tournament=tournament, player=player, team=team)
        StandingRow.objects.create(
            tournament=tournament, player=player, match_points=points, game_points=game_points
        )
    return team


def test_a_team_scores_its_members_sum_and_ties_break_by_game_points() -> None:
    event = _event()
    _team(event, "Дніпро", [("A", 3, 100), ("B", 1, -20), ("C", 2, 40)])  # 6, 120
    _team(event, "Десна", [("D", 4, 10), ("E", 2, 5), ("F", 0, 0)])  # 6, 15
    _team(event, "Рось", [("G", 5, 300), ("H", 2, 0)])  # 7, 300
    _team(event, "Сула", [("I", 3, 10), ("J", 0, 5), ("K", 0, 0)])  # 3, 15
    _team(event, "Псел", [("L", 1, 15), ("M", 2, 0)])  # 3, 15: shares with Сула
    rows = team_standings_rows(event)
    assert [(r["rank_label"], r["team"], r["match_points"], r["game_points"]) for r in rows] == [
        ("1", "Рось", 7, 300),
        ("2", "Дніпро", 6, 120),
        ("3", "Десна", 6, 15),
        ("4–5", "Псел", 3, 15),
        ("4–5", "Сула", 3, 15),
    ]
    assert [m["player"] for m in rows[1]["members"]] == ["A", "C", "B"]  # best first


def test_a_pair_scores_its_partners_points_not_twice_them() -> None:
    event = _event("pairs")
    _team(event, "Пара 1", [("A", 2, 301), ("B", 2, 301)])
    _team(event, "Пара 2", [("C", 3, 250), ("D", 3, 250)])
    rows = team_standings_rows(event)
    assert [(r["team"], r["match_points"], r["game_points"]) for r in rows] == [
        ("Пара 2", 3, 250),
        ("Пара 1", 2, 301),
    ]


def test_no_team_standings_in_a_tournament_of_players() -> None:
    event = TournamentFactory()
    assert team_standings_rows(event) == []


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.lists(st.tuples(st.integers(0, 20), st.integers(-500, 500)), min_size=2, max_size=6),
        min_size=1,
        max_size=12,
    )
)
def test_team_points_are_the_members_sum_and_ranks_follow_them(teams) -> None:
    members = []
    rows = {}
    player = 0
    for team_id, results in enumerate(teams):
        for points, game_points in results:
            player += 1
            members.append((team_id, player, f"p{player}"))
            rows[player] = {"match_points": points, "game_points": game_points}
    lines = team_lines([(k, f"t{k}", False) for k in range(len(teams))], members, rows)
    for line in lines:
        results = teams[line.team]
        assert line.match_points == sum(p for p, _ in results)
        assert line.game_points == sum(g for _, g in results)
    for better, worse in itertools.pairwise(lines):
        assert (better.match_points, better.game_points) >= (worse.match_points, worse.game_points)
        if (better.match_points, better.game_points) == (worse.match_points, worse.game_points):
            assert better.rank == worse.rank and better.shared and worse.shared
        else:
            assert worse.rank == lines.index(worse) + 1


def test_the_public_page_and_api_show_teams_and_each_players_team() -> None:
    event = _event(published=True)
    _team(event, "Дніпро", [("Олена", 3, 100), ("Тарас", 1, 10)])
    _team(event, "Десна", [("Ігор", 1, 0), ("Марко", 1, 0)])
    page = Client().get(f"/tournaments/{event.pk}/standings/", HTTP_ACCEPT_LANGUAGE="uk")
    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-testid="team-standings"' in html
    assert "Команди" in html and "сума очок матчів" in html
    assert html.index("Дніпро") < html.index("Десна")
    assert "· Дніпро" in html  # beside Олена in the players' table
    answer = Client().get(f"/api/v1/tournaments/{event.pk}/standings/teams/").json()
    assert [(r["team"], r["match_points"]) for r in answer] == [("Дніпро", 4), ("Десна", 2)]
    players = Client().get(f"/api/v1/tournaments/{event.pk}/standings/").json()
    assert {r["player"]: r["team"] for r in players}["Марко"] == "Десна"


def test_an_unpublished_event_shows_nothing_to_the_public() -> None:
    event = _event(published=False)
    _team(event, "Дніпро", [("Олена", 3, 100), ("Тарас", 1, 10)])
    assert Client().get(f"/api/v1/tournaments/{event.pk}/standings/teams/").status_code == 404
    assert Client().get(f"/tournaments/{event.pk}/standings/").status_code == 404


def test_a_rename_is_seen_at_once_by_a_poll(django_capture_on_commit_callbacks) -> None:
    from tournaments.events.teams import team_update

    event = _event(published=True)
    team = _team(event, "Дніпро", [("Олена", 3, 100), ("Тарас", 1, 10)])
    client = Client()
    url = f"/api/v1/tournaments/{event.pk}/standings/teams/"
    first = client.get(url)
    etag = first["ETag"]
    team_update(team=team, name="Дніпро-2")
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200
    assert again.json()[0]["team"] == "Дніпро-2"


def _bulk_event(teams: int) -> Tournament:
    event = _event(published=True)
    made = Team.objects.bulk_create(
        [Team(tournament=event, name=f"T{teams}-{k}", seed=k) for k in range(teams)]
    )
    players = [
        PlayerFactory.build(club=event.club, display_name=f"P{teams}-{k}") for k in range(4 * teams)
    ]
    from tournaments.clubs.models import Player

    players = Player.objects.bulk_create(players)
    Entry.objects.bulk_create(
        [Entry(tournament=event, player=p, team=made[k // 4]) for k, p in enumerate(players)]
    )
    StandingRow.objects.bulk_create(
        [
            StandingRow(tournament=event, player=p, match_points=k % 7, game_points=k % 13)
            for k, p in enumerate(players)
        ]
    )
    return event


def test_the_team_standings_cost_a_fixed_number_of_queries() -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for teams in (5, 60):
        event = _bulk_event(teams)
        with CaptureQueriesContext(connection) as captured:
            answer = Client().get(f"/api/v1/tournaments/{event.pk}/standings/teams/")
        assert len(answer.json()) == teams
        counts.append(len(captured))
    assert counts[0] == counts[1] <= 8, counts


def test_the_reports_print_the_team_standings_in_the_readers_language() -> None:
    import io

    from django.utils import translation
    from openpyxl import load_workbook

    from tournaments.reports.selectors import standings_sheet
    from tournaments.reports.standings import standings_csv, standings_pdf_pages, standings_xlsx

    event = _event(published=True)
    _team(event, "Дніпро", [("Олена", 3, 100), ("Тарас", 1, 10)])
    _team(event, "Десна", [("Ігор", 1, 0), ("Марко", 1, 0)])
    with translation.override("uk"):
        sheet = standings_sheet(event)
        csv_text = standings_csv(sheet).decode("utf-8-sig")
        book = load_workbook(io.BytesIO(standings_xlsx(sheet)))
        pdf_html = "".join(standings_pdf_pages(sheet))
    part = csv_text.split("\r\nКоманди\r\n", 1)[1].splitlines()
    assert part[1].split(",")[:4] == ["1", "Дніпро", "4", "110"]
    assert part[2].split(",")[:4] == ["2", "Десна", "2", "0"]
    teams = book["Команди"]
    assert [c.value for c in teams[2]][:3] == ["1", "Дніпро", 4]
    assert "Дніпро" in pdf_html and "Олена (3)" in pdf_html


def test_a_generated_team_event_ranks_its_teams_by_their_members_results() -> None:
    """Through real matches: `generate_tournament --entrants teams` plays two rounds, and each
    team's points are its members' standings summed."""
    import io

    from django.core.management import call_command

    call_command(
        "generate_tournament",
        players=18,
        rounds=2,
        game="preferans",
        table_size=3,
        entrants="teams",
        team_size=3,
        no_ratings=True,
        stdout=io.StringIO(),
    )
    event = Tournament.objects.get(entrants="teams")
    rows = team_standings_rows(event)
    assert len(rows) == 6 and all(len(r["members"]) == 3 for r in rows)
    points = dict(
        StandingRow.objects.filter(tournament=event).values_list("player_id", "match_points")
    )
    assert any(points.values())  # matches were played and counted
    for row in rows:
        total = sum(points[m["player_id"]] for m in row["members"])
        assert row["match_points"] == pytest.approx(total, abs=0.01)
    assert [r["match_points"] for r in rows] == sorted(
        (r["match_points"] for r in rows), reverse=True
    )
