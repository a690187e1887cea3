"""A club night whose every user-visible text is hostile markup (security tests)."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import TestCase

from referee.models import Ruling
from scoring.engine.simulate import random_match
from scoring.models import Match
from tests.factories import ClubFactory, TournamentFactory, UserFactory
from tournaments.models import Player, Round

XSS_PLAYER = "<script>alert(1)</script>"
XSS_PLAYER_2 = '"><img src=x onerror=alert(2)>'
XSS_TOURNAMENT = '<script>alert("tournament")</script>'
XSS_CLUB = "<b onmouseover=alert(3)>Club</b>"
XSS_RULING = '<script>alert("ruling")</script>'
XSS_OVERTURN = "<iframe src=javascript:alert(4)>"
HOSTILE = [XSS_PLAYER, XSS_PLAYER_2, XSS_TOURNAMENT, XSS_CLUB, XSS_RULING]
# What must never reach a page as markup.
RAW_MARKUP = ["<script>alert", "<img src=x", "<b onmouseover", "<iframe src"]


def play(tournament: Any, names: list[str], *, rounds: int, seed: int = 11) -> None:
    """Random legal 2-player matches among `names`, imported as the tournament's rounds (the
    engine scores them, the standings follow)."""
    from tournaments.services import scoresheet_import

    rng = random.Random(seed)
    records = []
    order = list(names)
    for number in range(1, rounds + 1):
        for table, k in enumerate(range(0, len(order) - 1, 2), start=1):
            record = random_match(rng, [order[k], order[k + 1]], card_by_card=False)
            record["round"], record["table"] = number, table
            records.append(record)
        order = [order[0], order[-1], *order[1:-1]]
    with TestCase.captureOnCommitCallbacks(execute=True):
        scoresheet_import(tournament=tournament, records=records)


@pytest.fixture
def hostile_night(db: Any, settings: Any) -> SimpleNamespace:
    """A published tournament (hostile name, club) of four players, two of them with hostile
    names, two rounds played (the first closed), and a ruling with a hostile explanation."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    organiser = UserFactory(username="hostile_organiser")
    tournament = TournamentFactory(
        name=XSS_TOURNAMENT, club=ClubFactory(name=XSS_CLUB), published=True, rounds=3
    )
    tournament.organisers.add(organiser)
    tournament.referees.add(organiser)
    play(tournament, [XSS_PLAYER, XSS_PLAYER_2, "Олена Шевченко", "Тарас Коваль"], rounds=2)
    Round.objects.filter(tournament=tournament, number=1).update(status=Round.Status.CLOSED)
    match = (
        Match.objects.filter(tournament=tournament, round__number=1)
        .order_by("table__number")
        .first()
    )
    player = Player.objects.get(display_name=XSS_PLAYER)
    ruling = Ruling.objects.create(
        match=match,
        deal_number=1,
        kind=Ruling.Kind.RENONCE,
        violator=player,
        explanation=XSS_RULING,
        articles=[],
        referee=organiser,
        overturned=True,
        overturn_reason=XSS_OVERTURN,
    )
    return SimpleNamespace(
        organiser=organiser, tournament=tournament, match=match, player=player, ruling=ruling
    )


def page_urls(night: SimpleNamespace) -> list[str]:
    """The site's pages that show the night's names, tournament, club and rulings."""
    t, m, p = night.tournament.pk, night.match.pk, night.player.pk
    return [
        "/",
        f"/tournaments/{t}/",
        f"/tournaments/{t}/standings/",
        f"/tournaments/{t}/rounds/1/",
        f"/tournaments/{t}/rounds/2/",
        f"/tournaments/{t}/screen/",
        f"/tournaments/{t}/pairing/",
        f"/tournaments/{t}/matches/",
        f"/tournaments/{t}/edit/",
        f"/tournaments/{t}/reports/",
        f"/players/{p}/",
        "/leaderboard/",
        f"/matches/{m}/",
        f"/matches/{m}/history/",
        f"/referee/matches/{m}/rule/",
        f"/referee/tournaments/{t}/rulings/",
        "/rules/",
        "/referee/",
        "/accounts/login/",
        "/api/docs/",
    ]
