"""Issue 17, item 8: the public meets a player only through published tournaments. A player
who plays only in a draft is on no public leaderboard and has no public page; a player of a
published and a draft tournament shows the public only the published one's matches, and the
rating after them. The draft's organiser still sees their own."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.test import Client
from django.utils import timezone

from tests.factories import (
    ClubFactory,
    PlayerFactory,
    TableFactory,
    UserFactory,
    make_evening,
    make_match,
)
from tournaments.standings.models import Rating, RatingEvent

pytestmark = pytest.mark.django_db

SECRET = "Secret Sam"
SECRET_CLUB = "Hidden Club"


def rated(player, match, ordinal: float, at_minutes: int) -> None:
    RatingEvent.objects.create(
        player=player,
        match=match,
        mu=ordinal + 20,
        sigma=7,
        ordinal=ordinal,
        rated_at=timezone.now() - timedelta(minutes=at_minutes),
    )


@pytest.fixture
def night() -> SimpleNamespace:
    """A draft tournament of a club of its own where Secret Sam plays (rated); a published
    one where Anna plays, and then plays again in a draft of the same club (rated after)."""
    draft = make_evening(published=False)
    club = ClubFactory(name=SECRET_CLUB)
    draft.tournament.club = club
    draft.tournament.save(update_fields=["club"])
    sam = PlayerFactory(club=club, display_name=SECRET)
    rival = PlayerFactory(club=club, display_name="Rival")
    table = TableFactory(round=draft.round, number=3)
    secret_match = make_match(players=[sam, rival], table=table)
    rated(sam, secret_match, 30.0, 5)
    Rating.objects.create(player=sam, mu=50, sigma=7, ordinal=30.0, matches=1)

    public = make_evening(published=True)
    anna = public.match.seats.get(position=0).player
    rated(anna, public.match, 10.0, 60)
    later = make_evening(published=False)
    later.tournament.club = anna.club
    later.tournament.save(update_fields=["club"])
    draft_match = make_match(
        players=[anna, PlayerFactory(club=anna.club)],
        table=TableFactory(round=later.round, number=3),
    )
    rated(anna, draft_match, 25.0, 1)
    Rating.objects.create(player=anna, mu=45, sigma=7, ordinal=25.0, matches=2)
    return SimpleNamespace(
        draft=draft, public=public, later=later, sam=sam, anna=anna, draft_match=draft_match
    )


def as_user(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize("who", ["public", "stranger"])
def test_a_draft_only_player_is_nobody_to_the_public(night, who) -> None:
    client = as_user(None if who == "public" else night.public.stranger)
    page = client.get("/leaderboard/").content.decode()
    assert SECRET not in page
    assert SECRET_CLUB not in page
    rows = client.get("/api/v1/leaderboard/").json()
    assert SECRET not in [row["player"] for row in rows]
    assert client.get(f"/players/{night.sam.pk}/").status_code == 404


def test_the_public_counts_only_published_matches(night) -> None:
    client = as_user()
    (row,) = [r for r in client.get("/api/v1/leaderboard/").json() if r["player"] == "Anna"]
    # The rating after the published match and one match: the draft's moved nothing.
    assert row["rating"] == 10.0
    assert row["matches"] == 1
    page = client.get(f"/players/{night.anna.pk}/").content.decode()
    assert night.public.tournament.name in page
    assert night.later.tournament.name not in page
    assert "25.0" not in page


def test_the_drafts_organiser_sees_their_own(night) -> None:
    client = as_user(night.draft.organiser)
    rows = client.get("/api/v1/leaderboard/").json()
    assert SECRET in [row["player"] for row in rows]
    assert SECRET in client.get("/leaderboard/").content.decode()
    page = client.get(f"/players/{night.sam.pk}/")
    assert page.status_code == 200
    assert night.draft.tournament.name in page.content.decode()


def test_a_superuser_sees_everyone(night) -> None:
    admin = UserFactory(username="root_item8", is_superuser=True, is_staff=True)
    rows = as_user(admin).get("/api/v1/leaderboard/").json()
    (anna,) = [r for r in rows if r["player"] == "Anna"]
    assert anna["rating"] == 25.0 and anna["matches"] == 2
    assert SECRET in [row["player"] for row in rows]
