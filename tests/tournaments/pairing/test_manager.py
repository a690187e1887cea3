"""The pairing manager writes rounds to the database: tables, matches, seats, byes."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from scoring.models import Match, Seat
from tests.factories import EntryFactory, TournamentFactory
from tests.tournaments.live.helpers import play_round
from tournaments.events.models import Round
from tournaments.pairing.manager import PairingError, plan_round, round_pair
from tournaments.standings.tallies import tally_data

pytestmark = pytest.mark.django_db


def field(n, **kwargs):
    tournament = TournamentFactory(conventions={"target": 151}, **kwargs)
    for seed in range(1, n + 1):
        EntryFactory(tournament=tournament, seed=seed)
    return tournament


def meetings(tournament):
    tables: dict[int, list[int]] = {}
    for match_id, player in Seat.objects.filter(match__tournament=tournament).values_list(
        "match_id", "player_id"
    ):
        tables.setdefault(match_id, []).append(player)
    return Counter(
        frozenset(pair)
        for players in tables.values()
        for pair in itertools.combinations(players, 2)
    )


def test_a_berger_round_robin_meets_everybody_once_with_rotating_byes():
    tournament = field(5, system="round_robin", rounds=5)
    for number in range(1, 6):
        round_pair(tournament=tournament)
        play_round(Round.objects.get(tournament=tournament, number=number), seed=number)
    counts = meetings(tournament)
    assert len(counts) == 10 and set(counts.values()) == {1}
    byes = Counter(
        Round.byes.through.objects.filter(round__tournament=tournament).values_list(
            "player_id", flat=True
        )
    )
    assert sorted(byes.values()) == [1] * 5


def test_swiss_tables_of_three_seat_three_and_give_the_rest_byes():
    tournament = field(11, table_size=3, rounds=3)
    round_ = round_pair(tournament=tournament)
    assert round_.tables.count() == 3
    assert round_.byes.count() == 2
    for match in Match.objects.filter(round=round_):
        assert match.seats.count() == 3
        assert match.first_dealer_seat in (0, 1, 2)
    play_round(round_)
    second = round_pair(tournament=tournament)
    assert not set(second.byes.values_list("pk", flat=True)) & set(
        round_.byes.values_list("pk", flat=True)
    )
    assert max(meetings(tournament).values()) == 1


def test_the_seat_draw_is_stored_and_reproducible():
    tournament = field(6)
    plan = plan_round(tournament, 1)
    round_ = round_pair(tournament=tournament)
    for table, players in zip(round_.tables.order_by("number"), plan.tables, strict=True):
        seated = list(table.match.seats.order_by("position").values_list("player_id", flat=True))
        assert sorted(seated) == sorted(players)


def test_round_one_follows_the_seeds():
    tournament = field(8)
    round_ = round_pair(tournament=tournament)
    seeds = dict(tournament.entries.values_list("player_id", "seed"))
    first = round_.tables.get(number=1).match
    assert sorted(seeds[p] for p in first.seats.values_list("player_id", flat=True)) == [1, 5]


def test_tables_of_four_are_not_paired_automatically():
    tournament = field(8, table_size=4)
    with pytest.raises(PairingError) as caught:
        round_pair(tournament=tournament)
    assert caught.value.code == "table_size_unsupported"
    assert not Round.objects.filter(tournament=tournament).exists()


def test_a_round_robin_of_nine_at_tables_of_three_meets_everybody_once():
    tournament = field(9, table_size=3, system="round_robin", rounds=4)
    for number in range(1, 5):
        round_pair(tournament=tournament)
        play_round(Round.objects.get(tournament=tournament, number=number), seed=number)
    counts = meetings(tournament)
    assert len(counts) == 36 and set(counts.values()) == {1}


def test_a_round_robin_of_three_follows_the_real_meetings_after_a_swap():
    from tournaments.pairing.manager import round_swap

    tournament = field(7, table_size=3, system="round_robin", rounds=3)
    first = round_pair(tournament=tournament)
    bye = first.byes.get()
    seated = Seat.objects.filter(match__round=first).first().player_id
    round_swap(round_=first, first=bye.pk, second=seated)
    play_round(first)
    second = round_pair(tournament=tournament)
    # The player who got the bye after the swap does not sit out again.
    assert seated not in set(second.byes.values_list("pk", flat=True))


def test_kharkov_tables_of_four_individuals_seat_four_players_each_for_himself():
    # Rules §2: `pairs: no` (Kharkov, seed 001 l.126 «4 (сам за себя)»): a table of four is
    # four players, not two pairs: Swiss seats them like any table of three or four.
    tournament = TournamentFactory(
        ruleset="kharkov", table_size=4, rounds=2, conventions={"pairs": False, "target": 151}
    )
    for seed in range(1, 9):
        EntryFactory(tournament=tournament, seed=seed)
    round_ = round_pair(tournament=tournament)
    assert round_.tables.count() == 2
    for match in Match.objects.filter(round=round_):
        assert match.seats.count() == 4
        assert match.conventions["pairs"] is False
    play_round(round_)
    for match in Match.objects.filter(round=round_):
        # Each player for himself: one winner, four sides in the tally.
        assert isinstance(match.result["winner"], str)
        assert len(match.winner_seats) == 1
    data = tally_data(Match.objects.filter(round=round_).first())
    assert data is not None and data["sides"] == [0, 1, 2, 3]
    second = round_pair(tournament=tournament)
    assert second.tables.count() == 2
