"""Can the deck give these card points? The exact `impossible_points` check (rules §1).

A scorer's figures are valid only if some split of the 32 cards gives each player's tricks
those points, each player's pile holding one card per player per trick taken, the rest of
the deck undealt (14 cards with 2 players, 5 with 3, none with 4).

Card values do not depend on which suit is trump: the deck always holds one 20 (trump J),
one 14 (trump 9), four 11s, four 10s, four 4s, four 3s, three 2s (plain jacks) and eleven
cards worth 0. So the question is a small partition problem on those values: give each pile
valued cards adding up to its points, no more valued cards than the pile has places, and
use so many valued cards in all that the eleven zeros suffice to fill the piles.

Two players (the common table) are answered from a table built once (≈30 ms): a bitset
over (points of seat 1, points of seat 2) for each number of tricks of seat 1, made by a
dynamic programme over the card values that tracks how many valued cards each pile holds.
Three and four players are answered by a search that places the 20, the 14, the 11s and the
10s pile by pile and looks what is left up in a table of what the 4s, 3s and 2s can make.
With the tricks given (the usual record) the search sees four groups of known size that
share all 21 valued cards: the piles, and with three players the 5 undealt cards as a fourth
"pile" worth what the piles leave of the 152. Answers are cached.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Final

VALUES: Final = ((20, 1), (14, 1), (11, 4), (10, 4), (4, 4), (3, 4), (2, 3))  # value, count
SMALL_VALUES: Final = VALUES[4:]  # the 4s, 3s and 2s
ZEROS: Final = 11
SMALL_MAX: Final = sum(value * count for value, count in SMALL_VALUES)  # 34
_STRIDE: Final = 256  # bit index of (a, b) in the two-player bitsets: a * 256 + b


def _distributions(count: int, piles: int, all_dealt: bool) -> list[tuple[int, ...]]:
    """Ways to give up to `count` identical cards to `piles` piles (exactly `count` if the
    whole deck is dealt)."""
    return [
        combo
        for combo in product(range(count + 1), repeat=piles)
        if (sum(combo) == count if all_dealt else sum(combo) <= count)
    ]


@lru_cache(maxsize=8)
def _small_table(piles: int, all_dealt: bool) -> dict[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Residual points per pile -> the possible numbers of 4s+3s+2s per pile that make them."""
    table: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    options = [_distributions(count, piles, all_dealt) for _, count in SMALL_VALUES]
    for fours, threes, twos in product(*options):
        sums = tuple(4 * fours[i] + 3 * threes[i] + 2 * twos[i] for i in range(piles))
        counts = tuple(fours[i] + threes[i] + twos[i] for i in range(piles))
        table.setdefault(sums, set()).add(counts)
    return {sums: tuple(sorted(counts)) for sums, counts in table.items()}


@lru_cache(maxsize=1)
def _small_single() -> frozenset[int]:
    """What the 4s, 3s and 2s can make in one pile: 0..34 but 1 and 33."""
    return frozenset(key[0] for key in _small_table(1, False))


@lru_cache(maxsize=1)
def _big_options() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For q = 0..152: the (11s, 10s, residual) a pile of q points can take so that the
    small cards can make the residual; fewest small cards first."""
    single = _small_single()
    out = []
    for q in range(153):
        options = [
            (a, b, q - 11 * a - 10 * b)
            for a in range(5)
            for b in range(5)
            if q - 11 * a - 10 * b in single
        ]
        options.sort(key=lambda option: option[2])
        out.append(tuple(options))
    return tuple(out)


@lru_cache(maxsize=2)
def _two_player_tables(hand_size: int = 9) -> tuple[tuple[int, ...], dict[int | None, int]]:
    """Bitsets over (p1, p2): by tricks of seat 1 (0..hand_size), and by who took the last
    trick when the tricks are not given. `hand_size` 9, or 10 at Kharkov's deal."""
    masks: dict[tuple[int, int], int] = {(0, 0): 1}
    for value, count in VALUES:
        spread = [(a, b) for a in range(count + 1) for b in range(count + 1 - a)]
        grown: dict[tuple[int, int], int] = {}
        for (n1, n2), mask in masks.items():
            for a, b in spread:
                key = (n1 + a, n2 + b)
                grown[key] = grown.get(key, 0) | (mask << (value * (a * _STRIDE + b)))
        masks = grown
    by_tricks = []
    for tricks1 in range(hand_size + 1):
        cap1, cap2 = 2 * tricks1, 2 * (hand_size - tricks1)
        mask = 0
        for (n1, n2), bits in masks.items():
            # 18 (20) cards are dealt and only 11 are worth 0: at least 7 (9) valued cards
            # in the piles.
            if n1 <= cap1 and n2 <= cap2 and n1 + n2 >= 2 * hand_size - ZEROS:
                mask |= bits
        by_tricks.append(mask)
    by_last_trick: dict[int | None, int] = {
        None: _or(by_tricks),
        0: _or(by_tricks[1:]),  # seat 1 took the last trick: at least one trick
        1: _or(by_tricks[:hand_size]),
    }
    return tuple(by_tricks), by_last_trick


def _or(masks: list[int] | tuple[int, ...]) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


def points_possible(
    points: tuple[int, ...],
    tricks: tuple[int, ...] | None,
    last_trick: int | None,
    hand_size: int,
) -> bool:
    """True iff some split of the deck gives each seat's tricks exactly `points` card points.

    `tricks` fixes each pile's size (cards = tricks × players); when None, any split of the
    `hand_size` tricks will do in which the seat `last_trick` (if given) took at least one.
    """
    if len(points) == 2 and hand_size in (9, 10):
        p1, p2 = points
        if not (0 <= p1 <= 152 and 0 <= p2 <= 152):
            return False
        by_tricks, by_last_trick = _two_player_tables(hand_size)
        mask = by_tricks[tricks[0]] if tricks is not None else by_last_trick[last_trick]
        return bool(mask >> (p1 * _STRIDE + p2) & 1)
    return _search(tuple(points), tricks, last_trick, hand_size)


@lru_cache(maxsize=65536)
def _search(
    points: tuple[int, ...], tricks: tuple[int, ...] | None, last_trick: int | None, hand_size: int
) -> bool:
    """Three players, or four with the whole deck dealt: the cached answer."""
    n = len(points)
    if tricks is not None and len(tricks) == n and sum(tricks) == hand_size:
        if n == 3 and hand_size in (9, 10):
            left = 152 - points[0] - points[1] - points[2]
            if min(points) < 0 or left < 0:
                return False
            # The 5 (2 at Kharkov's deal) undealt cards are the fourth group, worth what the
            # piles leave.
            return _groups_possible(
                (points[0], points[1], points[2], left),
                (3 * tricks[0], 3 * tricks[1], 3 * tricks[2], 32 - 3 * hand_size),
            )
        if n == 4 and hand_size == 8:
            if min(points) < 0 or sum(points) != 152:
                return False
            t0, t1, t2, t3 = tricks
            return _groups_possible(points, (4 * t0, 4 * t1, 4 * t2, 4 * t3))
    return _search_free(points, tricks, last_trick, hand_size)


# ---- four groups of known size -------------------------------------------------------------

BigOption = tuple[int, int, int, int, int, int]  # 20s, 14s, 11s, 10s, small residual, cards
SmallTable = dict[tuple[int, ...], tuple[tuple[int, ...], ...]]  # residuals -> small counts


@lru_cache(maxsize=1)
def _min_small_cards() -> tuple[int, ...]:
    """For s = 0..34: the fewest 4s, 3s and 2s that make s in one group (99: none do)."""
    best = [99] * (SMALL_MAX + 1)
    for sums, counts in _small_table(1, False).items():
        best[sums[0]] = min(best[sums[0]], min(count[0] for count in counts))
    return tuple(best)


@lru_cache(maxsize=1)
def _group_options() -> tuple[tuple[BigOption, ...], ...]:
    """For q = 0..152: every way a group worth q can take the 20, the 14, 11s and 10s so
    that the 4s, 3s and 2s can make the rest, fewest cards (big and small) first: a tight
    group then keeps only a prefix (see `_options_within`)."""
    min_small = _min_small_cards()
    out = []
    for q in range(153):
        options = []
        for k20, k14, k11, k10 in product((0, 1), (0, 1), range(5), range(5)):
            rest = q - 20 * k20 - 14 * k14 - 11 * k11 - 10 * k10
            if 0 <= rest <= SMALL_MAX and min_small[rest] < 99:
                options.append((k20, k14, k11, k10, rest, k20 + k14 + k11 + k10))
        options.sort(key=lambda o: (o[5] + min_small[o[4]], o[4]))
        out.append(tuple(options))
    return tuple(out)


@lru_cache(maxsize=1)
def _options_within() -> tuple[tuple[tuple[BigOption, ...], ...], ...]:
    """[q][cap]: the options of a group worth q that fit in `cap` cards (cap 0..32)."""
    min_small = _min_small_cards()
    return tuple(
        tuple(tuple(o for o in options if o[5] + min_small[o[4]] <= cap) for cap in range(33))
        for options in _group_options()
    )


@lru_cache(maxsize=1)
def _small_minimal() -> SmallTable:
    """The 4s, 3s and 2s shared by four groups (all 11 of them): residual points per group ->
    the numbers of small cards per group that make them, keeping only those that no other
    beats in every group (they are only checked against upper bounds, the room left)."""
    out: SmallTable = {}
    for sums, counts in _small_table(4, True).items():
        out[sums] = tuple(
            c
            for c in counts
            if not any(o != c and all(o[i] <= c[i] for i in range(4)) for o in counts)
        )
    return out


@lru_cache(maxsize=1)
def _group_tables() -> tuple[
    tuple[tuple[tuple[BigOption, ...], ...], ...], tuple[int, ...], SmallTable
]:
    """The three tables `_groups_possible` reads, fetched in one call."""
    return _options_within(), _min_small_cards(), _small_minimal()


def _groups_possible(points: tuple[int, ...], caps: tuple[int, ...]) -> bool:
    """Can the 21 valued cards be shared by four groups so that group i is worth points[i]
    in at most caps[i] cards (zeros fill the rest: the caps add up to 32)?

    The three most constrained groups (fewest options) choose their 20, 14, 11s and 10s; the
    fourth takes the big cards left; the small cards' table settles the rest.
    """
    within, min_small, small = _group_tables()
    p0, p1, p2, p3 = points
    if p0 > 152 or p1 > 152 or p2 > 152 or p3 > 152:
        return False
    opts = (within[p0][caps[0]], within[p1][caps[1]], within[p2][caps[2]], within[p3][caps[3]])
    if not (opts[0] and opts[1] and opts[2] and opts[3]):
        return False
    a, b, c, d = sorted(range(4), key=[len(o) for o in opts].__getitem__)
    cap_a, cap_b, cap_c, cap_d = caps[a], caps[b], caps[c], caps[d]
    point_d = points[d]
    for a20, a14, a11, a10, sa, na in opts[a]:
        for b20, b14, b11, b10, sb, nb in opts[b]:
            u20, u14, u11, u10 = a20 + b20, a14 + b14, a11 + b11, a10 + b10
            if u20 > 1 or u14 > 1 or u11 > 4 or u10 > 4 or sa + sb > SMALL_MAX:
                continue
            for c20, c14, c11, c10, sc, nc in opts[c]:
                # The fourth group takes every big card the other three leave.
                d20, d14 = 1 - u20 - c20, 1 - u14 - c14
                d11, d10 = 4 - u11 - c11, 4 - u10 - c10
                if d20 < 0 or d14 < 0 or d11 < 0 or d10 < 0:
                    continue
                sd = point_d - 20 * d20 - 14 * d14 - 11 * d11 - 10 * d10
                nd = d20 + d14 + d11 + d10
                if not 0 <= sd <= SMALL_MAX or nd + min_small[sd] > cap_d:
                    continue
                entries = small.get((sa, sb, sc, sd))
                if entries is None:
                    continue
                ra, rb, rc, rd = cap_a - na, cap_b - nb, cap_c - nc, cap_d - nd
                for xa, xb, xc, xd in entries:
                    if xa <= ra and xb <= rb and xc <= rc and xd <= rd:
                        return True
    return False


def _search_free(
    points: tuple[int, ...], tricks: tuple[int, ...] | None, last_trick: int | None, hand_size: int
) -> bool:
    """Three players, or four with the whole deck dealt (the fourth pile then takes what the
    first three leave). Places the 20 and the 14, then each pile's 11s and 10s, then looks
    the rest up in the small cards' table."""
    n = len(points)
    all_dealt = n * hand_size == 32
    if min(points) < 0 or sum(points) > 152 or (all_dealt and sum(points) != 152):
        return False
    min_valued = n * hand_size - ZEROS  # so that the zeros suffice to fill the piles
    small = _small_table(n, all_dealt)
    single = _small_single()
    options = _big_options()
    caps = [t * n for t in tricks] if tricks is not None else [n * hand_size] * n

    def fits(counts: list[int]) -> bool:
        if sum(counts) < min_valued:
            return False
        if tricks is not None:
            return all(counts[i] <= caps[i] for i in range(n))
        needed = [-(-count // n) for count in counts]  # tricks to hold the valued cards
        if last_trick is not None and needed[last_trick] == 0:
            needed[last_trick] = 1
        return sum(needed) <= hand_size

    # The 20 and the 14 go first to the richest piles: figures that are possible usually
    # turn out so at the first tries. -1: the card stays undealt.
    order = sorted(range(n), key=lambda i: -points[i])
    places = order if all_dealt else [*order, -1]
    for twenty in places:
        for fourteen in places:
            rest = list(points)
            base = [0] * n
            for card, seat in ((20, twenty), (14, fourteen)):
                if seat >= 0:
                    rest[seat] -= card
                    base[seat] += 1
            if min(rest) < 0:
                continue
            for a0, b0, s0 in options[rest[0]]:
                c0 = base[0] + a0 + b0
                if c0 > caps[0]:
                    continue
                for a1, b1, s1 in options[rest[1]]:
                    c1 = base[1] + a1 + b1
                    if a0 + a1 > 4 or b0 + b1 > 4 or s0 + s1 > SMALL_MAX or c1 > caps[1]:
                        continue
                    for a2, b2, s2 in options[rest[2]]:
                        elevens, tens = a0 + a1 + a2, b0 + b1 + b2
                        c2 = base[2] + a2 + b2
                        if elevens > 4 or tens > 4 or s0 + s1 + s2 > SMALL_MAX or c2 > caps[2]:
                            continue
                        if n == 3:
                            entries = small.get((s0, s1, s2), ())
                            if tricks is not None:
                                # fits() inlined for the common case (tricks given): room
                                # left in each pile, and enough valued cards in all.
                                r0, r1, r2 = caps[0] - c0, caps[1] - c1, caps[2] - c2
                                need = min_valued - c0 - c1 - c2
                                for x0, x1, x2 in entries:
                                    if x0 <= r0 and x1 <= r1 and x2 <= r2 and x0 + x1 + x2 >= need:
                                        return True
                                continue
                            for x0, x1, x2 in entries:
                                if fits([c0 + x0, c1 + x1, c2 + x2]):
                                    return True
                            continue
                        # Four players: the fourth pile takes the 11s and 10s left.
                        s3 = rest[3] - 11 * (4 - elevens) - 10 * (4 - tens)
                        if s3 not in single:
                            continue
                        c3 = base[3] + 8 - elevens - tens
                        entries = small.get((s0, s1, s2, s3), ())
                        if tricks is not None:
                            r0, r1, r2, r3 = caps[0] - c0, caps[1] - c1, caps[2] - c2, caps[3] - c3
                            need = min_valued - c0 - c1 - c2 - c3
                            for x0, x1, x2, x3 in entries:
                                if (
                                    x0 <= r0
                                    and x1 <= r1
                                    and x2 <= r2
                                    and x3 <= r3
                                    and x0 + x1 + x2 + x3 >= need
                                ):
                                    return True
                            continue
                        for x0, x1, x2, x3 in entries:
                            if fits([c0 + x0, c1 + x1, c2 + x2, c3 + x3]):
                                return True
    return False


def max_points(players: int, hand_size: int | None = None) -> int:
    """The most card points the dealt cards can hold: the richest `players × hand_size`
    cards (152 with 3 or 4; 146 with 2 of 9 cards: the 18 richest leave out three jacks of
    2; 150 with 2 of 10: one jack of 2 left out)."""
    if hand_size is None:
        hand_size = 8 if players == 4 else 9
    values = sorted((v for v, count in VALUES for _ in range(count)), reverse=True)
    return sum(values[: players * hand_size])
