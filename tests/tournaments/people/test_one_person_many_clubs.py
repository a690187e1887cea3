"""One person, many clubs (issue 33): a club asks to add a person of another club and the
person (or, without an account, their club's organisers) agrees; the person is then found by
name in the club's tournaments, keeps one identity, and nobody takes an account over."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from tests.factories import PlayerFactory, UserFactory, make_club_organiser, signed_in
from tournaments.clubs.models import Player
from tournaments.people.models import ClubPlayer, RosterRequest

from .helpers import errors, two_clubs

pytestmark = pytest.mark.django_db


def translated(language: str, text: str) -> str:
    with translation.override(language):
        return translation.gettext(text)


def ask(user, club, player, language: str = "en"):  # type: ignore[no-untyped-def]
    return signed_in(user, language).post(
        f"/api/v1/clubs/{club.pk}/roster-requests/", {"player": player.pk}, "application/json"
    )


def enter(user, tournament, names, language: str = "en"):  # type: ignore[no-untyped-def]
    return signed_in(user, language).post(
        f"/api/v1/tournaments/{tournament.pk}/entries/", {"players": names}, "application/json"
    )


def test_a_person_with_an_account_answers_the_clubs_request_and_plays_for_both() -> None:
    c = two_clubs()
    person = UserFactory(username="ivan")
    ivan = PlayerFactory(club=c.a, display_name="Іван Петренко", user=person)
    answer = enter(c.oa, c.ta, ["Іван Петренко"])
    assert answer.status_code in (200, 201), answer.content
    # B's organiser finds him (he played in a published tournament) and asks.
    page = signed_in(c.ob).get(f"/clubs/{c.b.pk}/players/?q=Петренко").content.decode()
    assert "Іван Петренко" in page and "Ask to add" in page
    answer = ask(c.ob, c.b, ivan)
    assert answer.status_code == 201, answer.content
    assert answer.json()["state"] == "open"
    # Not on B's roll until he agrees: B's list of "Іван Петренко" makes a new record.
    assert not ClubPlayer.objects.filter(club=c.b, player=ivan).exists()
    # A's organiser cannot answer for a person with an account; B's cannot either.
    request = RosterRequest.objects.get()
    for other in (c.oa, c.ob):
        refused = signed_in(other).post(
            f"/api/v1/roster-requests/{request.pk}/", {"accept": True}, "application/json"
        )
        assert refused.status_code == 403
    # He sees it waiting on his home page and agrees.
    assert "1 request waits for your answer" in signed_in(person).get("/").content.decode()
    agreed = signed_in(person).post(
        f"/people/requests/{request.pk}/", {"action": "accept"}, follow=True
    )
    assert agreed.status_code == 200
    assert ClubPlayer.objects.filter(club=c.b, player=ivan).exists()
    # B's list now finds him by name, in any case: one person, no second record.
    before = Player.objects.count()
    answer = enter(c.ob, c.tb, ["іван петренко", "Ганна", "Борис"])
    assert answer.status_code in (200, 201), answer.content
    assert c.tb.entries.filter(player=ivan).exists()
    assert Player.objects.count() == before + 2
    # His page lists both clubs' tournaments; his account stays his.
    page = Client().get(f"/players/{ivan.pk}/").content.decode()
    listed = page.split('data-testid="player-tournaments"')[1].split("</section>")[0]
    assert "Кубок валета" in listed and "Вечер пули" in listed
    assert "Козирний валет, Пуля" in page
    ivan.refresh_from_db()
    assert ivan.user == person and ivan.club == c.a


def test_a_person_without_an_account_is_added_when_their_clubs_organiser_agrees() -> None:
    c = two_clubs()
    olha = PlayerFactory(club=c.a, display_name="Ольга Демченко")
    enter(c.oa, c.ta, ["Ольга Демченко"])
    request_id = ask(c.ob, c.b, olha).json()["id"]
    # Declined first by A's organiser: nothing added, the answer kept.
    answer = signed_in(c.oa).post(
        f"/api/v1/roster-requests/{request_id}/", {"accept": False}, "application/json"
    )
    assert answer.status_code == 200 and answer.json()["state"] == "declined"
    assert not ClubPlayer.objects.exists()
    # Answered twice: refused with the field and a stable code.
    again = signed_in(c.oa, "uk").post(
        f"/api/v1/roster-requests/{request_id}/", {"accept": True}, "application/json"
    )
    assert again.status_code == 400 and ("request", "already_answered") in errors(again)
    # Asked again, accepted.
    request_id = ask(c.ob, c.b, olha).json()["id"]
    answer = signed_in(c.oa).post(
        f"/api/v1/roster-requests/{request_id}/", {"accept": True}, "application/json"
    )
    assert answer.json()["state"] == "accepted"
    assert ClubPlayer.objects.filter(club=c.b, player=olha, via="consent").exists()


def test_an_organiser_of_both_clubs_adds_at_once() -> None:
    c = two_clubs()
    both = make_club_organiser(UserFactory(username="both"), c.a, c.b)
    player = PlayerFactory(club=c.a, display_name="Сергей Волков")
    answer = ask(both, c.b, player)
    assert answer.status_code == 201 and answer.json()["state"] == "accepted"


@pytest.mark.parametrize(
    ("language", "word"), [("ru", "Клуб уже"), ("uk", "Клуб уже"), ("en", "already")]
)
def test_refusals_name_the_field_and_the_cause_in_the_readers_language(language, word) -> None:
    c = two_clubs()
    anna = PlayerFactory(club=c.a, display_name="Анна Ковальчук")
    enter(c.oa, c.ta, ["Анна Ковальчук"])
    assert ask(c.ob, c.b, anna).status_code == 201
    again = ask(c.ob, c.b, anna, language)
    assert again.status_code == 400 and ("player", "already_asked") in errors(again)
    message = again.json()["errors"][0]["message"]
    assert word in message
    assert message == translated(language, "The club has asked for this person already.")
    # B has its own Анна Ковальчук: two people of one name on one roll are refused.
    PlayerFactory(club=c.b, display_name="АННА КОВАЛЬЧУК")
    RosterRequest.objects.update(state="withdrawn")
    clash = ask(c.ob, c.b, anna, language)
    assert ("player", "name_taken_in_club") in errors(clash)
    # A person nobody may see (no published tournament, another club) is not found.
    hidden = PlayerFactory(club=c.a, display_name="Прихований")
    assert ("player", "not_found") in errors(ask(c.ob, c.b, hidden, language))
    # Unknown and mistyped fields are refused, never guessed.
    odd = signed_in(c.ob).post(
        f"/api/v1/clubs/{c.b.pk}/roster-requests/",
        {"player": str(anna.pk), "club": 1},
        "application/json",
    )
    assert odd.status_code == 400
    assert {("player", "invalid"), ("club", "unknown_field")} <= set(errors(odd))


def test_a_club_sees_and_manages_its_own_players_only() -> None:
    c = two_clubs()
    anna = PlayerFactory(club=c.a, display_name="Анна")
    assert signed_in(c.ob).get(f"/clubs/{c.a.pk}/players/").status_code == 403
    assert signed_in(c.ob).get(f"/api/v1/clubs/{c.a.pk}/players/").status_code == 403
    assert Client().get(f"/api/v1/clubs/{c.a.pk}/players/").status_code in (401, 403)
    # Asking in another club's name is refused.
    assert ask(c.ob, c.a, anna).status_code == 403
    rows = signed_in(c.oa).get(f"/api/v1/clubs/{c.a.pk}/players/").json()["players"]
    assert [r["name"] for r in rows] == ["Анна"]
