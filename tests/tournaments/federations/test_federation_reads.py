"""Reads at federation size (issue 33, item 3): the federation's page, its leaderboard (page
and API) and a club's roster answer with the same number of queries for a federation of two
clubs and for one of many more clubs, players and tournaments, whoever reads them (the
speed at full size is bench/federation.py's). The federation's page asked, for each of its
clubs, whether the reader organises it: one query a club."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.factories import ClubFactory, PlayerFactory, TournamentFactory, UserFactory, signed_in
from tests.tournaments.people.helpers import finished_match, two_clubs
from tournaments.federations import services
from tournaments.federations.models import FederationClub
from tournaments.people.models import ClubPlayer, RosterRequest
from tournaments.standings.ratings import ratings_recompute

pytestmark = pytest.mark.django_db


def _member_club(federation, *, players: int = 2):  # type: ignore[no-untyped-def]
    """A club that joined `federation`, with an evening of Deberc: its players in one finished
    match each two."""
    club = ClubFactory()
    FederationClub.objects.create(federation=federation, club=club, joined_at=timezone.now())
    evening = TournamentFactory(club=club, game="deberc", ruleset="moscow")
    people = [PlayerFactory(club=club) for _ in range(players)]
    for k in range(0, players - 1, 2):
        finished_match(evening, people[k : k + 2], people[k], minutes_ago=30 + k)
    return club, people


@pytest.fixture
def league() -> SimpleNamespace:
    """Clubs A and B in a federation with its organiser; a person of A on B's roll too, who
    played for both; a namesake of A's player in B; a request of B waiting for A."""
    c = two_clubs()
    c.fed_org = UserFactory(username="league_org")
    c.federation = services.federation_create(
        name="Ліга", city="Одеса", organiser=c.fed_org, by=c.staff
    )
    for club in (c.a, c.b):
        FederationClub.objects.create(federation=c.federation, club=club, joined_at=timezone.now())
    c.ivan = PlayerFactory(club=c.a, display_name="Іван Петренко")
    ClubPlayer.objects.create(club=c.b, player=c.ivan, via=ClubPlayer.Via.CONSENT)
    others = [PlayerFactory(club=c.a), PlayerFactory(club=c.b), PlayerFactory(club=c.b)]
    finished_match(c.ta, [c.ivan, others[0]], c.ivan, minutes_ago=50)
    finished_match(c.tb, [c.ivan, others[1], others[2]], others[1], minutes_ago=40)
    PlayerFactory(club=c.b, display_name="Іван Петренко")
    RosterRequest.objects.create(club=c.b, player=others[0], asked_by=c.ob)
    c.reader = UserFactory(username="reader")
    ratings_recompute()
    return c


def _grow(c: SimpleNamespace, clubs: int) -> None:
    """`clubs` more clubs join, each with its players and matches; A's roll and B's grow (its
    own players, others' on its roll, namesakes elsewhere, requests)."""
    for k in range(clubs):
        club, people = _member_club(c.federation, players=4)
        c.a_players = [PlayerFactory(club=c.a) for _ in range(2)]
        ClubPlayer.objects.create(club=c.a, player=people[0], via=ClubPlayer.Via.CONSENT)
        PlayerFactory(club=club, display_name=c.a_players[0].display_name)
        RosterRequest.objects.create(club=club, player=c.a_players[1], asked_by=c.oa)
        finished_match(c.ta, [c.a_players[0], people[1]], people[1], minutes_ago=20 + k)
    # A club invited that has not answered, and one outside.
    FederationClub.objects.create(federation=c.federation, club=ClubFactory())
    ClubFactory()
    ratings_recompute()


def _reads(c: SimpleNamespace) -> dict[str, str]:
    fed = c.federation.pk
    return {
        "federation page": f"/federations/{fed}/",
        "federations list": "/federations/",
        "federation leaderboard (page)": f"/leaderboard/?federation={fed}&game=deberc",
        "federation leaderboard (API)": f"/api/v1/leaderboard/?federation={fed}&game=deberc",
        "federation leaderboard, Preferans (API)": (
            f"/api/v1/leaderboard/?federation={fed}&game=preferans"
        ),
        "roster": f"/clubs/{c.a.pk}/players/",
    }


def _counted(c: SimpleNamespace) -> dict[tuple[str, str], tuple[int, int]]:
    """(reader, read) → (status, queries), each read asked once before it is counted (the
    session, the language and the leaderboard's cached ranking settle on the first)."""
    readers = {
        "anonymous": Client(),
        "club organiser": signed_in(c.oa),
        "federation organiser": signed_in(c.fed_org),
        "someone": signed_in(c.reader),
    }
    counted = {}
    for who, client in readers.items():
        for label, url in _reads(c).items():
            client.get(url)
            with CaptureQueriesContext(connection) as captured:
                answer = client.get(url)
            counted[(who, label)] = (answer.status_code, len(captured))
    return counted


def test_the_federation_reads_cost_the_same_queries_for_a_bigger_federation(league) -> None:
    c = league
    small = _counted(c)
    _grow(c, clubs=6)
    page = signed_in(c.oa).get(f"/federations/{c.federation.pk}/").content.decode()
    # The bigger federation is read: its 8 clubs, A's organiser may take A out (not B).
    assert page.count('name="action" value="leave"') == 1
    rows = Client().get(f"/api/v1/leaderboard/?federation={c.federation.pk}&game=deberc").json()
    assert len(rows) == 2 + 6 * 4 + 6
    assert [r["player"] for r in rows].count("Іван Петренко") == 1
    roster = signed_in(c.oa).get(f"/clubs/{c.a.pk}/players/")
    assert roster.status_code == 200
    assert len(roster.context["rows"]) == 2 + 6 * 2 + 6
    big = _counted(c)
    for (who, label), (status, queries) in big.items():
        expected = 200 if label != "roster" or who == "club organiser" else 403
        if label == "roster" and who == "anonymous":
            expected = 302
        assert status == expected, (who, label, status)
        assert small[(who, label)] == (status, queries), (who, label, small, big)
        assert queries <= 16, (who, label, queries)
