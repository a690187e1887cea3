"""A federation of clubs (issue 33): clubs join at a federation organiser's invitation and
their organiser's yes; its leaderboard ranks, per game, the people of its clubs'
tournaments, one line per person whichever club they played for; its page lists its clubs
and their tournaments; its organisers replay the ratings in the background."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from tests.factories import PlayerFactory, UserFactory, signed_in
from tests.tournaments.people.helpers import errors, finished_match, two_clubs
from tournaments.federations import services
from tournaments.federations.models import FederationClub, FederationOrganiser
from tournaments.standings.ratings import ratings_recompute, replay_progress

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():  # type: ignore[no-untyped-def]
    """Clubs A and B, a federation made by the site's staff with its organiser."""
    c = two_clubs()
    c.fed_org = UserFactory(username="league_org")
    c.federation = services.federation_create(
        name="Ліга «Південь»", city="Одеса", organiser=c.fed_org, by=c.staff
    )
    return c


def invite(user, federation, club, language="en"):  # type: ignore[no-untyped-def]
    return signed_in(user, language).post(
        f"/api/v1/federations/{federation.pk}/clubs/", {"club": club.pk}, "application/json"
    )


def join(user, federation, club, language="en"):  # type: ignore[no-untyped-def]
    return signed_in(user, language).post(f"/api/v1/federations/{federation.pk}/clubs/{club.pk}/")


def board(game: str, federation, client: Client | None = None) -> list[dict]:
    client = client or Client()
    answer = client.get(f"/api/v1/leaderboard/?federation={federation.pk}&game={game}")
    assert answer.status_code == 200, answer.content
    return answer.json()


def test_two_new_organisers_enter_one_person_who_is_one_line_per_game(league) -> None:
    """The issue's "done when": each club's new organiser enters the same person (B asks
    A's person to play for B, A's organiser agrees); the federation's leaderboard shows them
    once per game, with one rating each."""
    c = league
    for club, organiser in ((c.a, c.oa), (c.b, c.ob)):
        assert invite(c.fed_org, c.federation, club).status_code == 201
        assert join(organiser, c.federation, club).status_code == 200
    ivan = PlayerFactory(club=c.a, display_name="Іван Петренко")
    taras = PlayerFactory(club=c.a, display_name="Тарас")
    finished_match(c.ta, [ivan, taras], ivan, minutes_ago=40)
    asked = signed_in(c.ob).post(
        f"/api/v1/clubs/{c.b.pk}/roster-requests/", {"player": ivan.pk}, "application/json"
    )
    assert asked.status_code == 201, asked.content
    signed_in(c.oa).post(
        f"/api/v1/roster-requests/{asked.json()['id']}/", {"accept": True}, "application/json"
    )
    # B's organiser enters him by name in B's Preferans evening: the same person.
    entered = signed_in(c.ob).post(
        f"/api/v1/tournaments/{c.tb.pk}/entries/",
        {"players": ["Іван Петренко", "Вера", "Борис"]},
        "application/json",
    )
    assert entered.status_code in (200, 201), entered.content
    vera, boris = (c.tb.entries.get(player__display_name=n).player for n in ("Вера", "Борис"))
    finished_match(c.tb, [ivan, vera, boris], ivan, minutes_ago=20)
    ratings_recompute()
    for game in ("deberc", "preferans"):
        rows = board(game, c.federation)
        mine = [r for r in rows if r["player_id"] == ivan.pk]
        assert len(mine) == 1 and mine[0]["matches"] == 1, rows
        assert mine[0]["club"] == "Козирний валет"
    # A club that left no longer counts.
    signed_in(c.ob).delete(f"/api/v1/federations/{c.federation.pk}/clubs/{c.b.pk}/")
    assert {r["player"] for r in board("preferans", c.federation)} == set()
    assert {r["player"] for r in board("deberc", c.federation)} == {"Іван Петренко", "Тарас"}


def test_a_club_is_in_only_once_its_organiser_accepts(league) -> None:
    c = league
    assert invite(c.fed_org, c.federation, c.a).status_code == 201
    ivan = PlayerFactory(club=c.a, display_name="Іван")
    finished_match(c.ta, [ivan, PlayerFactory(club=c.a)], ivan)
    ratings_recompute()
    assert board("deberc", c.federation) == []
    # The invitation shows on A's organiser's home page and the federation's page.
    assert "invites" in signed_in(c.oa).get("/").content.decode()
    page = signed_in(c.oa).get(f"/federations/{c.federation.pk}/").content.decode()
    assert 'data-testid="federation-invitation"' in page
    # B's organiser cannot answer for A; A's answers on the page.
    assert join(c.ob, c.federation, c.a).status_code == 403
    answered = signed_in(c.oa).post(
        f"/federations/{c.federation.pk}/clubs/{c.a.pk}/", {"action": "join"}
    )
    assert answered.status_code == 302
    names = [r["player"] for r in board("deberc", c.federation)]
    assert "Іван" in names and len(names) == 2


@pytest.mark.parametrize(
    ("language", "word"), [("ru", "Клуб уже"), ("uk", "Клуб уже"), ("en", "already")]
)
def test_refusals_name_the_field_and_the_cause(league, language, word) -> None:
    c = league
    invite(c.fed_org, c.federation, c.a)
    again = invite(c.fed_org, c.federation, c.a, language)
    assert again.status_code == 400 and ("club", "already_invited") in errors(again)
    message = again.json()["errors"][0]["message"]
    assert word in message
    with translation.override(language):
        assert message == translation.gettext("The club is invited already.")
    join(c.oa, c.federation, c.a)
    twice = join(c.oa, c.federation, c.a, language)
    assert ("club", "already_member") in errors(twice)
    not_invited = join(c.ob, c.federation, c.b, language)
    assert ("club", "not_invited") in errors(not_invited)
    # A club organiser is no federation organiser; unknown fields and ids are refused.
    assert invite(c.oa, c.federation, c.b).status_code == 403
    odd = signed_in(c.fed_org).post(
        f"/api/v1/federations/{c.federation.pk}/clubs/", {"club": "2", "x": 1}, "application/json"
    )
    assert {("club", "invalid"), ("x", "unknown_field")} <= set(errors(odd))
    missing = invite(c.fed_org, c.federation, type("Gone", (), {"pk": 999999})())
    assert ("club", "not_found") in errors(missing)
    bad = Client(HTTP_ACCEPT_LANGUAGE=language).get("/api/v1/leaderboard/?federation=ліга")
    assert bad.status_code == 400 and ("federation", "invalid") in errors(bad)
    # An id of no federation, as a club's, is one with no players.
    for nothing in ("999999", "9" * 40, "0"):
        empty = Client().get(f"/api/v1/leaderboard/?federation={nothing}")
        assert empty.status_code == 200 and empty.json() == []


def test_the_page_lists_its_clubs_and_their_published_tournaments_only(league) -> None:
    c = league
    for club, organiser in ((c.a, c.oa), (c.b, c.ob)):
        invite(c.fed_org, c.federation, club)
        join(organiser, c.federation, club)
    c.tb.published = False
    c.tb.save()
    page = Client().get(f"/federations/{c.federation.pk}/").content.decode()
    assert "Козирний валет" in page and "Пуля" in page
    assert "Кубок валета" in page and "Вечер пули" not in page
    assert f"?federation={c.federation.pk}&amp;game=preferans" in page
    # B's organiser sees their own draft there.
    assert "Вечер пули" in signed_in(c.ob).get(f"/federations/{c.federation.pk}/").content.decode()
    # The home page links each game's leaderboard of the federation: one click.
    home = Client().get("/").content.decode()
    assert f"/leaderboard/?federation={c.federation.pk}&amp;game=deberc" in home
    leaderboard = Client().get(f"/leaderboard/?federation={c.federation.pk}&game=deberc")
    assert leaderboard.status_code == 200 and "Ліга «Південь»" in leaderboard.content.decode()


def test_its_organisers_replay_the_ratings_and_see_the_progress(
    league, django_capture_on_commit_callbacks
) -> None:
    c = league
    ivan = PlayerFactory(club=c.a, display_name="Іван")
    finished_match(c.ta, [ivan, PlayerFactory(club=c.a)], ivan)
    assert signed_in(c.oa).post(f"/api/v1/federations/{c.federation.pk}/replay/").status_code == 403
    with django_capture_on_commit_callbacks(execute=True):
        answer = signed_in(c.fed_org).post(f"/api/v1/federations/{c.federation.pk}/replay/")
    assert answer.status_code == 202
    progress = replay_progress()
    assert progress is not None and progress["done"] == progress["total"] == 1
    assert progress["seconds"] is not None
    body = signed_in(c.fed_org).get(f"/api/v1/federations/{c.federation.pk}/replay/").json()
    assert body["replay"]["done"] == 1
    page = signed_in(c.fed_org).get(f"/federations/{c.federation.pk}/").content.decode()
    assert 'data-testid="replay-progress"' in page


def test_only_staff_make_a_federation_and_names_are_checked(league) -> None:
    c = league
    from django.core.exceptions import PermissionDenied, ValidationError

    with pytest.raises(PermissionDenied):
        services.federation_create(name="Моя ліга", by=c.oa)
    with pytest.raises(ValidationError) as taken:
        services.federation_create(name="ліга «південь»", by=c.staff)
    assert taken.value.error_dict["name"][0].code == "name_taken"
    with pytest.raises(ValidationError) as long:
        services.federation_create(name="Л" * 121, by=c.staff)
    assert long.value.error_dict["name"][0].code == "max_length"
    assert FederationOrganiser.objects.filter(user=c.fed_org).count() == 1
    assert FederationClub.objects.count() == 0
