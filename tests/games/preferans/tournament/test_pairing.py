"""Pairing Preferans tables of three and of four players, each for themselves: the pure
generators on plain tuples (Swiss and round robin for 9, 10 and 13 players), the fair first
dealer, and the manager asking the registry whether a table of four is pairs."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from scoring import games
from scoring import services as scoring_services
from scoring.models import Match
from tests.factories import EntryFactory, PlayerFactory, PreferansTournamentFactory
from tests.tournaments.pairing.helpers import history, met
from tournaments.events.models import Round, Tournament
from tournaments.pairing import (
    Competitor,
    draw_seats,
    groups_schedule,
    pair_swiss_groups,
)
from tournaments.pairing.manager import PairingError, round_pair

FIELDS = [(n, size) for n in (9, 10, 13) for size in (3, 4)]


def fewest_repeats(seated: list, met_pairs: set[frozenset], size: int) -> int:
    """Brute force: the fewest repeat meetings any seating of these players at tables of
    `size` makes (small fields only)."""
    best = [len(seated) * size]

    def search(left: list, cost: int) -> None:
        if cost >= best[0]:
            return
        if not left:
            best[0] = cost
            return
        head, rest = left[0], left[1:]
        for ks in itertools.combinations(range(len(rest)), size - 1):
            table = [head, *(rest[k] for k in ks)]
            extra = sum(frozenset(pair) in met_pairs for pair in itertools.combinations(table, 2))
            search([p for k, p in enumerate(rest) if k not in ks], cost + extra)

    search(list(seated), 0)
    return best[0]


def repeats_of(tables: list, met_pairs: set[frozenset]) -> int:
    return sum(
        frozenset(pair) in met_pairs
        for table in tables
        for pair in itertools.combinations(table, 2)
    )


def play_swiss(n: int, size: int, rounds: int) -> list:
    """Swiss rounds on plain data: the lowest id wins each table (2/1/0 … by seat order)."""
    scores: Counter[int] = Counter()
    opponents: dict[int, set[int]] = {i: set() for i in range(n)}
    byes: Counter[int] = Counter()
    pairings = []
    for _ in range(rounds):
        players = [
            Competitor(
                id=i,
                score=scores[i],
                rank=i,
                opponents=frozenset(opponents[i]),
                byes=byes[i],
            )
            for i in range(n)
        ]
        pairing = pair_swiss_groups(players, size)
        by_id = {p.id: p for p in players}
        pairings.append((pairing, by_id))
        for table in pairing.tables:
            for place, p in enumerate(sorted(table)):
                scores[p] += len(table) - 1 - place
                opponents[p].update(q for q in table if q != p)
        for p in pairing.byes:
            byes[p] += 1
            scores[p] += (size - 1) / 2
    return pairings


@pytest.mark.parametrize(("n", "size"), FIELDS)
def test_swiss_seats_everybody_with_fair_byes_and_no_avoidable_repeat(n, size):
    for pairing, by_id in play_swiss(n, size, rounds=4):
        assert sorted(pairing.placed()) == list(range(n))
        assert all(len(table) == size for table in pairing.tables)
        assert len(pairing.byes) == n % size
        # A bye goes to those with the fewest byes so far.
        fewest = sorted(p.byes for p in by_id.values())[: len(pairing.byes)]
        assert sorted(by_id[b].byes for b in pairing.byes) == fewest
        met_pairs = {frozenset((p.id, q)) for p in by_id.values() for q in p.opponents}
        seated = [p for table in pairing.tables for p in table]
        # The fewest repeat meetings the seated players allow (with four at a table a small
        # field cannot avoid every one: 9 players at 4 meet again in round 2 whatever).
        assert repeats_of(pairing.tables, met_pairs) == fewest_repeats(seated, met_pairs, size)


@pytest.mark.parametrize(("n", "size"), [(9, 3), (10, 3), (13, 3)])
def test_swiss_round_two_at_three_meets_nobody_twice(n, size):
    (_first, _), (second, by_id) = play_swiss(n, size, rounds=2)
    for table in second.tables:
        assert not any(met(by_id[a], by_id[b]) for a, b in itertools.combinations(table, 2))


def test_swiss_groups_equal_scores_at_tables_of_four():
    scores = {i: (3 if i < 4 else 2 if i < 8 else 0) for i in range(12)}
    pairing = pair_swiss_groups(history(12, [], scores=scores), 4)
    assert [set(t) for t in pairing.tables] == [set(range(4)), set(range(4, 8)), set(range(8, 12))]


@pytest.mark.parametrize(("n", "size"), FIELDS)
def test_round_robin_meets_evenly_with_byes_in_turn(n, size):
    rounds = 6
    schedule = groups_schedule(list(range(n)), rounds, size, seed=7)
    meetings: Counter[frozenset] = Counter()
    byes: Counter[int] = Counter()
    for pairing in schedule:
        assert sorted(pairing.placed()) == list(range(n))
        assert all(len(table) == size for table in pairing.tables)
        assert len(pairing.byes) == n % size
        byes.update(pairing.byes)
        if n % size:
            counts = [byes[p] for p in range(n)]
            assert max(counts) - min(counts) <= 1  # nobody sits out twice before all once
        for table in pairing.tables:
            meetings.update(frozenset(pair) for pair in itertools.combinations(table, 2))
    # Every pair meets about as often over the schedule: Σ meetings² near its lower bound
    # (all counts ⌊T/P⌋ or ⌈T/P⌉).
    counts = [meetings[frozenset(pair)] for pair in itertools.combinations(range(n), 2)]
    q, r = divmod(sum(counts), len(counts))
    bound = (len(counts) - r) * q * q + r * (q + 1) ** 2
    assert sum(c * c for c in counts) <= 1.15 * bound
    assert max(counts) - min(counts) <= (2 if size == 3 else 3)


def test_round_robin_of_nine_at_three_is_the_perfect_schedule():
    schedule = groups_schedule(list(range(9)), 4, 3)
    meetings = Counter(
        frozenset(pair)
        for pairing in schedule
        for table in pairing.tables
        for pair in itertools.combinations(table, 2)
    )
    assert set(meetings.values()) == {1} and len(meetings) == 36


def test_the_first_dealer_is_who_dealt_first_least():
    table = ("a", "b", "c", "d")
    for k in range(20):
        draw = draw_seats(table, seed=f"s{k}", first_deals={"a": 2, "b": 1, "c": 1, "d": 2})
        assert draw.seats[draw.first_dealer_seat] in ("b", "c")
    # Without history the draw is the plain lot (the same seats and dealer as before).
    plain = draw_seats(table, seed="x")
    assert draw_seats(table, seed="x", first_deals={}) == plain


# --- the manager, through the registry ---------------------------------------------------


def preferans_tournament(n: int, size: int, system: str = "swiss") -> Tournament:
    tournament = PreferansTournamentFactory(
        table_size=size, system=system, rounds=4, conventions={"end": "closed"}
    )
    for seed in range(1, n + 1):
        EntryFactory(tournament=tournament, seed=seed)
    return tournament


def close_round(tournament: Tournament, number: int) -> None:
    """Time is up before any deal: every pulka is closed empty (all square)."""
    from django.contrib.auth import get_user_model

    admin = get_user_model().objects.create_superuser(f"admin{tournament.pk}{number}")
    for match in Match.objects.filter(round__tournament=tournament, round__number=number):
        scoring_services.match_close(match=match, user=admin)


@pytest.mark.django_db
@pytest.mark.parametrize(("n", "size"), FIELDS)
@pytest.mark.parametrize("system", ["swiss", "round_robin"])
def test_the_manager_pairs_individuals_at_tables_of_three_and_four(n, size, system):
    tournament = preferans_tournament(n, size, system)
    met_before: set[frozenset] = set()
    tables = []
    for number in (1, 2):
        round_ = round_pair(tournament=tournament)
        matches = list(Match.objects.filter(round=round_).prefetch_related("seats"))
        assert len(matches) == n // size
        assert round_.byes.count() == n % size
        for match in matches:
            assert match.game == "preferans" and match.ruleset == "sochi"
            seats = [s.player_id for s in match.seats.all()]
            assert len(seats) == size
        tables = [[s.player_id for s in match.seats.all()] for match in matches]
        if number == 1:
            met_before = {
                frozenset(pair) for table in tables for pair in itertools.combinations(table, 2)
            }
            close_round(tournament, 1)
    seated = [p for table in tables for p in table]
    assert repeats_of(tables, met_before) == fewest_repeats(seated, met_before, size)
    assert Round.objects.filter(tournament=tournament).count() == 2


@pytest.mark.django_db
def test_a_deberc_table_of_four_is_pairs_and_not_paired_automatically():
    assert 4 in games.game_get("deberc").pairs_at
    assert 4 not in games.game_get("preferans").pairs_at
    tournament = PreferansTournamentFactory(game="deberc", ruleset="moscow", table_size=4)
    for _ in range(8):
        EntryFactory(tournament=tournament, player=PlayerFactory(club=tournament.club))
    with pytest.raises(PairingError) as caught:
        round_pair(tournament=tournament)
    assert caught.value.code == "table_size_unsupported"
