"""Trick play [розыгрыш]: which cards may be played, who takes a trick, and reading a deal
recorded card by card (rules §3).

Follow suit. Void in the led suit: play a trump if you have one. Void in both: any card.
When trump is led, beat the highest trump on the trick if you can [перебивать козырь];
under `overtrump: always` also when you trump a plain lead that someone already trumped.
A card against these rules is a renonce [фальшренонс].
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from .cards import KING, NO_TRUMP, POINTS, QUEEN, STRENGTH, Card, Suit, card_name, parse_card
from .cards import parse_suit as _parse_suit
from .cards import trick_winner_index as _winner_index

MUST_FOLLOW_SUIT: Final = "must_follow_suit"
MUST_TRUMP: Final = "must_trump"
MUST_OVERTRUMP: Final = "must_overtrump"


def refusal(
    card: Card, hand: list[Card] | tuple[Card, ...], trick: list[Card], trump: Suit, always: bool
) -> str | None:
    """Why `card` may not be played from `hand` onto `trick` (None if it may)."""
    if not trick:
        return None
    led = trick[0] >> 3
    suit = card >> 3
    strength = STRENGTH[trump]
    if suit == led:
        if led != trump:
            return None
        # Trump led: beat the highest trump on the trick when able.
        top = max(strength[c] for c in trick)
        if strength[card] < top and any(c >> 3 == trump and strength[c] > top for c in hand):
            return MUST_OVERTRUMP
        return None
    if any(c >> 3 == led for c in hand):
        return MUST_FOLLOW_SUIT
    if trump == NO_TRUMP or not any(c >> 3 == trump for c in hand):
        return None
    if suit != trump:
        return MUST_TRUMP
    if always:
        trumps_on_trick = [strength[c] for c in trick if c >> 3 == trump]
        if trumps_on_trick:
            top = max(trumps_on_trick)
            if strength[card] < top and any(c >> 3 == trump and strength[c] > top for c in hand):
                return MUST_OVERTRUMP
    return None


def legal_cards(
    hand: list[Any], trick: list[Any], trump: Any, overtrump: str = "trump_lead"
) -> dict[str, Any]:
    """The cards of `hand` that may be played onto `trick` (cards in any accepted notation).

    Returns {"legal": [names], "refused": {name: reason_code}} with the reason codes
    `must_follow_suit`, `must_trump`, `must_overtrump`. Raises ValueError for an unreadable
    card, suit or overtrump value.
    """
    trump_suit = trump if isinstance(trump, int) else _parse_suit(trump)
    if trump_suit is None:
        raise ValueError(f"unknown trump {trump!r}")
    if overtrump not in ("trump_lead", "always"):
        raise ValueError(f"overtrump is trump_lead or always, not {overtrump!r}")
    hand_cards = [_card(text) for text in hand]
    trick_cards = [_card(text) for text in trick]
    legal: list[str] = []
    refused: dict[str, str] = {}
    for card in hand_cards:
        reason = refusal(card, hand_cards, trick_cards, trump_suit, overtrump == "always")
        if reason is None:
            legal.append(card_name(card))
        else:
            refused[card_name(card)] = reason
    return {"legal": legal, "refused": refused}


def _card(text: Any) -> Card:
    card = text if isinstance(text, int) and 0 <= text < 32 else parse_card(text)
    if card is None:
        raise ValueError(f"unreadable card {text!r}")
    return card


class IllegalCard(NamedTuple):
    seat: int
    card: Card
    reason: str
    trick: int  # 0-based trick index


class PlayedDeal(NamedTuple):
    """What a card-by-card record shows, up to where it stops."""

    points: list[int]  # card points in each seat's tricks
    tricks: list[int]  # tricks taken per seat
    last_trick: int | None  # seat that took the last (ninth/eighth) trick, if played
    complete: bool  # every trick played
    illegal: IllegalCard | None  # the first illegal card; play stops there
    next_to_play: int | None  # seat whose turn it is where the record stops
    tricks_done: int  # complete tricks before the stop
    trump_jack_trick: int | None  # index of the trick holding the trump jack, if played
    won_after_jack: list[bool]  # per seat: took a trick after the trump jack's trick
    bella_trick_winner: dict[int, int]  # bella holder seat -> seat that took its trick
    winners: tuple[int, ...] = ()  # per complete trick, the seat that took it


def play_deal(
    hands: list[list[Card]],
    tricks: list[list[Card]],
    trump: Suit,
    first_leader: int,
    always_overtrump: bool,
    hand_size: int,
    past_renonce: bool = False,
) -> PlayedDeal:
    """Play the recorded tricks from the hands, checking each card's legality.

    The play stops at the first illegal card, unless `past_renonce` (`renonce_penalty:
    take_trick`, where a renonce is punished after the deal): then it goes on to the end and
    `illegal` is the first illegal card. The caller has already checked the hands' sizes
    and that no card repeats; a card not in the hand of the seat on turn raises ValueError
    (the record cannot be read).
    """
    n = len(hands)
    remaining = [list(hand) for hand in hands]
    points = [0] * n
    taken = [0] * n
    table = POINTS[trump]
    leader = first_leader
    last_trick: int | None = None
    jack = trump * 8 + 3
    jack_trick: int | None = None
    won_after_jack = [False] * n
    bella_trick: dict[int, int] = {}
    bella_pending = {
        seat: True
        for seat in range(n)
        if trump * 8 + KING in hands[seat] and trump * 8 + QUEEN in hands[seat]
    }
    following = tuple((seat + 1) % n for seat in range(n))
    check_bella = bool(bella_pending)
    illegal: IllegalCard | None = None
    winners: list[int] = []
    for index, trick in enumerate(tricks):
        seat = leader
        played: list[Card] = []
        bella_here: list[int] = []
        for card in trick:
            hand = remaining[seat]
            if card not in hand:
                raise ValueError(
                    f"trick {index + 1}: {card_name(card)} is not in the hand of seat {seat + 1}"
                )
            # Leading, or following a plain suit, is always legal: skip the full check.
            if played and (card >> 3 != played[0] >> 3 or card >> 3 == trump):
                reason = refusal(card, hand, played, trump, always_overtrump)
                if reason is not None and past_renonce:
                    if illegal is None:
                        illegal = IllegalCard(seat, card, reason, index)
                elif reason is not None:
                    return PlayedDeal(
                        points,
                        taken,
                        None,
                        False,
                        IllegalCard(seat, card, reason, index),
                        seat,
                        index,
                        jack_trick,
                        won_after_jack,
                        bella_trick,
                        tuple(winners),
                    )
            hand.remove(card)
            played.append(card)
            if card == jack:
                jack_trick = index
            if (
                check_bella
                and card >> 3 == trump
                and card & 7 in (KING, QUEEN)
                and bella_pending.get(seat)
            ):
                bella_pending[seat] = False
                bella_here.append(seat)
            seat = following[seat]
        if len(played) < n:
            # The record stops inside this trick: a closing or a violation must explain it.
            return PlayedDeal(
                points,
                taken,
                None,
                False,
                illegal,
                seat,
                index,
                jack_trick,
                won_after_jack,
                bella_trick,
                tuple(winners),
            )
        winner = (leader + _winner_index(played, trump)) % n
        winners.append(winner)
        for card in played:
            points[winner] += table[card]
        taken[winner] += 1
        if jack_trick is not None and jack_trick < index:
            won_after_jack[winner] = True
        for holder in bella_here:
            bella_trick[holder] = winner
        leader = winner
        if index == hand_size - 1:
            last_trick = winner
    complete = len(tricks) == hand_size
    return PlayedDeal(
        points,
        taken,
        last_trick,
        complete,
        illegal,
        None if complete else leader,
        len(tricks),
        jack_trick,
        won_after_jack,
        bella_trick,
        tuple(winners),
    )
