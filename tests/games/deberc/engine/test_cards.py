"""Rules §1: cards, notation, card points and trick order."""

from __future__ import annotations

from itertools import pairwise

import pytest

from scoring.games.deberc.engine.cards import (
    DECK,
    card_name,
    card_points,
    cards_points,
    parse_card,
    parse_suit,
    trick_winner_index,
)

from .helpers import deal, score

H, C, D, S = (parse_suit(letter) for letter in "HCDS")


def test_deck_has_32_cards_seven_to_ace_in_four_suits() -> None:
    names = {card_name(card) for card in DECK}
    assert len(names) == 32
    for suit in "CDHS":
        for rank in ("7", "8", "9", "10", "J", "Q", "K", "A"):
            assert f"{rank}{suit}" in names


@pytest.mark.parametrize("text", ["10H", "QS", "7C", "AD", "JH", "9S", "KD", "8C"])
def test_canonical_notation_round_trips(text: str) -> None:
    assert card_name(parse_card(text)) == text


def test_t_means_ten() -> None:
    assert card_name(parse_card("TH")) == "10H"
    assert card_name(parse_card("TS")) == "10S"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("Q♠", "QS"), ("A♥", "AH"), ("10♦", "10D"), ("7♣", "7C"), ("J♥", "JH")],
)
def test_suit_symbols_are_read(text: str, canonical: str) -> None:
    assert card_name(parse_card(text)) == canonical


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        # Ranks В валет = J, Д дама = Q, К король = K, Т туз = A.
        ("ВЧ", "JH"),
        ("ДП", "QS"),
        ("КБ", "KD"),
        ("ТЧ", "AH"),
        # Suits П пики ♠, Т трефы ♣, Б бубны ♦, Ч черви ♥.
        ("10П", "10S"),
        ("9Т", "9C"),
        ("7Б", "7D"),
        ("8Ч", "8H"),
        # Т is туз as a rank and трефы as a suit: ТТ is the ace of clubs.
        ("ТТ", "AC"),
        ("ВТ", "JC"),
    ],
)
def test_russian_letters_are_read(text: str, canonical: str) -> None:
    assert card_name(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["", "1H", "11H", "6S", "AX", "H", "ZZ", "10", None, 10])
def test_unreadable_cards_are_refused(text: object) -> None:
    assert parse_card(text) is None


def test_output_is_always_canonical_in_the_result() -> None:
    # A trump given as a symbol or Russian letter is read; the declarations come back canonical
    # in the result through combinations_to only, so check the deal is scored as hearts:
    # trump ♥ with bella (KH+QH) is allowed, bella in another suit would not be.
    by_symbol = score(
        ["Anna", "Boris"],
        [deal("♥", "Anna", {"Anna": 80, "Boris": 40}, "Anna", declarations={"Anna": ["bella"]})],
    )
    by_letter = score(
        ["Anna", "Boris"],
        [deal("Ч", "Anna", {"Anna": 80, "Boris": 40}, "Anna", declarations={"Anna": ["bella"]})],
    )
    # Anna: 80 + 10 (last trick) + 20 (bella) = 110.
    assert by_symbol["deals"][0]["totals"] == {"Anna": 110, "Boris": 40}
    assert by_letter["deals"][0]["totals"] == by_symbol["deals"][0]["totals"]


@pytest.mark.parametrize("trump", "CDHS")
def test_card_points_add_up_to_152_whatever_the_trump(trump: str) -> None:
    assert cards_points(list(DECK), parse_suit(trump)) == 152


def test_card_points_trump_and_plain() -> None:
    # trump J 20, trump 9 14, A 11, 10 10, K 4, Q 3, non-trump J 2, the rest 0.
    expected = {
        "JH": 20,
        "9H": 14,
        "AH": 11,
        "10H": 10,
        "KH": 4,
        "QH": 3,
        "8H": 0,
        "7H": 0,
        "JS": 2,
        "9S": 0,
        "AS": 11,
        "10S": 10,
        "KS": 4,
        "QS": 3,
        "8S": 0,
        "7S": 0,
    }
    assert {name: card_points(parse_card(name), H) for name in expected} == expected


def _winner(cards: list[str], trump: str) -> str:
    return cards[trick_winner_index([parse_card(c) for c in cards], parse_suit(trump))]


def test_trump_order_is_j_9_a_10_k_q_8_7() -> None:
    order = ["JH", "9H", "AH", "10H", "KH", "QH", "8H", "7H"]
    for high, low in pairwise(order):
        assert _winner([low, high], "H") == high
        assert _winner([high, low], "H") == high


def test_plain_order_is_a_10_k_q_j_9_8_7() -> None:
    order = ["AS", "10S", "KS", "QS", "JS", "9S", "8S", "7S"]
    for high, low in pairwise(order):
        assert _winner([low, high], "H") == high
        assert _winner([high, low], "H") == high


def test_any_trump_beats_the_led_suit_and_off_suit_cards_never_win() -> None:
    assert _winner(["AS", "7H"], "H") == "7H"
    assert _winner(["7S", "AD", "AC"], "H") == "7S"  # nobody followed, nobody trumped
    assert _winner(["9S", "JH", "7H", "AS"], "H") == "JH"


def test_sequence_order_for_combinations_is_natural_a_k_q_j_10() -> None:
    # A terz from the ace is A-K-Q (never A-10-K): see test_combinations for the declarations;
    # here: 10 and 9 are neighbours in sequence order even in trump.
    from scoring.games.deberc.engine.combinations import run_cards

    assert [card_name(c) for c in run_cards(parse_card("AH"), 3)] == ["AH", "KH", "QH"]
    assert [card_name(c) for c in run_cards(parse_card("JH"), 3)] == ["JH", "10H", "9H"]
    assert run_cards(parse_card("8H"), 3) is None  # nothing below the 7
