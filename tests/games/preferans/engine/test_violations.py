"""Rules §7: a renonce [ренонс] recorded as a violation (Kodex 29–33, 54, 65)."""

from __future__ import annotations

import pytest

from .helpers import FOUR, A, B, C, D, allpass, codes, game, last, misere, problems, record


def renonce(player: str, count: int = 1) -> dict:
    return {"player": player, "kind": "renonce", "count": count}


def test_an_allpass_renonce_costs_ten_per_error() -> None:
    """Kodex 54: "Сделавший подобный ренонс ставит по 10 наверх за каждую ошибку"."""
    entry = last([allpass({A: 4, B: 0, C: 6}, violation=renonce(C, 2))])
    assert entry["mountain"] == {A: 4, C: 26}


def test_a_declarers_renonce_scores_from_the_tricks_with_no_other_penalty() -> None:
    """Kodex 30: "взятка эта переходит к тому вистующему, чья карта в требуемой масти
    старшая. Сделавший ренонс платит вистующим сколько следует по расчету"."""
    deal = game(B, "6S", {C: "whist", A: "pass"}, {A: 2, B: 5, C: 3}, violation=renonce(B))
    entry = last([deal])
    assert entry["outcome"] == "remise"
    assert entry["mountain"] == {B: 2}  # the remise 2 × 1, nothing for the renonce itself
    # Vera, responsible: 2 × 5 tricks + 2 × 1 consolation for herself and for Anna.
    assert entry["whists"] == {C: {B: 14}}


@pytest.mark.parametrize(
    ("ruleset", "shortfall", "mountain"),
    [("sochi", "full", 4), ("sochi", "shared", 4), ("leningrad", "half", 4)],
)
def test_a_declarers_renonce_writes_the_defenders_shortfall_himself(
    ruleset: str, shortfall: str, mountain: int
) -> None:
    """Kodex 30: "если последние, вследствие этой ошибки, остались без одной или более, то
    ремиза не ставят, а ставит весь ремиз играющий". Made 6♣ with 8: D = 2 < O = 4, the
    shortfall 2 × 2 × G the defenders would have written (Leningrad's half: 2 × 2 × 2 / 2)."""
    deal = game(B, "6C", {C: "whist", A: "pass"}, {A: 1, B: 8, C: 1}, violation=renonce(B))
    entry = last([deal], ruleset=ruleset, shortfall=shortfall)
    assert entry["pool"] == {B: 2}
    assert entry["mountain"] == {B: mountain}  # the declarer's; Vera and Anna write none


def test_a_declarers_renonce_against_two_whisters_sums_their_shortfalls() -> None:
    """Two whisters on 6♥, the declarer 8: Vera 0 and Anna 2 tricks, s = 2: Vera's 2 × 2."""
    deal = game(B, "6H", {C: "whist", A: "whist"}, {A: 2, B: 8, C: 0}, violation=renonce(B))
    entry = last([deal])
    assert entry["mountain"] == {B: 4}
    assert entry["whists"] == {A: {B: 4}}


def test_a_defenders_renonce_makes_the_game_and_costs_the_defender() -> None:
    """Kodex 31: "провинившийся ставит за недобранные взятки и за каждый ренонс по одному
    ремизу по игре"; Kodex 32: the declarer "ремиза не ставит"."""
    deal = game(B, "6S", {C: "whist", A: "whist"}, {A: 3, B: 4, C: 3}, violation=renonce(C))
    entry = last([deal])
    assert entry["outcome"] == "made"
    assert entry["pool"] == {B: 2}
    assert entry["mountain"] == {C: 6}  # 2 × (2 tricks short + 1 renonce)
    assert entry["whists"] == {A: {B: 6}}  # Vera writes no whist, Anna's as usual


def test_a_passers_renonce_leaves_the_whisters_whists() -> None:
    deal = game(B, "6S", {C: "whist", A: "pass"}, {A: 2, B: 5, C: 3}, violation=renonce(A, 2))
    entry = last([deal])
    assert entry["pool"] == {B: 2}
    assert entry["mountain"] == {A: 6}  # P 2 × (1 trick short + k 2) × G 1
    assert entry["whists"] == {C: {B: 10}}  # responsible: Vera writes all 5 defenders' tricks


def test_misere_renonces() -> None:
    by_defender = last([misere(B, {A: 5, B: 2, C: 3}, violation=renonce(A))])
    assert by_defender["outcome"] == "misere_made"
    assert by_defender["pool"] == {B: 10}
    assert by_defender["mountain"] == {A: 20}  # 10 × max(1, 2)
    by_declarer = last([misere(B, {A: 5, B: 0, C: 5}, violation=renonce(B))])
    assert by_declarer["pool"] == {B: 10}
    assert by_declarer["mountain"] == {B: 10}


def test_it_refuses_a_violation_in_a_game_not_played() -> None:
    rec = record([game(B, "7S", {C: "pass", A: "pass"}, violation=renonce(C))])
    assert codes(rec) == [(1, "bad_violation")]
    rec = record([game(B, "6S", {C: "half", A: "pass"}, violation=renonce(C))])
    assert codes(rec) == [(1, "bad_violation")]


def test_it_refuses_a_bad_violation() -> None:
    tricks = {A: 4, B: 0, C: 6}
    bad_kind = {"player": A, "kind": "peeking", "count": 1}
    assert codes(record([allpass(tricks, violation=bad_kind)])) == [(1, "bad_violation")]
    zero = {"player": A, "kind": "renonce", "count": 0}
    assert codes(record([allpass(tricks, violation=zero)])) == [(1, "bad_violation")]
    assert codes(record([allpass(tricks, violation="renonce")])) == [(1, "bad_violation")]
    stranger = {"player": "Zoya", "kind": "renonce"}
    assert codes(record([allpass(tricks, violation=stranger)])) == [(1, "unknown_player")]


def test_the_count_defaults_to_one() -> None:
    entry = last([allpass({A: 4, B: 0, C: 6}, violation={"player": A, "kind": "renonce"})])
    assert entry["mountain"] == {A: 14, C: 6}


def test_it_refuses_a_violation_by_the_sitting_out_dealer() -> None:
    deal = game(B, "6S", {C: "whist", D: "whist"}, {B: 6, C: 2, D: 2}, violation=renonce(A))
    assert codes(record([deal], players=FOUR)) == [(1, "bad_violation")]


def test_a_lone_whisters_renonce_under_gentleman_whist_leaves_the_passers_half() -> None:
    deal = game(B, "7S", {C: "whist", A: "pass"}, {A: 2, B: 6, C: 2}, violation=renonce(C))
    entry = last([deal], ruleset="leningrad")
    assert entry["outcome"] == "made"  # one down, but a defender's renonce makes it
    assert entry["pool"] == {B: 4}
    assert entry["mountain"] == {C: 16}  # 4 × (1 short + 1 renonce) × G 2
    assert entry["whists"] == {A: {B: 16}}  # Anna's half: 4 × 2 × 4 / 2


def test_a_defenders_renonce_on_a_checked_ten_counts_as_made_without_whists() -> None:
    """Kodex 32: "вистующий сделал ренонс, то он, невзирая ни на какие доводы — ремиза не
    ставит и с игры списывает ту цифру, какую он списал бы при удачном розыгрыше"."""
    deal = game(B, "10NT", {C: "check", A: "check"}, {A: 1, B: 8, C: 1}, violation=renonce(A))
    entry = last([deal])
    assert entry["outcome"] == "made"
    assert entry["pool"] == {B: 10}
    assert entry["mountain"] == {A: 30}  # 10 × (2 short + 1 renonce)
    assert entry["whists"] == {}


def test_the_declarer_and_a_defender_both_erring_pay_the_other_defender_half_each() -> None:
    """Kodex 33: "играющий и вистующий ставят по одному ремизу за каждый сделанный ими ренонс,
    и платят пополам по расчету другому вистующему за сделанные им взятки"."""
    both = [renonce(B), renonce(C, 2)]
    deal = game(B, "6S", {C: "whist", A: "pass"}, {A: 2, B: 5, C: 3}, violation=both)
    entry = last([deal])
    assert entry["outcome"] == "remise"
    # Boris: the remise 2 × 1 and his renonce 2 × 1; Vera: 2 × 2 renonces.
    assert entry["mountain"] == {B: 4, C: 4}
    # Anna passed but is the other defender: 2 × 2 tricks = 4, half on each violator; no
    # consolation.
    assert entry["whists"] == {A: {B: 2, C: 2}}


def test_both_erring_on_a_made_leningrad_game_and_a_checked_ten() -> None:
    """Kodex 33: "Но если бы этот другой вистующий был без взяток, он ремиза не ставит"."""
    both = [renonce(A), renonce(B)]  # the order in the list does not matter
    made = game(B, "7D", {C: "whist", A: "whist"}, {A: 2, B: 8, C: 0}, violation=both)
    entry = last([made], ruleset="leningrad")
    assert entry["outcome"] == "made"
    assert entry["pool"] == {B: 4}
    assert entry["mountain"] == {A: 8, B: 8}  # 4 × 1 × G 2 each; Vera, without a trick, none
    assert entry["whists"] == {}
    both = [renonce(B), renonce(C)]
    ten = game(B, "10NT", {C: "check", A: "check"}, {A: 1, B: 9, C: 0}, violation=both)
    entry = last([ten])
    assert entry["mountain"] == {B: 20, C: 10}  # remise 10 + renonce 10; Vera's 10
    assert entry["whists"] == {A: {B: 5, C: 5}}  # 10 × 1 trick, halved


def test_it_refuses_a_violation_list_that_is_not_the_declarer_and_one_defender() -> None:
    tricks = {A: 2, B: 5, C: 3}
    whist = {C: "whist", A: "pass"}
    for both in (
        [renonce(C), renonce(A)],
        [renonce(B), renonce(B)],
        [renonce(B)],
        [renonce(B), renonce(C), renonce(A)],
    ):
        rec = record([game(B, "6S", whist, tricks, violation=both)])
        assert codes(rec) == [(1, "bad_violation")], both
    on_allpass = allpass({A: 4, B: 0, C: 6}, violation=[renonce(A), renonce(B)])
    assert codes(record([on_allpass])) == [(1, "bad_violation")]
    not_played = game(B, "7S", {C: "pass", A: "pass"}, violation=[renonce(B), renonce(C)])
    assert codes(record([not_played])) == [(1, "bad_violation")]
    four = game(
        B, "6S", {C: "whist", D: "whist"}, {B: 6, C: 2, D: 2}, violation=[renonce(B), renonce(A)]
    )
    assert codes(record([four], players=FOUR)) == [(1, "bad_violation")]


def test_each_entry_of_a_violation_list_is_checked_and_named() -> None:
    both = [renonce(B), {"player": C, "kind": "renonce", "count": 11}]
    rec = record([game(B, "6S", {C: "whist", A: "pass"}, {A: 2, B: 5, C: 3}, violation=both)])
    errors = problems(rec)
    assert [(e["field"], e["code"]) for e in errors] == [("violation[2].count", "bad_violation")]


def test_a_count_above_the_deals_ten_tricks_is_refused() -> None:
    too_many = {"player": A, "kind": "renonce", "count": 11}
    assert codes(record([allpass({A: 4, B: 0, C: 6}, violation=too_many)])) == [
        (1, "bad_violation")
    ]
