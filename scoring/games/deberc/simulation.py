"""Believable played deals for demo and benchmark tournaments (never for real scoring).

A deal is dealt from a shuffled deck; the declarer names the suit they are strongest in; the
tricks (nine, or eight at four) are played with each player's cards in a random order, the
trick going to whoever the engine's trick order says (`engine.cards.trick_winner_index`), and
the card points of each player's tricks are counted with the engine's card values. Players
declare the terzes, fifties and bellas they really hold. So every figure is one some split of
the deck gives, the declarer makes the deal most of the time and bytes and hanging bytes happen
as at a real table. The engine (`score_match`) then scores the match: nothing here applies a
rule.

Where the table's conventions use them, deals also carry what the rules of issue 21 add:
Odessa's forced deal after a висяк (the same declarer, bella only), the redeal for a hand of
few points (`redeal_below`), Kharkov's renonce that costs a trick (`take_trick`, figures
written after the move), and "how high?" asked before a senior combination.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from scoring.games.deberc.engine import ScoresheetError, score_match
from scoring.games.deberc.engine.cards import (
    KING,
    POINTS,
    QUEEN,
    SUIT_LETTERS,
    trick_winner_index,
)
from scoring.games.deberc.engine.conventions import Conventions, resolve_conventions
from scoring.games.deberc.engine.match import MatchState, _table_for
from scoring.games.deberc.engine.reader import DealReader
from scoring.games.deberc.engine.simulate import held_runs

# Nine cards to each of two or three players, eight to each of four (the whole deck).
HAND_SIZES = {2: 9, 3: 9, 4: 8}
_DECK = tuple(range(32))


def _declarations(hand: Sequence[int], trump: int) -> list[str]:
    """The terzes and fifties the hand holds (the engine's simulator finds them) and bella."""
    declared = held_runs(list(hand))
    if trump * 8 + KING in hand and trump * 8 + QUEEN in hand:
        declared.append("bella")
    return declared


def random_deal(
    names: Sequence[str],
    rng: random.Random,
    *,
    allow_void: bool = True,
    forced: int | None = None,
    conventions: Conventions | None = None,
) -> dict[str, Any]:
    """One played deal as a scoresheet DEAL (points, last trick, tricks, declarations).
    `forced`: the seat that must play it after a висяк (`hanging_replay: forced`);
    `conventions`: the table's, for the rulings and redeals they know."""
    n = len(names)
    if allow_void and forced is None and rng.random() < 0.03:
        return {"trump": None, "declarer": None}
    deck = list(_DECK)
    rng.shuffle(deck)
    hand_size = HAND_SIZES[n]
    if conventions is not None and n < 4:
        hand_size = 6 + conventions.deal_after_trump  # 10 at Kharkov's deal (rules §2)
    hands = [deck[k * hand_size : (k + 1) * hand_size] for k in range(n)]
    if conventions is not None and conventions.redeal_below:
        # The first six cards dealt, valued before any trump: a poor hand asks for a redeal.
        plain = POINTS[4]
        for seat in range(n):
            if sum(plain[c] for c in hands[seat][:6]) < conventions.redeal_below:
                return {"low_points": names[seat]}
    if forced is not None:
        # The висяк: the same declarer plays the turned suit (any suit, as dealt).
        declarer = forced
        trump = rng.randrange(4)
    else:
        declarer = rng.randrange(n)
        # The declarer names the suit where their cards are worth most as trumps.
        strength = [sum(POINTS[s][c] for c in hands[declarer] if c >> 3 == s) for s in range(4)]
        trump = max(range(4), key=lambda s: (strength[s], rng.random()))
    take_trick = conventions is not None and conventions.renonce_penalty == "take_trick"
    if rng.random() < 0.01 and not take_trick:
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
    played: list[tuple[int, int, bool]] = []  # per trick: winner, card points, trump jack
    for k in range(hand_size):
        trick = [order[(leader + i) % n][k] for i in range(n)]
        winner = (leader + trick_winner_index(trick, trump)) % n
        value = sum(POINTS[trump][c] for c in trick)
        points[winner] += value
        tricks[winner] += 1
        played.append((winner, value, trump * 8 + 3 in trick))
        leader = last = winner
    declarations = {names[i]: found for i in range(n) if (found := _declarations(hands[i], trump))}
    if forced is not None:
        # No terz, fifty or hundred in a forced deal: bella only.
        declarations = {name: ["bella"] for name, found in declarations.items() if "bella" in found}
    ruling: dict[str, Any] | None = None
    if take_trick and rng.random() < 0.01:
        # Kharkov: a renonce noticed by an opponent, who takes one of the violator's tricks
        # (not the trump jack's); the figures are written after the move.
        violator = rng.randrange(n)
        allowed = [k for k, (w, _v, jack) in enumerate(played) if w == violator and not jack]
        if allowed:
            in_pairs = n == 4 and (conventions is None or conventions.pairs)
            opponents = [
                seat
                for seat in range(n)
                if (seat - violator) % 2 == 1 or (not in_pairs and seat != violator)
            ]
            taker = rng.choice(opponents)
            k = rng.choice(allowed)
            points[violator] -= played[k][1]
            points[taker] += played[k][1]
            tricks[violator] -= 1
            tricks[taker] += 1
            if k == hand_size - 1:
                last = taker
            ruling = {"player": names[violator], "kind": "renonce", "taken_by": names[taker]}
    elif rng.random() < 0.005:
        runs = [name for name, found in declarations.items() if found != ["bella"]]
        if len(runs) >= 2:
            # "How high?" asked, then a senior combination shown: the asker's are annulled.
            ruling = {"player": rng.choice(runs), "kind": "senior_after_question"}
    deal: dict[str, Any] = {
        "trump": SUIT_LETTERS[trump],
        "declarer": names[declarer],
        "points": {names[i]: points[i] for i in range(n)},
        "last_trick": names[last],
        "tricks": {names[i]: tricks[i] for i in range(n)},
    }
    if declarations:
        deal["declarations"] = declarations
    if ruling is not None:
        deal["violation"] = ruling
    return deal


def play_match(
    record: dict[str, Any], rng: random.Random, *, batch: int = 10, max_deals: int = 400
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Deal until the engine says the match is over; returns (deals, result).

    Each deal is read and applied by the engine's own match state as it is dealt (so a
    висяк's forced deal names its declarer), and the whole sheet is scored once at the end.
    `batch` is kept for the callers that pass it.
    """
    names = list(record["players"])
    conv = resolve_conventions(record["ruleset"], record.get("conventions") or {}, len(names))
    # With `obligatory_order` nobody may pass out a deal: no void deals.
    allow_void = not conv.obligatory_order
    table = _table_for(names, conv)
    first = names.index(record["first_dealer"])
    state = MatchState(table, first)
    problems: list[Any] = []
    reader = DealReader(names, table, problems)
    deals: list[dict[str, Any]] = []
    while len(deals) < max_deals and not state.finished:
        forced = None if state.forced is None else state.forced.forced
        reader.forced_seat = forced
        deal = random_deal(names, rng, allow_void=allow_void, forced=forced, conventions=conv)
        facts = reader.read(len(deals) + 1, deal, state.dealer)
        if facts is None:
            raise ScoresheetError(problems)
        state.apply(facts)
        deals.append(deal)
    if not state.finished:
        raise RuntimeError("the simulated match did not finish")
    return deals, score_match({**record, "deals": deals})
