"""The running sheet [пулька на бумаге]: pools [пуля], mountains [гора] and whists [висты],
the pool target with its help [помощь] (rules §8), and the settlement [расчёт] (§9).

All figures are integers. The settlement's exact balances have denominator n (the number of
players); `settle` rounds them exactly as §9 says without fractions (tests check it against
an exact computation with `fractions.Fraction`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from .deal import (
    MOUNTAIN,
    NOBODY,
    POOL,
    R_HELP,
    R_HELP_MOUNTAIN,
    R_HELP_WHISTS,
    R_MOUNTAIN_FLOOR,
    R_POOL_OVER,
    WHISTS,
    Entry,
    Writes,
)


class Sheet:
    """The totals of a pulka so far; `apply` adds one deal's writes."""

    __slots__ = ("first_full", "help", "mountain", "n", "net", "pool", "target", "whists")

    def __init__(self, n: int, target: int, help: str = "clockwise") -> None:
        self.n = n
        self.target = target
        self.help = help  # the convention `help`: clockwise, highest_first or none (§8)
        # The first seat whose pool reached the target during the last `apply` (NOBODY when
        # none did): Skachki's prizer [призер] (§8a).
        self.first_full = NOBODY
        self.pool = [0] * n
        self.mountain = [0] * n
        self.whists = [[0] * n for _ in range(n)]  # whists[i][j]: what i wrote on j
        self.net = [0] * n  # Σ_j whists[i][j] − whists[j][i], kept as the whists are written

    def write_whists(self, writer: int, on: int, amount: int) -> None:
        self.whists[writer][on] += amount
        self.net[writer] += amount
        self.net[on] -= amount

    def apply(
        self, writes: Writes
    ) -> tuple[list[int], list[int], list[Entry], list[tuple[int, int, int]]]:
        """Adds a deal's ledger: mountain additions, then its write-offs (never below 0), the
        whists in the ledger's order, then the pools in seat order, each writer's help
        settled before the next writer's (§8).

        Returns (pool change, mountain change by seat, the ledger as applied: the deal's
        writes and then the sheet's own (`R_MOUNTAIN_FLOOR`, `R_POOL_OVER`, `R_HELP`,
        `R_HELP_WHISTS`, `R_HELP_MOUNTAIN`), help as (from, to, points)).
        """
        n = self.n
        mountain = self.mountain
        mountain_change = [0] * n
        pool_in = [0] * n
        whists = self.whists
        net = self.net
        off: list[tuple[int, int]] | None = None
        for seat, column, against, amount, _reason in writes.ledger:
            if column == WHISTS:
                whists[seat][against] += amount
                net[seat] += amount
                net[against] -= amount
            elif column == POOL:
                pool_in[seat] += amount
            elif amount >= 0:
                mountain_change[seat] += amount
            elif off is None:
                off = [(seat, -amount)]
            else:
                off.append((seat, -amount))
        for seat in range(n):
            mountain[seat] += mountain_change[seat]
        applied = writes.ledger
        if off is not None:
            applied = list(applied)
            for seat, points in off:
                taken = min(points, mountain[seat])  # not below 0
                mountain[seat] -= taken
                mountain_change[seat] -= taken
                if taken < points:
                    applied.append((seat, MOUNTAIN, NOBODY, points - taken, R_MOUNTAIN_FLOOR))
        pool = self.pool
        pool_change = [0] * n
        helped: list[tuple[int, int, int]] = []
        target = self.target
        self.first_full = NOBODY
        capped = self.help != "none"
        for seat in range(n):
            points = pool_in[seat]
            if not points:
                continue
            room = target - pool[seat]
            if points < room or not capped:
                if self.first_full == NOBODY and 0 < room <= points:
                    self.first_full = seat
                pool[seat] += points
                pool_change[seat] += points
                continue
            if self.first_full == NOBODY and room > 0:
                self.first_full = seat
            if points == room:
                pool[seat] = target
                pool_change[seat] += points
                continue
            pool[seat] = target
            pool_change[seat] += room
            if applied is writes.ledger:
                applied = list(applied)
            applied.append((seat, POOL, NOBODY, room - points, R_POOL_OVER))
            self._help(seat, points - room, pool_change, mountain_change, helped, applied)
        return pool_change, mountain_change, applied, helped

    def _help(
        self,
        writer: int,
        over: int,
        pool_change: list[int],
        mountain_change: list[int],
        helped: list[tuple[int, int, int]],
        applied: list[Entry],
    ) -> None:
        """Points over the target go to the pools below it, clockwise from the writer's left
        (`help: highest_first`: the fullest pool first, ties clockwise), 10 whists per point
        on each player helped (Kodex 43, "в графе"); the rest off the writer's own mountain,
        not below 0; what is still left is lost."""
        n = self.n
        pool = self.pool
        target = self.target
        others = [(writer + step) % n for step in range(1, n)]
        if self.help == "highest_first":
            others.sort(key=lambda seat: -pool[seat])  # stable: ties stay clockwise
        for other in others:
            if not over:
                return
            lack = target - pool[other]
            if lack <= 0:
                continue
            given = min(lack, over)
            if given == lack and self.first_full == NOBODY:
                self.first_full = other
            pool[other] += given
            pool_change[other] += given
            self.write_whists(writer, other, 10 * given)
            helped.append((writer, other, given))
            applied.append((other, POOL, NOBODY, given, R_HELP))
            applied.append((writer, WHISTS, other, 10 * given, R_HELP_WHISTS))
            over -= given
        if over:
            written_off = min(over, self.mountain[writer])
            self.mountain[writer] -= written_off
            mountain_change[writer] -= written_off
            if written_off:
                applied.append((writer, MOUNTAIN, NOBODY, -written_off, R_HELP_MOUNTAIN))

    def final_mountains(self) -> list[int]:
        """Each mountain with the pool's deficit added (§9 step 1)."""
        target = self.target
        return [
            hill + target - points for hill, points in zip(self.mountain, self.pool, strict=False)
        ]

    def balances(self, first_dealer: int) -> list[int]:
        """The settlement if the pulka ended now (§9), rounded to integers."""
        return settle(self.final_mountains(), self.net, first_dealer)


def settle(mountains: list[int], net_whists: list[int], first_dealer: int) -> list[int]:
    """Balances from the final mountains M and each player's net whists (§9).

    Exact balance_i = net_i + 10 × (ΣM / n − M_i). Each is rounded down, then the missing
    units go one each to the largest fractional parts, ties clockwise from the first dealer.

    Every exact balance has the same fractional part, that of 10 × ΣM / n (net_i and
    10 × M_i are integers), so with q, r = divmod(10 × ΣM, n) the floors are
    net_i − 10 × M_i + q and the r missing units always go to the first r players clockwise
    from the first dealer: the same figures as sorting the fractions, without sorting.
    """
    n = len(mountains)
    share, missing = divmod(10 * sum(mountains), n)
    balances = [net - 10 * hill + share for net, hill in zip(net_whists, mountains, strict=False)]
    for step in range(missing):
        balances[(first_dealer + step) % n] += 1
    return balances


@dataclass(frozen=True)
class PairWhists:
    """What two players wrote on each other [висты друг на друга] and the difference, to
    the first of them (§9 step 3)."""

    a: int
    b: int
    a_on_b: int
    b_on_a: int
    net: int


@dataclass(frozen=True)
class Settlement:
    """The settlement [расчёт пули] step by step (§9), for a referee who explains it: each
    figure a step writes, by seat. `balances` are `settle`'s, the figures the sheet keeps."""

    deficits: list[int]
    mountains: list[int]
    average_mountain: Fraction
    mountain_whists: list[Fraction]
    pairs: list[PairWhists]
    net_whists: list[int]
    exact: list[Fraction]
    missing: int
    balances: list[int]


def settlement_explained(
    *,
    pool: list[int],
    mountain: list[int],
    whists: list[list[int]],
    target: int,
    first_dealer: int,
) -> Settlement:
    """§9 on a sheet (pools, mountains, whists[i][j] written by i on j; every pool at most the
    target, as the sheet keeps them): the deficits into the mountains, the mountains into
    whists around their average, the whists netted pair by pair, the exact balances and the
    rounded ones (`settle`)."""
    n = len(pool)
    sheet = Sheet(n, target)
    sheet.pool = list(pool)
    sheet.mountain = list(mountain)
    for i in range(n):
        for j in range(n):
            if i != j and whists[i][j]:
                sheet.write_whists(i, j, whists[i][j])
    mountains = sheet.final_mountains()
    average = Fraction(sum(mountains), n)
    mountain_whists = [10 * (average - hill) for hill in mountains]
    pairs = [
        PairWhists(a, b, whists[a][b], whists[b][a], whists[a][b] - whists[b][a])
        for a in range(n)
        for b in range(a + 1, n)
    ]
    exact = [net + part for net, part in zip(sheet.net, mountain_whists, strict=True)]
    balances = sheet.balances(first_dealer)
    return Settlement(
        deficits=[target - points for points in pool],
        mountains=mountains,
        average_mountain=average,
        mountain_whists=mountain_whists,
        pairs=pairs,
        net_whists=list(sheet.net),
        exact=exact,
        missing=sum(balances) - sum(math.floor(x) for x in exact),
        balances=balances,
    )
