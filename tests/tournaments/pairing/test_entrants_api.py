"""Pairing a round of fixed pairs or of teams through the API (`POST .../rounds/`)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from scoring.games.deberc.demo import believable_match
from scoring.models import Match, Seat
from scoring.selectors import first_dealer_name, seat_names
from tests.factories import (
    ClubFactory,
    EntryFactory,
    TournamentFactory,
    make_organiser,
    signed_in,
)
from tests.tournaments.live.helpers import store_finished
from tournaments.events.models import Round, Team
from tournaments.pairing.manager import pairing_warnings, round_swap
from tournaments.standings.services import standings_refresh

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return ClubFactory(name="Клуб пар")


@pytest.fixture
def organiser(club):
    return make_organiser(club, "pairs-org")


def _teams(tournament, sizes: list[int]) -> dict[int, int]:
    """Teams named T1, T2 … of these sizes (seeded in order); returns {player: team}."""
    team_of = {}
    for k, size in enumerate(sizes, start=1):
        team = Team.objects.create(tournament=tournament, name=f"T{k}", seed=k)
        for _ in range(size):
            entry = EntryFactory(tournament=tournament, team=team)
            team_of[entry.player_id] = team.pk
    return team_of


def play_round(round_, seed: int) -> None:
    """Play every match of a round to its end with believable deals (the engine's scores),
    the first dealer the one drawn for the match."""
    rng = random.Random(seed)
    for match in Match.objects.filter(round=round_).select_related("tournament"):
        names = seat_names(match)
        record, result = believable_match(
            rng,
            names,
            first_dealer=first_dealer_name(match, names),
            ruleset=match.ruleset,
            conventions=dict(match.conventions or {}),
        )
        assert result["finished"]
        store_finished(match, names, record["deals"], result)
    standings_refresh(tournament=round_.tournament)


def _pair(user, tournament):
    return signed_in(user).post(f"/api/v1/tournaments/{tournament.pk}/rounds/")


def _seated(round_) -> list[list[int]]:
    """Each table's players in seat order (clockwise from seat 1)."""
    return [
        list(
            Seat.objects.filter(match__table=table)
            .order_by("position")
            .values_list("player_id", flat=True)
        )
        for table in round_.tables.order_by("number")
    ]


@pytest.mark.parametrize("system", ["swiss", "round_robin"])
def test_deberc_fixed_pairs_are_paired_as_pairs_with_partners_opposite(club, organiser, system):
    tournament = TournamentFactory(
        club=club,
        game="deberc",
        table_size=4,
        entrants="pairs",
        system=system,
        rounds=3,
        status="draft",
        conventions={"target": 151},
    )
    tournament.organisers.add(organiser)
    team_of = _teams(tournament, [2] * 5)
    meetings: Counter[frozenset] = Counter()
    for number in range(1, 4):
        answer = _pair(organiser, tournament)
        assert answer.status_code == 201, answer.content
        body = answer.json()
        assert [len(t["players"]) for t in body["tables"]] == [4, 4]
        # Five pairs: one pair sits out, both partners.
        assert len(body["byes"]) == 2
        round_ = Round.objects.get(tournament=tournament, number=number)
        byes = list(round_.byes.values_list("pk", flat=True))
        assert team_of[byes[0]] == team_of[byes[1]]
        for seats in _seated(round_):
            # Seats 1 & 3 one pair, 2 & 4 the other: the Deberc engine's two sides.
            assert team_of[seats[0]] == team_of[seats[2]]
            assert team_of[seats[1]] == team_of[seats[3]]
            assert team_of[seats[0]] != team_of[seats[1]]
            meetings[frozenset((team_of[seats[0]], team_of[seats[1]]))] += 1
        play_round(round_, seed=number)
    # Three rounds of five pairs: no two pairs met twice.
    assert set(meetings.values()) == {1}


def test_a_pair_missing_a_partner_is_refused_and_nothing_is_paired(club, organiser):
    tournament = TournamentFactory(
        club=club, game="deberc", table_size=4, entrants="pairs", status="draft"
    )
    tournament.organisers.add(organiser)
    _teams(tournament, [2, 2, 1])
    answer = _pair(organiser, tournament)
    # As every pairing refusal: a conflict with the tournament's state, at its field.
    assert answer.status_code == 409
    assert answer.json()["errors"][0]["code"] == "pair_incomplete"
    assert answer.json()["errors"][0]["field"] == "entries"
    assert "T3" in answer.json()["errors"][0]["message"]
    assert not Round.objects.filter(tournament=tournament).exists()


def test_deberc_at_four_entered_as_players_asks_for_pairs(club, organiser):
    tournament = TournamentFactory(club=club, game="deberc", table_size=4, status="draft")
    tournament.organisers.add(organiser)
    for _ in range(8):
        EntryFactory(tournament=tournament)
    answer = signed_in(organiser, "ru").post(f"/api/v1/tournaments/{tournament.pk}/rounds/")
    assert answer.status_code == 409
    assert answer.json()["errors"][0]["code"] == "table_size_unsupported"
    assert "пар" in answer.json()["errors"][0]["message"]
    assert not Round.objects.filter(tournament=tournament).exists()


@pytest.mark.parametrize(
    ("game", "sizes", "conventions"),
    [("preferans", [3, 4], {}), ("deberc", [3], {"target": 151})],
)
def test_a_team_event_seats_teammates_apart_round_after_round(
    club, organiser, game, sizes, conventions
):
    tournament = TournamentFactory(
        club=club,
        game=game,
        ruleset="sochi" if game == "preferans" else "moscow",
        table_size=sizes[0],
        table_sizes=sizes if len(sizes) > 1 else [],
        entrants="teams",
        rounds=3,
        status="draft",
        conventions=conventions,
    )
    tournament.organisers.add(organiser)
    # Four teams of three and a team of two: 14 players, tables of 3 (or 3 and 4).
    team_of = _teams(tournament, [3, 3, 3, 3, 2])
    answer = _pair(organiser, tournament)
    assert answer.status_code == 201, answer.content
    round_ = Round.objects.get(tournament=tournament, number=1)
    for seats in _seated(round_):
        assert len(seats) in sizes
        teams = [team_of[p] for p in seats]
        assert len(set(teams)) == len(teams), teams
    seated = sum(len(t) for t in _seated(round_)) + round_.byes.count()
    assert seated == 14


def test_a_swap_that_seats_teammates_together_warns_and_the_round_page_says_so(club, organiser):
    from tournaments.clubs.models import Player

    tournament = TournamentFactory(
        club=club,
        game="preferans",
        ruleset="sochi",
        table_size=3,
        entrants="teams",
        rounds=2,
        status="draft",
    )
    tournament.organisers.add(organiser)
    team_of = _teams(tournament, [3, 3, 3])
    assert _pair(organiser, tournament).status_code == 201
    round1 = Round.objects.get(tournament=tournament, number=1)
    assert pairing_warnings(round1) == []
    first, second = _seated(round1)[:2]
    # Each table seats one of each team: swapping two players of different teams sits each
    # beside a teammate.
    moved = first[0]
    other = next(p for p in second if team_of[p] != team_of[moved])
    warnings = round_swap(round_=round1, first=moved, second=other)
    names = dict(Player.objects.values_list("pk", "display_name"))
    teams = dict(Team.objects.values_list("pk", "name"))

    def beside(player: int, table: list[int]) -> int:
        return next(p for p in table if p != player and team_of[p] == team_of[player])

    expected = {
        (names[moved], names[beside(moved, second)], teams[team_of[moved]]),
        (names[other], names[beside(other, first)], teams[team_of[other]]),
    }
    teammates = [w for w in warnings if w.startswith("Teammates")]
    assert len(teammates) == 2
    for a, b, team in expected:
        assert any(a in w and b in w and f"({team})" in w for w in teammates), (a, b, teammates)
    assert sorted(w for w in pairing_warnings(round1) if w.startswith("Teammates")) == sorted(
        teammates
    )
    # The organiser's page says it in Russian.
    page = signed_in(organiser).get(
        f"/tournaments/{tournament.pk}/pairing/", HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert "Товарищи по команде за одним столом" in page.content.decode()


def test_a_withdrawn_team_is_paired_no_more(club, organiser):
    tournament = TournamentFactory(
        club=club, game="deberc", table_size=2, entrants="teams", rounds=2, status="draft"
    )
    tournament.organisers.add(organiser)
    team_of = _teams(tournament, [2, 2, 2])
    Team.objects.filter(tournament=tournament, name="T3").update(withdrawn=True)
    answer = _pair(organiser, tournament)
    assert answer.status_code == 201, answer.content
    round_ = Round.objects.get(tournament=tournament, number=1)
    withdrawn = Team.objects.get(tournament=tournament, name="T3").pk
    players = [p for seats in _seated(round_) for p in seats]
    assert len(players) == 4
    assert withdrawn not in {team_of[p] for p in players}
    # Two teams of two at tables of two: each table is one of each team.
    for seats in _seated(round_):
        assert team_of[seats[0]] != team_of[seats[1]]
    assert not list(itertools.chain(round_.byes.values_list("pk", flat=True)))


def test_a_team_round_robin_at_twos_meets_teammates_only_in_the_rounds_not_played(club, organiser):
    tournament = TournamentFactory(
        club=club,
        game="deberc",
        table_size=2,
        entrants="teams",
        system="round_robin",
        rounds=5,
        status="draft",
        conventions={"target": 151},
    )
    tournament.organisers.add(organiser)
    # Four teams of two, seeded next to each other: the Berger tables by seed would seat
    # teammates together within the five rounds (a full cycle is seven).
    team_of = _teams(tournament, [2, 2, 2, 2])
    met: Counter[frozenset] = Counter()
    for number in range(1, 6):
        assert _pair(organiser, tournament).status_code == 201
        round_ = Round.objects.get(tournament=tournament, number=number)
        for seats in _seated(round_):
            assert team_of[seats[0]] != team_of[seats[1]]
            met[frozenset(seats)] += 1
        play_round(round_, seed=number)
    assert len(met) == 20 and set(met.values()) == {1}


def test_fixed_pairs_swap_as_pairs_and_partners_are_no_rematch(club, organiser):
    tournament = TournamentFactory(
        club=club,
        game="deberc",
        table_size=4,
        entrants="pairs",
        rounds=3,
        status="draft",
        conventions={"target": 151},
    )
    tournament.organisers.add(organiser)
    team_of = _teams(tournament, [2] * 5)
    assert _pair(organiser, tournament).status_code == 201
    round1 = Round.objects.get(tournament=tournament, number=1)
    first, second = _seated(round1)
    # Swapping a player of table 1 with one of table 2 moves their whole pairs.
    moved_a, moved_b = team_of[first[1]], team_of[second[0]]
    round_swap(round_=round1, first=first[1], second=second[0])
    first_after, second_after = _seated(round1)
    assert {team_of[first_after[1]], team_of[first_after[3]]} == {moved_b}
    assert {team_of[second_after[0]], team_of[second_after[2]]} == {moved_a}
    # The pair with the bye takes a seated pair's seats; that pair gets the bye.
    bye_pair = team_of[round1.byes.first().pk]
    seated_pair = team_of[first_after[0]]
    round_swap(round_=round1, first=round1.byes.first().pk, second=first_after[0])
    assert {team_of[p] for p in round1.byes.values_list("pk", flat=True)} == {seated_pair}
    seats = _seated(round1)[0]
    assert team_of[seats[0]] == team_of[seats[2]] == bye_pair
    # Partners sit together every round: the round page warns of no rematch for them.
    play_round(round1, seed=4)
    assert _pair(organiser, tournament).status_code == 201
    round2 = Round.objects.get(tournament=tournament, number=2)
    assert pairing_warnings(round2) == []
