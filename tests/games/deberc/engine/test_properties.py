"""Properties of the rules engine, checked on many random matches (hypothesis)."""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.games.deberc.engine import ScoresheetError, score_match
from scoring.games.deberc.engine.feasibility import points_possible
from scoring.games.deberc.engine.play import legal_cards
from scoring.games.deberc.engine.simulate import as_figures, random_match

NAMES = ["Олена", "Taras", "Vera", "Gleb"]
SUITS = "CDHS"
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7"]
DECK = [rank + suit for suit in SUITS for rank in RANKS]


# (a) Nothing is created or lost -------------------------------------------------------------


@st.composite
def summary_deal(draw: Any, players: list[str], hand_size: int = 9) -> dict[str, Any]:
    """A deal in summary form whose figures the deck can give, often with tied totals."""
    n = len(players)
    declarer = draw(st.sampled_from(players))
    last_trick = draw(st.sampled_from(players))
    points = [draw(st.integers(0, 90)) for _ in range(n - 1)]
    if draw(st.booleans()):
        # Make the declarer tie the best opponent (a hanging byte) when the deck allows it.
        target = draw(st.integers(20, 80))
        points = []
        for name in players:
            bonus = 10 if name == last_trick else 0
            points.append(
                max(0, target - bonus)
                if name == declarer or draw(st.booleans())
                else draw(st.integers(0, 60))
            )
    else:
        points.append(draw(st.integers(0, 90)))
    points = points[:n]
    assume(points_possible(tuple(points), None, players.index(last_trick), hand_size))
    return {
        "trump": draw(st.sampled_from(SUITS)),
        "declarer": declarer,
        "points": dict(zip(players, points, strict=True)),
        "last_trick": last_trick,
    }


@st.composite
def summary_match(draw: Any) -> dict[str, Any]:
    n = draw(st.sampled_from([2, 3]))
    players = NAMES[:n]
    conventions = {
        "hanging_separately": draw(st.booleans()),
        "byte_3p": draw(st.sampled_from(["top", "split"])),
        "hanging_on_byte_3p": draw(st.sampled_from(["top", "split"])),
        "winner_takes_all": draw(st.booleans()),
        "dealer": draw(st.sampled_from(["winner", "clockwise"])),
        "target": 5000,
        "bolt_penalty": 0,
        "three_bytes_penalty": 0,
        # Pools here; Odessa's forced deals (which fix the next declarer) have their own
        # property in test_forced_hanging.py.
        "hanging_replay": "pool",
        # 9 cards each, or 10 at Kharkov's deal (§2).
        "deal_after_trump": draw(st.sampled_from([3, 4])),
    }
    hand_size = 6 + conventions["deal_after_trump"]
    deals = draw(st.lists(summary_deal(players, hand_size), min_size=1, max_size=8))
    return {
        "format": "deberc-scoresheet/1",
        "ruleset": draw(st.sampled_from(["moscow", "online", "kharkov", "odessa"])),
        "conventions": conventions,
        "players": players,
        "first_dealer": players[0],
        "deals": deals,
    }


def _pools_total(hanging: list[dict[str, Any]]) -> int:
    return sum(pool["points"] for pool in hanging)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(summary_match())
def test_points_recorded_plus_change_in_hanging_pools_equal_the_deal_totals(record):
    result = score_match(record)
    before = 0
    outcomes = set()
    for deal in result["deals"]:
        after = _pools_total(deal["hanging"])
        outcomes.add(deal["outcome"])
        assert deal["outcome"] in ("made", "byte", "hanging")
        assert sum(deal["recorded"].values()) + (after - before) == sum(deal["totals"].values())
        before = after
    # The match totals are the sum of what was recorded.
    for name in record["players"]:
        assert result["match"][name] == sum(deal["recorded"][name] for deal in result["deals"])


# (b) A full play and its summary give the same result ------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**32),
    st.sampled_from([2, 3, 4]),
    st.sampled_from(["moscow", "online", "kharkov"]),
    st.sampled_from(["eldest", "declarer"]),
    st.sampled_from(["trump_lead", "always"]),
)
def test_a_random_legal_play_scores_like_its_summary(seed, players, ruleset, first_lead, overtrump):
    names = NAMES[:players]
    conventions = {"first_lead": first_lead, "overtrump": overtrump}
    record = random_match(random.Random(seed), names, ruleset=ruleset, conventions=conventions)
    summary = copy.deepcopy(record)
    summary["deals"] = [
        as_figures(deal, names, first_lead) if "play" in deal else deal for deal in record["deals"]
    ]
    assert score_match(record) == score_match(summary)


# (c) The legality check refuses exactly the cards §3 forbids ------------------------------

TRUMP_ORDER = ["J", "9", "A", "10", "K", "Q", "8", "7"]
PLAIN_ORDER = ["A", "10", "K", "Q", "J", "9", "8", "7"]


def _suit(card: str) -> str:
    return card[-1]


def _beats(card: str, other: str, trump: str) -> bool:
    """§1's trick order, read literally: does trump `card` rank above trump `other`?"""
    return TRUMP_ORDER.index(card[:-1]) < TRUMP_ORDER.index(other[:-1])


def spec_allows(card: str, hand: list[str], trick: list[str], trump: str, always: bool) -> bool:
    """§3 as written: follow suit; void, play a trump; void in both, any card. Trump led: beat
    the highest trump if you can (and with overtrump `always`, whenever a trump lies on the
    trick and you must trump)."""
    if not trick:
        return True
    led = _suit(trick[0])
    trumps_on_trick = [c for c in trick if _suit(c) == trump]
    highest = None
    for c in trumps_on_trick:
        if highest is None or _beats(c, highest, trump):
            highest = c
    can_beat = highest is not None and any(
        _suit(c) == trump and _beats(c, highest, trump) for c in hand
    )
    if any(_suit(c) == led for c in hand):
        if _suit(card) != led:
            return False
        if led == trump and can_beat:
            return _beats(card, highest, trump)
        return True
    if any(_suit(c) == trump for c in hand):
        if _suit(card) != trump:
            return False
        if always and highest is not None and can_beat:
            return _beats(card, highest, trump)
        return True
    return True


@settings(max_examples=600, deadline=None)
@given(
    st.permutations(DECK),
    st.integers(1, 9),
    st.integers(0, 3),
    st.sampled_from(SUITS),
    st.booleans(),
)
def test_every_refused_card_breaks_section_3_and_every_allowed_card_does_not(
    deck, hand_size, trick_size, trump, always
):
    hand = list(deck[:hand_size])
    trick = list(deck[hand_size : hand_size + trick_size])
    answer = legal_cards(hand, trick, trump, "always" if always else "trump_lead")
    assert sorted(answer["legal"] + list(answer["refused"])) == sorted(hand)
    for card in hand:
        assert (card in answer["legal"]) == spec_allows(card, hand, trick, trump, always), (
            card,
            hand,
            trick,
            trump,
            always,
        )
    assert answer["legal"], "some card can always be played"


# (d) Arbitrary JSON never crashes the engine ----------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-10, 600)
    | st.floats(allow_nan=False)
    | st.text(max_size=6)
    | st.sampled_from([*NAMES, "H", "terz:KH", "bella", "10H", "moscow"]),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(
            st.text(max_size=6)
            | st.sampled_from(
                [*NAMES, "points", "trump", "declarer", "play", "hands", "tricks", "closing"]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=25,
)


def _scores_or_refuses(record: Any) -> None:
    try:
        result = score_match(record)
    except ScoresheetError as error:
        assert error.errors
        for problem in error.errors:
            assert set(problem) == {"deal", "field", "code", "message"}
            assert isinstance(problem["code"], str) and problem["message"]
    else:
        assert result["format"] == "deberc-result/1"


@settings(max_examples=400, deadline=None)
@given(json_values)
def test_arbitrary_json_returns_a_result_or_a_scoresheet_error(value):
    _scores_or_refuses(value)


BASE_RECORD = random_match(random.Random(99), NAMES[:3], ruleset="online", max_deals=4)


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_a_valid_record_with_any_field_replaced_never_crashes(data):
    record = copy.deepcopy(BASE_RECORD)
    # Walk to a random place in the record and put arbitrary JSON there.
    node: Any = record
    for _ in range(data.draw(st.integers(1, 6))):
        if isinstance(node, dict) and node:
            key = data.draw(st.sampled_from(sorted(node)))
            if not isinstance(node[key], dict | list) or data.draw(st.booleans()):
                node[key] = data.draw(json_values)
                break
            node = node[key]
        elif isinstance(node, list) and node:
            index = data.draw(st.integers(0, len(node) - 1))
            if not isinstance(node[index], dict | list) or data.draw(st.booleans()):
                node[index] = data.draw(json_values)
                break
            node = node[index]
        else:
            break
    _scores_or_refuses(record)
