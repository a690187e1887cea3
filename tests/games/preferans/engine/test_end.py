"""Rules §8: the end of the pulka [конец пульки] — pools full, a fixed number of deals, or a
closed record — and `match_finished`."""

from __future__ import annotations

from scoring.games.preferans.engine import empty_result, score_pulka

from .helpers import A, B, C, allpass, codes, game, record, score


def six(declarer: str) -> dict:
    others = [name for name in (A, B, C) if name != declarer]
    return game(declarer, "6S", {others[0]: "pass", others[1]: "pass"})


def test_the_pulka_ends_when_every_pool_is_full() -> None:
    result = score([six(A), six(B), six(C)], pool_target=2)
    assert result["finished"] is True
    assert result["reason"] == "pools_full"
    assert result["deals"][-1]["next_dealer"] is None
    assert result["deals"][-2]["next_dealer"] == C


def test_a_deal_after_the_end_is_refused() -> None:
    rec = record([six(A), six(B), six(C), six(A), six(B)], pool_target=2)
    assert codes(rec) == [(4, "match_finished"), (5, "match_finished")]


def test_fixed_deals_counts_every_deal_allpasses_too() -> None:
    deals = [allpass({A: 3, B: 3, C: 4}), six(A)]
    result = score(deals, end="fixed_deals", fixed_deals=2)
    assert (result["finished"], result["reason"]) == (True, "fixed_deals")
    rec = record([*deals, six(B)], end="fixed_deals", fixed_deals=2)
    assert codes(rec) == [(3, "match_finished")]


def test_a_closed_record_ends_after_its_last_deal() -> None:
    """A time limit reached ("пулька ограничена по времени", Leningrad)."""
    result = score([six(A), six(B)], end="closed", closed=True)
    assert (result["finished"], result["reason"]) == (True, "closed")
    assert result["deals"][0]["next_dealer"] == B
    open_table = score([six(A), six(B)], end="closed", closed=False)
    assert open_table["finished"] is False
    other_end = score([six(A), six(B)], closed=True)
    assert other_end["finished"] is False


def test_an_unfinished_pulka_settles_as_its_last_deal() -> None:
    result = score([six(A), game(B, "7S", {C: "whist", A: "pass"}, {A: 1, B: 7, C: 2})])
    assert result["finished"] is False and result["reason"] is None
    assert result["settlement"]["balance"] == result["deals"][-1]["balance"]
    assert sum(result["settlement"]["balance"].values()) == 0


def test_a_pulka_with_no_deal_is_all_square() -> None:
    result = score_pulka(record([]))
    assert result["deals"] == []
    assert result["settlement"] == {
        "mountain": {A: 20, B: 20, C: 20},
        "balance": {A: 0, B: 0, C: 0},
    }
    assert empty_result([A, B, C], "sochi", {}, A) == result
    assert empty_result([A, B, C])["finished"] is False


def test_after_a_wrong_deal_the_end_is_not_guessed() -> None:
    """Whether the pools were full depends on the deals before; once one of them is wrong
    (here an unknown player) the sheet is not known, so a later deal is not called
    `match_finished` on figures that are wrong themselves: the wrong deal is reported, and
    once it is fixed the deals after the end are (this service's reading, docs/preferans.md)."""
    wrong = game("Zoya", "6S", {B: "pass", C: "pass"})
    rec = record([wrong, six(B), six(C), six(A), six(B)], pool_target=2)
    assert codes(rec) == [(1, "unknown_player")]
    fixed = record([six(A), six(B), six(C), six(A), six(B)], pool_target=2)
    assert codes(fixed) == [(4, "match_finished"), (5, "match_finished")]


def test_a_deal_past_a_fixed_count_is_refused_even_after_a_wrong_one() -> None:
    """With `end: fixed_deals` the end does not depend on the figures: a deal past the count
    is reported whatever the deals before it hold."""
    wrong = game("Zoya", "6S", {B: "pass", C: "pass"})
    rec = record([wrong, six(B), six(C)], end="fixed_deals", fixed_deals=2)
    assert codes(rec) == [(1, "unknown_player"), (3, "match_finished")]
