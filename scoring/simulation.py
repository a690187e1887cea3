"""Believable played deals for demo and benchmark tournaments (never for real scoring).

A deal is dealt from a shuffled deck; the declarer names the suit they are strongest in; the
nine tricks are played with each player's cards in a random order, the trick going to whoever
the engine's trick order says (`scoring.engine.cards.trick_winner_index`), and the card points
of each player's tricks are counted with the engine's card values. Players declare the terzes,
fifties and bellas they really hold. So every figure is one some split of the deck gives, the
declarer makes the deal most of the time and bytes and hanging bytes happen as at a real
table. The engine (`score_match`) then scores the match: nothing here applies a rule.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from scoring.engine import ScoresheetError, score_match
from scoring.engine.cards import (
    KING,
    POINTS,
    QUEEN,
    SUIT_LETTERS,
    trick_winner_index,
)
from scoring.engine.conventions import resolve_conventions
from scoring.engine.simulate import held_runs

HAND_SIZE = 9
_DECK = tuple(range(32))


def _declarations(hand: Sequence[int], trump: int) -> list[str]:
    """The terzes and fifties the hand holds (the engine's simulator finds them) and bella."""
    declared = held_runs(list(hand))
    if trump * 8 + KING in hand and trump * 8 + QUEEN in hand:
        declared.append("bella")
    return declared


def random_deal(
    names: Sequence[str], rng: random.Random, *, allow_void: bool = True
) -> dict[str, Any]:
    """One played deal as a scoresheet DEAL (points, last trick, tricks, declarations)."""
    n = len(names)
    if allow_void and rng.random() < 0.03:
        return {"trump": None, "declarer": None}
    deck = list(_DECK)
    rng.shuffle(deck)
    hands = [deck[k * HAND_SIZE : (k + 1) * HAND_SIZE] for k in range(n)]
    declarer = rng.randrange(n)
    # The declarer names the suit where their cards are worth most as trumps.
    strength = [sum(POINTS[s][c] for c in hands[declarer] if c >> 3 == s) for s in range(4)]
    trump = max(range(4), key=lambda s: (strength[s], rng.random()))
    if rng.random() < 0.01:
        # A referee's ruling: someone broke a rule (a card byte under most conventions).
        return {
            "trump": SUIT_LETTERS[trump],
            "declarer": names[declarer],
            "violation": {"player": names[rng.randrange(n)], "kind": "renonce"},
        }
    order = [list(hand) for hand in hands]
    for hand in order:
        rng.shuffle(hand)
    # Each player leads their strongest cards early, like a real table (mostly).
    for hand in order:
        hand.sort(key=lambda c: -POINTS[trump][c] * rng.random())
    points = [0] * n
    tricks = [0] * n
    leader = (declarer + 1) % n
    last = leader
    for k in range(HAND_SIZE):
        trick = [order[(leader + i) % n][k] for i in range(n)]
        winner = (leader + trick_winner_index(trick, trump)) % n
        points[winner] += sum(POINTS[trump][c] for c in trick)
        tricks[winner] += 1
        leader = last = winner
    declarations = {names[i]: found for i in range(n) if (found := _declarations(hands[i], trump))}
    deal: dict[str, Any] = {
        "trump": SUIT_LETTERS[trump],
        "declarer": names[declarer],
        "points": {names[i]: points[i] for i in range(n)},
        "last_trick": names[last],
        "tricks": {names[i]: tricks[i] for i in range(n)},
    }
    if declarations:
        deal["declarations"] = declarations
    return deal


def play_match(
    record: dict[str, Any], rng: random.Random, *, batch: int = 10, max_deals: int = 400
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Deal until the engine says the match is over; returns (deals, result).

    Deals are generated in batches and the whole sheet scored at once: the engine reports a
    deal after the end of the match as `match_finished`, which tells where the match ended.
    """
    names = record["players"]
    # With `obligatory_order` nobody may pass out a deal: no void deals.
    allow_void = not resolve_conventions(
        record["ruleset"], record.get("conventions") or {}, len(names)
    ).obligatory_order
    deals: list[dict[str, Any]] = []
    while len(deals) < max_deals:
        deals.extend(random_deal(names, rng, allow_void=allow_void) for _ in range(batch))
        try:
            result = score_match({**record, "deals": deals})
        except ScoresheetError as exc:
            ended = [e.get("deal") for e in exc.errors if e.get("code") == "match_finished"]
            others = [e for e in exc.errors if e.get("code") != "match_finished"]
            if others:
                raise
            deals = deals[: min(ended) - 1]
            return deals, score_match({**record, "deals": deals})
        if result.get("finished"):
            return deals, result
    raise RuntimeError("the simulated match did not finish")
