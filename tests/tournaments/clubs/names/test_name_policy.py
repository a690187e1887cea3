"""Issue 31, item 5: one name policy on every door. Control, bidi and invisible characters
were refused in player names only: a tournament took "\\u0019ctl", the import made a club
"New\\u202eClub", a preset's name carried a right-to-left override onto the page; invisible
fillers (U+034F, U+3164, U+115F) and a Cyrillic "с" in "Seсret Sam" made a second player.
Now every name goes through tournaments.clubs.names: `bad_name` for what shows nothing, and a
TR39 skeleton so a lookalike is the same name (`name_lookalike` where a second is refused)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import make_club_organiser, make_evening
from tournaments.clubs.models import Club, Invitation, Player
from tournaments.clubs.names import NameRefused, name_clean, name_key
from tournaments.events.models import ClubPreset, Tournament

pytestmark = pytest.mark.django_db

SAM = "Secret Sam"
SAM_CYRILLIC = "Se\u0441ret Sam"  # a Cyrillic с
FILLERS = ["\u034f", "\u3164", "\u115f", "\u1160", "\uffa0", "\u2060", "\u200b", "\U000e0041"]
BIDI = ["\u202e", "\u202a", "\u2066", "\u2069", "\u200f", "\ufeff"]


@pytest.fixture
def ev():
    ev = make_evening()
    make_club_organiser(ev.organiser, ev.tournament.club)
    ev.club = ev.tournament.club
    ev.sam = Player.objects.create(club=ev.club, display_name=SAM)
    return ev


def api(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def post(client: Client, url: str, body: dict):
    return client.post(url, body, content_type="application/json")


def errors(answer) -> list[tuple[str, str]]:
    return [(e["field"], e["code"]) for e in answer.json()["errors"]]


def import_doc(*, club: str, name: str = "Imported", players: list | None = None) -> dict:
    return {
        "format": "deberc-tournament/1",
        "tournament": {"name": name, "club": club},
        "players": players or [],
    }


# --- the policy itself ------------------------------------------------------------------


@pytest.mark.parametrize("hidden", FILLERS + BIDI)
def test_every_invisible_character_is_refused(hidden) -> None:
    with pytest.raises(NameRefused) as refused:
        name_clean(f"Secret{hidden}Sam")
    assert refused.value.code == "bad_name"


def test_lookalikes_across_scripts_share_a_key_and_real_names_do_not() -> None:
    assert name_key(SAM_CYRILLIC) == name_key(SAM) == name_key("SECRET  SAM")
    assert name_key("Ѕесrеt Ѕаm") == name_key(SAM)  # nearly all Cyrillic
    # A Latin name and a Cyrillic name are two names: both may be in one club.
    assert name_key("Olena") != name_key("Олена")
    assert name_key("Anna") != name_key("Анна")
    assert name_key("Boris") != name_key("Борис")


def test_a_variation_selector_is_kept_only_in_a_sequence() -> None:
    assert name_clean("\u2660\ufe0f Aces") == "\u2660\ufe0f Aces"  # ♠️: the suit as emoji
    with pytest.raises(NameRefused):
        name_clean("Sam\ufe0f")  # after a letter it only hides


# --- players -----------------------------------------------------------------------------


@pytest.mark.parametrize("filler", ["\u034f", "\u3164", "\u115f"])
def test_a_filler_does_not_make_a_second_player(ev, filler) -> None:
    before = Player.objects.count()
    answer = post(
        api(ev.organiser),
        f"/api/v1/tournaments/{ev.tournament.pk}/entries/",
        {"players": [f"Secret{filler}Sam", f"{filler}Secret Sam"]},
    )
    assert answer.status_code == 400
    assert ("players", "bad_name") in errors(answer)
    assert Player.objects.count() == before


def test_a_lookalike_in_another_script_finds_the_clubs_player(ev) -> None:
    before = Player.objects.count()
    answer = post(
        api(ev.organiser),
        f"/api/v1/tournaments/{ev.tournament.pk}/entries/",
        {"players": [SAM_CYRILLIC]},
    )
    assert answer.status_code in (200, 201), answer.content
    assert Player.objects.count() == before
    assert ev.tournament.entries.filter(player=ev.sam).exists()


def test_a_latin_and_a_cyrillic_name_are_two_players(ev) -> None:
    answer = post(
        api(ev.organiser),
        f"/api/v1/tournaments/{ev.tournament.pk}/entries/",
        {"players": ["Olena", "Олена"]},
    )
    assert answer.status_code in (200, 201), answer.content
    names = set(Player.objects.filter(club=ev.club).values_list("display_name", flat=True))
    assert {"Olena", "Олена"} <= names


def test_the_import_finds_the_player_by_a_lookalike(ev) -> None:
    before = Player.objects.count()
    answer = post(
        api(ev.organiser),
        "/api/v1/tournaments/import/",
        import_doc(club=ev.club.name, players=[{"name": SAM_CYRILLIC}]),
    )
    assert answer.status_code == 201, answer.content
    assert Player.objects.count() == before
    imported = Tournament.objects.get(pk=answer.json()["id"])
    assert list(imported.entries.values_list("player", flat=True)) == [ev.sam.pk]


# --- tournaments --------------------------------------------------------------------------


def test_a_tournament_name_with_a_control_character_is_refused_at_name(ev) -> None:
    before = Tournament.objects.count()
    for language, word in (("en", "invisible"), ("ru", "невидим"), ("uk", "невидим")):
        answer = post(
            api(ev.organiser, language),
            "/api/v1/tournaments/",
            {"name": "\u0019ctl", "club": ev.club.pk},
        )
        assert answer.status_code == 400
        (error,) = answer.json()["errors"]
        assert (error["field"], error["code"]) == ("name", "bad_name")
        assert word in error["message"]
    assert Tournament.objects.count() == before


def test_a_tournament_renamed_with_bidi_is_refused(ev) -> None:
    answer = api(ev.organiser).patch(
        f"/api/v1/tournaments/{ev.tournament.pk}/",
        {"name": "Cup\u202eevil"},
        content_type="application/json",
    )
    assert answer.status_code == 400
    assert errors(answer) == [("name", "bad_name")]
    ev.tournament.refresh_from_db()
    assert "\u202e" not in ev.tournament.name


def test_the_form_refuses_a_tournament_name_with_a_control_character(ev) -> None:
    before = Tournament.objects.count()
    page = api(ev.organiser).post(
        "/tournaments/new/",
        {"name": "Friday\u200bCup", "club": ev.club.pk, "game": "deberc"},
    )
    assert page.status_code == 200
    assert "invisible" in page.content.decode()
    assert Tournament.objects.count() == before


def test_a_lookalike_of_a_clubs_tournament_is_refused_the_same_name_is_not(ev) -> None:
    Tournament.objects.filter(pk=ev.tournament.pk).update(name="Club night")
    client = api(ev.organiser)
    lookalike = post(
        client, "/api/v1/tournaments/", {"name": "\u0421lub night", "club": ev.club.pk}
    )
    assert lookalike.status_code == 400
    (error,) = lookalike.json()["errors"]
    assert (error["field"], error["code"]) == ("name", "name_lookalike")
    assert "Club night" in error["message"]
    # A weekly evening keeps its name; a name in another club is that club's own.
    same = post(client, "/api/v1/tournaments/", {"name": "Club  night", "club": ev.club.pk})
    assert same.status_code == 201, same.content
    assert same.json()["name"] == "Club night"


# --- clubs (the import names its club) ----------------------------------------------------


def test_the_import_refuses_a_club_name_with_bidi_at_tournament_club(ev) -> None:
    before = (Club.objects.count(), Tournament.objects.count())
    answer = post(
        api(ev.organiser), "/api/v1/tournaments/import/", import_doc(club="New\u202eClub")
    )
    assert answer.status_code == 400
    assert errors(answer) == [("tournament.club", "bad_name")]
    assert (Club.objects.count(), Tournament.objects.count()) == before


def test_the_import_refuses_a_lookalike_of_another_club(ev) -> None:
    Club.objects.filter(pk=ev.club.pk).update(name="Secret Club")
    before = Club.objects.count()
    answer = post(
        api(ev.organiser), "/api/v1/tournaments/import/", import_doc(club="Se\u0441ret Club")
    )
    assert answer.status_code == 400
    (error,) = answer.json()["errors"]
    assert (error["field"], error["code"]) == ("tournament.club", "name_lookalike")
    assert "Secret Club" in error["message"]
    assert Club.objects.count() == before


# --- presets, teams, invitations ----------------------------------------------------------


@pytest.mark.parametrize("bidi", BIDI)
def test_a_preset_name_with_bidi_is_refused(ev, bidi) -> None:
    answer = post(
        api(ev.organiser), f"/api/v1/clubs/{ev.club.pk}/presets/", {"name": f"Quick{bidi}game"}
    )
    assert answer.status_code == 400
    assert errors(answer) == [("name", "bad_name")]
    assert not ClubPreset.objects.filter(club=ev.club).exists()


def test_a_preset_lookalike_is_refused_and_a_rename_too(ev) -> None:
    client = api(ev.organiser)
    url = f"/api/v1/clubs/{ev.club.pk}/presets/"
    assert post(client, url, {"name": "Вечір"}).status_code == 201
    latin = post(client, url, {"name": "Beчip"})  # Latin B, p, i among Cyrillic letters
    assert latin.status_code == 400
    assert errors(latin) == [("name", "name_lookalike")]
    other = post(client, url, {"name": "Ранок"})
    assert other.status_code == 201
    rename = client.patch(
        f"{url}{other.json()['id']}/", {"name": "Beчip"}, content_type="application/json"
    )
    assert rename.status_code == 400
    assert errors(rename) == [("name", "name_lookalike")]


def test_a_team_lookalike_is_refused(ev) -> None:
    from tournaments.events import teams

    Tournament.objects.filter(pk=ev.tournament.pk).update(entrants="pairs")
    ev.tournament.refresh_from_db()
    with pytest.raises(Exception) as refused:
        teams._name_checked(ev.tournament, "Tuzy\u200b")
    assert "bad_name" in str(refused.value.error_dict["name"][0].code)
    teams.Team.objects.create(tournament=ev.tournament, name="Тузы")
    with pytest.raises(Exception) as lookalike:
        teams._name_checked(ev.tournament, "Tузы")  # a Latin T
    assert lookalike.value.error_dict["name"][0].code == "name_lookalike"
    with pytest.raises(Exception) as same:
        teams._name_checked(ev.tournament, "тузы")
    assert same.value.error_dict["name"][0].code == "name_taken"


def test_an_invitation_name_with_bidi_is_refused(ev) -> None:
    answer = post(
        api(ev.organiser),
        f"/api/v1/clubs/{ev.club.pk}/invitations/",
        {"role": "scorer", "name": "Ann\u202ea"},
    )
    assert answer.status_code == 400
    assert errors(answer) == [("name", "bad_name")]
    assert not Invitation.objects.filter(club=ev.club).exists()


def test_a_table_cards_scorer_name_with_bidi_is_refused() -> None:
    """The name a phone gives when it scans a table card (tournaments.clubs.table_cards)."""
    from django.core.exceptions import ValidationError

    from tournaments.clubs import table_cards

    assert table_cards.scorer_name_clean("  Олена   Коваль ") == "Олена Коваль"
    with pytest.raises(ValidationError) as refused:
        table_cards.scorer_name_clean("Оле\u202eна")
    assert refused.value.error_dict["name"][0].code == "bad_name"
