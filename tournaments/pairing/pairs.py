"""Fixed pairs [постоянные пары]: Deberc's four, two partnerships at one table.

The pairs are the units of the pairing: Swiss (`pair_swiss_pairs` over the pairs, each a
`Competitor` whose id is the pair's: score groups by the pair's match points, no repeat
meeting of the same two pairs where avoidable, a bye to a whole pair) or round robin (the
Berger tables over the pairs). A table of two pairs is then seated clockwise A1, B1, A2, B2:
partners sit opposite (the Deberc engine's sides are seats 0 & 2 against 1 & 3), and both
partners of a pair with a bye have the bye.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from tournaments.pairing.round_robin import berger_round
from tournaments.pairing.swiss import pair_swiss_pairs
from tournaments.pairing.types import Competitor, PlayerId, RoundPairing

# {pair id: its two players}; keys and players of any hashable kind (the manager: ints).
Members = Mapping[Any, Sequence[Any]]


def seat_pairs(units: RoundPairing, members: Members) -> RoundPairing:
    """A round of pairs (tables of two pair ids) as a round of players: each table clockwise
    A1, B1, A2, B2, and both partners of a pair with a bye."""
    tables: list[tuple[PlayerId, ...]] = []
    for first, second in units.tables:
        a, b = members[first], members[second]
        if len(a) != 2 or len(b) != 2:
            raise ValueError("a pair has two players")
        tables.append((a[0], b[0], a[1], b[1]))
    byes = [p for unit in units.byes for p in members[unit]]
    return RoundPairing(tables=tables, byes=byes, rematches=units.rematches)


def pair_swiss_fixed_pairs(pairs: Sequence[Competitor], members: Members) -> RoundPairing:
    """One Swiss round of fixed pairs (each `Competitor` a pair: its score, its rank, the
    pairs it met, its byes), seated as players."""
    return seat_pairs(pair_swiss_pairs(pairs), members)


def pair_round_robin_fixed_pairs(
    pairs: Sequence[Hashable], members: Members, round_number: int
) -> RoundPairing:
    """Round `round_number` of the Berger tables over the pairs (in seed order), seated as
    players."""
    return seat_pairs(berger_round(pairs, round_number), members)
