"""Pairs and teams travel with their tournament (issue 19, item 2; "nothing lost"): the JSON
export names each player's team, and an import of it, or a restore of the tournament's
archive, enters the same teams with the same members and every setting of play."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.factories import ClubFactory, TournamentFactory, UserFactory, make_club_organiser
from tournaments.clubs.models import Club
from tournaments.events.models import Tournament
from tournaments.events.teams import team_create
from tournaments.reports.archive import archive_pack
from tournaments.reports.restore import archive_restore
from tournaments.reports.services import archive_manifest

pytestmark = pytest.mark.django_db


def _teams(tournament: Tournament) -> dict[str, list[str]]:
    return {
        team.name: sorted(team.entries.values_list("player__display_name", flat=True))
        for team in tournament.teams.all()
    }


@pytest.fixture
def club() -> Club:
    return ClubFactory(name="Клуб «Дніпро»")


@pytest.fixture
def organiser(club: Club) -> Any:
    """An organiser of the club (a tournament is imported only into a club one organises)."""
    return make_club_organiser(UserFactory(username="travel_organiser"), club)


@pytest.fixture
def team_event(organiser: Any, club: Club) -> Tournament:
    tournament = TournamentFactory(
        club=club,
        name="Командний кубок",
        game="preferans",
        ruleset="sochi",
        match_score="compressed_balance",
        match_score_bands=[{"up_to": 200, "factor": 1}, {"factor": 0.1}],
        table_size=3,
        table_sizes=[3, 4],
        entrants=Tournament.Entrants.TEAMS,
        loss_limit=300,
    )
    tournament.organisers.add(organiser)
    team_create(tournament=tournament, name="Дніпро", members=["Оля", "Петро", "Іра"])
    team_create(tournament=tournament, name="Десна", members=["Богдан", "Зоя"])
    return tournament


def test_an_exported_team_event_imports_with_its_teams(organiser, team_event) -> None:
    client = Client()
    client.force_login(organiser)
    doc = client.get(f"/api/v1/tournaments/{team_event.pk}/export/").json()
    assert {p["name"]: p["team"] for p in doc["players"]}["Зоя"] == "Десна"
    doc["tournament"]["name"] = "Копія"
    answer = client.post("/api/v1/tournaments/import/", doc, content_type="application/json")
    assert answer.status_code == 201, answer.content
    copy = Tournament.objects.get(name="Копія")
    assert (
        _teams(copy)
        == _teams(team_event)
        == {
            "Дніпро": ["Іра", "Оля", "Петро"],
            "Десна": ["Богдан", "Зоя"],
        }
    )
    assert (copy.entrants, copy.table_sizes, copy.loss_limit) == ("teams", [3, 4], 300)


def test_a_team_of_one_in_an_import_is_refused_and_nothing_is_made(organiser, team_event) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="uk")
    client.force_login(organiser)
    doc = client.get(f"/api/v1/tournaments/{team_event.pk}/export/").json()
    doc["tournament"]["name"] = "Зіпсована копія"
    doc["players"].append({"name": "Самотній", "seed": None, "withdrawn": False, "team": "Сам"})
    answer = client.post("/api/v1/tournaments/import/", doc, content_type="application/json")
    assert answer.status_code == 400, answer.content
    (problem,) = answer.json()["errors"]
    assert problem["field"].startswith("players.team.Сам.") and problem["code"] == "team_too_small"
    assert not Tournament.objects.filter(name="Зіпсована копія").exists()


def test_an_archive_restores_the_teams_and_every_setting(organiser, team_event) -> None:
    manifest = archive_manifest(team_event)
    fresh = TournamentFactory(name="Відновлений", game="preferans", ruleset="sochi", table_size=3)
    archive_restore(tournament=fresh, data=archive_pack(manifest, []), user=organiser)
    fresh.refresh_from_db()
    assert _teams(fresh) == _teams(team_event)
    assert fresh.match_score_bands == team_event.match_score_bands
    assert (fresh.entrants, fresh.table_sizes, fresh.loss_limit) == ("teams", [3, 4], 300)


@pytest.mark.parametrize("team", [{}, 5, ["Дніпро"], True])
def test_a_team_that_is_not_named_by_text_is_refused_at_its_place(organiser, team) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(organiser)
    doc = {
        "format": "deberc-tournament/1",
        "tournament": {"name": "Безымянные", "club": "Клуб", "entrants": "teams"},
        "players": [{"name": "Оля", "team": "Дніпро"}, {"name": "Петро", "team": team}],
    }
    answer = client.post("/api/v1/tournaments/import/", doc, content_type="application/json")
    assert answer.status_code == 400, answer.content
    (problem,) = answer.json()["errors"]
    assert (problem["field"], problem["code"]) == ("players.1.team", "bad_format")
    assert "текст" in problem["message"]
    assert not Tournament.objects.filter(name="Безымянные").exists()
