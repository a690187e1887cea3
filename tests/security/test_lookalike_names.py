"""Issue 17, item 15: lookalike names. A name with a zero-width space, a right-to-left
override or a control character made a second "Secret Sam"; the import made a player named
"   " and a second player for a name in another case. Every door (the Players page, its API,
the scoresheet import, a restore) normalises a name (NFKC, one space between words), refuses
an invisible or control character (`bad_name`) and an empty name (`required`), and finds the
club's player whatever the case."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import TournamentFactory, make_club_organiser, make_evening
from tournaments.clubs.models import Player
from tournaments.clubs.names import NameRefused, name_clean, name_key
from tournaments.events import entries

pytestmark = pytest.mark.django_db

SAM = "Secret Sam"
LOOKALIKES = [
    "Secret\u200bSam",  # zero-width space
    "\u202eSecret Sam",  # right-to-left override
    "Secret\u2066 Sam",  # left-to-right isolate
    "Secret\x07Sam",  # a control character (bell)
    "Secret\u00adSam",  # soft hyphen (invisible)
    "Secret Sam\ufeff",  # zero-width no-break space
    "Secret\u2028Sam",  # line separator
]


@pytest.fixture
def ev():
    ev = make_evening()
    make_club_organiser(ev.organiser, ev.tournament.club)
    ev.tournament = TournamentFactory(club=ev.tournament.club, published=True)
    ev.tournament.organisers.add(ev.organiser)
    ev.sam = Player.objects.create(club=ev.tournament.club, display_name=SAM)
    return ev


def organiser(ev) -> Client:
    client = Client()
    client.force_login(ev.organiser)
    return client


def sheet(a: str, b: str) -> dict:
    return {
        "format": "deberc-scoresheet/1",
        "ruleset": "moscow",
        "players": [a, b],
        "first_dealer": a,
        "deals": [{"trump": "S", "declarer": b, "points": {a: 40, b: 90}, "last_trick": b}],
    }


def test_the_normaliser() -> None:
    assert name_clean("  Secret \u3000  Sam ") == SAM  # an ideographic space is a space
    assert name_clean("Ｓｅｃｒｅｔ Sam") == SAM  # full-width letters (NFKC)
    assert name_key("SECRET SAM") == name_key(SAM) == name_key("secret   sam")
    assert name_key("ОЛЕНА КОВАЛЬ") == name_key("олена коваль")
    for lookalike in LOOKALIKES:
        with pytest.raises(NameRefused) as refused:
            name_clean(lookalike)
        assert refused.value.code == "bad_name"
    with pytest.raises(NameRefused) as empty:
        name_clean(" \t ")
    assert empty.value.code == "required"


@pytest.mark.parametrize("lookalike", LOOKALIKES)
def test_the_api_refuses_a_lookalike_name(ev, lookalike) -> None:
    before = Player.objects.count()
    answer = organiser(ev).post(
        f"/api/v1/tournaments/{ev.tournament.pk}/entries/",
        {"players": [lookalike]},
        content_type="application/json",
    )
    assert answer.status_code == 400
    (error,) = answer.json()["errors"]
    assert (error["field"], error["code"]) == ("players", "bad_name")
    assert error["message"]
    assert Player.objects.count() == before


def test_the_page_refuses_a_lookalike_at_the_field(ev) -> None:
    before = Player.objects.count()
    page = organiser(ev).post(
        f"/tournaments/{ev.tournament.pk}/players/", {"players": "Anna\nSecret\u200bSam"}
    )
    assert page.status_code == 200  # the form again, with the error
    assert "invisible" in page.content.decode()
    assert Player.objects.count() == before
    assert not ev.tournament.entries.exists()


def test_a_name_in_another_width_or_spacing_is_the_clubs_player(ev) -> None:
    before = Player.objects.count()
    added, _already = entries.entries_add(tournament=ev.tournament, names=["ｓｅｃｒｅｔ   SAM"])
    assert [entry.player for entry in added] == [ev.sam]
    assert Player.objects.count() == before


def test_the_import_refuses_blank_and_lookalike_names(ev) -> None:
    before = Player.objects.count()
    url = f"/api/v1/tournaments/{ev.tournament.pk}/import/"
    blank = organiser(ev).post(
        url, {"scoresheets": [sheet("   ", "Boris")]}, content_type="application/json"
    )
    assert blank.status_code == 400
    assert ("players", "required") in [(e["field"], e["code"]) for e in blank.json()["errors"]]
    hidden = organiser(ev).post(
        url, {"scoresheets": [sheet("Secret\u200bSam", "Boris")]}, content_type="application/json"
    )
    assert hidden.status_code == 400
    assert ("players", "bad_name") in [(e["field"], e["code"]) for e in hidden.json()["errors"]]
    twice = organiser(ev).post(
        url, {"scoresheets": [sheet("Sam", "sam")]}, content_type="application/json"
    )
    assert twice.status_code == 400
    assert "duplicate_name" in [e["code"] for e in twice.json()["errors"]]
    assert Player.objects.count() == before


def test_the_import_finds_the_clubs_player_in_another_case(ev) -> None:
    before = Player.objects.count()
    answer = organiser(ev).post(
        f"/api/v1/tournaments/{ev.tournament.pk}/import/",
        {"scoresheets": [sheet("secret sam", "Boris")]},
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content
    assert Player.objects.filter(club=ev.tournament.club, display_name__iexact=SAM).count() == 1
    assert Player.objects.count() == before  # Boris is the club's already
    assert ev.tournament.entries.filter(player=ev.sam).exists()


def test_the_restore_and_tournament_import_door_refuses_and_finds_alike(ev) -> None:
    """`players_ensure`: the door an archive's restore and a tournament's import bring their
    players' names through."""
    from django.core.exceptions import ValidationError

    before = Player.objects.count()
    for name, code in (("   ", "required"), ("Secret\u202eSam", "bad_name")):
        with pytest.raises(ValidationError) as refused:
            entries.players_ensure(tournament=ev.tournament, names=[name])
        assert refused.value.error_dict["players"][0].code == code
    (found,) = entries.players_ensure(tournament=ev.tournament, names=[" SECRET  sam "])
    assert found == ev.sam
    assert Player.objects.count() == before
