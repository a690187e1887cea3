"""Rules §3: which whist choices a record may write [вист, пас, полвиста, проверка]."""

from __future__ import annotations

from .helpers import FOUR, A, B, C, D, codes, game, last, misere, record


def test_it_refuses_half_a_whist_on_an_eight() -> None:
    rec = record([game(B, "8S", {C: "half", A: "pass"})])
    assert codes(rec) == [(1, "bad_whist")]


def test_it_refuses_half_a_whist_when_the_table_plays_without_it() -> None:
    """Rostov: "Вист-пас-полвиста — не допускается" is the preset's choice here."""
    assert codes(record([game(B, "6S", {C: "half", A: "pass"})], ruleset="rostov")) == [
        (1, "bad_whist")
    ]


def test_it_refuses_half_a_whist_unless_the_other_defender_passes() -> None:
    assert codes(record([game(B, "6S", {C: "half", A: "whist"})])) == [(1, "bad_whist")]
    assert codes(record([game(B, "6S", {C: "half", A: "half"})])) == [(1, "bad_whist")] * 2


def test_it_refuses_a_check_except_on_a_checked_ten() -> None:
    tricks = {A: 1, B: 9, C: 0}
    assert codes(record([game(B, "9S", {C: "check", A: "pass"}, tricks)])) == [(1, "bad_whist")]
    rec = record([game(B, "10S", {C: "check", A: "pass"}, {A: 0, B: 10, C: 0})], ten_checked=False)
    assert codes(rec) == [(1, "bad_whist")]


def test_it_refuses_a_whist_on_a_checked_ten() -> None:
    rec = record([game(B, "10S", {C: "whist", A: "pass"}, {A: 0, B: 10, C: 0})])
    assert codes(rec) == [(1, "bad_whist")]


def test_it_refuses_an_unknown_choice_a_missing_defender_and_the_declarer_whisting() -> None:
    assert codes(record([game(B, "7S", {C: "maybe", A: "pass"})])) == [(1, "bad_whist")]
    assert codes(record([game(B, "7S", {C: "pass"})])) == [(1, "bad_whist")]
    rec = record([game(B, "7S", {C: "pass", A: "pass", B: "whist"})])
    assert codes(rec) == [(1, "bad_whist")]


def test_it_refuses_a_whist_on_a_misere() -> None:
    """Kodex 70: "При игре мизер за взятки и консоляции не платят": a misère is not whisted."""
    rec = record([misere(B, {A: 5, B: 0, C: 5}, whist={A: "whist", C: "pass"})])
    assert codes(rec) == [(1, "bad_whist")]


def test_it_refuses_a_whist_on_an_all_pass() -> None:
    """ "Если же спасовали все, то играют распасовку, то есть каждый стремится взять
    наименьшее число взяток": nobody declares on an all-pass, so nobody whists."""
    deal = {"kind": "allpass", "tricks": {A: 3, B: 3, C: 4}, "whist": {A: "whist", B: "pass"}}
    assert codes(record([deal])) == [(1, "bad_whist")]


def test_a_misere_with_passes_written_is_accepted() -> None:
    entry = last([misere(B, {A: 5, B: 0, C: 5}, whist={A: "pass", C: "pass"})])
    assert entry["outcome"] == "misere_made"


def test_stalingrad_requires_both_whists_on_a_six_of_spades() -> None:
    """ "6 пик («Сталинград») — два виста обязательны"."""
    for whist in ({C: "whist", A: "pass"}, {C: "pass", A: "pass"}, {C: "half", A: "pass"}):
        rec = record([game(B, "6♠", whist)], stalingrad=True)
        assert codes(rec) == [(1, "whist_required")]


def test_stalingrad_lets_other_sixes_and_other_tables_pass() -> None:
    assert last([game(B, "6C", {C: "pass", A: "pass"})], stalingrad=True)["pool"] == {B: 2}
    assert last([game(B, "6S", {C: "pass", A: "pass"})])["pool"] == {B: 2}
    both = last([game(B, "6S", {C: "whist", A: "whist"}, {A: 2, B: 6, C: 2})], stalingrad=True)
    assert both["outcome"] == "made"


def test_four_players_the_defenders_skip_the_sitting_out_dealer() -> None:
    """With four, the dealer "на прикупе" neither declares nor defends."""
    rec = record([game(B, "7S", {C: "pass", A: "pass"}, dealer=A)], players=FOUR)
    assert codes(rec) == [(1, "sitting_out"), (1, "bad_whist")]  # Gleb not asked
    entry = last([game(B, "7S", {C: "pass", D: "pass"}, dealer=A)], players=FOUR)
    assert entry["pool"] == {B: 4}
