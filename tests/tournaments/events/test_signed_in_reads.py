"""Signed-in reads that do not grow with the data (issue 31, item 3).

With one 1,000-player tournament the tournament list and the leaderboard took seconds for an
organiser or a scorer: the tournaments a person may see were four joins ORed under DISTINCT.
Now they are one query (`published OR EXISTS` per role), and each read below answers with the
same number of queries for a small club and a bigger one, whoever asks. Who sees what is
unchanged: a draft is seen by its organiser, referee, scorer and players only.
"""

from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.factories import (
    ClubFactory,
    EntryFactory,
    PlayerFactory,
    RoundFactory,
    TableFactory,
    TournamentFactory,
    UserFactory,
    make_club_organiser,
    signed_in,
)
from tournaments.clubs import permissions as perms
from tournaments.clubs import services as staff
from tournaments.clubs.models import ClubMember, Player
from tournaments.events import selectors
from tournaments.events.models import Tournament

pytestmark = pytest.mark.django_db

ROLES = ("organiser", "referee", "scorer", "player")


def _generated(players: int) -> Tournament:
    """A published tournament of `players` new players of the generated club, two rounds
    played and rated (`generate_tournament`); every player has an account."""
    call_command(
        "generate_tournament",
        players=players,
        rounds=2,
        table_size=2,
        system="swiss",
        seed=7,
        stdout=io.StringIO(),
    )
    event = Tournament.objects.order_by("-pk")[0]
    for player in Player.objects.filter(club=event.club, user__isnull=True):
        player.user = UserFactory(username=f"member{player.pk}")
        player.save()
    return event


def _drafts(night: SimpleNamespace, count: int) -> None:
    """`count` drafts of the club, each with the night's people in their roles, and as many
    published tournaments of another club."""
    other_club = ClubFactory()
    for _ in range(count):
        draft = TournamentFactory(club=night.big.club, published=False)
        draft.organisers.add(night.organiser)
        draft.referees.add(night.referee)
        EntryFactory(tournament=draft, player=night.field_player)
        TableFactory(round=RoundFactory(tournament=draft, number=1), scorer=night.scorer)
        TournamentFactory(club=other_club)


def _club_night(players: int, drafts: int) -> SimpleNamespace:
    """A generated tournament of `players` players, `drafts` drafts (`_drafts`); one person
    per role holds that role in the generated tournament and in every draft."""
    big = _generated(players)
    club = big.club
    people = {role: UserFactory(username=f"the_{role}") for role in ("organiser", "referee")}
    people["scorer"] = UserFactory(username="the_scorer")
    make_club_organiser(people["organiser"], club)
    ClubMember.objects.create(club=club, user=people["referee"], role="referee")
    player = Player.objects.filter(club=club, rating_events__isnull=False).order_by("pk")[0]
    people["player"] = player.user
    people["stranger"] = UserFactory(username="the_stranger")
    big.organisers.add(people["organiser"])
    big.referees.add(people["referee"])
    for table in big.round_set.order_by("-number")[0].tables.order_by("number")[:2]:
        table.scorer = people["scorer"]
        table.save()
    night = SimpleNamespace(big=big, field_player=player, **people)
    _drafts(night, drafts)
    return night


def _reads(night: SimpleNamespace) -> dict[str, str]:
    return {
        "tournament list (API)": "/api/v1/tournaments/",
        "tournament list (home page)": "/",
        "leaderboard (API)": "/api/v1/leaderboard/",
        "leaderboard (page)": "/leaderboard/",
        "player page": f"/players/{night.field_player.pk}/",
        "staff search": f"/tournaments/{night.big.pk}/staff/?q=member",
    }


def _counted(night: SimpleNamespace) -> dict[tuple[str, str], tuple[int, int]]:
    """(role, read) → (status, queries), each read asked once before it is counted (the
    session and the language settle on the first)."""
    counted = {}
    for role in ROLES:
        client = signed_in(night.__dict__[role])
        for label, url in _reads(night).items():
            client.get(url)
            with CaptureQueriesContext(connection) as captured:
                answer = client.get(url)
            counted[(role, label)] = (answer.status_code, len(captured))
    return counted


def test_each_signed_in_read_costs_the_same_queries_for_a_bigger_club() -> None:
    night = _club_night(players=6, drafts=1)
    small = _counted(night)
    # Then the club grows: another tournament of 40 rated players, five drafts more (and
    # five published tournaments of another club).
    _generated(40)
    _drafts(night, 5)
    assert len(signed_in(night.organiser).get("/api/v1/tournaments/").json()) == 2 + 6 + 6
    assert len(signed_in(night.scorer).get("/api/v1/leaderboard/").json()) == 46
    big = _counted(night)
    for (role, label), (status, queries) in big.items():
        expected = 200 if label != "staff search" or role == "organiser" else 403
        assert status == expected, (role, label, status)
        assert small[(role, label)] == (status, queries), (role, label, small, big)
        assert queries <= 12, (role, label, queries)


def test_the_staff_search_finds_the_club_members_once_each() -> None:
    night = _club_night(players=6, drafts=1)
    member = night.field_player.user
    # A member of the club by both roads: a ClubMember and the account of a player.
    ClubMember.objects.create(club=night.big.club, user=member, role="scorer")
    answer = signed_in(night.organiser).get(
        f"/tournaments/{night.big.pk}/staff/?q={member.username}"
    )
    assert answer.status_code == 200
    found = staff.club_members_search(club=night.big.club, query=member.username)
    assert [user.pk for user in found] == [member.pk]
    # The scorer of two tables is one candidate, and a stranger none.
    candidates = list(selectors.scorer_candidates(night.big).values_list("pk", flat=True))
    assert candidates.count(night.scorer.pk) == 1
    assert len(candidates) == len(set(candidates))
    assert night.stranger.pk not in candidates
    assert {night.organiser.pk, night.referee.pk, member.pk} <= set(candidates)


# --- who sees what: unchanged --------------------------------------------------------------


@pytest.fixture
def drafts() -> SimpleNamespace:
    """A draft with one person per role, a published tournament, and a stranger."""
    draft = TournamentFactory(published=False, name="the draft")
    published = TournamentFactory(published=True, name="the published")
    people = {role: UserFactory(username=f"draft_{role}") for role in (*ROLES, "stranger")}
    draft.organisers.add(people["organiser"])
    draft.referees.add(people["referee"])
    TableFactory(round=RoundFactory(tournament=draft, number=1), scorer=people["scorer"])
    EntryFactory(tournament=draft, player=PlayerFactory(club=draft.club, user=people["player"]))
    return SimpleNamespace(draft=draft, published=published, **people)


@pytest.mark.parametrize("role", ROLES)
def test_a_draft_is_seen_by_each_person_with_a_role_in_it(drafts, role) -> None:
    user = drafts.__dict__[role]
    names = {row["name"] for row in signed_in(user).get("/api/v1/tournaments/").json()}
    assert names == {"the draft", "the published"}
    assert perms.can_view_tournament(user, drafts.draft)
    assert signed_in(user).get(f"/api/v1/tournaments/{drafts.draft.pk}/").status_code == 200


def test_a_draft_is_hidden_from_a_stranger_and_the_public(drafts) -> None:
    for client in (signed_in(drafts.stranger), Client()):
        names = {row["name"] for row in client.get("/api/v1/tournaments/").json()}
        assert names == {"the published"}
        assert client.get(f"/api/v1/tournaments/{drafts.draft.pk}/").status_code == 404


def test_the_roles_of_one_tournament_show_no_other_draft(drafts) -> None:
    """A role in a draft shows that draft, not another draft of the same club."""
    other = TournamentFactory(club=drafts.draft.club, published=False, name="another draft")
    for role in ROLES:
        visible = set(perms.visible_tournaments(drafts.__dict__[role]))
        assert drafts.draft in visible and other not in visible, role
    assert set(perms.visible_tournaments(None)) == {drafts.published}


def test_a_superuser_sees_every_draft(drafts) -> None:
    boss = UserFactory(username="boss", is_superuser=True, is_staff=True)
    names = {row["name"] for row in signed_in(boss).get("/api/v1/tournaments/").json()}
    assert names == {"the draft", "the published"}


def test_the_tournaments_a_person_may_see_are_one_query_without_distinct(drafts) -> None:
    """The shape that took seconds (issue 31): joins that multiply the rows, under DISTINCT.
    Each role is an EXISTS of its own now; the tournaments are read without repeating."""
    query = perms.visible_tournaments(drafts.scorer)
    sql = str(query.query).upper()
    assert "DISTINCT" not in sql
    assert sql.count("EXISTS") == len(perms.TOURNAMENT_ROLES)
    assert list(query.values_list("name", flat=True)).count("the draft") == 1
