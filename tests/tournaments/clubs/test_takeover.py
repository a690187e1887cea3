"""Issue 31: an organiser of one club took over another.

As the organiser of club B only: `POST /api/v1/tournaments/ {"club": A}` answered 201, and
from then on club A's invitations could be made, listed and revoked and its presets read
("Organiser" was a global group, and one tournament's staff role leaked club-wide powers).
Now a tournament is made in (or moved to) only a club one organises, and a tournament's role
gives powers over that tournament only.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone
from rest_framework.test import APIClient

from tests.factories import ClubFactory, TournamentFactory, UserFactory, make_club_organiser
from tournaments.clubs.models import ClubMember, Invitation
from tournaments.events.models import ClubPreset, Tournament

pytestmark = pytest.mark.django_db


def api(user: Any, language: str = "en") -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE=language)
    client.force_authenticate(user=user)
    return client


@pytest.fixture
def clubs() -> Any:
    """Club A with its organiser, a preset and an open invitation; club B whose organiser is
    the intruder."""
    club_a = ClubFactory(name="Club A")
    club_b = ClubFactory(name="Club B")
    owner = make_club_organiser(UserFactory(username="owner_a"), club_a)
    intruder = make_club_organiser(UserFactory(username="intruder_b"), club_b)
    preset = ClubPreset.objects.create(
        club=club_a, name="A's evening", game="deberc", settings={"ruleset": "moscow"}
    )
    invitation = Invitation.objects.create(
        club=club_a,
        role="organiser",
        name="Real co-organiser",
        token_hash="a" * 64,
        created_by=owner,
        expires_at=timezone.now() + timedelta(days=3),
    )
    return type(
        "Clubs",
        (),
        {
            "a": club_a,
            "b": club_b,
            "owner": owner,
            "intruder": intruder,
            "preset": preset,
            "invitation": invitation,
        },
    )


def codes(response: Any) -> list[tuple[str | None, str]]:
    return [(e["field"], e["code"]) for e in response.json()["errors"]]


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "club you organise"), ("ru", "клуб"), ("uk", "клуб")],
)
def test_a_tournament_only_in_a_club_one_organises(clubs: Any, language: str, words: str) -> None:
    answer = api(clubs.intruder, language).post(
        "/api/v1/tournaments/", {"name": "in A", "club": clubs.a.pk}, format="json"
    )
    assert answer.status_code == 400
    assert codes(answer) == [("club", "not_club_organiser")]
    assert words in answer.json()["errors"][0]["message"]
    assert not Tournament.objects.filter(name="in A").exists()
    # In their own club they still may.
    own = api(clubs.intruder).post(
        "/api/v1/tournaments/", {"name": "in B", "club": clubs.b.pk}, format="json"
    )
    assert own.status_code == 201, own.content


def test_nobody_without_a_club_creates(clubs: Any) -> None:
    nobody = UserFactory(username="no_club")
    answer = api(nobody).post(
        "/api/v1/tournaments/", {"name": "x", "club": clubs.b.pk}, format="json"
    )
    assert answer.status_code == 403


def test_a_tournament_is_not_moved_into_another_club(clubs: Any) -> None:
    tournament = TournamentFactory(club=clubs.b, name="B's cup")
    tournament.organisers.add(clubs.intruder)
    answer = api(clubs.intruder).patch(
        f"/api/v1/tournaments/{tournament.pk}/", {"club": clubs.a.pk}, format="json"
    )
    assert answer.status_code == 400
    assert codes(answer) == [("club", "not_club_organiser")]
    tournament.refresh_from_db()
    assert tournament.club_id == clubs.b.pk


def test_the_import_does_not_enter_another_club(clubs: Any) -> None:
    document = {
        "format": "deberc-tournament/1",
        "tournament": {"name": "imported into A", "club": clubs.a.name},
        "players": [],
        "rounds": [],
    }
    answer = api(clubs.intruder).post("/api/v1/tournaments/import/", document, format="json")
    assert answer.status_code == 400, answer.content
    assert ("tournament.club", "not_club_organiser") in codes(answer)
    assert not Tournament.objects.filter(name="imported into A").exists()


def test_an_import_into_a_new_club_makes_its_importer_the_organiser(clubs: Any) -> None:
    document = {
        "format": "deberc-tournament/1",
        "tournament": {"name": "a new club's cup", "club": "Club C"},
        "players": [],
        "rounds": [],
    }
    answer = api(clubs.intruder).post("/api/v1/tournaments/import/", document, format="json")
    assert answer.status_code == 201, answer.content
    member = ClubMember.objects.get(club__name="Club C", user=clubs.intruder)
    assert member.role == "organiser"


def test_a_tournaments_organiser_has_no_power_over_its_club(clubs: Any) -> None:
    """Even appointed to organise one of club A's tournaments, the intruder may not touch club
    A's invitations, presets, members or lockouts: each answers 403 and changes nothing."""
    tournament = TournamentFactory(club=clubs.a, name="A's cup")
    tournament.organisers.add(clubs.intruder)
    client = api(clubs.intruder)
    base = f"/api/v1/clubs/{clubs.a.pk}"
    invite = client.post(
        f"{base}/invitations/", {"role": "organiser", "name": "Accomplice"}, format="json"
    )
    assert invite.status_code == 403
    assert client.get(f"{base}/invitations/").status_code == 403
    revoke = client.delete(f"{base}/invitations/{clubs.invitation.pk}/")
    assert revoke.status_code == 403
    assert client.get(f"{base}/presets/").status_code == 403
    assert client.get(f"{base}/presets/{clubs.preset.pk}/").status_code == 403
    clubs.invitation.refresh_from_db()
    assert clubs.invitation.state == "open"
    assert Invitation.objects.filter(club=clubs.a).count() == 1
    # The pages too.
    from django.test import Client

    page = Client()
    page.force_login(clubs.intruder)
    assert page.get(f"/clubs/{clubs.a.pk}/members/").status_code == 403
    # The tournament itself stays theirs to run.
    assert client.get(f"/api/v1/tournaments/{tournament.pk}/staff/").status_code == 200
    # Club A's own organiser keeps every power.
    owner = api(clubs.owner)
    assert owner.get(f"{base}/invitations/").status_code == 200
    assert owner.get(f"{base}/presets/").status_code == 200


def test_the_new_tournament_form_offers_only_ones_own_clubs(clubs: Any) -> None:
    from django.test import Client

    page = Client(HTTP_ACCEPT_LANGUAGE="ru")
    page.force_login(clubs.intruder)
    form = page.get("/tournaments/new/").content.decode()
    assert "Club B" in form
    assert "Club A" not in form
    answer = page.post(
        "/tournaments/new/",
        {
            "name": "в клубе A",
            "club": clubs.a.pk,
            "game": "deberc",
            "ruleset": "moscow",
            "table_size": "2",
            "system": "swiss",
            "rounds": "3",
            "match_score": "win",
        },
    )
    assert answer.status_code == 200
    assert not Tournament.objects.filter(name="в клубе A").exists()


def test_the_migration_turns_the_group_into_club_memberships(capsys: Any) -> None:
    """The global Organisers group (before 0018) becomes organiser memberships of the clubs
    whose tournaments each member organises, where they are members already or the club has
    no organiser; a tournament made in another club's house (the old leak) does not make
    its maker that club's organiser. Holders of the add permission count as the group."""
    from importlib import import_module

    from django.apps import apps
    from django.contrib.auth.models import Permission

    migration = import_module("tournaments.migrations.0018_club_roles")
    home, orphan, victim = (ClubFactory(name=n) for n in ("Home", "Orphan", "Victim"))
    runs_home = UserFactory(username="runs_home")
    runs_orphan = UserFactory(username="runs_orphan")
    intruder = UserFactory(username="old_intruder")
    idle = UserFactory(username="idle_organiser")
    by_permission = UserFactory(username="by_permission")
    by_permission.user_permissions.add(
        Permission.objects.get(content_type__app_label="tournaments", codename="add_tournament")
    )
    group = Group.objects.create(name="Organisers")
    group.user_set.add(runs_home, runs_orphan, intruder, idle)
    ClubMember.objects.create(club=home, user=runs_home, role="player")
    ClubMember.objects.create(club=victim, user=UserFactory(username="owner"), role="organiser")
    TournamentFactory(club=home).organisers.add(runs_home)
    TournamentFactory(club=orphan).organisers.add(runs_orphan)
    taken = TournamentFactory(club=victim)
    taken.organisers.add(intruder, by_permission)
    migration.group_to_memberships(apps, None)
    assert ClubMember.objects.get(club=home, user=runs_home).role == "organiser"
    assert ClubMember.objects.get(club=orphan, user=runs_orphan).role == "organiser"
    assert not ClubMember.objects.filter(club=victim, user__in=[intruder, by_permission]).exists()
    assert taken.organisers.filter(pk=intruder.pk).exists()  # still runs their tournament
    assert not ClubMember.objects.filter(user=idle).exists()
    assert not Group.objects.filter(name="Organisers").exists()
    assert "old_intruder" in capsys.readouterr().out


def test_the_demo_staff_are_members_of_both_clubs() -> None:
    from django.core.management import call_command

    call_command("load_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    from tournaments.clubs.models import Club

    for club in Club.objects.all():
        roles = dict(club.members.values_list("user__username", "role"))
        assert roles["organiser"] == "organiser"
        assert roles["referee"] == "referee"
        assert {roles[f"scorer{i}"] for i in range(1, 5)} == {"scorer"}


def test_the_clubs_powers_are_named_permissions(clubs: Any) -> None:
    """`rules` answers the same question through Django's has_perm: the club's organiser may
    manage it, the intruder (organiser of another club, and of a tournament of this one) not."""
    TournamentFactory(club=clubs.a).organisers.add(clubs.intruder)
    assert clubs.owner.has_perm("tournaments.manage_club", clubs.a)
    assert not clubs.intruder.has_perm("tournaments.manage_club", clubs.a)
    assert clubs.intruder.has_perm("tournaments.manage_club", clubs.b)
    assert clubs.intruder.has_perm("tournaments.create_tournament_in", clubs.b)
    assert not clubs.intruder.has_perm("tournaments.create_tournament_in", clubs.a)
    assert not UserFactory(username="nobody").has_perm("tournaments.create_tournament")
