"""`load_demo` builds a believable club evening, and running it again changes nothing."""

from __future__ import annotations

import io
from collections import Counter

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from scoring.games.deberc.engine import score_match
from scoring.models import Deal, Match, Seat
from scoring.selectors import match_scoresheet
from tournaments.clubs.models import Player
from tournaments.events.models import Round, Team, Tournament

pytestmark = pytest.mark.django_db


def test_load_demo_builds_the_evening_and_is_idempotent():
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    text = out.getvalue()
    assert "scorer1" in text and "demo" in text

    # The Preferans evening: its own test; the pairs and team events: below.
    tournament = Tournament.objects.get(game="deberc", entrants="players")
    assert tournament.ruleset == "moscow" and tournament.table_size == 2
    assert tournament.published
    assert Player.objects.filter(club=tournament.club).count() == 12
    round1, round2 = tournament.round_set.order_by("number")
    assert round1.status == Round.Status.CLOSED and round2.status == Round.Status.OPEN
    assert round1.tables.count() == round2.tables.count() == 6

    finished = Match.objects.filter(round=round1)
    assert all(m.status == Match.Status.FINISHED for m in finished)
    outcomes = Counter(d["outcome"] for m in finished for d in m.result["deals"])
    assert outcomes["made"] and outcomes["byte"] and outcomes["hanging"]
    assert any(d.get("combinations_to") for m in finished for d in m.result["deals"])

    for i in range(1, 5):
        table = round2.tables.get(scorer__username=f"scorer{i}")
        assert table.match.status == Match.Status.OPEN
        assert table.match.deals.exists()
    for match in Match.objects.filter(tournament=tournament):  # every score is the engine's
        assert match.result == score_match(match_scoresheet(match))

    for username in ("organiser", "referee", "scorer1", "scorer2", "scorer3", "scorer4"):
        assert authenticate(username=username, password="demo") is not None
    assert tournament.organisers.filter(username="organiser").exists()
    assert tournament.referees.filter(username="referee").exists()

    deals = Deal.objects.count()
    call_command("load_demo", stdout=io.StringIO())
    assert Tournament.objects.count() == 4
    assert Deal.objects.count() == deals
    assert Player.objects.filter(club=tournament.club).count() == 12
    assert Team.objects.count() == 6 + 4


def _seated(rnd: Round) -> list[list[int]]:
    return [
        list(
            Seat.objects.filter(match__table=table)
            .order_by("position")
            .values_list("player_id", flat=True)
        )
        for table in rnd.tables.order_by("number")
    ]


def test_load_demo_seats_a_deberc_pairs_event_by_the_pairing():
    call_command("load_demo", stdout=io.StringIO())
    tournament = Tournament.objects.get(game="deberc", entrants="pairs")
    assert tournament.published and tournament.round_sizes == [4]
    # The Deberc club's twelve players as six named pairs.
    assert tournament.teams.count() == 6
    assert all(team.entries.count() == 2 for team in tournament.teams.all())
    team_of = dict(tournament.entries.values_list("player_id", "team_id"))
    round1, round2 = tournament.round_set.order_by("number")
    assert round1.status == Round.Status.CLOSED and round2.status == Round.Status.OPEN
    met = set()
    for rnd in (round1, round2):
        tables = _seated(rnd)
        assert len(tables) == 3 and not rnd.byes.exists()
        for seats in tables:
            # Partners opposite: seats 1 & 3 one pair, 2 & 4 the other.
            assert team_of[seats[0]] == team_of[seats[2]] != team_of[seats[1]]
            assert team_of[seats[1]] == team_of[seats[3]]
            meeting = frozenset((team_of[seats[0]], team_of[seats[1]]))
            assert meeting not in met  # round 2 pairs no two pairs of round 1 again
            met.add(meeting)
    assert all(m.status == Match.Status.FINISHED for m in Match.objects.filter(round=round1))
    running = Match.objects.filter(round=round2)
    assert all(m.status == Match.Status.OPEN and m.deals.exists() for m in running)
    for match in Match.objects.filter(tournament=tournament):  # every score is the engine's
        assert match.result == score_match(match_scoresheet(match))
        totals = match.result["match"]
        names = [s.player.display_name for s in match.seats.order_by("position")]
        assert totals[names[0]] == totals[names[2]] and totals[names[1]] == totals[names[3]]


def test_load_demo_seats_a_preferans_team_event_with_teammates_apart():
    call_command("load_demo", stdout=io.StringIO())
    tournament = Tournament.objects.get(game="preferans", entrants="teams")
    assert tournament.published
    assert sorted(t.entries.count() for t in tournament.teams.all()) == [3, 3, 3, 3]
    team_of = dict(tournament.entries.values_list("player_id", "team_id"))
    (round1,) = tournament.round_set.all()
    assert round1.status == Round.Status.CLOSED
    tables = _seated(round1)
    assert sorted(len(t) for t in tables) == [3, 3, 3, 3]
    for seats in tables:
        assert len({team_of[p] for p in seats}) == 3  # no two teammates at a table
    assert all(m.status == Match.Status.FINISHED for m in Match.objects.filter(round=round1))


def test_load_demo_shows_a_referees_cards_in_the_team_event():
    from django.test import Client

    call_command("load_demo", stdout=io.StringIO())
    call_command("load_demo", stdout=io.StringIO())  # again: no second set of cards
    tournament = Tournament.objects.get(game="preferans", entrants="teams")
    assert sorted(tournament.cards.values_list("kind", flat=True)) == ["warning", "yellow"]
    yellow = tournament.cards.get(kind="yellow")
    assert yellow.article == "preferans_scoring.violations"
    # The public standings' notes tell them, in Ukrainian.
    page = Client(HTTP_ACCEPT_LANGUAGE="uk").get(f"/tournaments/{tournament.pk}/standings/")
    assert page.status_code == 200
    assert "Ренонс: не поклав масть" in page.content.decode()
