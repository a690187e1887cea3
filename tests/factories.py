"""factory_boy factories for the models, shared by every test module."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

from scoring.models import Match, Seat
from tournaments.models import Club, Entry, Player, Round, Table, Tournament


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", "demo")


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Клуб {n}")
    city = "Київ"


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    club = factory.SubFactory(ClubFactory)
    display_name = factory.Sequence(lambda n: f"Гравець {n}")


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Tournament {n}")
    ruleset = "moscow"
    table_size = 2
    system = "swiss"
    rounds = 5
    published = True
    status = Tournament.Status.RUNNING


class EntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Entry

    tournament = factory.SubFactory(TournamentFactory)
    player = factory.SubFactory(PlayerFactory, club=factory.SelfAttribute("..tournament.club"))


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    tournament = factory.SubFactory(TournamentFactory)
    number = factory.Sequence(lambda n: n + 1)
    status = Round.Status.OPEN


class TableFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Table

    round = factory.SubFactory(RoundFactory)
    number = factory.Sequence(lambda n: n + 1)


def make_match(
    *,
    players: list[Player] | None = None,
    table: Table | None = None,
    size: int = 2,
    first_dealer_seat: int = 0,
    conventions: dict | None = None,
) -> Match:
    """A match at a table of an open round, seats in the given clockwise order."""
    table = table or TableFactory()
    tournament = table.round.tournament
    if players is None:
        players = [PlayerFactory(club=tournament.club) for _ in range(size)]
    for player in players:
        Entry.objects.get_or_create(tournament=tournament, player=player)
    match = Match.objects.create(
        tournament=tournament,
        round=table.round,
        table=table,
        ruleset=tournament.ruleset,
        conventions=conventions if conventions is not None else dict(tournament.conventions),
        first_dealer_seat=first_dealer_seat,
    )
    for position, player in enumerate(players):
        Seat.objects.create(match=match, position=position, player=player)
    return match
