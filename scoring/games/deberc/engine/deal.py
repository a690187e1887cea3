"""Scoring one deal [сдача] (rules §5 and §6): totals, made / byte / hanging byte, hanging
pools, card byte and the other penalties, and who deals next.

Everything here works on *sides*: with 2 or 3 players a side is one player, with 4 players
in pairs a side is a pair (seats 1 & 3 against 2 & 4). The match module turns sides back into
player names for the result document.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import LAST_TRICK_BONUS
from .combinations import BELLA, CLASS, Declaration, most_senior_seat, tie_order
from .conventions import Conventions

CARD_BYTE_BASE = 162  # every card point of the deal plus the last trick
SENIOR_AFTER_QUESTION = "senior_after_question"
LATE_SENIOR = "late_senior"

MADE, BYTE, HANGING, VOID, CARD_BYTE, CLOSING, DEBERTZ, FIFTY_OFFER, PLAYED = (
    "made",
    "byte",
    "hanging",
    "void",
    "card_byte",
    "closing",
    "debertz",
    "fifty_offer",
    "played",  # short deberc without byte (`byte: no`, rules §7): everyone records their own
)


@dataclass(slots=True)
class Pool:
    """A hanging pool [висячий байт]: points waiting for the best eligible side."""

    points: int
    eligible: frozenset[int]  # sides
    forced: int | None = None  # `hanging_replay: forced`: the seat that must play for it


class Table:
    """The fixed facts of a match: its size, sides and conventions."""

    __slots__ = (
        "_left",
        "_sides_left",
        "conventions",
        "hand_size",
        "n",
        "opponents",
        "seats_of",
        "side_of",
        "sides",
    )

    def __init__(
        self, n: int, conventions: Conventions, side_of: tuple[int, ...], sides: int, hand_size: int
    ) -> None:
        self.n = n
        self.conventions = conventions
        self.side_of = side_of  # seat -> side
        self.sides = sides
        self.hand_size = hand_size  # 9 cards, 8 with four players
        # Clockwise orders from each dealer's left, asked for in every deal: built once.
        self._left = tuple(tuple((dealer + 1 + i) % n for i in range(n)) for dealer in range(n))
        sides_left = []
        for dealer in range(n):
            order: list[int] = []
            for seat in self._left[dealer]:
                if side_of[seat] not in order:
                    order.append(side_of[seat])
            sides_left.append(tuple(order))
        self._sides_left = tuple(sides_left)
        # Per side: its seats, and the other sides (asked for in every deal too).
        self.seats_of = tuple(
            tuple(seat for seat in range(n) if side_of[seat] == side) for side in range(sides)
        )
        self.opponents = tuple(
            tuple(other for other in range(sides) if other != side) for side in range(sides)
        )

    def from_left_of(self, dealer: int) -> tuple[int, ...]:
        """Seats clockwise starting at the dealer's left (the eldest first)."""
        return self._left[dealer]

    def sides_from_left_of(self, dealer: int) -> tuple[int, ...]:
        """Sides in clockwise order of their first seat from the dealer's left."""
        return self._sides_left[dealer]


@dataclass(slots=True)
class DealFacts:
    """A deal as read from the scoresheet, checked on its own (see match.read_deal)."""

    number: int
    void: bool = False
    four_sevens: bool = False
    low_points: int | None = None  # seat that asked for a redeal under `redeal_below` (§2)
    trump: int | None = None
    declarer: int | None = None
    declared: list[list[Declaration]] = field(default_factory=list)  # per seat
    points: list[int] | None = None
    last_trick: int | None = None
    tricks: list[int] | None = None
    closing: tuple[int, int] | None = None  # (seat, points)
    violation: tuple[int, str] | None = None  # (seat, kind)
    debertz: list[int] | tuple[()] = ()  # seats that declared debertz/klabor
    fifty_offer: int | None = None  # seat of the offeror
    bella_trick_winner: dict[int, int] | None = None  # from a card-by-card record
    false_declarations: set[tuple[int, int]] | frozenset[tuple[int, int]] = frozenset()
    pencil: tuple[int, int, int] | None = None  # pencil rule: seat, what it wrote, noticer seat
    # The first illegal card: seat, card, reason code, trick index, the trick's led card.
    illegal: tuple[int, int, str, int, int] | None = None
    # A ruling that does not stop the deal (§4 `senior_after_question`, §6 `renonce` under
    # `renonce_penalty: take_trick`): seat, kind; the deal is scored from its figures.
    ruling: tuple[int, str] | None = None
    taken: tuple[int, int | None] | None = None  # take_trick: the taker's seat, trick index
    # `late_senior` (§4): the seat and the index in its declarations of the senior
    # combination announced after a junior one: left out of seniority and of the points.
    left_out: tuple[int, int] | None = None
    asked: str | None = None  # the violation's optional `asked` (for the record only)


@dataclass(slots=True)
class DealScore:
    outcome: str
    combinations_to: int | None  # seat
    totals: list[int]  # per side
    recorded: list[int]  # per side
    next_dealer: int | None  # seat; None when the caller must decide
    is_byte_for: int | None = None  # side that wrote "Б" (counts for three_bytes_penalty)
    closing_side: int | None = None
    closing_true: bool = False
    debertz_seat: int | None = None
    last_trick_side: int | None = None
    # `hanging_replay: forced`: the hanging total that the next deal's declarer must play for
    # (None: this deal leaves no forced deal behind).
    forced_total: int | None = None


def halve(points: int, between: list[int], order: tuple[int, ...]) -> dict[int, int]:
    """Split `points` as equally as possible between the sides `between` (two, or three with
    four individuals); the points left over go one each to the earliest in `order`
    (clockwise from the dealer's left; project default: 31 among three is 11, 10, 10)."""
    ordered = sorted(between, key=order.index)
    share, left = divmod(points, len(ordered))
    return {side: share + (1 if i < left else 0) for i, side in enumerate(ordered)}


def side_took_trick(facts: DealFacts, table: Table, side: int) -> bool:
    """The side took at least one trick. Without `tricks`, a player with points or the last
    trick counts as having one, a player with 0 points as having none."""
    tricks = facts.tricks
    for seat in table.seats_of[side]:
        if tricks is not None:
            if tricks[seat] > 0:
                return True
        elif (facts.points and facts.points[seat] > 0) or facts.last_trick == seat:
            return True
    return False


def deal_totals(facts: DealFacts, table: Table, dealer: int) -> tuple[list[int], int | None]:
    """Each side's deal total (§5) and the seat that won the combinations' seniority."""
    conv = table.conventions
    side_of = table.side_of
    points = facts.points
    assert points is not None and facts.trump is not None
    if table.sides == table.n:
        totals = list(points)  # each player a side: side i is seat i
    else:
        totals = [0] * table.sides
        for seat in range(table.n):
            totals[side_of[seat]] += points[seat]
    if facts.last_trick is not None:
        totals[side_of[facts.last_trick]] += LAST_TRICK_BONUS
    declared = facts.declared
    if not any(declared):
        return totals, None
    competing = declared
    if facts.left_out is not None:
        late_seat, late_index = facts.left_out
        competing = [
            [d for i, d in enumerate(mine) if i != late_index] if seat == late_seat else mine
            for seat, mine in enumerate(declared)
        ]
    if facts.ruling is not None and facts.ruling[1] == SENIOR_AFTER_QUESTION:
        # The asker's (pair's) terzes, fifties and hundreds are annulled; seniority is
        # decided among the others as usual (§4). Bella is not touched.
        asker_side = side_of[facts.ruling[0]]
        competing = [
            [] if side_of[seat] == asker_side else mine for seat, mine in enumerate(declared)
        ]
    winner = most_senior_seat(
        competing,
        facts.trump,
        conv,
        tie_order(conv, table.from_left_of(dealer), facts.declarer),
        facts.last_trick,
        side_of,
    )
    if winner is not None:
        winning_side = side_of[winner]
        if not conv.combinations_need_trick or side_took_trick(facts, table, winning_side):
            for seat in table.seats_of[winning_side]:
                for d in competing[seat]:
                    if d.kind in CLASS:
                        totals[winning_side] += d.points
    for seat, mine in enumerate(declared):
        if mine and any(d.kind == BELLA for d in mine):
            to_seat = seat
            if conv.bella_to_trick_winner and facts.bella_trick_winner is not None:
                to_seat = facts.bella_trick_winner.get(seat, seat)
            totals[side_of[to_seat]] += 20
    return totals, winner


def next_dealer_by_totals(
    totals: list[int], table: Table, dealer: int, declarer_side: int | None
) -> int:
    """`dealer: winner`: the side with the highest deal total deals; when the declarer ties an
    opponent, the opponent; between tied opponents (or for a pair) the first seat clockwise
    from the current dealer's left."""
    if table.conventions.dealer == "clockwise":
        return (dealer + 1) % table.n
    top = max(totals)
    if totals.count(top) == 1:
        best_side = totals.index(top)
        if table.sides == table.n:
            return best_side  # each player a side: the side is the seat
        best = {best_side}
    else:
        best = {side for side in range(table.sides) if totals[side] == top}
        if declarer_side in best:
            best.discard(declarer_side)
    side_of = table.side_of
    for seat in table.from_left_of(dealer):
        if side_of[seat] in best:
            return seat
    raise AssertionError("no side has the top total")


def play_pools(
    pools: list[Pool],
    totals: list[int],
    recorded: list[int],
    table: Table,
    dealer: int,
    split_between: list[int] | None,
) -> list[Pool]:
    """Play the pools already hanging before this deal; returns the pools still hanging.

    With `hanging_separately` only the oldest pool is played. A pool goes to the eligible side
    with the highest deal total; a shared top keeps it hanging. `split_between` (the two
    opponents of a 3-player byte under `hanging_on_byte_3p: split`) shares it instead, among
    those of them who are eligible for it (see `split_pool`).
    """
    if not pools:
        return pools
    playing = pools[:1] if table.conventions.hanging_separately else pools
    still: list[Pool] = []
    order = table.sides_from_left_of(dealer)
    for pool in playing:
        if split_between is not None:
            shares = split_pool(pool, split_between, order)
            if shares is None:
                still.append(pool)
                continue
            for side, share in shares.items():
                recorded[side] += share
            continue
        top = max(totals[side] for side in pool.eligible)
        best = [side for side in pool.eligible if totals[side] == top]
        if len(best) == 1:
            recorded[best[0]] += pool.points
        else:
            still.append(pool)
    return still + pools[len(playing) :]


def split_pool(pool: Pool, opponents: list[int], order: tuple[int, ...]) -> dict[int, int] | None:
    """`hanging_on_byte_3p: split`: the pool's shares among the byte's two opponents.

    A pool never goes to a side that is not eligible for it (rules §5): with both opponents
    eligible it is halved; with one (a pool only two players can win, the other of them being
    the byte's declarer) that one takes it whole. None: no opponent is eligible, so it keeps
    hanging (a pool has at least two eligible sides of three, so this does not happen).
    """
    eligible = [side for side in opponents if side in pool.eligible]
    if len(eligible) >= 2:
        return halve(pool.points, eligible, order)
    if len(eligible) == 1:
        return {eligible[0]: pool.points}
    return None


def add_pool(pools: list[Pool], points: int, eligible: frozenset[int], table: Table) -> list[Pool]:
    """Hang a new pool: queued with `hanging_separately`, else joined to the one hanging."""
    if points <= 0:
        return pools  # a pool of 0 points is not created
    if table.conventions.hanging_separately or not pools:
        return [*pools, Pool(points, eligible)]
    joined = pools[0]
    return [Pool(joined.points + points, joined.eligible | eligible)]


def score_played(
    facts: DealFacts,
    table: Table,
    dealer: int,
    pools: list[Pool],
    force_byte: bool = False,
    forced: int | None = None,
) -> tuple[DealScore, list[Pool]]:
    """A deal played out: made, byte or hanging byte (§5), with pools and bolt penalty.
    `force_byte`: the pencil rule declared the declarer in byte whatever the figures.
    `forced`: under `hanging_replay: forced`, the hanging total this forced deal is played
    for (None: not a forced deal)."""
    conv = table.conventions
    totals, winner = deal_totals(facts, table, dealer)
    assert facts.declarer is not None
    declarer_side = table.side_of[facts.declarer]
    opponents = list(table.opponents[declarer_side])
    best = totals[opponents[0]] if len(opponents) == 1 else max([totals[s] for s in opponents])
    recorded = list(totals)
    new_pool: tuple[int, frozenset[int]] | None = None
    split_pools_between: list[int] | None = None
    byte_for: int | None = None
    declared_total = totals[declarer_side]
    carried = forced or 0  # the forced deal's hanging total goes with the declarer's total
    forced_total: int | None = None
    if not conv.byte:
        # Short deberc without byte (§7, seed 001 l.178–179): nobody is in byte, everyone
        # records their own total; no pools are played or made.
        outcome = PLAYED
    elif declared_total > best and not force_byte:
        outcome = MADE
        if conv.winner_takes_all:
            recorded = [0] * table.sides
            recorded[declarer_side] = sum(totals)
        recorded[declarer_side] += carried
    elif declared_total < best or force_byte:
        outcome = BYTE
        byte_for = declarer_side
        recorded[declarer_side] = 0
        declared_total += carried
        top_opponents = [side for side in opponents if totals[side] == best]
        if len(opponents) == 1:
            recorded[opponents[0]] += declared_total
        elif conv.byte_3p == "split":
            order = table.sides_from_left_of(dealer)
            for side, share in halve(declared_total, opponents, order).items():
                recorded[side] += share
        elif len(top_opponents) == 1:
            recorded[top_opponents[0]] += declared_total
        else:
            # Byte with the two opponents equal: only they can win these points later.
            new_pool = (declared_total, frozenset(top_opponents))
        if len(opponents) >= 2 and conv.hanging_on_byte_3p == "split":
            split_pools_between = opponents
    else:
        outcome = HANGING
        recorded[declarer_side] = 0
        if conv.hanging_replay == "forced":
            # Odessa's висяк: no pool; the same declarer must play the next deal for it.
            forced_total = declared_total + carried
        else:
            new_pool = (declared_total, frozenset(range(table.sides)))
    if pools:
        pools = play_pools(pools, totals, recorded, table, dealer, split_pools_between)
    if new_pool is not None:
        pools = add_pool(pools, new_pool[0], new_pool[1], table)
    if conv.bolt_penalty:
        for side in range(table.sides):
            if not side_took_trick(facts, table, side):
                recorded[side] -= conv.bolt_penalty
    score = DealScore(
        outcome,
        winner,
        totals,
        recorded,
        next_dealer_by_totals(totals, table, dealer, declarer_side),
        byte_for,
        last_trick_side=None if facts.last_trick is None else table.side_of[facts.last_trick],
        forced_total=forced_total,
    )
    if forced_total is not None:
        score.next_dealer = (dealer + 1) % table.n  # the forced deal is dealt clockwise
    return score, pools


def score_card_byte(
    facts: DealFacts, table: Table, dealer: int, pools: list[Pool]
) -> tuple[DealScore, list[Pool]]:
    """A violation (§6): card byte [байт на картах], or Odessa's redeal with −100."""
    conv = table.conventions
    assert facts.violation is not None
    violator, kind = facts.violation
    violator_side = table.side_of[violator]
    zeros = [0] * table.sides
    if kind == "renonce" and conv.renonce_penalty == "redeal_minus_100":
        recorded = list(zeros)
        recorded[violator_side] = -100
        # Pools stay; the deal is dealt again by the next dealer in turn (rules §6, a
        # project reading of seed 001 l.158 «карты сдаются всегда по очереди»).
        return DealScore(CARD_BYTE, None, zeros, recorded, (dealer + 1) % table.n), pools
    everything = CARD_BYTE_BASE
    for seat in range(table.n):
        for index, declaration in enumerate(facts.declared[seat]):
            if (seat, index) not in facts.false_declarations:
                everything += declaration.points
    totals = list(zeros)
    others = [side for side in range(table.sides) if side != violator_side]
    if len(others) == 1:
        totals[others[0]] = everything
    else:
        for side, share in halve(everything, others, table.sides_from_left_of(dealer)).items():
            totals[side] = share
    recorded = list(totals)
    pools = play_pools(pools, totals, recorded, table, dealer, None)
    score = DealScore(
        CARD_BYTE,
        None,
        totals,
        recorded,
        next_dealer_by_totals(totals, table, dealer, None),
        is_byte_for=violator_side,
    )
    return score, pools
