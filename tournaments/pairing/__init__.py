"""Pairing: pure generators (Swiss, round robin, byes, the seat draw) on plain data, and
`manager`, which reads the ORM, runs a generator and writes Round, Table, Match and Seat rows.
"""

from tournaments.pairing.draw import SeatDraw, draw_seats
from tournaments.pairing.mixed import pair_swiss_mixed, table_plan
from tournaments.pairing.pairs import (
    pair_round_robin_fixed_pairs,
    pair_swiss_fixed_pairs,
    seat_pairs,
)
from tournaments.pairing.round_robin import (
    berger_round,
    berger_schedule,
    groups_schedule,
    triples_schedule,
)
from tournaments.pairing.swiss import pair_swiss_groups, pair_swiss_pairs, pair_swiss_triples
from tournaments.pairing.teams import seat_apart, separable
from tournaments.pairing.types import Competitor, RoundPairing

__all__ = [
    "Competitor",
    "RoundPairing",
    "SeatDraw",
    "berger_round",
    "berger_schedule",
    "draw_seats",
    "groups_schedule",
    "pair_round_robin_fixed_pairs",
    "pair_swiss_fixed_pairs",
    "pair_swiss_groups",
    "pair_swiss_mixed",
    "pair_swiss_pairs",
    "pair_swiss_triples",
    "seat_apart",
    "seat_pairs",
    "separable",
    "table_plan",
    "triples_schedule",
]
