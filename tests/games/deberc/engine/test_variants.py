"""The variants of issue 34 (deberc-rules.md as corrected): Kharkov's deal of 10 cards (§2),
four players each for himself (§2, §5), debertz and klabor to the target (§4), a senior
combination announced late (§4), redeals passing the deal on (§2, §6), short deberc in one
deal with and without byte (§7), and `combination_tie: first_declared` (§4).

Every expected figure is worked out by hand in the comment next to it.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.games.deberc.engine import score_match
from scoring.games.deberc.engine.feasibility import max_points, points_possible
from scoring.games.deberc.engine.simulate import as_figures, random_match

from .helpers import codes, deal, problems, record, score

AB = ["A", "B"]
ABC = ["A", "B", "C"]
ABCD = ["A", "B", "C", "D"]


# ---- Kharkov's deal: 10 cards with 2 or 3 players (§2, seed 001 l.141) ----------------------


def test_kharkov_deals_ten_cards_the_worked_example() -> None:
    # §2: kharkov, 2 players, A deals, B declares ♥; A 40, B 110 + last trick 10 = 120:
    # made; tricks 3 + 7 = 10.
    one = deal("H", "B", {"A": 40, "B": 110}, "B", tricks={"A": 3, "B": 7})
    result = score(AB, [one], ruleset="kharkov", first_dealer="A")
    first = result["deals"][0]
    assert (first["outcome"], first["recorded"]) == ("made", {"A": 40, "B": 120})


def test_nine_tricks_at_kharkovs_deal_are_tricks_sum_naming_the_hand_size() -> None:
    one = deal("H", "B", {"A": 40, "B": 110}, "B", tricks={"A": 3, "B": 6})
    found = problems(record(AB, [one], "kharkov", first_dealer="A"))
    assert [(p["code"], p["field"], p["message"]) for p in found] == [
        ("tricks_sum", "tricks", "tricks add up to 9, not 10")
    ]
    # Moscow deals 9: ten tricks there are as wrong.
    ten = deal("H", "B", {"A": 40, "B": 110}, "B", tricks={"A": 3, "B": 7})
    found = problems(record(AB, [ten], "moscow", first_dealer="A"))
    assert [(p["code"], p["message"]) for p in found] == [
        ("tricks_sum", "tricks add up to 10, not 9")
    ]


def test_deal_after_trump_is_a_convention_of_every_preset() -> None:
    # Moscow with deal_after_trump 4 deals 10; Kharkov with 3 deals 9 (an open match pinned).
    ten = deal("H", "B", {"A": 40, "B": 110}, "B", tricks={"A": 3, "B": 7})
    assert score(AB, [ten], deal_after_trump=4)["deals"][0]["outcome"] == "made"
    nine = deal("H", "B", {"A": 30, "B": 100}, "B", tricks={"A": 3, "B": 6})
    assert score(AB, [nine], ruleset="kharkov", deal_after_trump=3)["deals"][0]["outcome"] == (
        "made"
    )
    for bad in (5, "4", True, 10):
        found = problems(record(AB, [], "kharkov", deal_after_trump=bad))
        assert [(p["code"], p["field"]) for p in found] == [
            ("bad_convention", "conventions.deal_after_trump")
        ]


def test_the_card_points_in_play_bound_the_figures() -> None:
    # §1: 2 players of 10 cards hold at most 150 (one jack of 2 left out), of 9 cards 146.
    assert (max_points(2, 9), max_points(2, 10), max_points(3, 10), max_points(4, 8)) == (
        146,
        150,
        152,
        152,
    )
    all_of_it = deal("H", "B", {"A": 0, "B": 150}, "B", tricks={"A": 0, "B": 10})
    assert score(AB, [all_of_it], ruleset="kharkov")["deals"][0]["totals"] == {"A": 0, "B": 160}
    too_much = deal("H", "B", {"A": 0, "B": 151}, "B")
    assert codes(record(AB, [too_much], "kharkov")) == [(1, "impossible_points")]
    # 150 with 9 cards each is over the 146 they hold.
    nine = deal("H", "B", {"A": 0, "B": 150}, "B")
    assert codes(record(AB, [nine], "moscow")) == [(1, "impossible_points")]
    # 3 players of 10 cards: 30 of the 32 in play, the whole 152 can be taken.
    three = deal("H", "C", {"A": 30, "B": 40, "C": 82}, "C", tricks={"A": 2, "B": 3, "C": 5})
    result = score(ABC, [three], ruleset="kharkov", first_dealer="A")
    assert result["deals"][0]["totals"] == {"A": 30, "B": 40, "C": 92}


def test_a_card_by_card_deal_at_kharkov_holds_ten_cards() -> None:
    rng = random.Random(34)
    rec = random_match(rng, AB, ruleset="kharkov", max_deals=1)
    hands = rec["deals"][0]["play"]["hands"]
    assert [len(cards) for cards in hands.values()] == [10, 10]
    assert len(rec["deals"][0]["play"]["tricks"]) == 10
    score_match(rec)


def _deal_of(rng: random.Random, players: int, hand_size: int) -> tuple[tuple[int, ...], ...]:
    """Random hands and a random winner of each trick (one card per player per trick): the
    card points and the tricks of each pile, and the last trick's taker."""
    values = [20, 14, *[11] * 4, *[10] * 4, *[4] * 4, *[3] * 4, *[2] * 3, *[0] * 11]
    rng.shuffle(values)
    hands = [values[i * hand_size : (i + 1) * hand_size] for i in range(players)]
    points = [0] * players
    tricks = [0] * players
    winner = 0
    for k in range(hand_size):
        winner = rng.randrange(players)
        points[winner] += sum(hand[k] for hand in hands)
        tricks[winner] += 1
    return tuple(points), tuple(tricks), (winner,)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3]))
def test_every_deal_of_ten_cards_is_possible_and_within_the_bound(seed: int, players: int) -> None:
    # §1: figures some split of the deck gives are accepted; they never pass the bound.
    points, tricks, (last,) = _deal_of(random.Random(seed), players, 10)
    assert points_possible(points, tricks, last, 10)
    assert points_possible(points, None, last, 10)
    assert sum(points) <= max_points(players, 10)


# ---- four players each for himself (§2, §5; seed 001 l.126) ---------------------------------


def individuals(deals: list[dict[str, Any]], **conventions: Any) -> dict[str, Any]:
    return score(ABCD, deals, ruleset="kharkov", first_dealer="A", pairs=False, **conventions)


def test_four_individuals_the_worked_example() -> None:
    # §2: B 40 < D 62 + 10 = 72: byte; byte_3p split (kharkov): B's 40 shared by C, D, A
    # (from the dealer's left, B left out): 14, 13, 13 → A 43, B 0, C 34, D 85; next B.
    one = deal(
        "H",
        "B",
        {"A": 30, "B": 40, "C": 20, "D": 62},
        "D",
        tricks={"A": 2, "B": 2, "C": 1, "D": 3},
    )
    result = individuals([one])
    first = result["deals"][0]
    assert first["totals"] == {"A": 30, "B": 40, "C": 20, "D": 72}
    assert first["recorded"] == {"A": 43, "B": 0, "C": 34, "D": 85}
    assert first["next_dealer"] == "B"
    assert result["match"] == {"A": 43, "B": 0, "C": 34, "D": 85}


def test_four_individuals_only_under_kharkov() -> None:
    found = problems(record(ABCD, [], "moscow", pairs=False))
    assert [(p["code"], p["field"]) for p in found] == [("bad_convention", "conventions.pairs")]
    # With 2 or 3 players the convention is accepted under kharkov and changes nothing.
    one = deal("H", "B", {"A": 40, "B": 110}, "B", tricks={"A": 3, "B": 7})
    assert score(AB, [one], ruleset="kharkov", pairs=False) == score(AB, [one], ruleset="kharkov")


def test_four_individuals_bolt_is_50_and_the_winner_is_one_player() -> None:
    # §6: bolt 50 with 4 individuals (100 with pairs). C takes no trick: 0 − 50.
    # A declares: A 60 + 10 = 70 beats B 50 and D 42: made.
    one = deal(
        "H", "A", {"A": 60, "B": 50, "C": 0, "D": 42}, "A", tricks={"A": 4, "B": 2, "C": 0, "D": 2}
    )
    first = individuals([one])["deals"][0]
    assert first["recorded"] == {"A": 70, "B": 50, "C": -50, "D": 42}
    result = individuals([one], target=60)
    assert (result["finished"], result["winner"], result["reason"]) == (True, "A", "target")


def test_four_individuals_byte_to_the_top_opponent_or_a_pool_for_the_tied() -> None:
    # byte_3p top: B 30 < C 50 = D 50 (A 22 + 10 = 32): a pool of 30 that only C and D can
    # win; hanging_on_byte_3p top.
    tied = deal(
        "H", "B", {"A": 22, "B": 30, "C": 50, "D": 50}, "A", tricks={"A": 2, "B": 2, "C": 2, "D": 2}
    )
    first = individuals([tied], byte_3p="top", hanging_on_byte_3p="top")["deals"][0]
    assert first["outcome"] == "byte"
    assert first["recorded"] == {"A": 32, "B": 0, "C": 50, "D": 50}
    assert first["hanging"] == [{"points": 30, "eligible": ["C", "D"]}]
    # The top opponent alone takes it: B 30 < D 60 (C 40, A 12 + 10).
    top = deal(
        "H", "B", {"A": 12, "B": 30, "C": 40, "D": 70}, "A", tricks={"A": 2, "B": 2, "C": 2, "D": 2}
    )
    first = individuals([top], byte_3p="top")["deals"][0]
    assert first["recorded"] == {"A": 22, "B": 0, "C": 40, "D": 100}


def test_four_individuals_card_byte_is_shared_by_the_three_others() -> None:
    # §6: 162 among C, D, A (from the dealer's left, B the violator): 54 each.
    bad = {"trump": "H", "declarer": "A", "violation": {"player": "B", "kind": "false_declaration"}}
    first = individuals([bad])["deals"][0]
    assert first["recorded"] == {"A": 54, "B": 0, "C": 54, "D": 54}


def test_four_individuals_false_closing_doubles_to_the_three_others() -> None:
    # Kharkov false closing: A had 70 (deal 1); claims at 70 + 30 < 501: A drops to 0 and
    # 140 is shared by C, D, B (dealer B's left: C first): 47, 47, 46.
    one = deal(
        "H", "A", {"A": 60, "B": 50, "C": 0, "D": 42}, "A", tricks={"A": 4, "B": 2, "C": 0, "D": 2}
    )
    claim = {"trump": "S", "declarer": "A", "closing": {"player": "A", "points": 30}}
    second = individuals([one, claim])["deals"][1]
    assert second["dealer"] == "B"
    assert second["recorded"] == {"A": -70, "B": 46, "C": 47, "D": 47}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_four_individuals_nothing_is_created_or_lost(seed: int) -> None:
    # §5: what is recorded plus what is left hanging is the deal's totals (no bolt, no third
    # byte here), and the totals of a played deal are 152 + 10 + combinations and bellas.
    rec = random_match(
        random.Random(seed),
        ABCD,
        ruleset="kharkov",
        conventions={"pairs": False, "bolt_penalty": 0, "three_bytes_penalty": 0},
        max_deals=12,
    )
    figures = [as_figures(d, ABCD, "declarer") if "play" in d else d for d in rec["deals"]]
    result = score_match({**rec, "deals": figures})
    assert result == score_match(rec)
    before = 0
    for d in result["deals"]:
        after = sum(pool["points"] for pool in d["hanging"])
        if d["outcome"] in ("made", "byte", "hanging"):
            assert sum(d["recorded"].values()) + after - before == sum(d["totals"].values())
            assert sum(d["totals"].values()) >= 162
        before = after
    assert sum(result["match"].values()) == sum(
        sum(d["recorded"].values()) for d in result["deals"]
    )


# ---- debertz and klabor: the holder's total becomes the target (§4, seed 001 l.146) ---------


def test_debertz_brings_the_holder_to_the_target_the_worked_example() -> None:
    # §4: target 301, A 120, B 200; A declares debertz: A records 181, B 0; A wins.
    first = deal("H", "A", {"A": 110, "B": 36}, "A", tricks={"A": 7, "B": 3})
    second = deal("S", "B", {"A": 30, "B": 110}, "B", tricks={"A": 3, "B": 7})
    second["declarations"] = {"B": ["terz:AC"]}  # B 110 + 10 + 20 = 140 > A 30: made
    three = {"trump": "D", "declarer": "A", "declarations": {"A": ["debertz:AS"]}}
    result = score(AB, [first, second, three], ruleset="kharkov", target=301, first_dealer="B")
    # Deal 1: A 110 + 10 = 120 > B 36: made. Match A 120 + 30 = 150, B 36 + 140 = 176.
    assert result["deals"][1]["match"] == {"A": 150, "B": 176}
    last = result["deals"][2]
    assert (last["outcome"], last["totals"]) == ("debertz", {"A": 0, "B": 0})
    assert last["recorded"] == {"A": 301 - 150, "B": 0}
    assert result["match"] == {"A": 301, "B": 176}
    assert (result["winner"], result["reason"]) == ("A", "debertz")


def test_klabor_scores_the_same_and_pools_stay_unplayed() -> None:
    # Odessa's klabor (l.173, project reading: as debertz). A 60 + 10 = B 70: a висяк of 70
    # for A's forced deal; B, at 70, shows a klabor in it: B records 501 − 70 = 431 and the
    # hanging 70 stays unplayed.
    hang = deal("S", "A", {"A": 60, "B": 70}, "A", tricks={"A": 4, "B": 5})
    klabor = {"trump": "C", "declarer": "A", "declarations": {"B": ["klabor:AC"]}}
    result = score(AB, [hang, klabor], ruleset="odessa", first_dealer="B")
    last = result["deals"][1]
    assert last["recorded"] == {"A": 0, "B": 431}
    assert result["match"] == {"A": 0, "B": 501}
    # A fixed match above the target: the holder records 0, never a negative figure.
    fixed = score(
        AB,
        [
            deal("H", "A", {"A": 100, "B": 30}, "A"),
            {**klabor, "declarations": {"A": ["debertz:AS"]}},
        ],
        format="fixed",
        fixed_deals=3,
        target=100,
        debertz=6,
    )
    assert fixed["deals"][1]["recorded"] == {"A": 0, "B": 0}
    assert (fixed["winner"], fixed["reason"]) == ("A", "debertz")


# ---- a senior combination announced after a junior one (§4, seed 000 l.30, l.32) ------------


def late(**violation: Any) -> dict[str, Any]:
    return deal(
        "H",
        "B",
        {"A": 60, "B": 72},
        "B",
        declarations={"A": ["terz:QS", "fifty:AC"], "B": ["terz:KD"]},
        violation={"player": "A", "kind": "late_senior", **violation},
    )


def test_late_senior_is_left_out_the_worked_example() -> None:
    # §4: A's fifty is left out; A's best is terz:QS < B's terz:KD: B +20: A 60, B 102: made.
    result = score(AB, [late(combination="fifty:AC")], first_dealer="A")
    first = result["deals"][0]
    assert first["totals"] == {"A": 60, "B": 102}
    assert (first["outcome"], first["combinations_to"]) == ("made", "B")
    # Without the ruling A's fifty takes the seniority: A 60 + 50 + 20 = 130 > B 82: byte.
    plain = late(combination="fifty:AC")
    del plain["violation"]
    assert score(AB, [plain], first_dealer="A")["deals"][0]["totals"] == {"A": 130, "B": 82}


def test_late_senior_names_a_senior_combination_the_player_declared() -> None:
    found = problems(record(AB, [late()], first_dealer="A"))
    assert [(p["code"], p["field"]) for p in found] == [("missing_field", "violation.combination")]
    for named in ("fifty:AD", "terz:QS", "bella"):
        found = problems(record(AB, [late(combination=named)], first_dealer="A"))
        assert [(p["code"], p["field"]) for p in found] == [
            ("bad_violation", "violation.combination")
        ], named
    # `combination` belongs to late_senior only.
    bad = late(combination="fifty:AC")
    bad["violation"]["kind"] = "senior_after_question"
    assert ("bad_violation", "violation.combination") in [
        (p["code"], p["field"]) for p in problems(record(AB, [bad], first_dealer="A"))
    ]


def test_asked_is_optional_and_checked() -> None:
    # §4: `asked` records what was asked; no effect on the score.
    question = {
        "trump": "H",
        "declarer": "A",
        "violation": {"player": "B", "kind": "illegal_question"},
    }
    plain = score(AB, [question])["deals"][0]
    for asked in ("terz", "fifty", "swap_terz"):
        with_asked = {**question, "violation": {**question["violation"], "asked": asked}}
        assert score(AB, [with_asked])["deals"][0] == plain
    for kind, asked in (
        ("illegal_question", "hundred"),
        ("senior_after_question", "swap_terz"),
        ("renonce", "terz"),
    ):
        bad = {**question, "violation": {"player": "B", "kind": kind, "asked": asked}}
        assert ("bad_violation", "violation.asked") in [
            (p["code"], p["field"]) for p in problems(record(AB, [bad]))
        ]


# ---- redeals pass the deal to the next dealer (§2, §5, §6) ----------------------------------


def test_odessa_renonce_redeal_passes_the_deal_under_dealer_winner_too() -> None:
    # renonce_penalty redeal_minus_100 at a Moscow table (dealer: winner): A deals; the
    # redeal goes to B, the next in turn, not to a "winner" of the void deal.
    bad = {"trump": "H", "declarer": "B", "violation": {"player": "B", "kind": "renonce"}}
    result = score(ABC, [bad], first_dealer="A", renonce_penalty="redeal_minus_100")
    first = result["deals"][0]
    assert first["recorded"] == {"A": 0, "B": -100, "C": 0}
    assert first["next_dealer"] == "B"


def test_four_sevens_still_keep_the_same_dealer() -> None:
    result = score(AB, [{"four_sevens": "B"}], first_dealer="A")
    assert result["deals"][0]["next_dealer"] == "A"


# ---- short deberc in one deal, with and without byte (§7, seed 001 l.177–181) ---------------


def short(players: list[str], one: dict[str, Any], **conventions: Any) -> dict[str, Any]:
    return score(players, [one], first_dealer="A", format="fixed", fixed_deals=1, **conventions)


def test_short_deberc_with_byte_the_worked_examples() -> None:
    # §7: B declares, A 90 + 10 = 100, B 42: byte: A 142, B 0; A wins; stakes A +2, B −2.
    one = deal("H", "B", {"A": 90, "B": 42}, "A")
    result = short(AB, one)
    assert result["deals"][0]["recorded"] == {"A": 142, "B": 0}
    assert (result["winner"], result["stakes"]) == ("A", {"A": 2, "B": -2})
    # Made: the declarer wins 1.
    made = short(AB, deal("H", "A", {"A": 90, "B": 42}, "A"))
    assert made["stakes"] == {"A": 1, "B": -1}
    # A hanging byte: the declarer pays 1 (project reading); the pool is lost.
    # B 60 + 10 = A 70.
    hanging = short(AB, deal("H", "B", {"A": 70, "B": 60}, "B"))
    assert hanging["deals"][0]["outcome"] == "hanging"
    assert hanging["stakes"] == {"A": 1, "B": -1}


def test_short_deberc_without_byte_the_worked_example() -> None:
    # §7 `byte: no`: outcome played, A 100, B 42; A wins one stake.
    result = short(AB, deal("H", "B", {"A": 90, "B": 42}, "A"), byte=False)
    first = result["deals"][0]
    assert (first["outcome"], first["recorded"], first["hanging"]) == (
        "played",
        {"A": 100, "B": 42},
        [],
    )
    assert (result["winner"], result["stakes"]) == ("A", {"A": 1, "B": -1})
    # Equal totals: the last trick decides (B took it): B wins.
    equal = short(AB, deal("H", "A", {"A": 70, "B": 60}, "B"), byte="no")
    assert equal["match"] == {"A": 70, "B": 70}
    assert (equal["winner"], equal["stakes"]) == ("B", {"A": -1, "B": 1})


def test_short_deberc_three_players_and_pairs() -> None:
    # 3 players, C declares and makes: C +2, A −1, B −1.
    made = short(ABC, deal("H", "C", {"A": 30, "B": 40, "C": 70}, "C"))
    assert made["stakes"] == {"A": -1, "B": -1, "C": 2}
    # C in byte pays one to each.
    byte = short(ABC, deal("H", "C", {"A": 30, "B": 70, "C": 40}, "B"))
    assert byte["stakes"] == {"A": 1, "B": 1, "C": -2}
    # Pairs read as 2 players: the pair's stake under both names; A&C in byte pay double.
    pairs = short(ABCD, deal("H", "A", {"A": 30, "B": 50, "C": 20, "D": 52}, "B"))
    assert pairs["stakes"] == {"A": -2, "B": 2, "C": -2, "D": 2}
    # Without byte at three: the winner wins one from each.
    no_byte = short(ABC, deal("H", "C", {"A": 30, "B": 70, "C": 40}, "B"), byte=False)
    assert no_byte["stakes"] == {"A": -1, "B": 2, "C": -1}


def test_byte_no_belongs_to_a_one_deal_fixed_match_and_stakes_to_it() -> None:
    one = deal("H", "B", {"A": 90, "B": 42}, "A")
    for conventions in ({}, {"format": "fixed", "fixed_deals": 2}):
        found = problems(record(AB, [one], byte=False, **conventions))
        assert [(p["code"], p["field"]) for p in found] == [("bad_convention", "conventions.byte")]
    assert "stakes" not in score(AB, [one], format="fixed", fixed_deals=2)
    assert "stakes" not in score(AB, [one])


# ---- combination_tie: first_declared (§4) ----------------------------------------------------


def tie(**conventions: Any) -> dict[str, Any]:
    # 3 players, A deals, C declares ♥; B terz:KS and C terz:KC: equal, neither in trump.
    one = deal(
        "H",
        "C",
        {"A": 30, "B": 40, "C": 60},
        "C",
        declarations={"B": ["terz:KS"], "C": ["terz:KC"]},
    )
    return score(ABC, [one], ruleset="kharkov", first_dealer="A", deal_after_trump=3, **conventions)


def test_combination_tie_eldest_and_first_declared_the_worked_example() -> None:
    # eldest (kharkov's default) → B, the eldest; first_declared → C, the declarer who leads.
    assert tie()["deals"][0]["combinations_to"] == "B"
    first = tie(combination_tie="first_declared")["deals"][0]
    assert first["combinations_to"] == "C"
    assert first["totals"] == {"A": 30, "B": 40, "C": 60 + 10 + 20}
    # With first_lead eldest, first_declared is the same as eldest.
    same = tie(combination_tie="first_declared", first_lead="eldest")["deals"][0]
    assert same["combinations_to"] == "B"
