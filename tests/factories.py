"""factory_boy factories for the models, shared by every test module."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model
from django.test import Client

from scoring.models import Match, Seat
from tournaments.clubs.models import Club, ClubMember, Player
from tournaments.events.models import Entry, Round, Table, Tournament


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        # The password is set after the first save, so the factory saves once more itself.
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", "demo")

    @classmethod
    def _after_postgeneration(cls, instance, create, results=None):  # type: ignore[no-untyped-def]
        if create:
            instance.save(update_fields=["password"])


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
        game=tournament.game,
        ruleset=tournament.ruleset,
        conventions=conventions if conventions is not None else dict(tournament.conventions),
        first_dealer_seat=first_dealer_seat,
    )
    for position, player in enumerate(players):
        Seat.objects.create(match=match, position=position, player=player)
    return match


# --- H3: a club evening with every role (scoring and tournaments API tests) ----------------

_EVENINGS = __import__("itertools").count(1)


def make_evening(*, published: bool = True, confirm_deals: bool = False):
    """A running tournament with one open round of two 2-player tables, and one user per
    role: organiser, referee, scorer (of table 1, whose match is `match`), other_scorer (of
    table 2), player (seated at `match`: Anna), stranger (signed in, no role)."""
    from types import SimpleNamespace

    n = next(_EVENINGS)
    users = {
        role: UserFactory(username=f"{role}_{n}")
        for role in ("organiser", "referee", "scorer", "other_scorer", "player", "stranger")
    }
    tournament = TournamentFactory(published=published, confirm_deals=confirm_deals)
    tournament.organisers.add(users["organiser"])
    tournament.referees.add(users["referee"])
    rnd = RoundFactory(tournament=tournament, number=1, status=Round.Status.OPEN)
    table = TableFactory(round=rnd, number=1, scorer=users["scorer"])
    other_table = TableFactory(round=rnd, number=2, scorer=users["other_scorer"])
    anna = PlayerFactory(club=tournament.club, display_name="Anna", user=users["player"])
    boris = PlayerFactory(club=tournament.club, display_name="Boris")
    match = make_match(players=[anna, boris], table=table)
    other_match = make_match(table=other_table)
    return SimpleNamespace(
        tournament=tournament,
        round=rnd,
        table=table,
        match=match,
        other_table=other_table,
        other_match=other_match,
        users=users,
        **users,
    )


# Deals of a 2-player Moscow match between Anna (first dealer) and Boris, as the engine
# accepts them.
DEAL_HANGING = {
    "trump": "H",
    "declarer": "Anna",
    "points": {"Anna": 66, "Boris": 76},
    "last_trick": "Anna",
}
DEAL_MADE = {
    "trump": "S",
    "declarer": "Boris",
    "points": {"Anna": 40, "Boris": 90},
    "last_trick": "Boris",
}
DEAL_BYTE = {
    "trump": "C",
    "declarer": "Anna",
    "points": {"Anna": 40, "Boris": 90},
    "last_trick": "Boris",
}
DEAL_VOID = {"declarer": None}
DEAL_BIG = {
    "trump": "D",
    "declarer": "Boris",
    "declarations": {"Boris": ["terz:KD", "bella"]},
    "points": {"Anna": 20, "Boris": 120},
    "last_trick": "Boris",
}


# --- Preferans (issue 12): a tournament of the other game --------------------------------


class PreferansTournamentFactory(TournamentFactory):
    game = "preferans"
    ruleset = "sochi"
    table_size = 3
    match_score = "places"
    tiebreaks = factory.LazyFunction(lambda: ["balance", "buchholz", "wins", "head_to_head"])


def make_preferans_evening(
    *, published: bool = True, conventions: dict | None = None, round_minutes: int | None = None
):
    """A running Preferans tournament with one open round of two 3-player tables and one user
    per role, as `make_evening`: `match` is Anna, Boris, Vera (Anna deals first) at table 1
    (scorer), `other_match` at table 2 (other_scorer); player is Anna."""
    from types import SimpleNamespace

    n = next(_EVENINGS)
    users = {
        role: UserFactory(username=f"pref_{role}_{n}")
        for role in ("organiser", "referee", "scorer", "other_scorer", "player", "stranger")
    }
    tournament = PreferansTournamentFactory(
        published=published, conventions=conventions or {}, round_minutes=round_minutes
    )
    tournament.organisers.add(users["organiser"])
    tournament.referees.add(users["referee"])
    rnd = RoundFactory(tournament=tournament, number=1, status=Round.Status.OPEN)
    table = TableFactory(round=rnd, number=1, scorer=users["scorer"])
    other_table = TableFactory(round=rnd, number=2, scorer=users["other_scorer"])
    anna = PlayerFactory(club=tournament.club, display_name="Anna", user=users["player"])
    boris = PlayerFactory(club=tournament.club, display_name="Boris")
    vera = PlayerFactory(club=tournament.club, display_name="Vera")
    match = make_match(players=[anna, boris, vera], table=table)
    other_match = make_match(table=other_table, size=3)
    return SimpleNamespace(
        tournament=tournament,
        round=rnd,
        table=table,
        match=match,
        other_table=other_table,
        other_match=other_match,
        users=users,
        **users,
    )


# Deals of a Sochi pulka of Anna (first dealer), Boris and Vera.
PREF_SIX_SPADES = {  # Boris makes 6♠ against Vera whisting: Anna −6, Boris +5, Vera +1
    "kind": "game",
    "declarer": "Boris",
    "contract": "6S",
    "whist": {"Vera": "whist", "Anna": "pass"},
    "tricks": {"Anna": 1, "Boris": 6, "Vera": 3},
}
PREF_SEVEN_HEARTS_DOWN = {  # Vera plays 7♥ two down, both whisting
    "kind": "game",
    "declarer": "Vera",
    "contract": "7H",
    "whist": {"Anna": "whist", "Boris": "whist"},
    "tricks": {"Anna": 3, "Boris": 2, "Vera": 5},
}


def make_club_organiser(user, *clubs: Club):  # type: ignore[no-untyped-def]
    """`user` becomes an organiser of each of `clubs` (roles belong to a club: issue 31)."""
    for club in clubs:
        ClubMember.objects.update_or_create(club=club, user=user, defaults={"role": "organiser"})
    return user


def make_organiser(club: Club, username: str):  # type: ignore[no-untyped-def]
    """A new user who organises `club`."""
    return make_club_organiser(UserFactory(username=username), club)


def signed_in(user, language: str = "en") -> Client:  # type: ignore[no-untyped-def]
    """A test client signed in as `user`, asking for pages in `language`."""
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def tournament_post(user, language: str = "en", **fields):  # type: ignore[no-untyped-def]
    """`POST /api/v1/tournaments/` as `user` with these fields."""
    return signed_in(user, language).post(
        "/api/v1/tournaments/", fields, content_type="application/json"
    )
