"""Rules §2–§3: contracts [заказ], prices [цена игры] and obligations (seed 002's tables)."""

from __future__ import annotations

import pytest

from scoring.games.preferans.engine.contracts import (
    OBLIGATION,
    PRICE,
    SHARE,
    Contract,
    parse_contract,
)

from .helpers import A, B, C, codes, game, record


@pytest.mark.parametrize(
    ("text", "level", "suit"),
    [
        ("6S", 6, "S"),
        ("7C", 7, "C"),
        ("8D", 8, "D"),
        ("9H", 9, "H"),
        ("10NT", 10, "NT"),
        ("6♠", 6, "S"),
        ("7♣", 7, "C"),
        ("8♦", 8, "D"),
        ("10♥", 10, "H"),
        ("7h", 7, "H"),
        ("9 nt", 9, "NT"),
        ("6П", 6, "S"),  # пики
        ("7Т", 7, "C"),  # трефы
        ("8б", 8, "D"),  # бубны
        ("9Ч", 9, "H"),  # черви
        ("10БК", 10, "NT"),  # без козыря
    ],
)
def test_a_contract_is_read_with_letters_symbols_or_the_seeds_russian_letters(
    text: str, level: int, suit: str
) -> None:
    assert parse_contract(text) == Contract(level, suit)


@pytest.mark.parametrize("text", ["5S", "11H", "6X", "", "S6", "6", "10", "1S", None, 7, "6SS"])
def test_an_unreadable_contract_is_none(text: object) -> None:
    assert parse_contract(text) is None


def test_prices_and_obligations_are_the_seeds_tables() -> None:
    """Kodex 35: "Вистующий же или оба обязаны при шестерной игре взять 4 взятки, при
    семерной — две"; the project reads 8 → 1 (rules §3)."""
    assert [PRICE[level] for level in range(6, 11)] == [2, 4, 6, 8, 10]
    assert [OBLIGATION[level] for level in range(6, 11)] == [4, 2, 1, 1, 1]
    assert [SHARE[level] for level in range(6, 11)] == [2, 1, 1, 1, 1]
    assert Contract(7, "H").name == "7H" and Contract(7, "H").price == 4


def test_it_refuses_an_unreadable_contract_or_kind() -> None:
    assert codes(record([game(B, "11S", {C: "pass", A: "pass"})])) == [(1, "bad_contract")]
    assert codes(record([{"kind": "bridge", "declarer": B}])) == [(1, "bad_contract")]
