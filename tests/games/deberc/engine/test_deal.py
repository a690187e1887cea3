"""Rules §5 and §6: scoring a deal (made, byte, hanging byte), hanging pools, card byte,
the other penalties, and who deals next.

Two players: Anna and Boris; three: + Cleo; pairs: Anna & Cleo against Boris & Dima.
The first dealer is the last player listed unless said otherwise, so Anna is the eldest.
"""

from __future__ import annotations

from .helpers import deal, score, void

AB = ["Anna", "Boris"]
ABC = ["Anna", "Boris", "Cleo"]
PAIRS = ["Anna", "Boris", "Cleo", "Dima"]


def made_by_anna() -> dict:
    # Anna 100 + 10 = 110 against Boris 30.
    return deal("H", "Anna", {"Anna": 100, "Boris": 30}, "Anna", tricks={"Anna": 6, "Boris": 3})


def byte_of_anna() -> dict:
    # Anna 40 against Boris 90 + 10 = 100.
    return deal("H", "Anna", {"Anna": 40, "Boris": 90}, "Boris", tricks={"Anna": 3, "Boris": 6})


def hanging_of_anna() -> dict:
    # Anna 60 + 10 = 70 against Boris 70: a hanging byte of 70.
    return deal("S", "Anna", {"Anna": 60, "Boris": 70}, "Anna", tricks={"Anna": 4, "Boris": 5})


# ---- made, byte, hanging byte ------------------------------------------------------------


def test_made_everybody_records_their_own_total() -> None:
    result = score(AB, [made_by_anna()])["deals"][0]
    assert result["outcome"] == "made"
    assert result["totals"] == result["recorded"] == {"Anna": 110, "Boris": 30}


def test_winner_takes_all_gives_the_declarer_the_sum_of_all_totals() -> None:
    result = score(AB, [made_by_anna()], winner_takes_all=True)["deals"][0]
    assert result["totals"] == {"Anna": 110, "Boris": 30}
    assert result["recorded"] == {"Anna": 140, "Boris": 0}


def test_byte_2p_declarer_records_0_and_the_opponent_takes_their_total() -> None:
    result = score(AB, [byte_of_anna()])["deals"][0]
    assert result["outcome"] == "byte"
    assert result["totals"] == {"Anna": 40, "Boris": 100}
    assert result["recorded"] == {"Anna": 0, "Boris": 140}


def test_byte_pairs_goes_to_the_other_pair() -> None:
    # Anna & Cleo declared: 20 + 30 = 50; Boris & Dima 50 + 52 + 10 = 112.
    first = deal("H", "Anna", {"Anna": 20, "Boris": 50, "Cleo": 30, "Dima": 52}, "Dima")
    result = score(PAIRS, [first])["deals"][0]
    assert result["outcome"] == "byte"
    assert result["recorded"] == {"Anna": 0, "Boris": 162, "Cleo": 0, "Dima": 162}


def three_player_byte(anna: int = 40) -> dict:
    # Anna declares: anna + 0; Boris 60 + 10 = 70; Cleo 30.
    return deal(
        "H",
        "Anna",
        {"Anna": anna, "Boris": 60, "Cleo": 30},
        "Boris",
        tricks={"Anna": 3, "Boris": 4, "Cleo": 2},
    )


def test_byte_3p_top_goes_to_the_opponent_with_more_points() -> None:
    result = score(ABC, [three_player_byte()])["deals"][0]
    assert result["totals"] == {"Anna": 40, "Boris": 70, "Cleo": 30}
    assert result["recorded"] == {"Anna": 0, "Boris": 110, "Cleo": 30}


def test_byte_3p_split_halves_between_the_two_opponents() -> None:
    result = score(ABC, [three_player_byte()], byte_3p="split")["deals"][0]
    assert result["recorded"] == {"Anna": 0, "Boris": 90, "Cleo": 50}


def test_byte_3p_split_halves_with_odd_point_to_eldest() -> None:
    # Anna's 41 split: 21 + 20. The odd point goes to the opponent earlier clockwise from
    # the dealer's left. Cleo deals: order Anna, Boris, Cleo: Boris gets 21.
    result = score(ABC, [three_player_byte(41)], byte_3p="split")["deals"][0]
    assert result["recorded"] == {"Anna": 0, "Boris": 70 + 21, "Cleo": 30 + 20}
    # Boris deals: order Cleo, Anna, Boris: Cleo gets 21.
    result = score(ABC, [three_player_byte(41)], first_dealer="Boris", byte_3p="split")
    assert result["deals"][0]["recorded"] == {"Anna": 0, "Boris": 70 + 20, "Cleo": 30 + 21}


def test_byte_3p_top_with_opponents_equal_hangs_a_pool_only_they_can_win() -> None:
    # Anna 30; Boris 60; Cleo 50 + 10 = 60: the 30 hang for Boris and Cleo only.
    tie = deal(
        "H",
        "Anna",
        {"Anna": 30, "Boris": 60, "Cleo": 50},
        "Cleo",
        tricks={"Anna": 2, "Boris": 4, "Cleo": 3},
    )
    # Deal 2 (Boris deals after a tie of Boris and Cleo, see the dealer tests): Anna is
    # the highest (Anna 100 + 10), but she is not eligible: Boris 40 > Cleo 12 takes the pool.
    second = deal(
        "C",
        "Anna",
        {"Anna": 100, "Boris": 40, "Cleo": 12},
        "Anna",
        tricks={"Anna": 5, "Boris": 3, "Cleo": 1},
    )
    result = score(ABC, [tie, second], first_dealer="Boris")
    first, then = result["deals"]
    assert first["outcome"] == "byte"
    assert first["recorded"] == {"Anna": 0, "Boris": 60, "Cleo": 60}
    assert first["hanging"] == [{"points": 30, "eligible": ["Boris", "Cleo"]}]
    assert then["recorded"] == {"Anna": 110, "Boris": 40 + 30, "Cleo": 12}
    assert then["hanging"] == []


def test_hanging_byte_declarer_records_nothing_and_their_total_hangs() -> None:
    result = score(AB, [hanging_of_anna()])["deals"][0]
    assert result["outcome"] == "hanging"
    assert result["totals"] == {"Anna": 70, "Boris": 70}
    assert result["recorded"] == {"Anna": 0, "Boris": 70}
    assert result["hanging"] == [{"points": 70, "eligible": ["Anna", "Boris"]}]
    assert result["match"] == {"Anna": 0, "Boris": 70}


def test_hanging_byte_3p_compares_with_the_best_opponent() -> None:
    # Anna 50 + 10 = 60, Boris 60, Cleo 42: hanging; Boris and Cleo record their own.
    first = deal(
        "H",
        "Anna",
        {"Anna": 50, "Boris": 60, "Cleo": 42},
        "Anna",
        tricks={"Anna": 3, "Boris": 3, "Cleo": 3},
    )
    result = score(ABC, [first])["deals"][0]
    assert result["outcome"] == "hanging"
    assert result["recorded"] == {"Anna": 0, "Boris": 60, "Cleo": 42}
    assert result["hanging"] == [{"points": 60, "eligible": ["Anna", "Boris", "Cleo"]}]


# ---- hanging pools -------------------------------------------------------------------------


def test_pool_goes_to_the_highest_total_of_a_later_deal() -> None:
    # Deal 2: Boris deals (he was the opponent of the hanging declarer); Boris declares,
    # 100 + 10 against Anna 30: Boris has the highest total and wins the 70.
    second = deal("H", "Boris", {"Anna": 30, "Boris": 100}, "Boris", tricks={"Anna": 3, "Boris": 6})
    result = score(AB, [hanging_of_anna(), second])
    assert result["deals"][1]["recorded"] == {"Anna": 30, "Boris": 110 + 70}
    assert result["deals"][1]["hanging"] == []
    assert result["match"] == {"Anna": 30, "Boris": 70 + 180}


def test_pool_can_be_won_by_the_declarer_who_hung_it() -> None:
    second = deal("H", "Anna", {"Anna": 100, "Boris": 30}, "Anna", tricks={"Anna": 6, "Boris": 3})
    result = score(AB, [hanging_of_anna(), second])
    assert result["deals"][1]["recorded"] == {"Anna": 110 + 70, "Boris": 30}


def test_shared_top_keeps_the_pool_hanging_and_a_new_pool_joins_it() -> None:
    # Deal 2 is a hanging byte again (70 = 70): the old 70 stays, the new 70 joins it.
    second = deal("S", "Boris", {"Anna": 70, "Boris": 60}, "Boris", tricks={"Anna": 5, "Boris": 4})
    result = score(AB, [hanging_of_anna(), second])
    assert result["deals"][1]["recorded"] == {"Anna": 70, "Boris": 0}
    assert result["deals"][1]["hanging"] == [{"points": 140, "eligible": ["Anna", "Boris"]}]


def test_a_pool_of_0_points_is_not_created() -> None:
    # Anna declares and takes nothing; Boris 60 + 10 = 70 and Cleo 70 tie for the top:
    # Anna's 0 would hang for them, but a pool of 0 is not created.
    nothing = deal(
        "H",
        "Anna",
        {"Anna": 0, "Boris": 60, "Cleo": 70},
        "Boris",
        tricks={"Anna": 0, "Boris": 4, "Cleo": 5},
    )
    result = score(ABC, [nothing])["deals"][0]
    assert result["outcome"] == "byte"
    assert result["hanging"] == []
    assert result["recorded"] == {"Anna": 0, "Boris": 70, "Cleo": 70}


def three_player_hanging() -> dict:
    # Cleo deals; Anna declares: 50 + 10 = 60 = Boris 60; Cleo 42: a 60 pool for everybody.
    return deal(
        "H",
        "Anna",
        {"Anna": 50, "Boris": 60, "Cleo": 42},
        "Anna",
        tricks={"Anna": 3, "Boris": 3, "Cleo": 3},
    )


def three_player_byte_after_hanging() -> dict:
    # Deal 2: Boris deals (the tied opponent). Cleo declares: 30; Anna 62 + 10 = 72; Boris 40.
    return deal(
        "C",
        "Cleo",
        {"Anna": 62, "Boris": 40, "Cleo": 30},
        "Anna",
        tricks={"Anna": 4, "Boris": 3, "Cleo": 2},
    )


def test_hanging_on_byte_3p_top_the_pool_goes_to_the_top_player() -> None:
    # Anna (72) is the highest: she takes Cleo's 30 (byte) and the 60 pool.
    result = score(ABC, [three_player_hanging(), three_player_byte_after_hanging()])
    second = result["deals"][1]
    assert second["outcome"] == "byte"
    assert second["recorded"] == {"Anna": 72 + 30 + 60, "Boris": 40, "Cleo": 0}
    assert second["hanging"] == []


def test_hanging_on_byte_3p_split_halves_the_pool_between_the_two_opponents() -> None:
    # The 60 pool is split 30/30 between Cleo's opponents, Anna and Boris.
    result = score(
        ABC, [three_player_hanging(), three_player_byte_after_hanging()], hanging_on_byte_3p="split"
    )
    second = result["deals"][1]
    assert second["recorded"] == {"Anna": 72 + 30 + 30, "Boris": 40 + 30, "Cleo": 0}


def test_pool_is_won_by_the_highest_eligible_total_even_a_hanging_declarer() -> None:
    # Deal 1 (Boris deals): byte with Boris and Cleo tied at 60: Anna's 30 hang for them.
    # Deal 2: Cleo declares, 50 + 10 = 60 = Anna 60 (a hanging byte); among the eligible,
    # Cleo 60 > Boris 42: Cleo wins the 30; then her own 60 hangs for everybody.
    first = deal(
        "H",
        "Anna",
        {"Anna": 30, "Boris": 60, "Cleo": 50},
        "Cleo",
        tricks={"Anna": 2, "Boris": 4, "Cleo": 3},
    )
    second = deal(
        "S",
        "Cleo",
        {"Anna": 60, "Boris": 42, "Cleo": 50},
        "Cleo",
        tricks={"Anna": 3, "Boris": 3, "Cleo": 3},
    )
    result = score(ABC, [first, second], first_dealer="Boris")
    assert result["deals"][1]["recorded"] == {"Anna": 60, "Boris": 42, "Cleo": 30}
    assert result["deals"][1]["hanging"] == [{"points": 60, "eligible": ["Anna", "Boris", "Cleo"]}]


def test_hanging_on_byte_3p_split_odd_point_to_the_earlier_from_dealers_left() -> None:
    # Deal 1 (Cleo deals): Anna 51 + 10 = 61 = Boris 61, Cleo 40: a pool of 61. Deal 2
    # (Boris deals: order Cleo, Anna, Boris): Cleo in byte; the 61 split 31 to Anna (earlier)
    # and 30 to Boris.
    hang = deal(
        "H",
        "Anna",
        {"Anna": 51, "Boris": 61, "Cleo": 40},
        "Anna",
        tricks={"Anna": 3, "Boris": 4, "Cleo": 2},
    )
    result = score(ABC, [hang, three_player_byte_after_hanging()], hanging_on_byte_3p="split")
    assert result["deals"][1]["dealer"] == "Boris"
    assert result["deals"][1]["recorded"] == {"Anna": 72 + 30 + 31, "Boris": 40 + 30, "Cleo": 0}


ADV = ["Anna", "Dina", "Vera"]


def dina_byted_anna_and_vera_tie() -> dict:
    # Vera deals, Anna is the eldest. Dina declares: 30 against Anna 60 and Vera 50 + 10 =
    # 60: a byte with the two opponents equal, so Dina's 30 hang for Anna and Vera only.
    return deal(
        "H",
        "Dina",
        {"Anna": 60, "Dina": 30, "Vera": 50},
        "Vera",
        tricks={"Anna": 4, "Dina": 2, "Vera": 3},
    )


def test_hanging_on_byte_3p_split_a_pool_goes_whole_to_the_only_eligible_opponent() -> None:
    """`hanging_on_byte_3p: split` with a pool only two players can win, one of them the
    byte's declarer: the other opponent takes the whole pool, never a share for a player
    who could not win it. Seed 003: "Если в следующую сдачу случится байд, «повисшие» очки
    разделят поровну вистующие"; seed 001 says who may win such a pool: "получит их один из
    соперников, который в следующей сдаче наберет большее количество очков, играющий,
    который получил байд, на эти очки не претендует" (Dina, the declarer of deal 1)."""
    # Deal 2: Anna deals (the first of the tied opponents from Vera's left). Vera declares:
    # 20 against Dina 70 + 10 = 80 and Anna 40: a byte, Dina (top) takes Vera's 20. Of the
    # two opponents, Anna and Dina, only Anna may win the 30: she takes it all, though Dina
    # has the higher total.
    second = deal(
        "C",
        "Vera",
        {"Anna": 40, "Dina": 70, "Vera": 20},
        "Dina",
        tricks={"Anna": 3, "Dina": 5, "Vera": 1},
    )
    result = score(ADV, [dina_byted_anna_and_vera_tie(), second], ruleset="online")
    first, then = result["deals"]
    assert first["outcome"] == "byte"
    assert first["hanging"] == [{"points": 30, "eligible": ["Anna", "Vera"]}]
    assert then["dealer"] == "Anna"
    assert then["outcome"] == "byte"
    assert then["recorded"] == {"Anna": 40 + 30, "Dina": 80 + 20, "Vera": 0}
    assert then["hanging"] == []
    assert result["match"] == {"Anna": 60 + 70, "Dina": 100, "Vera": 60}


def test_hanging_on_byte_3p_split_halves_a_pool_both_opponents_may_win() -> None:
    """The same pool (for Anna and Vera) played by a byte of Dina, who hung it: both of her
    opponents are eligible, so it is halved between them as before."""
    # Deal 2 (Anna deals): Dina declares again: 20 against Vera 70 + 10 = 80 and Anna 40:
    # Vera (top) takes Dina's 20; the 30 are split 15 / 15 between Anna and Vera.
    second = deal(
        "C",
        "Dina",
        {"Anna": 40, "Dina": 20, "Vera": 70},
        "Vera",
        tricks={"Anna": 3, "Dina": 1, "Vera": 5},
    )
    result = score(ADV, [dina_byted_anna_and_vera_tie(), second], ruleset="online")
    then = result["deals"][1]
    assert then["outcome"] == "byte"
    assert then["recorded"] == {"Anna": 40 + 15, "Dina": 0, "Vera": 80 + 20 + 15}
    assert then["hanging"] == []


def test_hanging_byte_with_pairs_hangs_for_both_pairs() -> None:
    # Anna & Cleo 41 + 30 + 10 = 81 = Boris & Dima 37 + 44.
    first = deal("H", "Anna", {"Anna": 41, "Boris": 37, "Cleo": 30, "Dima": 44}, "Anna")
    result = score(PAIRS, [first])["deals"][0]
    assert result["outcome"] == "hanging"
    assert result["recorded"] == {"Anna": 0, "Boris": 81, "Cleo": 0, "Dima": 81}
    assert result["hanging"] == [{"points": 81, "eligible": PAIRS}]


def test_hanging_separately_no_joins_pools_eligible_for_either() -> None:
    # Deal 1: 30 hang for Boris and Cleo. Deal 2: Anna declares, 40 + 10 = 50, Boris 50,
    # Cleo 50: the old pool's top is shared (Boris = Cleo), it keeps hanging; Anna's 50 hang
    # too and join it: one pool of 80 for all three.
    first = deal(
        "H",
        "Anna",
        {"Anna": 30, "Boris": 60, "Cleo": 50},
        "Cleo",
        tricks={"Anna": 2, "Boris": 4, "Cleo": 3},
    )
    second = deal(
        "S",
        "Anna",
        {"Anna": 40, "Boris": 50, "Cleo": 50},
        "Anna",
        tricks={"Anna": 3, "Boris": 3, "Cleo": 3},
    )
    result = score(ABC, [first, second], first_dealer="Boris")
    assert result["deals"][1]["outcome"] == "hanging"
    assert result["deals"][1]["recorded"] == {"Anna": 0, "Boris": 50, "Cleo": 50}
    assert result["deals"][1]["hanging"] == [{"points": 80, "eligible": ["Anna", "Boris", "Cleo"]}]


def test_hanging_separately_no_merges_two_hanging_pools() -> None:
    # Two hanging bytes in a row (2 players): one pool of 140 for both.
    second = deal("S", "Boris", {"Anna": 70, "Boris": 60}, "Boris", tricks={"Anna": 5, "Boris": 4})
    result = score(AB, [hanging_of_anna(), second], hanging_separately=False)
    assert result["deals"][1]["hanging"] == [{"points": 140, "eligible": ["Anna", "Boris"]}]


def test_hanging_separately_yes_plays_oldest_pool_first() -> None:
    # Pools queue: 70 (deal 1), 65 (deal 2: Boris 55 + 10 = 65 = Anna 65). Deal 3 plays only
    # the oldest: the winner takes 70, the 65 still hangs.
    second = deal("S", "Boris", {"Anna": 65, "Boris": 55}, "Boris", tricks={"Anna": 5, "Boris": 4})
    third = deal("H", "Anna", {"Anna": 100, "Boris": 30}, "Anna", tricks={"Anna": 6, "Boris": 3})
    result = score(AB, [hanging_of_anna(), second, third], hanging_separately=True)
    assert result["deals"][1]["hanging"] == [
        {"points": 70, "eligible": ["Anna", "Boris"]},
        {"points": 65, "eligible": ["Anna", "Boris"]},
    ]
    assert result["deals"][2]["recorded"] == {"Anna": 110 + 70, "Boris": 30}
    assert result["deals"][2]["hanging"] == [{"points": 65, "eligible": ["Anna", "Boris"]}]


def test_a_deal_plays_old_pools_before_adding_its_own() -> None:
    # hanging_separately yes, deal 2 is a hanging byte itself: the top is shared, so the old
    # pool stays first and the new one queues behind it.
    second = deal("S", "Boris", {"Anna": 65, "Boris": 55}, "Boris", tricks={"Anna": 5, "Boris": 4})
    result = score(AB, [hanging_of_anna(), second], hanging_separately=True)
    assert [pool["points"] for pool in result["deals"][1]["hanging"]] == [70, 65]


# ---- card byte and penalties ------------------------------------------------------------------


def test_card_byte_2p_gives_162_plus_all_declared_combinations() -> None:
    # Anna reneges. Boris records every point of the deal: 162 + Anna's terz 20 + Boris's
    # bella 20 + fifty 50, without seniority = 252. Anna 0.
    bad = {
        "trump": "H",
        "declarer": "Anna",
        "violation": {"player": "Anna", "kind": "renonce"},
        "declarations": {"Anna": ["terz:AS"], "Boris": ["bella", "fifty:KD"]},
    }
    result = score(AB, [bad])["deals"][0]
    assert result["outcome"] == "card_byte"
    assert result["recorded"] == {"Anna": 0, "Boris": 252}
    assert result["totals"] == {"Anna": 0, "Boris": 252}
    assert result["next_dealer"] == "Boris"  # the highest total is the non-violator's


def test_card_byte_3p_halves_between_the_two_others() -> None:
    # Boris makes a false declaration: 162 + Anna's terz 20 = 182, 91 each to Anna and Cleo.
    bad = {
        "trump": "H",
        "declarer": "Anna",
        "violation": {"player": "Boris", "kind": "false_declaration"},
        "declarations": {"Anna": ["terz:AS"]},
    }
    result = score(ABC, [bad])["deals"][0]
    assert result["recorded"] == {"Anna": 91, "Boris": 0, "Cleo": 91}
    # Anna and Cleo tie: the first clockwise from the dealer's (Cleo's) left deals: Anna.
    assert result["next_dealer"] == "Anna"


def test_card_byte_pairs_the_other_pair_records_everything() -> None:
    bad = {
        "trump": "D",
        "declarer": "Boris",
        "violation": {"player": "Dima", "kind": "illegal_swap"},
    }
    result = score(PAIRS, [bad])["deals"][0]
    assert result["recorded"] == {"Anna": 162, "Boris": 0, "Cleo": 162, "Dima": 0}


def test_every_violation_kind_is_a_card_byte() -> None:
    for kind in (
        "renonce",
        "false_declaration",
        "illegal_question",
        "illegal_swap",
        "wrong_card_count",
    ):
        bad = {"trump": "H", "declarer": "Anna", "violation": {"player": "Boris", "kind": kind}}
        result = score(AB, [bad])["deals"][0]
        assert (result["outcome"], result["recorded"]) == ("card_byte", {"Anna": 162, "Boris": 0})


def test_card_byte_shares_play_the_hanging_pool() -> None:
    # The 70 of deal 1 hangs; in deal 2 Anna reneges: Boris's 162 is the top total, he wins it.
    bad = {"trump": "H", "declarer": "Boris", "violation": {"player": "Anna", "kind": "renonce"}}
    result = score(AB, [hanging_of_anna(), bad])
    assert result["deals"][1]["recorded"] == {"Anna": 0, "Boris": 162 + 70}
    assert result["deals"][1]["hanging"] == []


def test_card_byte_is_not_a_byte_for_hanging_on_byte_3p() -> None:
    # A 60 pool hangs; in deal 2 Cleo reneges: Anna and Boris get 81 each. Under
    # hanging_on_byte_3p split a byte would halve the pool, but a card byte plays it as in
    # every deal: the top (81) is shared, so the pool keeps hanging.
    bad = {"trump": "C", "declarer": "Cleo", "violation": {"player": "Cleo", "kind": "renonce"}}
    result = score(ABC, [three_player_hanging(), bad], hanging_on_byte_3p="split")
    assert result["deals"][1]["recorded"] == {"Anna": 81, "Boris": 81, "Cleo": 0}
    assert result["deals"][1]["hanging"] == [{"points": 60, "eligible": ["Anna", "Boris", "Cleo"]}]


def test_odessa_renonce_redeal_minus_100_next_dealer() -> None:
    # Odessa: the violator records -100, the others 0, the pools stay; the redeal is dealt by
    # the next dealer in turn (§6, project reading of seed 001 l.158, l.174).
    hang = deal("S", "Anna", {"Anna": 60, "Boris": 70}, "Anna", tricks={"Anna": 4, "Boris": 5})
    bad = {"trump": "H", "declarer": "Anna", "violation": {"player": "Boris", "kind": "renonce"}}
    result = score(AB, [hang, bad], ruleset="odessa")
    first, second = result["deals"]
    assert first["next_dealer"] == "Anna"  # Odessa deals clockwise: Boris, then Anna
    assert second["dealer"] == "Anna"
    assert second["recorded"] == {"Anna": 0, "Boris": -100}
    # Odessa hangs as a висяк: Anna must play the next deal for the 70 (§5 forced).
    assert second["hanging"] == [{"points": 70, "eligible": ["Anna", "Boris"], "forced": "Anna"}]
    assert second["next_dealer"] == "Boris"
    assert result["match"] == {"Anna": 0, "Boris": 70 - 100}


def test_odessa_false_declaration_is_still_a_card_byte() -> None:
    bad = {
        "trump": "H",
        "declarer": "Anna",
        "violation": {"player": "Boris", "kind": "false_declaration"},
    }
    result = score(AB, [bad], ruleset="odessa")["deals"][0]
    assert result["recorded"] == {"Anna": 162, "Boris": 0}


def test_kharkov_bolt_penalty_is_50_with_2_players_100_with_3() -> None:
    # Boris takes no trick: Anna 130 + 10; Boris 0 - 50.
    two = deal("H", "Anna", {"Anna": 130, "Boris": 0}, "Anna", tricks={"Anna": 9, "Boris": 0})
    assert score(AB, [two], ruleset="kharkov", deal_after_trump=3)["deals"][0]["recorded"] == {
        "Anna": 140,
        "Boris": -50,
    }
    # Three players: Cleo takes no trick: - 100.
    three = deal(
        "H",
        "Anna",
        {"Anna": 100, "Boris": 52, "Cleo": 0},
        "Anna",
        tricks={"Anna": 6, "Boris": 3, "Cleo": 0},
    )
    assert score(ABC, [three], ruleset="kharkov", deal_after_trump=3)["deals"][0]["recorded"] == {
        "Anna": 110,
        "Boris": 52,
        "Cleo": -100,
    }


def test_bolt_penalty_moscow_0_and_pairs_kharkov_100() -> None:
    two = deal("H", "Anna", {"Anna": 130, "Boris": 0}, "Anna", tricks={"Anna": 9, "Boris": 0})
    assert score(AB, [two])["deals"][0]["recorded"] == {"Anna": 140, "Boris": 0}
    # Pairs: Boris & Dima take no trick: the pair loses 100 (Kharkov, pairs).
    slam = deal(
        "H",
        "Anna",
        {"Anna": 80, "Boris": 0, "Cleo": 72, "Dima": 0},
        "Anna",
        tricks={"Anna": 4, "Boris": 0, "Cleo": 4, "Dima": 0},
    )
    result = score(PAIRS, [slam], ruleset="kharkov")["deals"][0]
    assert result["recorded"] == {"Anna": 162, "Boris": -100, "Cleo": 162, "Dima": -100}


def test_bolt_penalty_uses_points_when_tricks_are_not_given() -> None:
    two = deal("H", "Anna", {"Anna": 130, "Boris": 0}, "Anna")
    assert score(AB, [two], bolt_penalty=50)["deals"][0]["recorded"]["Boris"] == -50


def test_three_bytes_penalty_every_third_byte_costs_100() -> None:
    # Anna is in byte in deals 1, 2, 3 (Boris deals each time: he has the highest total).
    result = score(AB, [byte_of_anna()] * 3, three_bytes_penalty=100)
    assert [d["recorded"]["Anna"] for d in result["deals"]] == [0, 0, -100]
    assert result["match"] == {"Anna": -100, "Boris": 3 * 140}


def test_three_bytes_penalty_counts_card_bytes() -> None:
    bad = {"trump": "H", "declarer": "Boris", "violation": {"player": "Anna", "kind": "renonce"}}
    result = score(AB, [byte_of_anna(), bad, byte_of_anna()], three_bytes_penalty=100)
    assert [d["recorded"]["Anna"] for d in result["deals"]] == [0, 0, -100]


def test_three_bytes_penalty_kharkov_preset_is_100() -> None:
    result = score(
        AB,
        [byte_of_anna(), made_by_anna(), byte_of_anna(), byte_of_anna()],
        ruleset="kharkov",
        deal_after_trump=3,  # the helpers' figures are of 9 tricks
    )
    assert [d["recorded"]["Anna"] for d in result["deals"]] == [0, 110, 0, -100]


# ---- next dealer ------------------------------------------------------------------------------


def test_dealer_winner_the_highest_total_deals_next() -> None:
    assert score(AB, [made_by_anna()])["deals"][0]["next_dealer"] == "Anna"
    assert score(AB, [byte_of_anna()])["deals"][0]["next_dealer"] == "Boris"


def test_dealer_winner_hanging_byte_the_tied_opponent_deals() -> None:
    # Anna (declarer) ties Boris: Boris deals, even though Anna is the eldest.
    assert score(AB, [hanging_of_anna()])["deals"][0]["next_dealer"] == "Boris"
    result = score(ABC, [three_player_hanging()])
    assert result["deals"][0]["next_dealer"] == "Boris"


def test_dealer_winner_tied_opponents_first_clockwise_from_dealers_left() -> None:
    # Boris and Cleo tie for the highest (60). Boris deals: order Cleo, Anna, Boris: Cleo.
    tie = deal(
        "H",
        "Anna",
        {"Anna": 30, "Boris": 60, "Cleo": 50},
        "Cleo",
        tricks={"Anna": 2, "Boris": 4, "Cleo": 3},
    )
    assert score(ABC, [tie], first_dealer="Boris")["deals"][0]["next_dealer"] == "Cleo"
    # Cleo deals: order Anna, Boris, Cleo: Boris.
    assert score(ABC, [tie], first_dealer="Cleo")["deals"][0]["next_dealer"] == "Boris"


def test_dealer_winner_pairs_first_member_of_winning_pair_from_dealers_left() -> None:
    # Boris & Dima have the higher total. Boris deals: from his left Cleo, Dima: Dima deals.
    first = deal("H", "Boris", {"Anna": 20, "Boris": 50, "Cleo": 30, "Dima": 52}, "Dima")
    assert score(PAIRS, [first], first_dealer="Boris")["deals"][0]["next_dealer"] == "Dima"
    # Dima deals: from his left Anna, Boris: Boris deals.
    assert score(PAIRS, [first], first_dealer="Dima")["deals"][0]["next_dealer"] == "Boris"


def test_dealer_clockwise_passes_to_the_left() -> None:
    result = score(
        ABC,
        [three_player_hanging(), three_player_byte_after_hanging()],
        first_dealer="Cleo",
        dealer="clockwise",
    )
    assert [d["dealer"] for d in result["deals"]] == ["Cleo", "Anna"]
    assert result["deals"][1]["next_dealer"] == "Boris"


def test_void_deal_always_passes_clockwise() -> None:
    result = score(ABC, [void(), void(), void()], first_dealer="Cleo")
    assert [d["dealer"] for d in result["deals"]] == ["Cleo", "Anna", "Boris"]
    assert all(d["outcome"] == "void" for d in result["deals"])
    assert all(d["recorded"] == {"Anna": 0, "Boris": 0, "Cleo": 0} for d in result["deals"])
    assert result["deals"][-1]["next_dealer"] == "Cleo"


def test_void_deal_plays_no_pool() -> None:
    result = score(AB, [hanging_of_anna(), void()])
    assert result["deals"][1]["hanging"] == [{"points": 70, "eligible": ["Anna", "Boris"]}]
    assert result["deals"][1]["dealer"] == "Boris"
    assert result["deals"][1]["next_dealer"] == "Anna"


def test_four_sevens_redeal_same_dealer() -> None:
    # Engine extension of the format: `four_sevens` names the player who demanded a redeal.
    result = score(AB, [{"four_sevens": "Anna"}, made_by_anna()])
    assert result["deals"][0]["outcome"] == "void"
    assert result["deals"][0]["next_dealer"] == "Boris"
    assert result["deals"][1]["dealer"] == "Boris"
