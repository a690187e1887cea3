"""The leaderboard's rankings are computed once per scope and data, then read from the cache
(live.selectors.LeaderboardScope, issue 31): the next request after a result, a correction,
a publication or a rename shows it, and what one person may see is never shown to another."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.test import Client, TestCase
from django.utils import timezone

from scoring import services as scoring_services
from scoring.models import Match
from scoring.selectors import seat_names
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    TableFactory,
    UserFactory,
    make_evening,
    make_match,
    signed_in,
)
from tournaments.clubs.models import Player
from tournaments.events.models import Tournament
from tournaments.pairing.manager import round_pair
from tournaments.standings.models import Rating, RatingEvent
from tournaments.standings.ratings import ratings_rate_pending

from .test_hook_and_ratings import deal, submit

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]

HIDDEN = "Hidden Hanna"
HIDDEN_CLUB = "Closed Doors Club"


def rated(player: Player, match, ordinal: float) -> None:
    RatingEvent.objects.create(
        player=player,
        match=match,
        mu=ordinal + 20,
        sigma=7,
        ordinal=ordinal,
        rated_at=timezone.now() - timedelta(minutes=1),
    )
    Rating.objects.update_or_create(
        player=player,
        game="deberc",
        defaults={"mu": ordinal + 20, "sigma": 7, "ordinal": ordinal, "matches": 1},
    )


@pytest.fixture
def night() -> SimpleNamespace:
    """A published evening (Anna and Boris rated) and a draft of a club of its own where
    Hidden Hanna plays, rated; the draft's organiser sees her, nobody else."""
    public = make_evening(published=True)
    anna = public.match.seats.get(position=0).player
    rated(anna, public.match, 10.0)
    draft = make_evening(published=False)
    club = ClubFactory(name=HIDDEN_CLUB)
    draft.tournament.club = club
    draft.tournament.save(update_fields=["club"])
    hanna = PlayerFactory(club=club, display_name=HIDDEN)
    secret = make_match(
        players=[hanna, PlayerFactory(club=club)], table=TableFactory(round=draft.round, number=3)
    )
    rated(hanna, secret, 30.0)
    return SimpleNamespace(public=public, draft=draft, anna=anna, hanna=hanna)


def names(client: Client, url: str = "/api/v1/leaderboard/") -> list[str]:
    return [row["player"] for row in client.get(url).json()]


def page(client: Client, url: str = "/leaderboard/") -> str:
    return client.get(url).content.decode()


def test_a_roles_view_is_never_served_to_another_person(night) -> None:
    organiser = signed_in(night.draft.organiser)
    # The draft's organiser reads first (their ranking and clubs are cached)...
    assert HIDDEN in names(organiser)
    assert HIDDEN in page(organiser) and HIDDEN_CLUB in page(organiser)
    # ...then the public, a signed-in stranger and the published evening's organiser.
    for client in (
        Client(),
        signed_in(night.draft.stranger),
        signed_in(night.public.organiser),
        signed_in(night.public.player),
    ):
        assert HIDDEN not in names(client)
        body = page(client)
        assert HIDDEN not in body and HIDDEN_CLUB not in body
        assert "Anna" in body
    # And the organiser's own view is still theirs.
    assert HIDDEN in page(organiser)


def test_a_publication_shows_on_the_next_request_and_an_unpublishing_hides(night) -> None:
    public = Client()
    assert HIDDEN not in names(public)
    assert HIDDEN not in page(public)
    # Published by its organiser through the API...
    answer = signed_in(night.draft.organiser).patch(
        f"/api/v1/tournaments/{night.draft.tournament.pk}/",
        {"published": True},
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    assert HIDDEN in names(public)
    assert HIDDEN in page(public) and HIDDEN_CLUB in page(public)
    # ...then withdrawn by a bare update (no signal, no counter bumped): still hidden at once,
    # the cache is keyed by what the visitor may see.
    Tournament.objects.filter(pk=night.draft.tournament.pk).update(published=False)
    assert HIDDEN not in names(public)
    body = page(public)
    assert HIDDEN not in body and HIDDEN_CLUB not in body


def test_a_result_its_rating_and_its_correction_show_next(tournament, organiser) -> None:
    round_ = round_pair(tournament=tournament)
    match = Match.objects.filter(round=round_).order_by("table__number").first()
    client = Client()
    assert client.get("/api/v1/leaderboard/").json() == []
    assert "No rated matches yet." in page(client)
    players = seat_names(match)
    submit(match, deal(players, 100), organiser)
    submit(match, deal(players, 110), organiser)
    rows = client.get("/api/v1/leaderboard/").json()
    assert {row["player"] for row in rows} == set(players)
    assert {row["matches"] for row in rows} == {1}
    assert players[0] in page(client)
    # The ratings as before the rating task ran (the match finished, its counter moved)...
    RatingEvent.objects.all().delete()
    Rating.objects.all().delete()
    assert client.get("/api/v1/leaderboard/").json() == []
    # ...then the task: it writes ratings only, no live counter moves.
    assert ratings_rate_pending() == 1
    assert {row["player"] for row in client.get("/api/v1/leaderboard/").json()} == set(players)
    assert players[0] in page(client)
    # A correction re-opens the match: the ratings are replayed without it.
    with TestCase.captureOnCommitCallbacks(execute=True):
        scoring_services.deal_correct(
            match=match, number=2, record=deal(players, 20), user=organiser
        )
    assert client.get("/api/v1/leaderboard/").json() == []
    assert "No rated matches yet." in page(client)


def test_a_new_rating_event_and_a_deleted_match_show_on_the_next_request(night) -> None:
    client = Client()
    (anna,) = [r for r in client.get("/api/v1/leaderboard/").json() if r["player"] == "Anna"]
    assert (anna["rating"], anna["matches"]) == (10.0, 1)
    second = make_match(
        players=[night.anna, PlayerFactory(club=night.anna.club)],
        table=TableFactory(round=night.public.round, number=5),
    )
    RatingEvent.objects.create(
        player=night.anna, match=second, mu=35, sigma=6, ordinal=17.0, rated_at=timezone.now()
    )
    (anna,) = [r for r in client.get("/api/v1/leaderboard/").json() if r["player"] == "Anna"]
    assert (anna["rating"], anna["matches"]) == (17.0, 2)
    second.delete()
    (anna,) = [r for r in client.get("/api/v1/leaderboard/").json() if r["player"] == "Anna"]
    assert (anna["rating"], anna["matches"]) == (10.0, 1)


def test_a_renamed_player_shows_under_the_new_name(night) -> None:
    client = Client()
    assert "Anna" in names(client)
    Player.objects.filter(pk=night.anna.pk).update(display_name="Anna Renamed")
    assert "Anna Renamed" in names(client)
    assert "Anna Renamed" in page(client)


def test_a_superusers_view_is_theirs_only(night) -> None:
    admin = UserFactory(username="root_lb", is_superuser=True, is_staff=True)
    assert HIDDEN in names(signed_in(admin))
    assert HIDDEN not in names(Client())
    assert HIDDEN not in page(signed_in(night.public.stranger))
