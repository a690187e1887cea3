"""`generate_tournament --table-sizes 3,4`: every round of eleven seated 4 + 4 + 3, no bye."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from scoring.models import Match
from tournaments.events.models import Round, Tournament

pytestmark = pytest.mark.django_db


def _generate(*extra: str) -> None:
    call_command(
        "generate_tournament",
        "--game",
        "preferans",
        "--players",
        "11",
        "--rounds",
        "3",
        "--no-ratings",
        *extra,
        stdout=io.StringIO(),
    )


def test_a_mixed_preferans_tournament_seats_everyone_each_round():
    _generate("--table-sizes", "4,3", "--match-score", "places_per_size")
    tournament = Tournament.objects.get()
    assert tournament.round_sizes == [3, 4] and tournament.table_size == 3
    for round_ in Round.objects.filter(tournament=tournament):
        sizes = sorted(m.seats.count() for m in Match.objects.filter(round=round_))
        assert sizes == [3, 4, 4]
        assert not round_.byes.exists()


@pytest.mark.parametrize("sizes", ["2,3", "3,3", "three"])
def test_sizes_preferans_cannot_seat_are_refused(sizes):
    with pytest.raises(CommandError):
        _generate("--table-sizes", sizes)
    assert not Tournament.objects.exists()
