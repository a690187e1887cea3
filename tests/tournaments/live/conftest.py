"""A small tournament for the live tests."""

from __future__ import annotations

import pytest

from tests.factories import EntryFactory, TournamentFactory, UserFactory


@pytest.fixture
def organiser(db):
    return UserFactory(username="organiser-live")


@pytest.fixture
def tournament(db, organiser):
    t = TournamentFactory(
        name="Осінній кубок",
        table_size=2,
        rounds=4,
        conventions={"target": 201},
        tiebreaks=["buchholz", "game_points"],
    )
    t.organisers.add(organiser)
    for _ in range(7):
        EntryFactory(tournament=t)
    return t


@pytest.fixture
def match(tournament):
    """Table 1's match of the tournament's first round, paired and open."""
    from scoring.models import Match
    from tournaments.events.models import Round
    from tournaments.pairing.manager import round_pair

    round_ = round_pair(tournament=tournament)
    round_.status = Round.Status.OPEN
    round_.save()
    return Match.objects.filter(round=round_).order_by("table__number").first()


@pytest.fixture
def eager_celery():
    """Run Celery tasks in the test process even when REDIS_URL points at a real broker."""
    from config.celery import app

    before = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager, app.conf.task_eager_propagates = True, True
    yield app
    app.conf.task_always_eager, app.conf.task_eager_propagates = before
