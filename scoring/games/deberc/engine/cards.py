"""Cards [карты] and their notation, points and trick order (rules §1).

A card is a small int: `suit * 8 + seq`, where `seq` is the card's place in the natural
sequence order A K Q J 10 9 8 7 (0 = ace … 7 = seven). Combinations are runs of consecutive
`seq` in one suit, so this encoding makes them cheap to find; points and trick strength are
looked up in per-trump tables built once at import.
"""

from __future__ import annotations

from typing import Final

Card = int
Suit = int

SUIT_LETTERS: Final = "CDHS"  # clubs ♣, diamonds ♦, hearts ♥, spades ♠
RANK_NAMES: Final = ("A", "K", "Q", "J", "10", "9", "8", "7")  # by seq
SUIT_SYMBOLS: Final = "♣♦♥♠"
NO_TRUMP: Final = 4  # table index for "no trump chosen" (void deal)

DECK: Final = tuple(range(32))
ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT, SEVEN = range(8)

# Card points [очки]: trump J 20, trump 9 14, A 11, 10 10, K 4, Q 3, non-trump J 2, rest 0.
_PLAIN_POINTS = (11, 4, 3, 2, 10, 0, 0, 0)
_TRUMP_POINTS = (11, 4, 3, 20, 10, 14, 0, 0)
# Trick order, high to low: trump J 9 A 10 K Q 8 7; other suits A 10 K Q J 9 8 7.
# Strength is higher for a stronger card; trumps get +8 so that any trump beats any plain card.
_PLAIN_STRENGTH = (7, 5, 4, 3, 6, 2, 1, 0)
_TRUMP_STRENGTH = (13, 11, 10, 15, 12, 14, 9, 8)

TOTAL_CARD_POINTS: Final = 152
LAST_TRICK_BONUS: Final = 10


def _table(
    trump_values: tuple[int, ...], plain_values: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple((trump_values if card >> 3 == trump else plain_values)[card & 7] for card in DECK)
        for trump in range(5)
    )


# POINTS[trump][card], STRENGTH[trump][card]; trump == NO_TRUMP gives plain values throughout.
POINTS: Final = _table(_TRUMP_POINTS, _PLAIN_POINTS)
STRENGTH: Final = _table(_TRUMP_STRENGTH, _PLAIN_STRENGTH)


def suit_of(card: Card) -> Suit:
    return card >> 3


def seq_of(card: Card) -> int:
    return card & 7


def make_card(suit: Suit, seq: int) -> Card:
    return suit * 8 + seq


def card_name(card: Card) -> str:
    """The canonical notation: rank + suit letter, e.g. `10H`, `QS`, `7C`."""
    return RANK_NAMES[card & 7] + SUIT_LETTERS[card >> 3]


CARD_NAMES: Final = tuple(card_name(card) for card in DECK)

# Input aliases. Latin `T` is ten; Cyrillic Т is туз (ace) as a rank and трефы (clubs) as a suit.
_RANKS: Final = {
    "A": ACE,
    "K": KING,
    "Q": QUEEN,
    "J": JACK,
    "10": TEN,
    "T": TEN,
    "9": NINE,
    "8": EIGHT,
    "7": SEVEN,
    "Т": ACE,
    "К": KING,
    "Д": QUEEN,
    "В": JACK,
}
_SUITS: Final = {
    "C": 0,
    "D": 1,
    "H": 2,
    "S": 3,
    "♣": 0,
    "♦": 1,
    "♥": 2,
    "♠": 3,
    "♧": 0,
    "♢": 1,
    "♡": 2,
    "♤": 3,
    "Т": 0,
    "Б": 1,
    "Ч": 2,
    "П": 3,
    "ТРЕФЫ": 0,
    "ТРЕФИ": 0,
    "ТРЕФА": 0,
    "КРЕСТИ": 0,
    "ХРЕСТИ": 0,
    "БУБНЫ": 1,
    "БУБНИ": 1,
    "БУБНА": 1,
    "ЧЕРВИ": 2,
    "ЧИРВИ": 2,
    "ЧЕРВА": 2,
    "ЧІРВИ": 2,
    "ПИКИ": 3,
    "ПІКИ": 3,
    "ПИКА": 3,
    "ПІКА": 3,
    "CLUBS": 0,
    "DIAMONDS": 1,
    "HEARTS": 2,
    "SPADES": 3,
}


def parse_suit(text: object) -> Suit | None:
    """A suit from a letter, symbol or Russian/Ukrainian letter or word; None if unreadable."""
    if not isinstance(text, str):
        return None
    suit = _SUITS.get(text)
    return suit if suit is not None else _SUITS.get(text.strip().upper())


def parse_card(text: object) -> Card | None:
    """A card from any accepted notation (`10H`, `TH`, `Q♠`, `ДП`, `Т Т`); None if unreadable."""
    # Scoresheets mostly use the canonical form: one dict lookup instead of parsing.
    card = _KNOWN.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    return _parse_card(text)


def parse_cards_fast(texts: list) -> list[Card] | None:
    """Canonical card names to cards in one pass; None if any is not canonical (the caller
    then parses card by card and reports what is wrong)."""
    try:
        return [_KNOWN[text] for text in texts]
    except (KeyError, TypeError):
        return None


def _parse_card(text: object) -> Card | None:
    if not isinstance(text, str):
        return None
    token = text.strip().upper().replace(" ", "")
    if len(token) < 2:
        return None
    # Try the longest rank prefix first ("10" before "1").
    for cut in (2, 1):
        rank = _RANKS.get(token[:cut])
        if rank is not None:
            suit = _SUITS.get(token[cut:])
            if suit is not None:
                return suit * 8 + rank
    return None


_KNOWN: Final[dict[str, Card]] = {}
for _card in DECK:
    _KNOWN[card_name(_card)] = _card
    _KNOWN[card_name(_card).replace("10", "T")] = _card
    _KNOWN[RANK_NAMES[_card & 7] + SUIT_SYMBOLS[_card >> 3]] = _card


def card_points(card: Card, trump: Suit) -> int:
    return POINTS[trump][card]


def cards_points(cards: list[Card] | tuple[Card, ...], trump: Suit) -> int:
    table = POINTS[trump]
    return sum(table[card] for card in cards)


def trick_winner_index(trick: list[Card] | tuple[Card, ...], trump: Suit) -> int:
    """Index in `trick` of the winning card: the highest trump, else the highest of the led suit."""
    strength = STRENGTH[trump]
    led = trick[0] >> 3
    best = 0
    best_strength = strength[trick[0]]
    for index in range(1, len(trick)):
        card = trick[index]
        suit = card >> 3
        if suit != led and suit != trump:
            continue
        value = strength[card]
        if value > best_strength:
            best, best_strength = index, value
    return best
