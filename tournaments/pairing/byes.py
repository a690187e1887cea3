"""Who sits out [пропуск тура] when the players do not divide into full tables.

Fairness: a bye goes to a player with the fewest byes so far, so nobody gets a second one
while someone has none; among those, to the lowest score and then the lowest-ranked player
(the FIDE habit: a bye is a gift to the weakest, never to a leader).
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.pairing.types import Competitor


def bye_count(n_players: int, table_size: int) -> int:
    """How many players sit out when `n_players` sit at tables of `table_size`."""
    if table_size < 2:
        raise ValueError("a table seats at least two players")
    return n_players % table_size


def bye_candidates(players: Sequence[Competitor]) -> list[Competitor]:
    """Players in the order they should get the bye: fewest byes, lowest score, lowest rank."""
    return sorted(players, key=lambda p: (p.byes, p.score, -p.rank))
