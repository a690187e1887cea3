"""Rules §1: the dealer [сдающий] passes clockwise; four players: the dealer sits out; with
`allpass_dealer: stays` "сдатчик не меняется, но сдавать карты подряд больше трех раз он
не имеет права"."""

from __future__ import annotations

from .helpers import FOUR, A, B, C, D, allpass, codes, game, record, score

SPREAD = {A: 3, B: 3, C: 4}


def pass_game(declarer: str, defenders: list[str], dealer: str | None = None) -> dict:
    deal = game(declarer, "7S", {name: "pass" for name in defenders})
    if dealer is not None:
        deal["dealer"] = dealer
    return deal


def test_the_deal_passes_clockwise_after_every_deal() -> None:
    deals = [pass_game(B, [A, C]), allpass(SPREAD), pass_game(A, [B, C]), allpass(SPREAD)]
    result = score(deals, first_dealer=B)
    assert [entry["dealer"] for entry in result["deals"]] == [B, C, A, B]
    assert [entry["next_dealer"] for entry in result["deals"]] == [C, A, B, C]


def test_it_refuses_a_dealer_out_of_turn() -> None:
    rec = record([allpass(SPREAD, dealer=A), allpass(SPREAD, dealer=A)])
    assert codes(rec) == [(2, "dealer_out_of_turn")]


def test_the_dealer_stays_after_an_allpass_at_most_three_times_in_a_row() -> None:
    deals = [allpass(SPREAD, dealer=A)] * 3 + [allpass(SPREAD, dealer=B)]
    result = score(deals, allpass_dealer="stays")
    assert [entry["dealer"] for entry in result["deals"]] == [A, A, A, B]
    assert result["deals"][2]["next_dealer"] == B
    fourth = [allpass(SPREAD, dealer=A)] * 4
    assert codes(record(fourth, allpass_dealer="stays")) == [(4, "dealer_out_of_turn")]


def test_with_stays_the_deal_passes_on_after_a_game() -> None:
    deals = [allpass(SPREAD), pass_game(B, [A, C]), pass_game(C, [A, B])]
    result = score(deals, allpass_dealer="stays")
    assert [entry["dealer"] for entry in result["deals"]] == [A, A, B]


def test_four_players_rotate_over_all_four_and_the_dealer_sits_out() -> None:
    deals = [
        pass_game(B, [C, D]),  # Anna deals
        pass_game(C, [D, A]),  # Boris deals
        pass_game(D, [A, B]),  # Vera deals
        pass_game(A, [B, C]),  # Gleb deals
        pass_game(B, [C, D]),  # Anna again
    ]
    result = score(deals, players=FOUR)
    assert [entry["dealer"] for entry in result["deals"]] == [A, B, C, D, A]


def test_four_players_the_dealer_may_not_declare() -> None:
    rec = record([pass_game(A, [B, C])], players=FOUR)
    assert codes(rec) == [(1, "sitting_out"), (1, "bad_whist")]


def test_four_players_the_dealer_may_not_defend() -> None:
    rec = record([pass_game(B, [C, A])], players=FOUR)
    assert codes(rec) == [(1, "sitting_out"), (1, "bad_whist")]  # and Gleb not asked


def test_rotation_is_followed_past_a_deal_with_problems() -> None:
    """Every deal is checked even after a bad one: Boris is still expected to deal deal 3."""
    deals = [allpass({A: 3, B: 3, C: 3}), allpass(SPREAD), allpass(SPREAD, dealer=A)]
    assert codes(record(deals)) == [(1, "tricks_sum"), (3, "dealer_out_of_turn")]


def test_after_an_unreadable_kind_the_dealer_is_no_longer_checked() -> None:
    deals = [allpass(SPREAD), {"kind": "bridge"}, allpass(SPREAD, dealer=A)]
    assert codes(record(deals)) == [(2, "bad_contract")]
