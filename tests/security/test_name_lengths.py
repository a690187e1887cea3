"""Over-long names on the import doors (issue 17, item 18): an 81-character player name, a
121-character club or a 161-character tournament name was a 500 on PostgreSQL (and stored
as is on SQLite). Each is refused before anything is written: 400, `name_too_long`, at its
place in the document; the bounds are the models' own `max_length`."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, TournamentFactory, UserFactory, make_club_organiser
from tournaments.clubs.models import Club, Player
from tournaments.events.models import Tournament
from tournaments.reports.archive import ArchivedMatch, archive_pack

pytestmark = pytest.mark.django_db

PLAYER_MAX = Player._meta.get_field("display_name").max_length
CLUB_MAX = Club._meta.get_field("name").max_length
TOURNAMENT_MAX = Tournament._meta.get_field("name").max_length


@pytest.fixture
def organiser() -> Any:
    """An organiser of a club of their own (who may import); the imports name another club,
    new to the site, which its importer comes to organise."""
    return make_club_organiser(
        UserFactory(username="long_names_organiser"), ClubFactory(name="Клуб «Дама»")
    )


@pytest.fixture
def api(organiser: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user=organiser)
    return client


def document(
    *, name: str = "Кубок", club: str = "Клуб «Валет»", players: list[str] | None = None
) -> dict[str, Any]:
    return {
        "format": "deberc-tournament/1",
        "tournament": {"name": name, "club": club, "ruleset": "moscow"},
        "players": [{"name": n, "seed": None, "withdrawn": False} for n in players or ["Олена"]],
        "rounds": [],
    }


def test_the_bounds_are_the_models_own() -> None:
    assert (PLAYER_MAX, CLUB_MAX, TOURNAMENT_MAX) == (80, 120, 160)


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        (document(players=["Олена", "П" * (PLAYER_MAX + 1)]), "players.1.name"),
        (document(club="К" * (CLUB_MAX + 1)), "tournament.club"),
        (document(name="Т" * (TOURNAMENT_MAX + 1)), "tournament.name"),
    ],
)
def test_the_json_import_refuses_an_over_long_name_at_its_field(
    api: APIClient, doc: dict[str, Any], field: str
) -> None:
    tournaments, clubs, players = (
        Tournament.objects.count(),
        Club.objects.count(),
        Player.objects.count(),
    )
    response = api.post("/api/v1/tournaments/import/", doc, format="json")
    assert response.status_code == 400, response.content
    errors = response.json()["errors"]
    assert [(e["field"], e["code"]) for e in errors] == [(field, "name_too_long")]
    bound = {"tournament.name": TOURNAMENT_MAX, "tournament.club": CLUB_MAX}.get(field, PLAYER_MAX)
    assert str(bound) in errors[0]["message"]  # the model's own bound, said to the user
    # Nothing written.
    assert (Tournament.objects.count(), Club.objects.count(), Player.objects.count()) == (
        tournaments,
        clubs,
        players,
    )


def test_the_json_import_names_every_over_long_name_at_once(api: APIClient) -> None:
    doc = document(
        name="Т" * (TOURNAMENT_MAX + 1),
        club="К" * (CLUB_MAX + 1),
        players=["П" * (PLAYER_MAX + 1), "Олена", "Б" * 500],
    )
    response = api.post("/api/v1/tournaments/import/", doc, format="json")
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == [
        "tournament.name",
        "tournament.club",
        "players.0.name",
        "players.2.name",
    ]


def test_names_at_the_bound_are_imported(api: APIClient) -> None:
    doc = document(
        name="Т" * TOURNAMENT_MAX, club="К" * CLUB_MAX, players=["П" * PLAYER_MAX, "Олена"]
    )
    response = api.post("/api/v1/tournaments/import/", doc, format="json")
    assert response.status_code == 201, response.content
    assert Player.objects.filter(display_name="П" * PLAYER_MAX).exists()


def test_the_russian_refusal_is_in_russian(api: APIClient) -> None:
    doc = document(name="Т" * (TOURNAMENT_MAX + 1))
    response = api.post(
        "/api/v1/tournaments/import/", doc, format="json", HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert response.status_code == 400
    assert "Название" in response.json()["errors"][0]["message"]


def test_an_over_long_name_in_an_imported_scoresheet_is_refused(api: APIClient) -> None:
    long_name = "П" * (PLAYER_MAX + 1)
    doc = document(players=["Олена"])
    doc["rounds"] = [
        {
            "number": 1,
            "status": "closed",
            "tables": [
                {
                    "number": 1,
                    "scoresheet": {
                        "format": "deberc-scoresheet/1",
                        "ruleset": "moscow",
                        "players": ["Олена", long_name],
                        "first_dealer": "Олена",
                        "deals": [],
                    },
                }
            ],
        }
    ]
    response = api.post("/api/v1/tournaments/import/", doc, format="json")
    assert response.status_code == 400, response.content
    assert "name_too_long" in {e["code"] for e in response.json()["errors"]}
    assert not Player.objects.filter(display_name=long_name).exists()


def test_an_archive_with_an_over_long_name_is_refused(api: APIClient, organiser: Any) -> None:
    target = TournamentFactory(name="Порожній")
    target.organisers.add(organiser)
    long_name = "П" * (PLAYER_MAX + 1)
    manifest = {
        "tournament": {"name": "Архів", "ruleset": "moscow"},
        "players": [{"name": "Олена"}, {"name": long_name}],
        "rounds": [],
    }
    data = archive_pack(manifest, [])
    handle = io.BytesIO(data)
    handle.name = "archive.zip"
    response = api.post(
        f"/api/v1/tournaments/{target.pk}/archive/", {"file": handle}, format="multipart"
    )
    assert response.status_code == 400, response.content
    errors = response.json()["errors"]
    assert [(e["field"], e["code"]) for e in errors] == [
        ("manifest.players.1.name", "name_too_long")
    ]
    assert not Player.objects.filter(display_name__in=[long_name, "Олена"]).exists()


def test_an_archived_scoresheet_with_an_over_long_name_is_refused(
    api: APIClient, organiser: Any
) -> None:
    target = TournamentFactory(name="Порожній")
    target.organisers.add(organiser)
    long_name = "П" * (PLAYER_MAX + 1)
    record = {
        "format": "deberc-scoresheet/1",
        "ruleset": "moscow",
        "players": ["Олена", long_name],
        "first_dealer": "Олена",
        "deals": [],
    }
    data = archive_pack(
        {"tournament": {"ruleset": "moscow"}, "players": [], "rounds": []},
        [
            ArchivedMatch(
                path="matches/round-01/table-001.json", round=1, table=1, record=record, summary={}
            )
        ],
    )
    handle = io.BytesIO(data)
    handle.name = "archive.zip"
    response = api.post(
        f"/api/v1/tournaments/{target.pk}/archive/", {"file": handle}, format="multipart"
    )
    assert response.status_code == 400, response.content
    assert "name_too_long" in {e["code"] for e in response.json()["errors"]}
