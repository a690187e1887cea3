"""Combinations [комбинации]: notation, checks and seniority [старшинство] (rules §4).

`terz:KH` is the terz whose top card is the king of hearts (K Q J ♥). Runs use the natural
sequence order A K Q J 10 9 8 7 in every suit, trump included. Only one player (one pair)
scores terzes, fifties and hundreds: the holder of the single most senior one. Bella is apart:
it always scores for its holder when declared.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final, NamedTuple

from .cards import KING, QUEEN, Card, Suit, card_name, make_card, parse_card, parse_suit
from .conventions import Conventions

TERZ, FIFTY, HUNDRED, BELLA, DEBERTZ, KLABOR = (
    "terz",
    "fifty",
    "hundred",
    "bella",
    "debertz",
    "klabor",
)
RUN_LENGTH: Final = {TERZ: 3, FIFTY: 4, HUNDRED: 5, KLABOR: 6}
POINTS: Final = {TERZ: 20, FIFTY: 50, HUNDRED: 100, BELLA: 20, DEBERTZ: 0, KLABOR: 0}
CLASS: Final = {TERZ: 1, FIFTY: 2, HUNDRED: 3}  # seniority class: hundred > fifty > terz
WINS_MATCH: Final = (DEBERTZ, KLABOR)

# The players' own words are accepted too.
_KIND_ALIASES: Final = {
    "terz": TERZ,
    "терц": TERZ,
    "tierce": TERZ,
    "fifty": FIFTY,
    "полтинник": FIFTY,
    "берц": FIFTY,
    "полтина": FIFTY,
    "полташ": FIFTY,
    "пʼятдесят": FIFTY,
    "п'ятдесят": FIFTY,
    "hundred": HUNDRED,
    "сотня": HUNDRED,
    "bella": BELLA,
    "белла": BELLA,
    "бэлла": BELLA,
    "бела": BELLA,
    "debertz": DEBERTZ,
    "деберц": DEBERTZ,
    "klabor": KLABOR,
    "клабор": KLABOR,
}


class Declaration(NamedTuple):
    """A declared combination: its kind, top card (None for bella) and the cards it uses."""

    kind: str
    top: Card | None
    cards: tuple[Card, ...]
    text: str

    @property
    def points(self) -> int:
        return POINTS[self.kind]

    @property
    def canonical(self) -> str:
        return self.kind if self.top is None else f"{self.kind}:{card_name(self.top)}"


class BadDeclaration(ValueError):
    """A declaration that does not parse (`bad_combination`) or is not allowed here
    (`combination_not_allowed`)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def run_cards(top: Card, length: int) -> tuple[Card, ...] | None:
    """The `length` cards of a run from `top` down in sequence order, or None if it overflows."""
    seq = top & 7
    if seq + length > 8:
        return None
    return tuple(range(top, top + length))


def parse_declaration(text: Any, trump: Suit | None, conventions: Conventions) -> Declaration:
    """Read one declaration such as `terz:KH`, `fifty:AS`, `bella` under these conventions."""
    if isinstance(text, str):
        # The same few dozen notations come back deal after deal: read each once.
        found = _parse_cached(
            text, trump, conventions.hundred, conventions.debertz, conventions.klabor
        )
        if isinstance(found, BadDeclaration):
            raise BadDeclaration(found.code, str(found))
        return found
    return _parse(text, trump, conventions.hundred, conventions.debertz, conventions.klabor)


@lru_cache(maxsize=4096)
def _parse_cached(
    text: str, trump: Suit | None, hundred: bool, debertz: int, klabor: bool
) -> Declaration | BadDeclaration:
    try:
        return _parse(text, trump, hundred, debertz, klabor)
    except BadDeclaration as bad:
        return bad


class DeclarationTable(dict[tuple[str, Suit], "Declaration | BadDeclaration"]):
    """The declarations read so far under one set of combination rules: (text, trump) ->
    the Declaration, or the BadDeclaration it is. A plain dict lookup per declaration, for
    the scoresheet reader's fast path; `read` fills it."""

    __slots__ = ("debertz", "hundred", "klabor")

    LIMIT = 4096  # notations are the players' input: keep the table small

    def __init__(self, hundred: bool, debertz: int, klabor: bool) -> None:
        super().__init__()
        self.hundred = hundred
        self.debertz = debertz
        self.klabor = klabor

    def read(self, text: str, trump: Suit) -> Declaration | BadDeclaration:
        found = _parse_cached(text, trump, self.hundred, self.debertz, self.klabor)
        if len(self) < self.LIMIT:
            self[(text, trump)] = found
        return found


_TABLES: dict[tuple[bool, int, bool], DeclarationTable] = {}


def declaration_table(conventions: Conventions) -> DeclarationTable:
    """The shared DeclarationTable for these conventions' combination rules."""
    key = (conventions.hundred, conventions.debertz, conventions.klabor)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = DeclarationTable(*key)
    return table


def _parse(text: Any, trump: Suit | None, hundred: bool, debertz: int, klabor: bool) -> Declaration:
    if not isinstance(text, str) or not text.strip():
        raise BadDeclaration("bad_combination", f"{text!r} is not a combination")
    kind_text, _, card_text = text.strip().partition(":")
    kind = _KIND_ALIASES.get(kind_text.strip().lower())
    if kind is None:
        raise BadDeclaration("bad_combination", f"unknown combination {kind_text!r}")
    if kind == BELLA:
        if trump is None:
            raise BadDeclaration("combination_not_allowed", "bella needs a trump")
        if card_text.strip():
            # "bella:H" or "bella:KH"/"bella:QH" name the suit: it must be the trump.
            suit = parse_suit(card_text)
            if suit is None:
                card = parse_card(card_text)
                if card is None or card & 7 not in (KING, QUEEN):
                    raise BadDeclaration("bad_combination", f"{text!r}: bella is trump K + Q")
                suit = card >> 3
            if suit != trump:
                raise BadDeclaration("combination_not_allowed", f"{text!r}: bella is only in trump")
        return Declaration(BELLA, None, (make_card(trump, KING), make_card(trump, QUEEN)), text)
    top = parse_card(card_text)
    if top is None:
        raise BadDeclaration("bad_combination", f"{text!r}: unreadable top card {card_text!r}")
    if kind == HUNDRED and not hundred:
        raise BadDeclaration("combination_not_allowed", "a hundred needs the convention hundred")
    if kind == DEBERTZ:
        if not debertz:
            raise BadDeclaration("combination_not_allowed", "debertz is off at this table")
        length = debertz
    elif kind == KLABOR:
        if not klabor:
            raise BadDeclaration("combination_not_allowed", "klabor is not played at this table")
        if top & 7 != 0:
            raise BadDeclaration("bad_combination", f"{text!r}: a klabor runs from the ace")
        length = RUN_LENGTH[KLABOR]
    else:
        length = RUN_LENGTH[kind]
    cards = run_cards(top, length)
    if cards is None:
        raise BadDeclaration(
            "bad_combination", f"{text!r}: no {length} cards in sequence from {card_name(top)}"
        )
    return Declaration(kind, top, cards, text)


def overlapping_card(declarations: list[Declaration]) -> Card | None:
    """A card used by two of one player's combinations (bella may overlap a run), or None."""
    seen: set[Card] = set()
    for declaration in declarations:
        if declaration.kind == BELLA:
            continue
        for card in declaration.cards:
            if card in seen:
                return card
            seen.add(card)
    return None


def seniority_key(declaration: Declaration, trump: Suit, conventions: Conventions) -> tuple:
    """Class, then the higher top card, then (Moscow) trump: bigger is more senior."""
    assert declaration.top is not None
    trump_counts = conventions.trump_in_combination == "moscow" and declaration.top >> 3 == trump
    return (CLASS[declaration.kind], 7 - (declaration.top & 7), 1 if trump_counts else 0)


def best_runs(
    declared: list[list[Declaration]], trump: Suit, conventions: Conventions
) -> list[tuple | None]:
    """Each seat's most senior terz/fifty/hundred key, or None."""
    out: list[tuple | None] = []
    for mine in declared:
        keys = [seniority_key(d, trump, conventions) for d in mine if d.kind in CLASS]
        out.append(max(keys) if keys else None)
    return out


def seniority_winner(
    declared: list[list[Declaration]],
    trump: Suit,
    conventions: Conventions,
    order_from_eldest: list[int] | tuple[int, ...],
    last_trick_seat: int | None,
    side_of: list[int] | tuple[int, ...],
) -> tuple[int | None, str | None]:
    """The seat holding the single most senior run, and what decided it.

    `decided_by`: "only" (one holder), "class", "top_card", "trump", "eldest" or "last_trick".
    """
    keys = best_runs(declared, trump, conventions)
    held = {seat: key for seat in order_from_eldest if (key := keys[seat]) is not None}
    holders = list(held)
    if not holders:
        return None, None
    if len(holders) == 1:
        return holders[0], "only"
    best = max(held.values())
    tied = [seat for seat in holders if held[seat] == best]
    if len(tied) == 1:
        runner_up = max(key for key in held.values() if key != best)
        if runner_up[0] != best[0]:
            decided = "class"
        elif runner_up[1] != best[1]:
            decided = "top_card"
        else:
            decided = "trump"
        return tied[0], decided
    if conventions.combination_tie == "last_trick" and last_trick_seat is not None:
        for seat in tied:
            if side_of[seat] == side_of[last_trick_seat]:
                return seat, "last_trick"
    # `tied` keeps the order given: from the dealer's left, or (`first_declared`) from the
    # first leader.
    if conventions.combination_tie == "first_declared":
        return tied[0], "first_declared"
    return tied[0], "eldest"


def seat_in(players: list[str], name: str | None) -> int | None:
    return players.index(name) if name in players else None


def tie_order(
    conventions: Conventions, order_from_eldest: list[int] | tuple[int, ...], declarer: int | None
) -> list[int] | tuple[int, ...]:
    """The order in which equal combinations are tried (rules §4, `combination_tie`): from the
    dealer's left; under `first_declared` from the first leader, who declares first (the
    declarer under `first_lead: declarer`, else the eldest)."""
    if (
        conventions.combination_tie != "first_declared"
        or conventions.first_lead != "declarer"
        or declarer is None
        or declarer not in order_from_eldest
    ):
        return order_from_eldest
    start = list(order_from_eldest).index(declarer)
    return [*order_from_eldest[start:], *order_from_eldest[:start]]


def most_senior_seat(
    declared: list[list[Declaration]],
    trump: Suit,
    conventions: Conventions,
    order_from_eldest: list[int] | tuple[int, ...],
    last_trick_seat: int | None,
    side_of: list[int] | tuple[int, ...],
) -> int | None:
    """`seniority_winner`'s seat alone, for scoring a deal: the same order of seniority as
    `seniority_key`, written as one int (class, then top card, then trump) to compare."""
    moscow = conventions.trump_in_combination == "moscow"
    best = -1
    tied: list[int] = []
    for seat in order_from_eldest:
        key = -1
        for d in declared[seat]:
            kind_class = CLASS.get(d.kind)
            if kind_class is not None:
                top = d.top
                assert top is not None
                in_trump = 1 if moscow and top >> 3 == trump else 0
                mine = kind_class * 16 + (7 - (top & 7)) * 2 + in_trump
                if mine > key:
                    key = mine
        if key > best:
            best = key
            tied = [seat]
        elif key == best and key >= 0:
            tied.append(seat)
    if not tied:
        return None
    if (
        len(tied) > 1
        and conventions.combination_tie == "last_trick"
        and last_trick_seat is not None
    ):
        for seat in tied:
            if side_of[seat] == side_of[last_trick_seat]:
                return seat
    return tied[0]


def settle_combinations(
    declarations: dict[str, list[str]],
    trump: Any,
    players_from_eldest: list[str],
    conventions: Conventions,
    last_trick: str | None = None,
    pairs: bool | None = None,
    declarer: str | None = None,
) -> dict[str, Any]:
    """The referee's question "whose combinations count?" for declared combinations.

    `players_from_eldest` lists the players clockwise starting at the dealer's left.
    Returns `combinations_to` (the seniority winner or None), `decided_by`, `credited`
    (run points scored per player, trick requirement aside) and `bella` (20 per declarer of
    bella). Raises BadDeclaration for unreadable or disallowed notation.
    """
    suit = parse_suit(trump) if not isinstance(trump, int) else trump
    if suit is None:
        raise BadDeclaration("bad_card", f"unknown trump {trump!r}")
    n = len(players_from_eldest)
    pairs = n == 4 if pairs is None else pairs
    side_of = [seat % 2 for seat in range(n)] if pairs else list(range(n))
    parsed = [
        [parse_declaration(text, suit, conventions) for text in declarations.get(name, []) or []]
        for name in players_from_eldest
    ]
    last_seat = players_from_eldest.index(last_trick) if last_trick in players_from_eldest else None
    winner, decided_by = seniority_winner(
        parsed,
        suit,
        conventions,
        tie_order(conventions, list(range(n)), seat_in(players_from_eldest, declarer)),
        last_seat,
        side_of,
    )
    credited = {name: 0 for name in players_from_eldest}
    if winner is not None:
        for seat, name in enumerate(players_from_eldest):
            if side_of[seat] == side_of[winner]:
                credited[name] = sum(d.points for d in parsed[seat] if d.kind in CLASS)
    bella = {
        name: 20
        for seat, name in enumerate(players_from_eldest)
        if any(d.kind == BELLA for d in parsed[seat])
    }
    return {
        "combinations_to": players_from_eldest[winner] if winner is not None else None,
        "decided_by": decided_by,
        "credited": credited,
        "bella": bella,
    }
