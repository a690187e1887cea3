"""Issue 20: the organiser appoints referees, co-organisers and scorers among the club's
members (a search, not every account of the site) and invites people to the club with a
one-time link with which they set a password; a player's account is linked to their player."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tests.factories import PlayerFactory, UserFactory, make_club_organiser, make_evening
from tournaments.clubs.models import ClubMember, Invitation

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def api(client: Client, method: str, url: str, body: dict | None = None):
    return getattr(client, method)(
        url, data=json.dumps(body or {}), content_type="application/json"
    )


def club_night():
    """An evening whose organiser organises its club too: invitations are the club's
    organisers' (roles belong to a club, issue 31), not every organiser of a tournament's."""
    night = make_evening()
    make_club_organiser(night.organiser, night.tournament.club)
    return night


def invite(night, **body) -> dict:
    answer = api(
        signed_in(night.organiser),
        "post",
        f"/api/v1/clubs/{night.tournament.club_id}/invitations/",
        body,
    )
    assert answer.status_code == 201, answer.content
    return answer.json()


def suggested_username(page: str) -> str:
    return re.search(r'name="username" value="([^"]*)"', page).group(1)


def accept(url: str, password: str = "long enough pass") -> tuple[Client, object]:
    """As a browser does: the page's form sent with the sign-in name it suggests."""
    client = Client()
    path = url.split("testserver", 1)[1]
    page = client.get(path)
    assert page.status_code == 200
    username = suggested_username(page.content.decode())
    answer = client.post(
        path, {"username": username, "password": password, "password_again": password}
    )
    assert answer.status_code == 200, answer.content
    return client, answer.context["member"]


def test_an_invited_referee_sets_a_password_and_is_appointed_to_the_tournament():
    night = club_night()
    body = invite(night, role="referee", name="Ірина Суддя")
    assert set(body) >= {"url", "expires_at"}
    client, user = accept(body["url"])
    assert user.check_password("long enough pass")
    assert ClubMember.objects.get(user=user).role == "referee"
    assert not night.tournament.referees.filter(pk=user.pk).exists()
    answer = api(
        signed_in(night.organiser),
        "post",
        f"/api/v1/tournaments/{night.tournament.pk}/staff/",
        {"user": user.pk, "role": "referee"},
    )
    assert answer.status_code == 201, answer.content
    assert night.tournament.referees.filter(pk=user.pk).exists()
    # The referee's new account now opens the tournament's rulings as a referee does.
    assert client.get(f"/tournaments/{night.tournament.pk}/matches/").status_code == 200


def test_the_link_is_single_use_and_says_the_same_whatever_is_wrong():
    night = club_night()
    body = invite(night, role="scorer")
    accept(body["url"])
    path = body["url"].split("testserver", 1)[1]
    used = Client().get(path)
    never = Client().get("/invitations/" + "x" * 32 + "/")
    assert used.status_code == never.status_code == 404
    assert used.content.replace(b"x" * 32, b"").count(b"not valid") == never.content.count(
        b"not valid"
    )
    again = Client().post(
        path,
        {
            "username": "late.comer",
            "password": "another pass 1",
            "password_again": "another pass 1",
        },
    )
    assert again.status_code == 404
    members = get_user_model().objects.filter(club_memberships__club=night.tournament.club)
    assert members.exclude(pk=night.organiser.pk).count() == 1  # the one who accepted


def test_a_revoked_or_expired_link_opens_nothing():
    night = club_night()
    revoked = invite(night, role="scorer")
    expired = invite(night, role="scorer")
    client = signed_in(night.organiser)
    answer = client.delete(f"/api/v1/clubs/{night.tournament.club_id}/invitations/{revoked['id']}/")
    assert answer.status_code == 204
    Invitation.objects.filter(pk=expired["id"]).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    for body in (revoked, expired):
        assert Client().get(body["url"].split("testserver", 1)[1]).status_code == 404


def test_an_invitation_lives_seven_days_by_default():
    night = club_night()
    invite(night, role="player")
    invitation = Invitation.objects.get()
    assert timedelta(days=6, hours=23) < invitation.expires_at - timezone.now() <= timedelta(days=7)


def test_a_players_account_is_linked_to_their_player_record_and_sees_their_matches():
    night = club_night()
    boris = night.match.seats.get(position=1).player
    body = invite(night, role="player", player=boris.pk)
    client, user = accept(body["url"])
    boris.refresh_from_db()
    assert boris.user_id == user.pk
    assert client.get(f"/matches/{night.match.pk}/").status_code == 200


def test_a_player_with_an_account_is_refused_at_the_player_field():
    night = club_night()
    anna = night.match.seats.get(position=0).player
    answer = api(
        signed_in(night.organiser),
        "post",
        f"/api/v1/clubs/{night.tournament.club_id}/invitations/",
        {"role": "player", "player": anna.pk},
    )
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["field"] == "player"
    assert answer.json()["errors"][0]["code"] == "player_has_account"


def test_a_tournaments_organiser_does_not_manage_the_clubs_invitations_or_members():
    """Issue 31: a tournament's organiser who does not organise its club neither invites to
    the club, lists its invitations, revokes one (the club organiser's stays) nor opens its
    members' page; their own tournament's staff they still keep."""
    night = club_night()
    kept = invite(night, role="organiser", name="Справжній")
    tournament_only = UserFactory(username="tournament_only_20")
    night.tournament.organisers.add(tournament_only)
    client = signed_in(tournament_only)
    club_url = f"/api/v1/clubs/{night.tournament.club_id}/invitations/"
    created = api(client, "post", club_url, {"role": "organiser", "name": "Захоплювач"})
    assert created.status_code == 403, created.content
    assert client.get(club_url).status_code == 403
    assert client.delete(f"{club_url}{kept['id']}/").status_code == 403
    assert client.get(f"/clubs/{night.tournament.club_id}/members/").status_code == 403
    assert list(Invitation.objects.values_list("pk", "revoked_at")) == [(kept["id"], None)]
    staff = client.get(f"/api/v1/tournaments/{night.tournament.pk}/staff/")
    assert staff.status_code == 200


def test_the_invitation_page_is_throttled():
    for _ in range(30):
        Client().get("/invitations/" + "y" * 32 + "/")
    assert Client().get("/invitations/" + "y" * 32 + "/").status_code == 429


def test_only_a_club_member_is_appointed_and_the_refusal_does_not_tell_who_exists():
    night = make_evening()
    outsider = UserFactory(username="outsider_20")
    client = signed_in(night.organiser)
    url = f"/api/v1/tournaments/{night.tournament.pk}/staff/"
    someone = api(client, "post", url, {"user": outsider.username, "role": "referee"})
    nobody = api(client, "post", url, {"user": "no_such_account", "role": "referee"})
    assert someone.status_code == nobody.status_code == 400
    assert someone.json() == nobody.json()
    assert someone.json()["errors"][0]["field"] == "user"


def test_a_scorer_is_assigned_to_a_table_and_removed():
    night = make_evening()
    member = UserFactory(username="member_20")
    ClubMember.objects.create(club=night.tournament.club, user=member, role="scorer")
    client = signed_in(night.organiser)
    url = f"/api/v1/tournaments/{night.tournament.pk}/staff/"
    answer = api(client, "post", url, {"user": "member_20", "role": "scorer", "table": 2})
    assert answer.status_code == 201
    night.other_table.refresh_from_db()
    assert night.other_table.scorer_id == member.pk
    missing = api(client, "post", url, {"user": "member_20", "role": "scorer"})
    assert missing.status_code == 400 and missing.json()["errors"][0]["field"] == "table"
    assert client.delete(f"{url}member_20/").status_code == 204
    night.other_table.refresh_from_db()
    assert night.other_table.scorer_id is None


def test_the_last_organiser_stays():
    night = make_evening()
    client = signed_in(night.organiser)
    answer = client.delete(f"/api/v1/tournaments/{night.tournament.pk}/staff/{night.organiser.pk}/")
    assert answer.status_code == 409
    assert answer.json()["errors"][0]["code"] == "last_organiser"


def test_the_staff_page_searches_the_clubs_members_not_every_account():
    night = make_evening()
    UserFactory(username="zz_stranger_account")
    member = UserFactory(username="zz_member")
    PlayerFactory(club=night.tournament.club, display_name="Zoryana", user=member)
    page = signed_in(night.organiser).get(f"/tournaments/{night.tournament.pk}/staff/?q=zz")
    assert page.status_code == 200
    assert b"zz_member" in page.content
    assert b"zz_stranger_account" not in page.content


def _member_item(page: str, username: str) -> str:
    start = page.index(f'data-member="{username}"')
    return page[start : page.index("</li>", start)]


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_a_one_letter_search_finds_or_says_no_one_matches(language: str) -> None:
    """Issue 35, item 15: one letter searched showed neither results nor "no match"."""
    night = make_evening()
    member = UserFactory(username="qmember")
    ClubMember.objects.create(club=night.tournament.club, user=member, role="player")
    client = signed_in(night.organiser)
    url = f"/tournaments/{night.tournament.pk}/staff/"
    found = client.get(url, {"q": "q"}, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert 'data-member="qmember"' in found
    nobody = client.get(url, {"q": "ж"}, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert "data-member=" not in nobody
    said = {"ru": "Никто из членов клуба не подходит под «ж».", "uk": "Жоден член клубу не"}
    assert said[language] in nobody


def test_a_long_list_of_matches_says_there_are_more() -> None:
    night = make_evening()
    for number in range(25):
        person = UserFactory(username=f"many{number:02d}")
        ClubMember.objects.create(club=night.tournament.club, user=person, role="player")
    page = (
        signed_in(night.organiser)
        .get(f"/tournaments/{night.tournament.pk}/staff/", {"q": "many"}, HTTP_ACCEPT_LANGUAGE="ru")
        .content.decode()
    )
    assert page.count("data-member=") == 20
    assert "Показаны первые 20" in page


def test_a_member_invited_as_scorer_is_offered_as_scorer_first() -> None:
    """Issue 35, item 15: appointing a person the club invited as scorer defaulted to
    referee. Their role in the club is the one selected; a referee stays a referee."""
    night = make_evening()
    club = night.tournament.club
    for name, role in (("kscorer", "scorer"), ("kreferee", "referee"), ("korganiser", "organiser")):
        ClubMember.objects.create(club=club, user=UserFactory(username=name), role=role)
    page = (
        signed_in(night.organiser)
        .get(f"/tournaments/{night.tournament.pk}/staff/", {"q": "k"})
        .content.decode()
    )
    assert '<option value="scorer" selected>' in _member_item(page, "kscorer")
    assert '<option value="referee" selected>' in _member_item(page, "kreferee")
    assert '<option value="organiser" selected>' in _member_item(page, "korganiser")
    assert " selected>" not in _member_item(page, "kscorer").split('value="scorer"')[0]


def test_the_staff_pages_are_the_organisers():
    night = make_evening()
    for role in ("referee", "scorer", "player", "stranger"):
        answer = signed_in(night.users[role]).get(f"/tournaments/{night.tournament.pk}/staff/")
        assert answer.status_code == 403
        api_answer = signed_in(night.users[role]).get(
            f"/api/v1/tournaments/{night.tournament.pk}/staff/"
        )
        assert api_answer.status_code == 403
        assert api_answer.json()["errors"][0]["code"] == "permission_denied"


def test_a_403_page_is_styled_in_the_users_language_and_says_whom_to_ask():
    night = make_evening()
    client = signed_in(night.referee)
    client.cookies["django_language"] = "uk"
    answer = client.get(f"/tournaments/{night.tournament.pk}/staff/")
    assert answer.status_code == 403
    text = answer.content.decode()
    assert 'lang="uk"' in text
    assert "організатор" in text.lower()
    assert "403 Forbidden" not in text


def test_a_referees_pages_say_what_they_can_do_there():
    night = make_evening()
    client = signed_in(night.referee)
    client.cookies["django_language"] = "uk"
    page = client.get(f"/tournaments/{night.tournament.pk}/players/").content.decode()
    assert 'data-testid="role-note"' in page
    assert "Тут ви суддя" in page
    organiser_page = signed_in(night.organiser).get(f"/tournaments/{night.tournament.pk}/players/")
    assert b'data-testid="role-note"' not in organiser_page.content


def test_an_invited_organiser_creates_tournaments_and_invites_in_turn():
    night = club_night()
    client, _user = accept(invite(night, role="organiser", name="Орест")["url"])
    assert client.get("/tournaments/new/").status_code == 200
    assert client.get(f"/clubs/{night.tournament.club_id}/members/").status_code == 200


# --- the sign-in name the invited person chooses (issue 35, item 16) -------------------------


@pytest.mark.parametrize(
    ("name", "language", "suggested"),
    [
        ("Виктор Судейкин", "ru", "viktor.sudeykin"),
        ("Микола Іваненко", "ru", "mykola.ivanenko"),  # і: a Ukrainian name
        ("Микола Бондар", "uk", "mykola.bondar"),  # no telling letter: the page's language
        ("Эльвира Щукина", "uk", "elvira.shchukina"),  # э: a Russian name
    ],
)
def test_the_page_suggests_a_sign_in_name_in_the_names_own_language(
    name: str, language: str, suggested: str
) -> None:
    night = club_night()
    path = invite(night, role="scorer", name=name)["url"].split("testserver", 1)[1]
    page = Client().get(path, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert suggested_username(page) == suggested


def test_the_invited_person_chooses_their_sign_in_name() -> None:
    night = club_night()
    path = invite(night, role="scorer", name="Виктор Судейкин")["url"].split("testserver", 1)[1]
    answer = Client().post(
        path,
        {"username": "vitya", "password": "long enough pass", "password_again": "long enough pass"},
    )
    assert answer.status_code == 200
    assert answer.context["member"].username == "vitya"


@pytest.mark.parametrize(
    ("username", "code", "said"),
    [
        ("", "required", "Выберите имя для входа."),
        ("ab", "username_length", "от 3 до 30 символов"),
        ("two words", "username_invalid", "без пробелов"),
        ("ORGANISER", "username_taken", "уже занято"),
    ],
)
def test_a_sign_in_name_refused_says_why_and_keeps_the_link(
    username: str, code: str, said: str
) -> None:
    night = club_night()
    night.organiser.username = "organiser"
    night.organiser.save(update_fields=["username"])
    path = invite(night, role="scorer", name="Виктор")["url"].split("testserver", 1)[1]
    client = Client()
    answer = client.post(
        path,
        {
            "username": username,
            "password": "long enough pass",
            "password_again": "long enough pass",
        },
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert answer.status_code == 400
    text = answer.content.decode()
    assert said in text and 'aria-invalid="true"' in text
    # Nothing was used up: the link still opens, and a good name then opens the account.
    retry = client.post(
        path,
        {
            "username": "viktor",
            "password": "long enough pass",
            "password_again": "long enough pass",
        },
    )
    assert retry.status_code == 200


def test_a_taken_suggestion_gets_a_short_number() -> None:
    night = club_night()
    UserFactory(username="viktor.sudeykin")
    path = invite(night, role="scorer", name="Виктор Судейкин")["url"].split("testserver", 1)[1]
    page = Client().get(path).content.decode()
    assert suggested_username(page) == "viktor.sudeykin.2"
