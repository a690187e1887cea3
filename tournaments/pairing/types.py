"""Plain data the pairing generators work on: no ORM, so they are tested on tuples."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Literal

PlayerId = Hashable
Float = Literal["down", "up"]


@dataclass(frozen=True)
class Competitor:
    """One player as the pairing sees them before a round.

    `rank` orders players inside a score group (smaller is stronger: the seed, or the
    standings position); `floats` lists their earlier floats, latest last ("down": paired
    with a lower score group, "up": with a higher one; None for a round without a float);
    `large_tables` counts the rounds they played at a table larger than the round's smallest
    size (mixed table sizes rotate those seats); `team` is the team they play for in a team
    event (teammates are kept apart when that can be done), None for a player on their own.
    """

    id: PlayerId
    score: float = 0
    rank: int = 0
    opponents: frozenset = field(default_factory=frozenset)
    byes: int = 0
    floats: tuple[Float | None, ...] = ()
    large_tables: int = 0
    team: Hashable | None = None

    @property
    def last_float(self) -> Float | None:
        return self.floats[-1] if self.floats else None


@dataclass
class RoundPairing:
    """A paired round: the tables (each a tuple of player ids, table 1 first) and the byes."""

    tables: list[tuple[PlayerId, ...]]
    byes: list[PlayerId]
    rematches: int = 0

    def placed(self) -> list[PlayerId]:
        return [pid for table in self.tables for pid in table] + list(self.byes)
