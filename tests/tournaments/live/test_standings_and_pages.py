"""Standings endpoint, the public live pages, the big screen, player page and leaderboard."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import TournamentFactory
from tournaments.events.models import Round
from tournaments.pairing.manager import round_pair
from tournaments.standings.models import StandingRow
from tournaments.standings.ratings import ratings_recompute

from .helpers import play_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(tournament):
    for number in (1, 2):
        round_pair(tournament=tournament)
        play_round(Round.objects.get(tournament=tournament, number=number), seed=number)
    round_pair(tournament=tournament)  # round 3 paired, not played
    ratings_recompute()
    return tournament


def test_the_standings_endpoint_gives_ranked_rows(client, played):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/api/v1/tournaments/{played.pk}/standings/")
    assert response.status_code == 200
    assert len(queries) <= 10
    rows = response.json()
    assert len(rows) == 7
    assert {"rank", "player", "match_points", "tiebreaks", "played", "won"} <= set(rows[0])
    assert list(rows[0]["tiebreaks"]) == ["buchholz", "game_points"]
    points = [r["match_points"] for r in rows]
    assert points == sorted(points, reverse=True)
    assert sum(r["won"] for r in rows) == 6  # three matches a round, two rounds
    assert sum(r["played"] for r in rows) == 12
    ranks = [r["rank"] for r in rows]
    assert ranks == sorted(ranks) and ranks[0] == 1


def test_shared_ranks_read_as_a_range(client, played):
    StandingRow.objects.filter(tournament=played, rank__in=(2, 3)).update(rank=2, rank_shared=True)
    rows = client.get(f"/api/v1/tournaments/{played.pk}/standings/").json()
    shared = [r for r in rows if r["rank"] == 2]
    assert len(shared) == 2
    assert {r["rank_label"] for r in shared} == {"2–3"}


def test_an_unpublished_tournament_is_not_shown_to_the_public(client, db):
    hidden = TournamentFactory(published=False)
    assert client.get(f"/api/v1/tournaments/{hidden.pk}/standings/").status_code == 404
    assert client.get(f"/tournaments/{hidden.pk}/standings/").status_code == 404


def test_the_public_pages_show_pairings_scores_and_standings(client, played):
    first = StandingRow.objects.filter(tournament=played).order_by("rank").first()
    page = client.get(f"/tournaments/{played.pk}/").content.decode()
    assert "Осінній кубок" in page
    assert 'hx-trigger="every' in page
    assert first.player.display_name in page
    standings = client.get(f"/tournaments/{played.pk}/standings/").content.decode()
    assert first.player.display_name in standings
    assert "Buch" in standings
    round_page = client.get(f"/tournaments/{played.pk}/rounds/1/").content.decode()
    assert 'data-table="3"' in round_page


def test_htmx_polls_get_only_the_fragment(client, played):
    response = client.get(f"/tournaments/{played.pk}/standings/", HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="live-standings"')
    assert "<html" not in body


def test_the_big_screen_is_styled_for_a_projector(client, played):
    body = client.get(f"/tournaments/{played.pk}/screen/").content.decode()
    assert 'class="bigscreen"' in body
    assert 'id="bigscreen"' in body


def test_the_player_page_shows_figures_and_a_rating_chart(client, played):
    row = StandingRow.objects.filter(tournament=played, played=2).first()
    body = client.get(f"/players/{row.player_id}/").content.decode()
    assert row.player.display_name in body
    assert "<svg" in body and "<polyline" in body
    assert "win rate" in body
    assert "points per deal" in body


def test_the_leaderboard_orders_players_by_rating(client, played):
    rows = client.get(f"/api/v1/leaderboard/?club={played.club_id}").json()
    assert len(rows) == 7
    ratings = [r["rating"] for r in rows]
    assert ratings == sorted(ratings, reverse=True)
    assert client.get("/api/v1/leaderboard/?club=x").status_code == 400
    page = client.get(f"/leaderboard/?club={played.club_id}").content.decode()
    assert rows[0]["player"] in page


def test_the_organiser_pairing_page_swaps_before_the_round_starts(client, played, organiser):
    client.force_login(organiser)
    page = client.get(f"/tournaments/{played.pk}/pairing/")
    assert page.status_code == 200
    assert "Swap two players" in page.content.decode()
    response = client.post(
        f"/tournaments/{played.pk}/rounds/3/swap/", {"kind": "tables", "first": 1, "second": 2}
    )
    assert response.status_code == 302
    client.logout()
    assert client.get(f"/tournaments/{played.pk}/pairing/").status_code == 302


def test_a_player_finds_their_table_on_the_round_page(client, played):
    import re

    round3 = played.round_set.get(number=3)
    name = round3.tables.get(number=2).match.seats.first().player.display_name
    expected = {
        str(t.number)
        for t in round3.tables.all()
        if any(name.lower() in s.player.display_name.lower() for s in t.match.seats.all())
    }
    body = client.get(f"/tournaments/{played.pk}/rounds/3/", {"q": name}).content.decode()
    assert set(re.findall(r'data-table="(\d+)"', body)) == expected
    assert "2" in expected and len(expected) < round3.tables.count()
