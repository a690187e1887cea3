"""Rules §7: a renonce [ренонс] recorded as a violation (Kodex 29–33, 54, 65)."""

from __future__ import annotations

from .helpers import FOUR, A, B, C, D, allpass, codes, game, last, misere, record


def renonce(player: str, count: int = 1) -> dict:
    return {"player": player, "kind": "renonce", "count": count}


def test_an_allpass_renonce_costs_ten_per_error() -> None:
    """Kodex 54: "Сделавший подобный ренонс ставит по 10 наверх за каждую ошибку"."""
    entry = last([allpass({A: 4, B: 0, C: 6}, violation=renonce(C, 2))])
    assert entry["mountain"] == {A: 4, C: 26}


def test_a_declarers_renonce_scores_from_the_tricks_and_costs_a_remise_more() -> None:
    deal = game(B, "6S", {C: "whist", A: "pass"}, {A: 2, B: 5, C: 3}, violation=renonce(B))
    entry = last([deal])
    assert entry["outcome"] == "remise"
    assert entry["mountain"] == {B: 4}  # 2 × 1 remise + 2 × 1 × 1
    assert entry["whists"] == {C: {B: 12}, A: {B: 2}}  # 2 × 5 + consolation 2; Anna 2


def test_a_declarers_renonce_cancels_every_shortfall() -> None:
    deal = game(B, "6C", {C: "whist", A: "pass"}, {A: 1, B: 8, C: 1}, violation=renonce(B))
    entry = last([deal])
    assert entry["pool"] == {B: 2}
    assert entry["mountain"] == {B: 2}  # no shortfall for Vera


def test_a_defenders_renonce_makes_the_game_and_costs_the_defender() -> None:
    """Kodex 32: "вистующий сделал ренонс, то он ... ремиза не ставит" (the declarer)."""
    deal = game(B, "6S", {C: "whist", A: "whist"}, {A: 3, B: 4, C: 3}, violation=renonce(C))
    entry = last([deal])
    assert entry["outcome"] == "made"
    assert entry["pool"] == {B: 2}
    assert entry["mountain"] == {C: 2}
    assert entry["whists"] == {A: {B: 6}}  # Vera writes no whist, Anna's as usual


def test_a_passers_renonce_leaves_the_whisters_whists() -> None:
    deal = game(B, "6S", {C: "whist", A: "pass"}, {A: 2, B: 5, C: 3}, violation=renonce(A, 2))
    entry = last([deal])
    assert entry["pool"] == {B: 2}
    assert entry["mountain"] == {A: 4}  # P 2 × k 2 × G 1
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
    assert entry["mountain"] == {C: 8}  # 4 × 1 × G 2
    assert entry["whists"] == {A: {B: 16}}  # Anna's half: 4 × 2 × 4 / 2
