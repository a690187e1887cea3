"""Rules §4: combinations, seniority [старшинство], the trick requirement and bella.

Base deal unless said otherwise: Anna (eldest: Boris deals) declares hearts and takes
100 card points in 6 tricks and the last trick, Boris 30 in 3 tricks:
Anna 100 + 10 = 110, Boris 30, before any combination.
"""

from __future__ import annotations

import pytest

from scoring.games.deberc.engine.combinations import settle_combinations
from scoring.games.deberc.engine.conventions import resolve_conventions

from .helpers import codes, deal, record, score

AB = ["Anna", "Boris"]


def base(
    declarations: dict[str, list[str]], trump: str = "H", last: str = "Anna", **extra: object
) -> dict:
    return deal(
        trump,
        "Anna",
        {"Anna": 100, "Boris": 30},
        last,
        tricks={"Anna": 6, "Boris": 3},
        declarations=declarations,
        **extra,
    )


def one(
    declarations: dict[str, list[str]],
    first_dealer: str = "Boris",
    last: str = "Anna",
    trump: str = "H",
    ruleset: str = "moscow",
    **conventions: object,
) -> dict:
    return score(AB, [base(declarations, trump, last)], ruleset, first_dealer, **conventions)[
        "deals"
    ][0]


def test_terz_scores_20_fifty_50_bella_20() -> None:
    assert one({"Anna": ["terz:KS"]})["totals"] == {"Anna": 130, "Boris": 30}
    assert one({"Anna": ["fifty:KS"]})["totals"] == {"Anna": 160, "Boris": 30}
    assert one({"Anna": ["bella"]})["totals"] == {"Anna": 130, "Boris": 30}


def test_two_terzes_never_beat_one_fifty() -> None:
    # Anna's two terzes from the ace lose to Boris's fifty from the 10: Boris 30 + 50.
    result = one({"Anna": ["terz:AS", "terz:AC"], "Boris": ["fifty:10D"]})
    assert result["combinations_to"] == "Boris"
    assert result["totals"] == {"Anna": 110, "Boris": 80}


def test_terz_from_queen_beats_two_terzes_from_jack() -> None:
    result = one({"Anna": ["terz:JS", "terz:JC"], "Boris": ["terz:QD"]})
    assert result["combinations_to"] == "Boris"
    assert result["totals"] == {"Anna": 110, "Boris": 50}


def test_hundred_beats_fifty_with_convention_hundred() -> None:
    result = one({"Anna": ["fifty:AS"], "Boris": ["hundred:KD"]}, hundred=True)
    assert result["combinations_to"] == "Boris"
    assert result["totals"] == {"Anna": 110, "Boris": 130}


def test_kharkov_hundred_with_pairs_only() -> None:
    players = ["Anna", "Boris", "Cleo", "Dima"]
    pairs_deal = deal(
        "H",
        "Anna",
        {"Anna": 50, "Boris": 30, "Cleo": 40, "Dima": 32},
        "Anna",
        declarations={"Boris": ["hundred:AS"]},
    )
    # Kharkov pairs: Boris & Dima 62 + 100; Anna & Cleo 100 (no bolt: everybody has points).
    result = score(players, [pairs_deal], ruleset="kharkov")["deals"][0]
    assert result["totals"] == {"Anna": 100, "Boris": 162, "Cleo": 100, "Dima": 162}
    assert codes(
        record(AB, [base({"Boris": ["hundred:AS"]})], ruleset="kharkov", deal_after_trump=3)
    ) == [(1, "combination_not_allowed")]


def test_holder_of_the_most_senior_scores_all_their_runs_and_the_others_none() -> None:
    # Anna's fifty from the ace beats Boris's fifty from the king: Anna scores 50 + 20.
    result = one({"Anna": ["fifty:AS", "terz:QC"], "Boris": ["fifty:KD", "terz:9C"]})
    assert result["combinations_to"] == "Anna"
    assert result["totals"] == {"Anna": 180, "Boris": 30}


def test_same_top_card_the_trump_one_wins_under_moscow() -> None:
    # Trump hearts: Boris's terz K-Q-J of hearts beats Anna's terz from the K of spades.
    result = one({"Anna": ["terz:KS"], "Boris": ["terz:KH"]})
    assert result["combinations_to"] == "Boris"
    assert result["totals"] == {"Anna": 110, "Boris": 50}


def test_trump_in_combination_kharkov_ignores_trump_then_eldest_wins() -> None:
    # Trump ignored: equal terzes from K; the eldest (Anna, left of the dealer Boris) wins.
    result = one({"Anna": ["terz:KS"], "Boris": ["terz:KH"]}, trump_in_combination="kharkov")
    assert result["combinations_to"] == "Anna"
    assert result["totals"] == {"Anna": 130, "Boris": 30}


def test_combination_tie_eldest_goes_to_the_first_from_the_dealers_left() -> None:
    decl = {"Anna": ["terz:KS"], "Boris": ["terz:KC"]}
    assert one(decl, first_dealer="Boris")["combinations_to"] == "Anna"
    # Anna deals: Boris is the eldest.
    assert one(decl, first_dealer="Anna")["combinations_to"] == "Boris"


def test_combination_tie_last_trick_goes_to_whoever_took_the_last_trick() -> None:
    # Boris took the last trick: Boris 30 + 10 + 20.
    result = one(
        {"Anna": ["terz:KS"], "Boris": ["terz:KC"]}, last="Boris", combination_tie="last_trick"
    )
    assert result["combinations_to"] == "Boris"
    assert result["totals"] == {"Anna": 100, "Boris": 60}


def test_combination_tie_eldest_among_three_players() -> None:
    # Cleo deals: Anna is eldest, then Boris. Boris and Cleo tie on terzes from the Q; Anna
    # has none, so Boris (earlier from the dealer's left than Cleo) wins.
    first = deal(
        "H",
        "Anna",
        {"Anna": 60, "Boris": 40, "Cleo": 30},
        "Anna",
        tricks={"Anna": 4, "Boris": 3, "Cleo": 2},
        declarations={"Boris": ["terz:QS"], "Cleo": ["terz:QC"]},
    )
    result = score(["Anna", "Boris", "Cleo"], [first], first_dealer="Cleo")["deals"][0]
    assert result["combinations_to"] == "Boris"
    assert result["totals"] == {"Anna": 70, "Boris": 60, "Cleo": 30}


def test_bella_scores_for_its_holder_outside_seniority() -> None:
    result = one({"Anna": ["terz:AS"], "Boris": ["bella"]})
    assert result["combinations_to"] == "Anna"
    assert result["totals"] == {"Anna": 130, "Boris": 50}


def test_bella_may_overlap_a_terz() -> None:
    # K-Q-J of hearts and bella (K+Q of hearts) together: 20 + 20.
    result = one({"Boris": ["terz:KH", "bella"]})
    assert result["totals"] == {"Anna": 110, "Boris": 70}


def test_six_in_sequence_may_be_declared_as_two_terzes() -> None:
    result = one({"Anna": ["terz:AS", "terz:JS"]})
    assert result["totals"] == {"Anna": 150, "Boris": 30}


def test_five_in_sequence_without_hundred_is_one_fifty() -> None:
    rec = record(AB, [base({"Anna": ["hundred:AS"]})])
    assert codes(rec) == [(1, "combination_not_allowed")]
    assert one({"Anna": ["fifty:AS"]})["totals"]["Anna"] == 160


def test_no_card_in_two_runs_of_one_player() -> None:
    # terz:AS (A K Q) and terz:QS (Q J 10) share the Q of spades.
    assert codes(record(AB, [base({"Anna": ["terz:AS", "terz:QS"]})])) == [(1, "card_conflict")]


def test_no_card_declared_by_two_players() -> None:
    # K and Q of spades are in both: each shared card is reported.
    assert set(codes(record(AB, [base({"Anna": ["terz:AS"], "Boris": ["terz:KS"]})]))) == {
        (1, "card_conflict")
    }


def test_kinds_are_case_insensitive() -> None:
    assert one({"Anna": ["TERZ:KS", "Bella"]})["totals"]["Anna"] == 150


def test_combination_top_card_in_russian_or_symbols() -> None:
    # terz:ДП = terz from the Q of spades; fifty:К♣ = fifty from the K of clubs.
    assert one({"Anna": ["terz:ДП"]})["totals"]["Anna"] == 130
    assert one({"Boris": ["fifty:К♣"]})["totals"]["Boris"] == 80


def test_terz_notation_counts_down_in_sequence_order() -> None:
    # terz:KH is K-Q-J of hearts: with bella (K+Q of hearts) declared by the other player it
    # is a card conflict, but terz:AS and bella do not meet.
    assert set(codes(record(AB, [base({"Anna": ["terz:KH"], "Boris": ["bella"]})]))) == {
        (1, "card_conflict")
    }
    assert one({"Anna": ["terz:AS"], "Boris": ["bella"]})["totals"]["Boris"] == 50


def test_bella_is_only_in_trump() -> None:
    assert codes(record(AB, [base({"Anna": ["bella:S"]})])) == [(1, "combination_not_allowed")]


@pytest.mark.parametrize(
    "text", ["terz", "terz:", "terz:XX", "quint:AS", "fifty:9S", "terz:8S", ""]
)
def test_unreadable_combinations_are_bad_combination(text: str) -> None:
    assert codes(record(AB, [base({"Anna": [text]})])) == [(1, "bad_combination")]


def test_combinations_need_trick_withholds_runs_but_not_bella() -> None:
    # Boris takes no trick: his winning fifty is withheld, his bella still counts; and
    # Anna's terz, beaten in seniority, does not score either.
    boris_no_trick = deal(
        "H",
        "Anna",
        {"Anna": 130, "Boris": 0},
        "Anna",
        tricks={"Anna": 9, "Boris": 0},
        declarations={"Anna": ["terz:AS"], "Boris": ["fifty:AD", "bella"]},
    )
    result = score(AB, [boris_no_trick], first_dealer="Boris")["deals"][0]
    assert result["combinations_to"] == "Boris"
    assert result["totals"] == {"Anna": 140, "Boris": 20}
    # Convention off: Boris scores his fifty without a trick: 50 + 20.
    result = score(AB, [boris_no_trick], first_dealer="Boris", combinations_need_trick=False)[
        "deals"
    ][0]
    assert result["totals"] == {"Anna": 140, "Boris": 70}


def test_combinations_need_trick_an_empty_trick_is_enough() -> None:
    empty_trick = deal(
        "H",
        "Anna",
        {"Anna": 130, "Boris": 0},
        "Anna",
        tricks={"Anna": 8, "Boris": 1},
        declarations={"Boris": ["fifty:AD"]},
    )
    result = score(AB, [empty_trick], first_dealer="Boris")["deals"][0]
    assert result["totals"] == {"Anna": 140, "Boris": 50}


def test_without_tricks_a_player_with_no_points_has_no_trick() -> None:
    no_tricks_field = deal(
        "H", "Anna", {"Anna": 130, "Boris": 0}, "Anna", declarations={"Boris": ["fifty:AD"]}
    )
    result = score(AB, [no_tricks_field], first_dealer="Boris")["deals"][0]
    assert result["totals"] == {"Anna": 140, "Boris": 0}


def test_pairs_the_pair_of_the_most_senior_run_scores_all_its_runs() -> None:
    # Anna & Cleo against Boris & Dima. Anna's terz from K is the most senior: Anna's and
    # Cleo's terzes count (40), Boris's does not. Anna & Cleo: 50 + 40 + 10 + 40 = 140.
    players = ["Anna", "Boris", "Cleo", "Dima"]
    first = deal(
        "H",
        "Anna",
        {"Anna": 50, "Boris": 30, "Cleo": 40, "Dima": 32},
        "Anna",
        declarations={"Anna": ["terz:KS"], "Boris": ["terz:QD"], "Cleo": ["terz:QC"]},
    )
    result = score(players, [first])["deals"][0]
    assert result["combinations_to"] == "Anna"
    assert result["totals"] == {"Anna": 140, "Boris": 62, "Cleo": 140, "Dima": 62}


def test_settle_combinations_says_what_decided() -> None:
    conv = resolve_conventions("moscow", {}, 2)
    settled = settle_combinations(
        {"Anna": ["terz:JS", "terz:JC"], "Boris": ["terz:QD", "bella"]},
        "H",
        ["Anna", "Boris"],
        conv,
    )
    assert settled["combinations_to"] == "Boris"
    assert settled["decided_by"] == "top_card"
    assert settled["credited"] == {"Anna": 0, "Boris": 20}
    assert settled["bella"] == {"Boris": 20}
    assert (
        settle_combinations(
            {"Anna": ["terz:KS"], "Boris": ["terz:KH"]}, "H", ["Anna", "Boris"], conv
        )["decided_by"]
        == "trump"
    )
    assert (
        settle_combinations(
            {"Anna": ["terz:KS"], "Boris": ["fifty:JH"]}, "H", ["Anna", "Boris"], conv
        )["decided_by"]
        == "class"
    )
