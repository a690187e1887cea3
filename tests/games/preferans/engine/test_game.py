"""Rules §3–§4: a game on tricks [игра на взятки] — both pass, half-whist, made, remise with
consolation, whist split, shortfall, a checked ten, the factors."""

from __future__ import annotations

import pytest

from .helpers import FOUR, A, B, C, D, game, last


def test_both_pass_writes_the_game_without_playing_and_ignores_tricks() -> None:
    """Kodex 40: "другие оба пасуют, то назначавший записывает в пулю с игры без
    разыгрывания"."""
    entry = last([game(B, "7H", {C: "pass", A: "pass"}, {A: 9, B: 9, C: 9})])
    assert entry["outcome"] == "not_played"
    assert entry["pool"] == {B: 4}
    assert entry["whists"] == entry["mountain"] == {}


@pytest.mark.parametrize(
    ("contract", "ruleset", "whists"),
    [("6S", "sochi", 4), ("7D", "sochi", 4), ("6NT", "leningrad", 8), ("7C", "leningrad", 8)],
)
def test_half_whist_writes_half_the_obligation(contract: str, ruleset: str, whists: int) -> None:
    """ "Вист-пас-полвиста": P × F × O / 2 (six: 2 × 4 / 2 = 4, seven: 4 × 2 / 2 = 4)."""
    entry = last([game(B, contract, {C: "half", A: "pass"})], ruleset=ruleset)
    assert entry["outcome"] == "half_whist"
    price = {"6": 2, "7": 4}[contract[0]]
    assert entry["pool"] == {B: price}
    assert entry["whists"] == {C: {B: whists}}


def test_the_suit_does_not_change_the_price() -> None:
    tricks = {A: 1, B: 7, C: 2}
    spades = last([game(B, "7S", {C: "whist", A: "pass"}, tricks)])
    no_trumps = last([game(B, "7NT", {C: "whist", A: "pass"}, tricks)])
    assert spades["pool"] == no_trumps["pool"] == {B: 4}
    assert spades["whists"] == no_trumps["whists"] == {C: {B: 12}}


def test_a_remise_against_a_lone_whister_writes_whists_and_consolation() -> None:
    """ "Игрок ... не взявший законное число взяток, ставит наверх ремиз"; under responsible
    whist the whister writes the passer's consolation too ("все висты за подсад играющего
    ... вистующий пишет себе, как за себя, так и за пасовавшего")."""
    entry = last([game(B, "6S", {C: "whist", A: "pass"}, {A: 2, B: 4, C: 4})])
    assert entry["outcome"] == "remise"
    assert entry["mountain"] == {B: 4}  # 2 × 2 undertricks
    # Vera: 2 × 6 defenders' tricks + 2 × 2 × 2 consolation for both; Anna: nothing.
    assert entry["whists"] == {C: {B: 20}}


def test_gentleman_whist_halves_the_defenders_whists() -> None:
    """ "висты пишут оба — пополам" (Leningrad, F = 2)."""
    entry = last([game(B, "7H", {C: "whist", A: "pass"}, {A: 1, B: 7, C: 2})], ruleset="leningrad")
    assert entry["pool"] == {B: 4}
    assert entry["whists"] == {C: {B: 12}, A: {B: 12}}  # 4 × 2 × 3 / 2 each
    assert entry["mountain"] == {}  # D = 3 ≥ O = 2


@pytest.mark.parametrize(
    ("shortfall", "mountain"),
    [("full", {C: 4}), ("half", {C: 2}), ("shared", {C: 2, A: 2})],
)
def test_a_lone_whisters_shortfall_by_convention(shortfall: str, mountain: dict) -> None:
    """ "вистующий в гору записывает половину"; "штрафы вистующий с пасовавшим делят
    пополам". Made 6♣ with 8: D = 2, O = 4, owed 2 × 2 = 4."""
    entry = last([game(B, "6C", {C: "whist", A: "pass"}, {A: 1, B: 8, C: 1})], shortfall=shortfall)
    assert entry["mountain"] == mountain


def test_the_shortfall_convention_does_not_apply_to_two_whisters() -> None:
    entry = last([game(B, "6H", {C: "whist", A: "whist"}, {A: 2, B: 7, C: 1})], shortfall="shared")
    assert entry["mountain"] == {C: 2}


def test_no_shortfall_on_a_remise() -> None:
    entry = last([game(B, "8H", {C: "whist", A: "whist"}, {A: 0, B: 7, C: 3})])
    assert entry["mountain"] == {B: 6}  # only the declarer's remise: 6 × 1


def test_the_mountain_and_whist_factors_multiply_leningrad() -> None:
    """ "гора, обычно, двойная"; висты "4 (Ленинград) за взятку" on a six."""
    entry = last([game(B, "6S", {C: "whist", A: "whist"}, {A: 3, B: 5, C: 2})], ruleset="leningrad")
    assert entry["mountain"] == {B: 4}  # 2 × 1 × 2
    # Anna: 4 × 3 + 4 × 1 consolation; Vera: 4 × 2 + 4.
    assert entry["whists"] == {A: {B: 16}, C: {B: 12}}


def test_a_checked_ten_is_played_open_and_a_remise_writes_whists_halved() -> None:
    """Kodex 35: "игрок ставит ремиз, а они записывают за вист пополам"; made: pool only."""
    made = last([game(B, "10NT", {C: "check", A: "check"}, {A: 0, B: 10, C: 0})])
    assert made["outcome"] == "made"
    assert made["pool"] == {B: 10}
    assert made["whists"] == made["mountain"] == {}
    failed = last([game(B, "10H", {C: "check", A: "pass"}, {A: 0, B: 9, C: 1})])
    assert failed["mountain"] == {B: 10}
    # The defenders' 1 trick halved, 10 × 1 / 2 = 5 each, + each one's consolation 10.
    assert failed["whists"] == {C: {B: 15}, A: {B: 15}}


def test_a_ten_not_checked_is_whisted_like_any_game() -> None:
    entry = last([game(B, "10S", {C: "whist", A: "pass"}, {A: 0, B: 9, C: 1})], ten_checked=False)
    assert entry["mountain"] == {B: 10}
    # Vera, responsible: 10 × 1 trick + 10 consolation for herself and 10 for Anna.
    assert entry["whists"] == {C: {B: 30}}


def test_four_players_the_sitting_out_dealer_consoles_too() -> None:
    """Kodex 48: "четвертый сдающий игрок или вистующие" receive the consolation."""
    deal = game(B, "6S", {C: "whist", D: "pass"}, {B: 5, C: 3, D: 2}, dealer=A)
    entry = last([deal], players=FOUR)
    assert entry["mountain"] == {B: 2}
    # Vera 2 × 5 + 2 × 2 consolation for herself and the passer Gleb; the dealer his own 2.
    assert entry["whists"] == {C: {B: 14}, A: {B: 2}}


def test_the_contract_is_reported_in_canonical_notation() -> None:
    entry = last([game(B, "7♥", {C: "pass", A: "pass"})])
    assert entry["contract"] == "7H"
    assert entry["declarer"] == B
    assert entry["allpass_multiplier"] is None


def test_a_checked_ten_both_passed_is_written_without_playing() -> None:
    entry = last([game(B, "10NT", {C: "pass", A: "pass"})])
    assert (entry["outcome"], entry["pool"]) == ("not_played", {B: 10})


def test_two_whisters_owe_nothing_when_together_they_took_the_obligation() -> None:
    """D = 4 = O on a six: Vera's 1 trick is below her share, but the side took its four."""
    entry = last([game(B, "6H", {C: "whist", A: "whist"}, {A: 3, B: 6, C: 1})])
    assert entry["mountain"] == {}
    assert entry["whists"] == {A: {B: 6}, C: {B: 2}}


@pytest.mark.parametrize(("obligation_8", "mountain"), [(1, {}), (2, {C: 6})])
def test_obligation_8_sets_what_a_lone_whister_owes_on_an_eight(
    obligation_8: int, mountain: dict
) -> None:
    """Kodex 35: "Вистующий же или оба обязаны при шестерной игре взять 4 взятки, при
    семерной — две, при восьмерной тоже две". 8♦ made with 9: D = 1; with two owed, the
    whister writes 6 × (2 − 1) into the mountain."""
    deal = game(B, "8D", {C: "whist", A: "pass"}, {A: 0, B: 9, C: 1})
    entry = last([deal], obligation_8=obligation_8)
    assert entry["pool"] == {B: 6}
    assert entry["mountain"] == mountain
    assert entry["whists"] == {C: {B: 6}}


def test_obligation_8_of_two_gives_two_whisters_a_share_of_one_each() -> None:
    """ "при восьмерной тоже две": O = 2, s = 1; the whister without a trick writes 6 × 1."""
    deal = game(B, "8S", {C: "whist", A: "whist"}, {A: 1, B: 9, C: 0})
    assert last([deal])["mountain"] == {}  # the table's O = 1: taken
    assert last([deal], obligation_8=2)["mountain"] == {C: 6}


def test_obligation_8_never_touches_a_seven_or_a_nine() -> None:
    seven = game(B, "7D", {C: "whist", A: "pass"}, {A: 0, B: 9, C: 1})
    nine = game(B, "9D", {C: "whist", A: "pass"}, {A: 0, B: 10, C: 0})
    assert last([seven], obligation_8=2)["mountain"] == {C: 4}  # O = 2 on a seven: 4 × 1
    assert last([nine], obligation_8=2)["mountain"] == {C: 8}  # O = 1 on a nine: 8 × 1


def test_a_half_whist_answered_is_played_with_the_final_choices() -> None:
    """Kodex 23: "Если первый из возможных вистов говорит «пас», второй может отойти «за
    свои», но первый может сказать «фиг тебе, играем» и тем самым идет вист". Vera (Boris's
    left) passed, Anna took half a whist, Vera answered: the record writes Vera's whist and
    Anna's pass, and the game is played."""
    answered = game(B, "6S", {C: "whist", A: "pass"}, {A: 1, B: 5, C: 4})
    entry = last([answered])
    assert entry["outcome"] == "remise"
    assert entry["mountain"] == {B: 2}
    # Vera, responsible: 2 × 5 tricks + 2 × 1 consolation for herself and for Anna.
    assert entry["whists"] == {C: {B: 14}}
    unanswered = last([game(B, "6S", {C: "pass", A: "half"})])
    assert unanswered["outcome"] == "half_whist"
    assert unanswered["whists"] == {A: {B: 4}}
