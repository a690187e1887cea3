"""`/api/v1/tournaments/` with a game: create a Preferans tournament, its defaults, coded
400s for settings that are not the game's, the game frozen once deals are entered; the
organiser's form follows the game."""

from __future__ import annotations

import pytest

from scoring import services as scoring_services
from tests.factories import PREF_SIX_SPADES
from tournaments.events.models import Tournament

pytestmark = pytest.mark.django_db


def create(client, ev, **fields):
    body = {"name": "Пулька по средам", "club": ev.tournament.club_id, **fields}
    return client.post("/api/v1/tournaments/", body, format="json")


def errors(response) -> list[tuple[str | None, str]]:
    return [(e["field"], e["code"]) for e in response.json()["errors"]]


def test_create_a_preferans_tournament(organiser, ev):
    response = create(
        organiser,
        ev,
        game="preferans",
        ruleset="leningrad",
        table_size=4,
        conventions={"pool_target": 30, "end": "closed"},
        round_minutes=150,
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["game"] == "preferans"
    assert body["ruleset"] == "leningrad"
    assert body["table_size"] == 4
    assert body["match_score"] == "places"
    assert body["tiebreaks"] == ["balance", "buchholz", "wins", "head_to_head"]
    assert body["round_minutes"] == 150
    tournament = Tournament.objects.get(pk=body["id"])
    assert tournament.organisers.filter(pk=ev.organiser.pk).exists()
    assert organiser.get(f"/api/v1/tournaments/{tournament.pk}/").json()["game"] == "preferans"


def test_a_preferans_tournament_takes_the_games_default_preset(organiser, ev):
    response = create(organiser, ev, game="preferans", table_size=3)
    assert response.status_code == 201, response.content
    assert response.json()["ruleset"] == "sochi"


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"ruleset": "moscow"}, ("ruleset", "bad_convention")),
        ({"ruleset": "odessa", "table_size": 3}, ("ruleset", "bad_convention")),
        ({"conventions": {"end": "never"}}, ("conventions", "bad_convention")),
        ({"table_size": 2}, ("table_size", "bad_table_size")),
        ({"match_score": "win"}, ("match_score", "bad_match_score")),
        ({"tiebreaks": ["fewer_bytes"]}, ("tiebreaks", "bad_tiebreak")),
    ],
)
def test_a_bad_preset_or_setting_is_a_coded_400(organiser, ev, fields, expected):
    response = create(organiser, ev, game="preferans", **{"table_size": 3, **fields})
    assert response.status_code == 400, response.content
    assert expected in errors(response)


def test_an_unknown_game_is_refused(organiser, ev):
    response = create(organiser, ev, game="bridge")
    assert response.status_code == 400
    assert errors(response)[0][0] == "game"


def test_a_deberc_preset_is_refused_for_preferans_and_the_other_way(organiser, ev):
    assert create(organiser, ev, ruleset="sochi").status_code == 400  # Deberc by default
    assert create(organiser, ev, game="deberc", ruleset="moscow").status_code == 201


def test_patch_the_game_before_deals_and_not_after(organiser, ev):
    url = f"/api/v1/tournaments/{ev.tournament.pk}/"
    response = organiser.patch(url, {"ruleset": "rostov", "match_score": "balance"}, format="json")
    assert response.status_code == 200, response.content
    assert organiser.patch(url, {"ruleset": "moscow"}, format="json").status_code == 400
    scoring_services.deal_submit(
        match=ev.match, record=PREF_SIX_SPADES, user=ev.scorer, idempotency_key=None, version=None
    )
    response = organiser.patch(url, {"game": "deberc", "table_size": 2}, format="json")
    assert response.status_code == 400
    assert ("game", "frozen") in errors(response)
    response = organiser.patch(url, {"ruleset": "sochi"}, format="json")
    assert ("ruleset", "frozen") in errors(response)


def test_the_export_names_the_game(organiser, ev):
    doc = organiser.get(f"/api/v1/tournaments/{ev.tournament.pk}/export/").json()
    assert doc["tournament"]["game"] == "preferans"


def test_the_organisers_form_follows_the_game(ev, client):
    client.force_login(ev.organiser)
    page = client.get("/tournaments/new/?game=preferans").content.decode()
    assert 'value="sochi"' in page and 'value="moscow"' not in page
    assert 'name="conv_pool_target"' in page and 'name="conv_target"' not in page
    assert 'value="places"' in page
    response = client.post(
        "/tournaments/new/?game=preferans",
        {
            "name": "Пулька",
            "club": ev.tournament.club_id,
            "game": "preferans",
            "ruleset": "rostov",
            "table_size": 4,
            "system": "swiss",
            "rounds": 4,
            "match_score": "balance",
            "round_minutes": 120,
            "conv_pool_target": 15,
            "conv_allpass_exit": "6, 7, 7",
            "conv_end": "closed",
        },
    )
    assert response.status_code == 302, response.content.decode()[-2000:]
    tournament = Tournament.objects.get(name="Пулька")
    assert (tournament.game, tournament.ruleset, tournament.table_size) == (
        "preferans",
        "rostov",
        4,
    )
    assert tournament.conventions == {"pool_target": 15, "allpass_exit": [6, 7, 7], "end": "closed"}
    assert tournament.round_minutes == 120


def test_the_deberc_form_is_as_before(ev, client):
    client.force_login(ev.organiser)
    page = client.get("/tournaments/new/").content.decode()
    assert 'value="moscow"' in page and 'value="sochi"' not in page
    assert 'name="conv_target"' in page
