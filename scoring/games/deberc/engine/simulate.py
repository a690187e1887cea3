"""Random legal deals, for tests, demos and benchmarks (no rule lives here: every card is
chosen among those `play.refusal` allows, and scoring is left to `score_match`).

`random_deal()` deals random hands, picks a trump and a declarer, finds the combinations the
players really hold, and plays random legal cards; it returns a DEAL of the scoresheet format
in card-by-card form. `as_figures()` turns such a deal into the equivalent summary form.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import (
    CARD_NAMES,
    KING,
    POINTS,
    QUEEN,
    SUIT_LETTERS,
    Card,
    parse_card,
    trick_winner_index,
)
from .play import refusal


def held_runs(hand: list[int]) -> list[str]:
    """Non-overlapping terzes and fifties a hand holds, longest first (a 5-run is a fifty)."""
    out: list[str] = []
    cards = set(hand)
    for suit in range(4):
        seq = 0
        while seq < 8:
            length = 0
            while seq + length < 8 and suit * 8 + seq + length in cards:
                length += 1
            if length >= 4:
                out.append(f"fifty:{CARD_NAMES[suit * 8 + seq]}")
                seq += max(length, 4)
            elif length == 3:
                out.append(f"terz:{CARD_NAMES[suit * 8 + seq]}")
                seq += 3
            else:
                seq += max(length, 1)
    return out


def random_deal(
    rng: random.Random,
    players: list[str],
    dealer: int,
    *,
    first_lead: str = "eldest",
    overtrump: str = "trump_lead",
    declare: bool = True,
    forced: int | None = None,
    hand_size: int | None = None,
) -> dict[str, Any]:
    """A random, fully legal deal in card-by-card form (hands at the first lead, tricks).
    `forced`: the seat that must play it (`hanging_replay: forced`): only bella is declared.
    `hand_size`: 8 with four players, else 9 unless given (10 at Kharkov's deal)."""
    n = len(players)
    if hand_size is None:
        hand_size = 8 if n == 4 else 9
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [sorted(deck[i * hand_size : (i + 1) * hand_size]) for i in range(n)]
    trump = rng.randrange(4)
    declarer = rng.randrange(n) if forced is None else forced
    leader = declarer if first_lead == "declarer" else (dealer + 1) % n
    always = overtrump == "always"
    remaining = [list(hand) for hand in hands]
    tricks: list[list[str]] = []
    for _ in range(hand_size):
        trick: list[int] = []
        seat = leader
        for _ in range(n):
            hand = remaining[seat]
            legal = [card for card in hand if refusal(card, hand, trick, trump, always) is None]
            card = rng.choice(legal)
            hand.remove(card)
            trick.append(card)
            seat = (seat + 1) % n
        tricks.append([CARD_NAMES[card] for card in trick])
        leader = (leader + trick_winner_index(trick, trump)) % n
    declarations: dict[str, list[str]] = {}
    if declare:
        for seat, hand in enumerate(hands):
            mine = held_runs(hand) if forced is None else []
            if trump * 8 + KING in hand and trump * 8 + QUEEN in hand:
                mine.append("bella")
            if mine:
                declarations[players[seat]] = mine
    deal: dict[str, Any] = {
        "dealer": players[dealer],
        "trump": SUIT_LETTERS[trump],
        "declarer": players[declarer],
        "play": {
            "hands": {
                players[seat]: [CARD_NAMES[c] for c in hand] for seat, hand in enumerate(hands)
            },
            "tricks": tricks,
        },
    }
    if declarations:
        deal["declarations"] = declarations
    return deal


def _card(name: object) -> Card:
    card = parse_card(name)
    if card is None:
        raise ValueError(f"{name!r} is not a card")
    return card


def as_figures(
    deal: dict[str, Any], players: list[str], first_lead: str = "eldest"
) -> dict[str, Any]:
    """The summary form of a complete card-by-card deal: points, last trick and tricks."""
    from .cards import parse_suit

    n = len(players)
    trump = parse_suit(deal["trump"])
    assert trump is not None
    dealer = players.index(deal["dealer"])
    leader = players.index(deal["declarer"]) if first_lead == "declarer" else (dealer + 1) % n
    points = [0] * n
    taken = [0] * n
    for trick_names in deal["play"]["tricks"]:
        trick = [_card(name) for name in trick_names]
        winner = (leader + trick_winner_index(trick, trump)) % n
        points[winner] += sum(POINTS[trump][c] for c in trick)
        taken[winner] += 1
        leader = winner
    figures = {key: value for key, value in deal.items() if key != "play"}
    figures["points"] = {players[s]: points[s] for s in range(n)}
    figures["last_trick"] = players[leader]
    figures["tricks"] = {players[s]: taken[s] for s in range(n)}
    return figures


def _low_points_seat(rng: random.Random, n: int, below: int) -> int | None:
    """Under `redeal_below`: the first player whose first 6 dealt cards (before the trump is
    known, so valued as plain cards) hold fewer than `below` points, if any asks for a
    redeal; None otherwise (and always when the convention is off)."""
    if not below:
        return None
    deck = list(range(32))
    rng.shuffle(deck)
    plain = POINTS[4]  # no trump chosen yet
    for seat in range(n):
        if sum(plain[card] for card in deck[seat * 6 : seat * 6 + 6]) < below:
            return seat
    return None


def random_match(
    rng: random.Random,
    players: list[str],
    *,
    ruleset: str = "moscow",
    conventions: dict[str, Any] | None = None,
    card_by_card: bool = True,
    max_deals: int = 60,
    void_rate: float = 0.05,
) -> dict[str, Any]:
    """A random scoresheet record of a whole match (until it is decided or `max_deals`),
    every deal legal; the dealers follow the engine's rules as the deals are scored."""
    from .conventions import resolve_conventions
    from .errors import Problem, ScoresheetError
    from .match import FORMAT, MatchState, _table_for
    from .reader import DealReader

    conv = resolve_conventions(ruleset, conventions or {}, len(players))
    table = _table_for(players, conv)
    first_dealer = rng.randrange(len(players))
    state = MatchState(table, first_dealer)
    problems: list[Problem] = []
    reader = DealReader(players, table, problems)
    deals: list[dict[str, Any]] = []
    while not state.finished and len(deals) < max_deals:
        dealer = state.dealer
        # A forced deal (Odessa's висяк) is played by the hanging declarer and never passed.
        forced = None if state.forced is None else state.forced.forced
        reader.forced_seat = forced
        low = _low_points_seat(rng, len(players), conv.redeal_below)
        if low is not None:
            deal: dict[str, Any] = {"dealer": players[dealer], "low_points": players[low]}
        elif rng.random() < void_rate and not conv.obligatory_order and forced is None:
            deal = {"dealer": players[dealer], "declarer": None}
        else:
            deal = random_deal(
                rng,
                players,
                dealer,
                first_lead=conv.first_lead,
                overtrump=conv.overtrump,
                forced=forced,
                hand_size=table.hand_size,
            )
            if not card_by_card:
                deal = as_figures(deal, players, conv.first_lead)
        facts = reader.read(len(deals) + 1, deal, dealer)
        if facts is None:
            raise ScoresheetError(problems)
        state.apply(facts)
        deals.append(deal)
    return {
        "format": FORMAT,
        "ruleset": ruleset,
        "conventions": dict(conventions or {}),
        "players": list(players),
        "first_dealer": players[first_dealer],
        "deals": deals,
    }
