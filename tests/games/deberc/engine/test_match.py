"""Rules §7: the match [партия]: target, both over the target, closing (true and false),
debertz and klabor, the mercy gap, fixed-deal matches, and the match result.

Two players: Anna and Boris (Boris deals first, so Anna is the eldest); three: + Cleo.
"""

from __future__ import annotations

import copy
import random

from scoring.games.deberc.engine import ScoresheetError, score_match
from scoring.games.deberc.engine.conventions import resolve_conventions
from scoring.games.deberc.engine.match import match_points
from scoring.games.deberc.engine.reader import DealReader
from scoring.games.deberc.engine.simulate import random_match

from .helpers import codes, deal, record, score, void

AB = ["Anna", "Boris"]
ABC = ["Anna", "Boris", "Cleo"]
PAIRS = ["Anna", "Boris", "Cleo", "Dima"]


def made(declarer: str, anna: int, boris: int, last: str, tricks: tuple[int, int]) -> dict:
    return deal(
        "H",
        declarer,
        {"Anna": anna, "Boris": boris},
        last,
        tricks={"Anna": tricks[0], "Boris": tricks[1]},
    )


def slam() -> dict:
    # Anna takes every trick: 130 + 10 = 140; Boris 0.
    return made("Anna", 130, 0, "Anna", (9, 0))


# ---- target ---------------------------------------------------------------------------------


def test_target_default_501_a_player_at_or_above_it_wins() -> None:
    # 140 a deal: 140, 280, 420 (not yet), 560 ≥ 501 after the fourth deal.
    result = score(AB, [slam()] * 3)
    assert (result["finished"], result["winner"], result["reason"]) == (False, None, None)
    assert result["deals"][-1]["next_dealer"] == "Anna"
    result = score(AB, [slam()] * 4)
    assert (result["finished"], result["winner"], result["reason"]) == (True, "Anna", "target")
    assert result["match"] == {"Anna": 560, "Boris": 0}
    assert result["deals"][-1]["next_dealer"] is None


def test_target_exactly_reached_wins() -> None:
    result = score(AB, [slam()], target=140)
    assert (result["winner"], result["reason"]) == ("Anna", "target")


def test_match_finished_a_deal_after_the_match_was_decided() -> None:
    rec = record(AB, [slam(), slam(), made("Anna", 100, 30, "Anna", (6, 3))], target=200)
    assert codes(rec) == [(3, "match_finished")]


def test_reaching_the_target_on_a_byte_does_not_count() -> None:
    # Target 150: Anna has 140. Deal 2: Anna declares, 20 + 10 = 30 < Boris 90: a byte, Anna
    # records 0 (her 30 would have made 170); Boris 90 + 30 = 120.
    byte = made("Anna", 20, 90, "Anna", (2, 7))
    result = score(AB, [slam(), byte], target=150)
    assert result["deals"][1]["recorded"] == {"Anna": 0, "Boris": 120}
    assert result["finished"] is False
    assert result["match"] == {"Anna": 140, "Boris": 120}


def two_over_target() -> list[dict]:
    # Target 100. Deal 1: Anna 70 + 10 = 80, Boris 60: made. Deal 2 (Anna deals): Boris
    # declares 50 + 10 = 60 against Anna 45: made. Match Anna 125, Boris 120: both over,
    # Boris took the last trick, Anna has the higher total.
    return [made("Anna", 70, 60, "Anna", (5, 4)), made("Boris", 45, 50, "Boris", (4, 5))]


def test_both_over_target_last_trick_wins() -> None:
    result = score(AB, two_over_target(), target=100)
    assert result["match"] == {"Anna": 125, "Boris": 120}
    assert (result["winner"], result["reason"]) == ("Boris", "target")


def test_both_over_target_higher_total_wins() -> None:
    result = score(AB, two_over_target(), target=100, both_over_target="higher")
    assert (result["winner"], result["reason"]) == ("Anna", "target")


def test_both_over_target_higher_then_last_trick() -> None:
    # Deal 2: Boris 50 + 10 = 60 against Anna 40: 120 each; the last trick (Boris) decides.
    deals = [made("Anna", 70, 60, "Anna", (5, 4)), made("Boris", 40, 50, "Boris", (4, 5))]
    result = score(AB, deals, target=100, both_over_target="higher")
    assert result["match"] == {"Anna": 120, "Boris": 120}
    assert result["winner"] == "Boris"


def test_online_preset_both_over_target_is_higher() -> None:
    result = score(AB, two_over_target(), ruleset="online", target=100)
    assert result["winner"] == "Anna"


def test_both_over_target_3p_neither_decides_higher_total() -> None:
    # Target 100. Deal 1: Anna 70 + 10 = 80, Boris 60, Cleo 12 (made). Deal 2 (Anna deals):
    # Cleo declares 50 + 10 = 60 against Anna 30, Boris 45 (made). Anna 110, Boris 105,
    # Cleo 72: Cleo took the last trick but is not over the target: the higher total, Anna.
    first = deal(
        "H",
        "Anna",
        {"Anna": 70, "Boris": 60, "Cleo": 12},
        "Anna",
        tricks={"Anna": 4, "Boris": 4, "Cleo": 1},
    )
    second = deal(
        "C",
        "Cleo",
        {"Anna": 30, "Boris": 45, "Cleo": 50},
        "Cleo",
        tricks={"Anna": 2, "Boris": 3, "Cleo": 4},
    )
    result = score(ABC, [first, second], target=100)
    assert result["match"] == {"Anna": 110, "Boris": 105, "Cleo": 72}
    assert (result["winner"], result["reason"]) == ("Anna", "target")


# ---- closing ----------------------------------------------------------------------------------


def closing(player: str, points: int) -> dict:
    return {"trump": "H", "declarer": "Anna", "closing": {"player": player, "points": points}}


def test_true_closing_wins_with_the_points_taken_so_far() -> None:
    # Target 200: Anna has 140; she claims with 65 taken in this deal: 205 ≥ 200.
    result = score(AB, [slam(), closing("Anna", 65)], target=200)
    last = result["deals"][1]
    assert last["outcome"] == "closing"
    assert last["recorded"] == {"Anna": 65, "Boris": 0}
    assert last["next_dealer"] is None
    assert (result["finished"], result["winner"], result["reason"]) == (True, "Anna", "closing")
    assert result["match"] == {"Anna": 205, "Boris": 0}


def test_true_closing_leaves_pools_unplayed_and_they_are_lost() -> None:
    # Deal 1: a hanging byte of Anna (70 = 70): Boris records 70, 70 hang. Deal 2: Boris
    # claims with 90: 160 ≥ 150. The pool is not played: lost.
    hang = made("Anna", 60, 70, "Anna", (4, 5))
    result = score(AB, [hang, closing("Boris", 90)], target=150)
    assert result["deals"][1]["hanging"] == [{"points": 70, "eligible": ["Anna", "Boris"]}]
    assert result["match"] == {"Anna": 0, "Boris": 160}
    assert (result["winner"], result["reason"]) == ("Boris", "closing")


def test_false_closing_loses_the_match() -> None:
    # Anna has 140 and claims with 30: 170 < 501. Nothing is recorded; Boris wins.
    result = score(AB, [slam(), closing("Anna", 30)])
    last = result["deals"][1]
    assert last["outcome"] == "closing"
    assert last["recorded"] == {"Anna": 0, "Boris": 0}
    assert (result["finished"], result["winner"], result["reason"]) == (
        True,
        "Boris",
        "false_closing",
    )
    assert result["match"] == {"Anna": 140, "Boris": 0}


def test_false_closing_with_pairs_the_other_pair_wins() -> None:
    result = score(PAIRS, [closing("Cleo", 30)])
    assert (result["winner"], result["reason"]) == (["Boris", "Dima"], "false_closing")


def test_false_closing_3p_the_other_player_with_the_higher_total_wins() -> None:
    first = deal(
        "H",
        "Anna",
        {"Anna": 70, "Boris": 60, "Cleo": 12},
        "Anna",
        tricks={"Anna": 4, "Boris": 4, "Cleo": 1},
    )
    # Match Anna 80, Boris 60, Cleo 12; Anna claims falsely: Boris (60 > 12) wins.
    result = score(ABC, [first, closing("Anna", 40)])
    assert (result["winner"], result["reason"]) == ("Boris", "false_closing")


def test_false_closing_3p_equal_totals_first_clockwise_from_dealers_left() -> None:
    # Nothing recorded yet; Cleo claims falsely on deal 1. Anna and Boris tie at 0.
    # Cleo deals: from her left Anna, Boris: Anna wins.
    assert score(ABC, [closing("Cleo", 10)], first_dealer="Cleo")["winner"] == "Anna"
    # Anna deals: from her left Boris, Cleo: Boris wins.
    assert score(ABC, [closing("Cleo", 10)], first_dealer="Anna")["winner"] == "Boris"


def test_false_closing_double_to_opponents() -> None:
    # Kharkov: Anna has 110 (deal 1), claims falsely in deal 2: her total drops to 0 and twice
    # 110 = 220 goes to Boris; play goes on, the next dealer is clockwise.
    first = made("Anna", 100, 30, "Anna", (6, 3))
    result = score(
        AB,
        [first, closing("Anna", 30), made("Anna", 100, 30, "Anna", (6, 3))],
        ruleset="kharkov",
        deal_after_trump=3,
    )
    second = result["deals"][1]
    assert second["outcome"] == "closing"
    assert second["recorded"] == {"Anna": -110, "Boris": 220}
    assert second["match"] == {"Anna": 0, "Boris": 250}
    assert [d["dealer"] for d in result["deals"]] == ["Boris", "Anna", "Boris"]
    assert result["finished"] is False
    assert result["match"] == {"Anna": 110, "Boris": 280}


def test_false_closing_double_to_opponents_3p_halves_between_the_two() -> None:
    # Kharkov, 3 players: Anna 110 (made), Boris 32, Cleo 10 + ... ; Anna claims falsely:
    # 220 split 110 / 110 between Boris and Cleo.
    first = deal(
        "H",
        "Anna",
        {"Anna": 100, "Boris": 32, "Cleo": 20},
        "Anna",
        tricks={"Anna": 5, "Boris": 2, "Cleo": 2},
    )
    result = score(ABC, [first, closing("Anna", 30)], ruleset="kharkov", deal_after_trump=3)
    assert result["deals"][1]["recorded"] == {"Anna": -110, "Boris": 110, "Cleo": 110}
    assert result["match"] == {"Anna": 0, "Boris": 142, "Cleo": 130}


def test_false_closing_double_to_opponents_keeps_pools_hanging() -> None:
    hang = made("Anna", 60, 70, "Anna", (4, 5))
    result = score(AB, [hang, closing("Boris", 30)], ruleset="kharkov", deal_after_trump=3)
    # Boris had 70: 0 now, Anna 140; the 70 still hang.
    assert result["deals"][1]["recorded"] == {"Anna": 140, "Boris": -70}
    assert result["deals"][1]["hanging"] == [{"points": 70, "eligible": ["Anna", "Boris"]}]


def test_closing_by_a_player_not_at_the_table_is_illegal_closing() -> None:
    # (The deal then has no figures either: a missing_field may come with it.)
    assert (1, "illegal_closing") in codes(record(AB, [closing("Zoe", 30)]))


def test_closing_points_no_deal_can_give_are_impossible_points() -> None:
    # 2 players: at most 146 card points + 10... no combinations declared: 500 is impossible.
    assert (1, "impossible_points") in codes(record(AB, [closing("Anna", 500)]))


# ---- debertz and klabor ---------------------------------------------------------------------


def debertz_deal(declarations: dict[str, list[str]]) -> dict:
    return {"trump": "S", "declarer": "Anna", "declarations": declarations}


def test_debertz_7_wins_the_match_at_once_and_the_holder_reaches_the_target() -> None:
    # §4: the holder's match total becomes the target (seed 001 l.146 «получает максимум
    # очков»): Boris at 0 records 501 − 0; the deal's totals are 0; Anna keeps her 140.
    result = score(AB, [slam(), debertz_deal({"Boris": ["debertz:AC"]})], debertz=7)
    last = result["deals"][1]
    assert last["outcome"] == "debertz"
    assert last["totals"] == {"Anna": 0, "Boris": 0}
    assert last["recorded"] == {"Anna": 0, "Boris": 501}
    assert (result["finished"], result["winner"], result["reason"]) == (True, "Boris", "debertz")
    assert result["match"] == {"Anna": 140, "Boris": 501}


def test_debertz_7_needs_seven_cards_from_the_top() -> None:
    # From the 9 there are only 3 cards down to the 7.
    assert (1, "bad_combination") in codes(
        record(AB, [debertz_deal({"Anna": ["debertz:9C"]})], debertz=7)
    )
    # From the K: K Q J 10 9 8 7, seven cards: fine.
    assert score(AB, [debertz_deal({"Anna": ["debertz:KC"]})], debertz=7)["winner"] == "Anna"
    # ... but with debertz: 6 from the Q (Q J 10 9 8 7) is enough, not with 7.
    assert score(AB, [debertz_deal({"Anna": ["debertz:QC"]})], debertz=6)["winner"] == "Anna"
    assert (1, "bad_combination") in codes(
        record(AB, [debertz_deal({"Anna": ["debertz:QC"]})], debertz=7)
    )


def test_kharkov_debertz_is_six_in_sequence() -> None:
    result = score(AB, [debertz_deal({"Anna": ["debertz:QD"]})], ruleset="kharkov")
    assert (result["winner"], result["reason"]) == ("Anna", "debertz")


def test_debertz_off_is_combination_not_allowed() -> None:
    assert (1, "combination_not_allowed") in codes(
        record(AB, [debertz_deal({"Anna": ["debertz:AC"]})])
    )


def test_debertz_first_holder_clockwise_wins() -> None:
    both = debertz_deal({"Anna": ["debertz:AC"], "Boris": ["debertz:AD"]})
    # Boris deals: Anna is first from his left.
    assert score(AB, [both], debertz=7)["winner"] == "Anna"
    # Anna deals: Boris is first.
    assert score(AB, [both], first_dealer="Anna", debertz=7)["winner"] == "Boris"
    # Three players, Anna deals: Boris, Cleo, Anna: Cleo and Anna hold one: Cleo.
    three = debertz_deal({"Anna": ["debertz:AC"], "Cleo": ["debertz:AD"]})
    assert score(ABC, [three], first_dealer="Anna", debertz=7)["winner"] == "Cleo"


def test_a_violation_decides_before_a_debertz() -> None:
    both = {
        **debertz_deal({"Anna": ["debertz:AC"]}),
        "violation": {"player": "Anna", "kind": "renonce"},
    }
    result = score(AB, [both], debertz=7)
    assert result["deals"][0]["outcome"] == "card_byte"
    assert result["deals"][0]["recorded"] == {"Anna": 0, "Boris": 162}
    assert result["finished"] is False


def test_a_debertz_decides_before_a_closing() -> None:
    both = {**debertz_deal({"Boris": ["debertz:AC"]}), "closing": {"player": "Anna", "points": 30}}
    result = score(AB, [both], debertz=7)
    assert (result["winner"], result["reason"]) == ("Boris", "debertz")


def test_a_violation_decides_before_a_closing() -> None:
    both = {**closing("Anna", 30), "violation": {"player": "Boris", "kind": "renonce"}}
    result = score(AB, [both])
    assert result["deals"][0]["outcome"] == "card_byte"
    assert result["finished"] is False


def test_debertz_with_pairs_the_pair_wins() -> None:
    result = score(PAIRS, [debertz_deal({"Cleo": ["debertz:AH"]})], debertz=7)
    assert result["winner"] == ["Anna", "Cleo"]


def test_odessa_klabor_from_the_ace_wins_the_match() -> None:
    result = score(AB, [debertz_deal({"Boris": ["klabor:AH"]})], ruleset="odessa")
    assert (result["winner"], result["reason"]) == ("Boris", "debertz")
    assert result["deals"][0]["outcome"] == "debertz"


def test_klabor_runs_from_the_ace_only_and_only_where_played() -> None:
    assert (1, "bad_combination") in codes(
        record(AB, [debertz_deal({"Boris": ["klabor:KH"]})], ruleset="odessa")
    )
    assert (1, "combination_not_allowed") in codes(
        record(AB, [debertz_deal({"Boris": ["klabor:AH"]})])
    )


# ---- mercy gap, fixed deals, match score ----------------------------------------------------


def test_mercy_gap_true_means_250() -> None:
    # 140 after deal 1 (gap 140), 280 after deal 2: the gap reaches 250, Anna wins.
    result = score(AB, [slam(), slam()], mercy_gap=True)
    assert (result["finished"], result["winner"], result["reason"]) == (True, "Anna", "mercy")
    one = score(AB, [slam()], mercy_gap=True)
    assert one["finished"] is False


def test_mercy_gap_a_number_of_points() -> None:
    assert score(AB, [slam(), slam()], mercy_gap=300)["finished"] is False
    assert score(AB, [slam(), slam(), slam()], mercy_gap=300)["reason"] == "mercy"


def test_mercy_gap_off_by_default() -> None:
    assert score(AB, [slam(), slam()])["finished"] is False


def test_mercy_gap_with_3_players_against_any_other_player() -> None:
    # Anna 140 + 140 = 280; Boris and Cleo 0: the gap to another player reaches 250.
    three_slam = deal(
        "H",
        "Anna",
        {"Anna": 130, "Boris": 0, "Cleo": 0},
        "Anna",
        tricks={"Anna": 9, "Boris": 0, "Cleo": 0},
    )
    result = score(ABC, [three_slam, three_slam], mercy_gap=True)
    assert (result["winner"], result["reason"]) == ("Anna", "mercy")


def test_fifty_offer_accepted_the_offerors_opponent_records_50() -> None:
    # Engine extension of the format: `fifty_offer` names the offeror.
    result = score(
        AB, [{"trump": "H", "declarer": "Anna", "fifty_offer": {"player": "Boris"}}], mercy_gap=True
    )
    assert result["deals"][0]["recorded"] == {"Anna": 50, "Boris": 0}


def test_fifty_offer_by_the_first_player_listed() -> None:
    result = score(
        AB, [{"trump": "H", "declarer": "Anna", "fifty_offer": {"player": "Anna"}}], mercy_gap=True
    )
    assert result["deals"][0]["recorded"] == {"Anna": 0, "Boris": 50}


def test_fixed_deals_counts_void_deals() -> None:
    # Three deals, one of them void: the match ends after the third with the higher total.
    deals = [made("Anna", 100, 30, "Anna", (6, 3)), void(), made("Boris", 40, 50, "Boris", (3, 6))]
    result = score(AB, deals, format="fixed", fixed_deals=3)
    # Anna 110 + 40 = 150, Boris 30 + 60 = 90.
    assert (result["finished"], result["winner"], result["reason"]) == (True, "Anna", "fixed_deals")
    assert result["deals"][-1]["next_dealer"] is None
    assert score(AB, deals[:2], format="fixed", fixed_deals=3)["finished"] is False
    rec = record(AB, [*deals, void()], format="fixed", fixed_deals=3)
    assert codes(rec) == [(4, "match_finished")]


def test_fixed_deals_equal_totals_go_to_the_last_trick_of_the_final_deal() -> None:
    # Deal 1: Anna 70 + 10 = 80, Boris 60. Deal 2: Boris 50 + 10 = 60, Anna 40: 120 each;
    # Boris took the last trick of the final deal.
    deals = [made("Anna", 70, 60, "Anna", (5, 4)), made("Boris", 40, 50, "Boris", (4, 5))]
    result = score(AB, deals, format="fixed", fixed_deals=2)
    assert result["match"] == {"Anna": 120, "Boris": 120}
    assert result["winner"] == "Boris"


def test_fixed_deals_equal_totals_after_a_void_final_deal_earlier_clockwise() -> None:
    # Nobody scores; the final deal is void (no last trick): the earlier player clockwise
    # from its dealer's left wins. Deal 1 dealt by Boris, deal 2 by Anna: from Anna's left,
    # Boris.
    result = score(AB, [void(), void()], format="fixed", fixed_deals=2)
    assert result["winner"] == "Boris"


def test_fixed_format_ignores_the_target() -> None:
    result = score(AB, [slam(), slam()], format="fixed", fixed_deals=3, target=200)
    assert result["finished"] is False


def test_match_score_win_gives_1() -> None:
    result = score(AB, [slam()], target=100)
    assert match_points(result, resolve_conventions("moscow", {"target": 100}, 2)) == {
        "Anna": 1,
        "Boris": 0,
    }


def test_match_score_difference_adds_target_minus_the_losers_total() -> None:
    # Target 250: Anna 280, Boris 0 → Anna 1 + 250.
    result = score(AB, [slam(), slam()], target=250)
    conv = resolve_conventions("moscow", {"target": 250, "match_score": "difference"}, 2)
    assert match_points(result, conv) == {"Anna": 251, "Boris": 0}


def test_match_score_difference_nothing_when_both_are_over_the_target() -> None:
    result = score(AB, two_over_target(), target=100)
    conv = resolve_conventions("moscow", {"target": 100, "match_score": "difference"}, 2)
    assert match_points(result, conv) == {"Anna": 0, "Boris": 1}


# ---- dealer ------------------------------------------------------------------------------------


def test_dealer_out_of_turn() -> None:
    # Anna wins deal 1 (dealer: winner), so Anna deals deal 2, not Boris.
    second = {**slam(), "dealer": "Boris"}
    assert codes(record(AB, [{**slam(), "dealer": "Boris"}, second])) == [(2, "dealer_out_of_turn")]
    result = score(AB, [{**slam(), "dealer": "Boris"}, {**slam(), "dealer": "Anna"}])
    assert [d["dealer"] for d in result["deals"]] == ["Boris", "Anna"]


def test_first_dealer_deals_deal_1() -> None:
    assert codes(record(AB, [{**slam(), "dealer": "Anna"}], first_dealer="Boris")) == [
        (1, "dealer_out_of_turn")
    ]


# ---- reading the usual deal ----------------------------------------------------------------


def test_three_players_leave_5_cards_undealt_worth_at_most_67() -> None:
    # The 5 undealt cards hold at most the trump jack, the trump nine and three aces:
    # 20 + 14 + 11 + 11 + 11 = 67, so the 27 dealt cards hold at least 152 - 67 = 85.
    def all_to_anna(points: int) -> dict:
        return deal(
            "H",
            "Anna",
            {"Anna": points, "Boris": 0, "Cleo": 0},
            "Anna",
            tricks={"Anna": 9, "Boris": 0, "Cleo": 0},
        )

    assert score(ABC, [all_to_anna(85)])["deals"][0]["totals"]["Anna"] == 95
    assert codes(record(ABC, [all_to_anna(84)])) == [(1, "impossible_points")]


def _mutated(rng: random.Random, rec: dict) -> dict:
    """The record with one deal spoiled in one of the ways a scorer gets it wrong."""
    rec = copy.deepcopy(rec)
    names = rec["players"]
    target = rng.choice(rec["deals"])
    spoil = rng.randrange(8)
    if spoil == 0:
        target["dealer"] = "Zed"
    elif spoil == 1:
        target["trump"] = rng.choice(["X", 3, None])
    elif spoil == 2 and "points" in target:
        target["points"][rng.choice(names)] = rng.choice([-1, 153, "10", True, 1.5])
    elif spoil == 3 and "tricks" in target:
        target["tricks"][rng.choice(names)] += 1
    elif spoil == 4:
        target["declarations"] = {name: ["terz:AS"] for name in names[:2]}
    elif spoil == 5:
        target["declarations"] = {names[0]: rng.choice([["bella", "bella"], ["debertz:AS"], ["?"]])}
    elif spoil == 6:
        target["last_trick"] = None
    else:
        target["points"] = {names[0]: 0}
    return rec


def _outcome(rec: dict) -> object:
    try:
        return score_match(rec)
    except ScoresheetError as error:
        return error.errors


def test_the_quick_reading_of_the_usual_deal_changes_nothing(monkeypatch) -> None:
    """Deals played and recorded as figures are read by a quick path; with it switched off
    (the full reading for every deal) every record, good or spoilt, scores the same."""
    rng = random.Random(5)
    records = []
    for ruleset, players in (("moscow", AB), ("online", ABC), ("kharkov", PAIRS), ("odessa", ABC)):
        for _ in range(15):
            rec = random_match(rng, players, ruleset=ruleset, card_by_card=False, max_deals=12)
            records += [rec, _mutated(rng, rec)]
    quick = [_outcome(rec) for rec in records]
    monkeypatch.setattr(DealReader, "_read_summary", lambda self, number, raw, dealer: None)
    assert [_outcome(rec) for rec in records] == quick
