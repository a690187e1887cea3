"""Two clubs, each with a new organiser, and finished rated matches for the people tests."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace
from typing import Any

from django.utils import timezone

from scoring.models import Match, Seat
from tests.factories import (
    ClubFactory,
    RoundFactory,
    TableFactory,
    TournamentFactory,
    UserFactory,
    make_organiser,
)
from tournaments.clubs.models import Player
from tournaments.events.models import Entry, Tournament
from tournaments.standings.models import MatchTally


def two_clubs() -> SimpleNamespace:
    """Club A (Kyiv) and club B (Odesa), each with a new organiser and a published
    tournament: A's of Deberc, B's of Preferans."""
    a, b = ClubFactory(name="Козирний валет"), ClubFactory(name="Пуля", city="Одеса")
    oa, ob = make_organiser(a, "org_a"), make_organiser(b, "org_b")
    ta = TournamentFactory(club=a, name="Кубок валета", game="deberc", ruleset="moscow")
    tb = TournamentFactory(
        club=b, name="Вечер пули", game="preferans", ruleset="sochi", table_size=3
    )
    ta.organisers.add(oa)
    tb.organisers.add(ob)
    return SimpleNamespace(a=a, b=b, oa=oa, ob=ob, ta=ta, tb=tb, staff=UserFactory(is_staff=True))


def finished_match(
    tournament: Tournament, players: list[Player], winner: Player, *, minutes_ago: int = 10
) -> Match:
    """A finished match of `tournament` with its tally: `winner` first, the others behind."""
    rnd = RoundFactory(tournament=tournament)
    table = TableFactory(round=rnd)
    match = Match.objects.create(
        tournament=tournament,
        round=rnd,
        table=table,
        game=tournament.game,
        ruleset=tournament.ruleset,
        conventions=dict(tournament.conventions),
        status=Match.Status.FINISHED,
        finished_at=timezone.now() - timedelta(minutes=minutes_ago),
    )
    for position, player in enumerate(players):
        Entry.objects.get_or_create(tournament=tournament, player=player)
        Seat.objects.create(match=match, position=position, player=player)
    ids = [p.pk for p in players]
    MatchTally.objects.create(
        match=match,
        tournament=tournament,
        round_number=rnd.number,
        data={
            "players": ids,
            "totals": [100 if p == winner.pk else 10 for p in ids],
            "winners": [winner.pk],
            "sides": list(range(len(ids))),
            "bytes": [0] * len(ids),
            "target": 100,
        },
    )
    return match


def errors(answer: Any) -> list[tuple[str, str]]:
    return [(e.get("field"), e.get("code")) for e in answer.json()["errors"]]
