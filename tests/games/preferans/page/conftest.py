"""A Preferans table for the scorer's page tests: a Sochi pulka of three (Anna, Boris, Vera;
Anna deals first) or four (… Gleb), scored by `scorer`."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scoring.models import Match
from tests.factories import (
    PlayerFactory,
    RoundFactory,
    TableFactory,
    TournamentFactory,
    UserFactory,
    make_match,
)
from tournaments.events.models import Round

NAMES = ["Anna", "Boris", "Vera", "Gleb"]


def make_pulka(size: int = 3, conventions: dict | None = None) -> SimpleNamespace:
    scorer = UserFactory()
    stranger = UserFactory()
    tournament = TournamentFactory(game="preferans", ruleset="sochi", table_size=size)
    rnd = RoundFactory(tournament=tournament, number=1, status=Round.Status.OPEN)
    table = TableFactory(round=rnd, number=1, scorer=scorer)
    players = [PlayerFactory(club=tournament.club, display_name=n) for n in NAMES[:size]]
    match = make_match(players=players, table=table, conventions=conventions or {})
    Match.objects.filter(pk=match.pk).update(game="preferans", ruleset="sochi")
    match.refresh_from_db()
    return SimpleNamespace(match=match, scorer=scorer, stranger=stranger, tournament=tournament)


@pytest.fixture
def pulka(db) -> SimpleNamespace:
    return make_pulka(3)


@pytest.fixture
def pulka4(db) -> SimpleNamespace:
    return make_pulka(4)


@pytest.fixture
def scorer_client(client, pulka):
    client.force_login(pulka.scorer)
    return client
