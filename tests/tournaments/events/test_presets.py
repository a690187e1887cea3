"""Club presets (issue 19, item 6): a club saves a named set of conventions and tournament
settings, a new tournament starts from it (the form's "start from" select, the API's
`preset`), the rules' own presets stay read-only; refusals at their fields with stable codes,
in the user's language, nothing half-saved."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from tests.factories import ClubFactory, TournamentFactory, UserFactory, make_organiser, signed_in
from tournaments.events import presets
from tournaments.events.models import ClubPreset, Tournament

pytestmark = pytest.mark.django_db

SOCHI_30 = {
    "game": "preferans",
    "ruleset": "sochi",
    "conventions": {"pool_target": 30},
    "table_size": 4,
    "match_score": "balance",
    "rounds": 3,
}


@pytest.fixture
def club():
    return ClubFactory(name="Одеса-преф")


@pytest.fixture
def organiser(club):
    return make_organiser(club, "preset-org")


def _errors(answer) -> dict[str, tuple[str, str]]:
    return {e["field"]: (e["code"], e["message"]) for e in answer.json()["errors"]}


# --- services -------------------------------------------------------------------------------


def test_a_preset_keeps_its_settings_and_the_games_defaults_fill_the_rest(club):
    preset = presets.preset_create(club=club, name="  Сочи   до 30 ", settings=SOCHI_30)
    assert preset.name == "Сочи до 30"
    assert preset.game == "preferans"
    assert preset.settings["conventions"] == {"pool_target": 30}
    assert preset.settings["table_size"] == 4
    assert preset.settings["system"] == "swiss"
    assert preset.settings["tiebreaks"]  # the game's default order


def test_a_preset_saved_from_a_tournament_copies_its_settings_of_play(club):
    tournament = TournamentFactory(
        club=club, ruleset="odessa", conventions={"target": 301}, rounds=7, round_minutes=40
    )
    preset = presets.preset_from_tournament(tournament=tournament, name="Одеса 301")
    assert preset.settings["ruleset"] == "odessa"
    assert preset.settings["conventions"] == {"target": 301}
    assert preset.settings["rounds"] == 7
    assert preset.settings["round_minutes"] == 40
    assert "name" not in preset.settings and "status" not in preset.settings


@pytest.mark.parametrize(
    ("given", "field", "code"),
    [
        ({"game": "preferans", "table_size": 2}, "table_size", "bad_table_size"),
        ({"game": "preferans", "ruleset": "moscow"}, "ruleset", "bad_convention"),
        (
            {"game": "preferans", "conventions": {"pool_target": -3}},
            "conventions",
            "bad_convention",
        ),
        ({"game": "deberc", "match_score": "balance"}, "match_score", "bad_match_score"),
        ({"game": "deberc", "tiebreaks": ["nonsense"]}, "tiebreaks", "bad_tiebreak"),
        ({"game": "chess"}, "game", "unknown_game"),
        ({"game": "deberc", "colour": "red"}, "colour", "unknown_field"),
        ({"game": "deberc", "rounds": "many"}, "rounds", "invalid"),
    ],
)
def test_a_preset_the_game_refuses_is_refused_at_its_field_and_not_saved(club, given, field, code):
    with pytest.raises(ValidationError) as caught:
        presets.preset_create(club=club, name="Bad", settings=given)
    assert field in caught.value.error_dict
    assert caught.value.error_dict[field][0].code == code
    assert not ClubPreset.objects.exists()


def test_two_presets_of_a_club_cannot_share_a_name_but_two_clubs_can(club):
    presets.preset_create(club=club, name="Вечір", settings={"game": "deberc"})
    with pytest.raises(ValidationError) as caught:
        presets.preset_create(club=club, name="вечір", settings={"game": "deberc"})
    assert caught.value.error_dict["name"][0].code == "duplicate_name"
    presets.preset_create(club=ClubFactory(), name="Вечір", settings={"game": "deberc"})
    assert ClubPreset.objects.count() == 2


def test_renaming_and_deleting_a_preset_leaves_the_tournaments_started_from_it(club, organiser):
    preset = presets.preset_create(club=club, name="A", settings=SOCHI_30)
    answer = signed_in(organiser).post(
        "/api/v1/tournaments/",
        {"preset": preset.pk, "name": "From A"},
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content
    presets.preset_rename(preset=preset, name="B")
    assert ClubPreset.objects.get().name == "B"
    presets.preset_delete(preset=preset)
    assert not ClubPreset.objects.exists()
    assert Tournament.objects.get(name="From A").conventions == {"pool_target": 30}


def test_the_rules_presets_are_not_changed_by_a_club_preset(club):
    from scoring import games

    sochi_before = dict(games.game_get("preferans").presets["sochi"])
    presets.preset_create(club=club, name="Сочі 30", settings=SOCHI_30)
    assert games.game_get("preferans").presets["sochi"] == sochi_before


# --- API ------------------------------------------------------------------------------------


def test_the_api_saves_lists_renames_and_deletes_a_clubs_presets(club, organiser):
    client = signed_in(organiser)
    url = f"/api/v1/clubs/{club.pk}/presets/"
    made = client.post(
        url, {"name": "Сочі 30", "settings": SOCHI_30}, content_type="application/json"
    )
    assert made.status_code == 201, made.content
    preset_id = made.json()["id"]
    listed = client.get(url).json()
    assert [(p["name"], p["game"]) for p in listed] == [("Сочі 30", "preferans")]
    renamed = client.patch(
        f"{url}{preset_id}/", {"name": "Сочі до 30"}, content_type="application/json"
    )
    assert renamed.json()["name"] == "Сочі до 30"
    assert client.delete(f"{url}{preset_id}/").status_code == 204
    assert client.get(url).json() == []


def test_the_api_saves_a_preset_from_a_tournament_of_the_club_only(club, organiser):
    client = signed_in(organiser)
    url = f"/api/v1/clubs/{club.pk}/presets/"
    own = TournamentFactory(club=club, ruleset="kharkov")
    other = TournamentFactory()
    made = client.post(url, {"name": "Х", "tournament": own.pk}, content_type="application/json")
    assert made.json()["settings"]["ruleset"] == "kharkov"
    refused = client.post(
        url, {"name": "Y", "tournament": other.pk}, content_type="application/json"
    )
    assert refused.status_code == 400
    assert _errors(refused)["tournament"][0] == "unknown_tournament"


@pytest.mark.parametrize(
    ("language", "words"),
    [("ru", "уже есть набор"), ("uk", "вже має набір")],
)
def test_the_api_refuses_a_duplicate_name_in_the_users_language(club, organiser, language, words):
    presets.preset_create(club=club, name="Вечір", settings={"game": "deberc"})
    answer = signed_in(organiser, language).post(
        f"/api/v1/clubs/{club.pk}/presets/",
        {"name": "Вечір", "settings": {"game": "deberc"}},
        content_type="application/json",
    )
    assert answer.status_code == 400
    code, message = _errors(answer)["name"]
    assert code == "duplicate_name"
    assert words in message


@pytest.mark.parametrize(
    ("language", "words"), [("ru", "играют за столами"), ("uk", "грають за столами")]
)
def test_the_api_refuses_a_table_size_the_game_cannot_seat(club, organiser, language, words):
    answer = signed_in(organiser, language).post(
        f"/api/v1/clubs/{club.pk}/presets/",
        {"name": "Два", "settings": {"game": "preferans", "table_size": 2}},
        content_type="application/json",
    )
    assert answer.status_code == 400
    code, message = _errors(answer)["table_size"]
    assert code == "bad_table_size"
    assert words in message
    assert not ClubPreset.objects.exists()


def test_presets_are_the_club_organisers_only(club, organiser):
    url = f"/api/v1/clubs/{club.pk}/presets/"
    assert Client().get(url).status_code == 401
    assert signed_in(UserFactory(username="stranger")).get(url).status_code == 403
    assert signed_in(organiser).get("/api/v1/clubs/999999/presets/").status_code == 404
    preset = presets.preset_create(club=club, name="A", settings={"game": "deberc"})
    other_club = ClubFactory()
    assert (
        signed_in(organiser)
        .delete(f"/api/v1/clubs/{other_club.pk}/presets/{preset.pk}/")
        .status_code
        == 403
    )
    assert ClubPreset.objects.filter(pk=preset.pk).exists()


def test_a_tournament_created_from_a_preset_takes_its_values_and_the_bodys_override(
    club, organiser
):
    preset = presets.preset_create(club=club, name="Сочі 30", settings=SOCHI_30)
    answer = signed_in(organiser).post(
        "/api/v1/tournaments/",
        {"preset": preset.pk, "name": "П'ятниця", "rounds": 4},
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["club"] == club.pk
    assert body["game"] == "preferans"
    assert body["conventions"] == {"pool_target": 30}
    assert body["table_size"] == 4
    assert body["match_score"] == "balance"
    assert body["rounds"] == 4  # the body's


@pytest.mark.parametrize(
    ("language", "words"), [("ru", "Нет такого набора"), ("uk", "Немає такого набору")]
)
def test_a_preset_of_another_club_or_unknown_is_refused_at_preset(club, organiser, language, words):
    foreign = presets.preset_create(club=ClubFactory(), name="Чужий", settings={"game": "deberc"})
    client = signed_in(organiser, language)
    for asked in (foreign.pk, 999999, "abc", None, True):
        answer = client.post(
            "/api/v1/tournaments/",
            {"preset": asked, "name": "X", "club": club.pk},
            content_type="application/json",
        )
        if asked is None:  # no preset: the body alone
            assert answer.status_code == 201
            continue
        assert answer.status_code == 400, asked
        code, message = _errors(answer)["preset"]
        assert code == "unknown_preset"
        assert words in message
    assert Tournament.objects.filter(name="X").count() == 1


def test_the_body_overriding_a_preset_is_still_checked_for_its_game(club, organiser):
    preset = presets.preset_create(club=club, name="Сочі", settings=SOCHI_30)
    answer = signed_in(organiser).post(
        "/api/v1/tournaments/",
        {"preset": preset.pk, "name": "Bad", "table_size": 2},
        content_type="application/json",
    )
    assert answer.status_code == 400
    assert _errors(answer)["table_size"][0] == "bad_table_size"
    assert not Tournament.objects.filter(name="Bad").exists()


def test_the_openapi_schema_names_the_presets_and_the_create_bodys_preset(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    if schema.status_code != 200:
        schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json")
    text = schema.content.decode()
    assert "/api/v1/clubs/{club_id}/presets/" in text
    assert "/api/v1/clubs/{club_id}/presets/{preset_id}/" in text
    assert "TournamentCreate" in text


# --- pages ----------------------------------------------------------------------------------


def test_the_new_tournament_form_starts_from_a_chosen_preset(club, organiser):
    preset = presets.preset_create(club=club, name="Сочі 30", settings=SOCHI_30)
    client = signed_in(organiser, "uk")
    blank = client.get("/tournaments/new/").content.decode()
    assert "Сочі 30" in blank  # offered in the "start from" select
    page = client.get(f"/tournaments/new/?preset={preset.pk}").content.decode()
    assert re.search(r'<option value="preferans"[^>]*selected', page)
    assert re.search(r'<option value="4"[^>]*selected', page)
    assert re.search(r'<option value="balance"[^>]*selected', page)
    assert re.search(r'name="conv_pool_target"[^>]*value="30"', page) or re.search(
        r'value="30"[^>]*name="conv_pool_target"', page
    )
    assert re.search(rf'<option value="{club.pk}"[^>]*selected', page)
    assert 'data-testid="started-from"' in page


def test_a_preset_of_a_club_the_user_does_not_manage_does_not_fill_the_form(club, organiser):
    foreign = presets.preset_create(club=ClubFactory(), name="Чужий", settings=SOCHI_30)
    page = signed_in(organiser).get(f"/tournaments/new/?preset={foreign.pk}").content.decode()
    assert "Чужий" not in page
    assert 'data-testid="started-from"' not in page


@pytest.mark.parametrize(
    ("language", "title"),
    [("ru", "Наборы настроек"), ("uk", "Набори налаштувань"), ("en", "Presets of")],
)
def test_the_presets_page_saves_renames_and_deletes(club, organiser, language, title):
    client = signed_in(organiser, language)
    tournament = TournamentFactory(club=club, ruleset="online")
    url = f"/clubs/{club.pk}/presets/"
    page = client.get(url)
    assert page.status_code == 200
    assert title in page.content.decode()
    saved = client.post(url, {"tournament": tournament.pk, "name": "Онлайн"})
    assert saved.status_code == 302
    preset = ClubPreset.objects.get()
    assert preset.settings["ruleset"] == "online"
    assert "Онлайн" in client.get(url).content.decode()
    again = client.post(url, {"tournament": tournament.pk, "name": "онлайн"})
    assert again.status_code == 400
    assert ClubPreset.objects.count() == 1
    client.post(f"{url}{preset.pk}/rename/", {"name": "Онлайн-2"})
    assert ClubPreset.objects.get().name == "Онлайн-2"
    client.post(f"{url}{preset.pk}/delete/")
    assert not ClubPreset.objects.exists()


def test_the_presets_page_is_the_club_organisers_only(club):
    stranger = signed_in(UserFactory(username="nobody"))
    assert stranger.get(f"/clubs/{club.pk}/presets/").status_code == 403


def test_a_preset_keeps_mixed_table_sizes_and_refuses_sizes_the_game_cannot_seat(club):
    preset = presets.preset_create(
        club=club, name="3 + 4", settings={"game": "preferans", "table_sizes": [3, 4]}
    )
    assert preset.settings["table_sizes"] == [3, 4]
    with pytest.raises(ValidationError) as caught:
        presets.preset_create(
            club=club, name="2 + 3", settings={"game": "preferans", "table_sizes": [2, 3]}
        )
    assert caught.value.error_dict["table_sizes"][0].code == "bad_table_size"
    assert ClubPreset.objects.count() == 1
