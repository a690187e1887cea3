"""Contracts [заказ игры]: reading them, their price [цена игры] and the defenders'
obligation [обязательство вистующих] (rules §2–§3, seed 002's tables).

A contract is a level 6…10 and a suit ♠ < ♣ < ♦ < ♥ or no trumps [без козыря]. The suit
never changes the price; it only matters for Stalingrad [сталинград], the six of spades.
"""

from __future__ import annotations

from typing import Final, NamedTuple

LEVELS: Final = (6, 7, 8, 9, 10)
MISERE_PRICE: Final = 10  # мизер

# Price P by level: 6 → 2, 7 → 4, 8 → 6, 9 → 8, 10 → 10 (index by level).
PRICE: Final = (0, 0, 0, 0, 0, 0, 2, 4, 6, 8, 10)
# Defenders' obligation O [сколько взяток должны взять вистующие]: 6 → 4, 7 → 2, 8–10 → 1.
OBLIGATION: Final = (0, 0, 0, 0, 0, 0, 4, 2, 1, 1, 1)
# A whister's own share s = ⌈O / 2⌉: 6 → 2, 7…10 → 1.
SHARE: Final = (0, 0, 0, 0, 0, 0, 2, 1, 1, 1, 1)

# Suits in the record's letters, the card symbols and the seed's Russian letters
# (П пики, Т трефы, Б бубны, Ч черви; БК без козыря).
SUITS: Final[dict[str, str]] = {
    "S": "S",
    "♠": "S",
    "П": "S",
    "C": "C",
    "♣": "C",
    "Т": "C",
    "D": "D",
    "♦": "D",
    "Б": "D",
    "H": "H",
    "♥": "H",
    "Ч": "H",
    "NT": "NT",
    "БК": "NT",
}


def obligation_of(level: int, obligation_8: int) -> int:
    """The defenders' obligation O on `level`, the table's except on an eight, where the
    convention `obligation_8` decides (Kodex 35: "при восьмерной тоже две")."""
    return obligation_8 if level == 8 else OBLIGATION[level]


def share_of(obligation: int) -> int:
    """A whister's own share s = ⌈O / 2⌉ of the obligation O."""
    return (obligation + 1) // 2


class Contract(NamedTuple):
    """A game contract: `level` 6…10 and `suit` one of S, C, D, H, NT."""

    level: int
    suit: str

    @property
    def name(self) -> str:
        """The canonical notation, e.g. `7H`, `10NT`."""
        return f"{self.level}{self.suit}"

    @property
    def price(self) -> int:
        return PRICE[self.level]

    @property
    def obligation(self) -> int:
        return OBLIGATION[self.level]

    @property
    def share(self) -> int:
        return SHARE[self.level]


_READ: dict[str, Contract | None] = {}  # contracts already read: a pulka repeats a few


def parse_contract(text: object) -> Contract | None:
    """`6S`, `7♥`, `10NT`, `8 б` … → a Contract; None when it cannot be read."""
    if not isinstance(text, str):
        return None
    try:
        return _READ[text]
    except KeyError:
        pass
    contract = _parse(text)
    if len(_READ) < 4096:  # bounded: odd spellings must not grow it without end
        _READ[text] = contract
    return contract


def _parse(text: str) -> Contract | None:
    compact = "".join(text.split()).upper()
    digits = 2 if compact.startswith("10") else 1
    level_text, suit_text = compact[:digits], compact[digits:]
    if not level_text.isdigit() or int(level_text) not in LEVELS:
        return None
    suit = SUITS.get(suit_text)
    if suit is None:
        return None
    return Contract(int(level_text), suit)
