"""`load_demo` builds a believable club evening, and running it again changes nothing."""

from __future__ import annotations

import io
from collections import Counter

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from scoring.games.deberc.engine import score_match
from scoring.models import Deal, Match
from scoring.selectors import match_scoresheet
from tournaments.models import Player, Round, Tournament

pytestmark = pytest.mark.django_db


def test_load_demo_builds_the_evening_and_is_idempotent():
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    text = out.getvalue()
    assert "scorer1" in text and "demo" in text

    tournament = Tournament.objects.get(game="deberc")  # the Preferans evening: its own test
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
    assert Tournament.objects.count() == 2
    assert Deal.objects.count() == deals
    assert Player.objects.filter(club=tournament.club).count() == 12
