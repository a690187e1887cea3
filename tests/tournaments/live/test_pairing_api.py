"""Pairing the next round through the API, and the organiser's swaps."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Match, Seat
from tests.factories import UserFactory
from tournaments.events.models import Round
from tournaments.standings.models import StandingRow

from .helpers import play_round

pytestmark = pytest.mark.django_db


def pair(client, tournament):
    return client.post(f"/api/v1/tournaments/{tournament.pk}/rounds/")


def test_the_organiser_pairs_round_one_with_tables_seats_and_a_bye(
    client, tournament, organiser, django_capture_on_commit_callbacks
):
    client.force_login(organiser)
    response = pair(client, tournament)
    assert response.status_code == 201
    body = response.json()
    assert body["number"] == 1
    assert len(body["tables"]) == 3
    assert len(body["byes"]) == 1
    seated = [p["id"] for t in body["tables"] for p in t["players"]] + [body["byes"][0]["id"]]
    assert sorted(seated) == sorted(tournament.entries.values_list("player_id", flat=True))
    assert [t["number"] for t in body["tables"]] == [1, 2, 3]
    match = Match.objects.get(pk=body["tables"][0]["match_id"])
    assert match.ruleset == tournament.ruleset
    assert match.conventions == tournament.conventions
    assert match.first_dealer_seat in (0, 1)
    # The bye scores a win once its round is played (opened), not when it is only paired.
    bye = StandingRow.objects.get(tournament=tournament, player_id=body["byes"][0]["id"])
    assert bye.match_points == 0
    with django_capture_on_commit_callbacks(execute=True):
        opened = client.post(reverse("tournaments:round_open", args=[tournament.pk, 1]))
    assert opened.status_code in (200, 302)
    bye.refresh_from_db()
    assert bye.match_points == 1


def test_the_public_and_other_users_cannot_pair(client, tournament):
    assert pair(client, tournament).status_code == 401
    client.force_login(UserFactory(username="nobody"))
    assert pair(client, tournament).status_code == 403
    assert not Round.objects.filter(tournament=tournament).exists()


def test_the_next_round_waits_for_every_match_to_finish(client, tournament, organiser):
    client.force_login(organiser)
    pair(client, tournament)
    response = pair(client, tournament)
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "round_not_finished"


def test_round_two_avoids_rematches_and_rotates_the_bye(client, tournament, organiser):
    client.force_login(organiser)
    first = pair(client, tournament).json()
    play_round(Round.objects.get(tournament=tournament, number=1))
    second = pair(client, tournament).json()
    assert second["number"] == 2
    met = {frozenset(p["id"] for p in t["players"]) for t in first["tables"]}
    assert all(frozenset(p["id"] for p in t["players"]) not in met for t in second["tables"])
    assert second["byes"][0]["id"] != first["byes"][0]["id"]
    assert Round.objects.get(tournament=tournament, number=1).status == Round.Status.CLOSED


def test_no_round_beyond_the_tournaments_rounds(client, tournament, organiser):
    tournament.rounds = 1
    tournament.save()
    client.force_login(organiser)
    pair(client, tournament)
    play_round(Round.objects.get(tournament=tournament, number=1))
    response = pair(client, tournament)
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "all_rounds_paired"


def test_a_swap_that_makes_a_rematch_warns(client, tournament, organiser):
    client.force_login(organiser)
    pair(client, tournament)
    play_round(Round.objects.get(tournament=tournament, number=1))
    second = pair(client, tournament).json()
    round1 = Match.objects.filter(round__number=1, tournament=tournament)
    # Pick a round-1 pair (a, b) now at different tables, and swap b with a's opponent.
    tables = {p["id"]: t["number"] for t in second["tables"] for p in t["players"]}
    for match in round1:
        a, b = match.seats.values_list("player_id", flat=True)
        if a in tables and b in tables:
            break
    table_a = next(t for t in second["tables"] if t["number"] == tables[a])
    partner = next(p["id"] for p in table_a["players"] if p["id"] != a)
    response = client.post(
        f"/api/v1/tournaments/{tournament.pk}/rounds/2/swap/",
        {"kind": "players", "first": partner, "second": b},
        content_type="application/json",
    )
    assert response.status_code == 200
    warnings = response.json()["warnings"]
    assert any("Rematch" in w for w in warnings)
    assert (
        Seat.objects.filter(match__round__number=2, player_id=b).get().match_id
        == (table_a["match_id"])
    )


def test_swapping_tables_renumbers_them(client, tournament, organiser):
    client.force_login(organiser)
    body = pair(client, tournament).json()
    one, two = body["tables"][0]["match_id"], body["tables"][1]["match_id"]
    response = client.post(
        f"/api/v1/tournaments/{tournament.pk}/rounds/1/swap/",
        {"kind": "tables", "first": 1, "second": 2},
        content_type="application/json",
    )
    assert response.status_code == 200
    assert Match.objects.get(pk=one).table.number == 2
    assert Match.objects.get(pk=two).table.number == 1


def test_no_swap_once_the_round_has_started(client, tournament, organiser):
    client.force_login(organiser)
    pair(client, tournament)
    Round.objects.filter(tournament=tournament, number=1).update(status=Round.Status.OPEN)
    response = client.post(
        f"/api/v1/tournaments/{tournament.pk}/rounds/1/swap/",
        {"kind": "tables", "first": 1, "second": 2},
        content_type="application/json",
    )
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "round_started"


def test_the_rounds_are_listed_with_their_tables(client, tournament, organiser):
    client.force_login(organiser)
    pair(client, tournament)
    play_round(Round.objects.get(tournament=tournament, number=1))
    pair(client, tournament)
    client.logout()
    rounds = client.get(f"/api/v1/tournaments/{tournament.pk}/rounds/").json()
    assert [r["number"] for r in rounds] == [1, 2]
    assert all(t["finished"] for t in rounds[0]["tables"])
    assert not any(t["finished"] for t in rounds[1]["tables"])
    only = client.get(f"/api/v1/tournaments/{tournament.pk}/rounds/?round=2").json()
    assert [r["number"] for r in only] == [2]
