"""Rules §8: the pool target [пуля "до 20"] and help [помощь, "в графе"] (Kodex 43)."""

from __future__ import annotations

from .helpers import A, B, C, allpass, codes, game, misere, record, score


def test_help_goes_clockwise_from_the_writers_left_each_up_to_what_it_lacks() -> None:
    deals = [
        game(C, "7S", {A: "pass", B: "pass"}),  # Vera 4
        game(C, "6S", {A: "pass", B: "pass"}),  # Vera 6
        allpass({A: 5, B: 5, C: 0}),  # Vera 7
        game(B, "9H", {C: "pass", A: "pass"}),  # Boris 8
        game(B, "10NT", {C: "pass", A: "pass"}),  # Boris 8 + 10: 2 to fill, 8 over
    ]
    entry = score(deals, pool_target=10)["deals"][-1]
    # Vera (Boris's left) lacks 3, then Anna takes the remaining 5.
    assert entry["help"] == [{"from": B, "to": C, "points": 3}, {"from": B, "to": A, "points": 5}]
    assert entry["pool"] == {A: 5, B: 2, C: 3}
    assert entry["whists"] == {B: {C: 30, A: 50}}
    assert entry["sheet"]["pool"] == {A: 5, B: 10, C: 10}


def test_what_nobody_can_take_is_written_off_the_writers_mountain() -> None:
    deals = [
        game(C, "7S", {A: "pass", B: "pass"}),  # Vera 4: full
        game(A, "7S", {B: "pass", C: "pass"}),  # Anna 4: full
        misere(B, {A: 5, B: 1, C: 4}),  # Boris mountain 10
        game(B, "8S", {C: "pass", A: "pass"}),  # Boris 4, 2 over: nobody lacks
    ]
    result = score(deals, pool_target=4)
    entry = result["deals"][-1]
    assert entry["pool"] == {B: 4}
    assert entry["help"] == []
    assert entry["mountain"] == {B: -2}
    assert entry["sheet"]["mountain"][B] == 8
    assert result["finished"] and result["reason"] == "pools_full"


def test_the_write_off_stops_at_zero_and_the_rest_is_lost() -> None:
    deals = [
        game(C, "7S", {A: "pass", B: "pass"}),
        game(A, "7S", {B: "pass", C: "pass"}),
        game(B, "10S", {C: "pass", A: "pass"}),  # Boris 4, 6 over, no mountain
    ]
    result = score(deals, pool_target=4)
    entry = result["deals"][-1]
    assert entry["mountain"] == {}
    assert entry["sheet"]["mountain"] == {A: 0, B: 0, C: 0}
    assert result["settlement"]["balance"] == {A: 0, B: 0, C: 0}


def test_several_pool_writers_in_one_deal_go_in_seat_order() -> None:
    """Anna and Vera both take no all-pass trick; Anna (first seat) writes first."""
    deals = [
        game(B, "6S", {C: "pass", A: "pass"}),  # Boris 2
        game(A, "7S", {B: "pass", C: "pass"}),  # Anna 4
        allpass({A: 0, B: 10, C: 0}),  # Anna 5 (1 over → Boris), then Vera 1
    ]
    entry = score(deals, pool_target=4)["deals"][-1]
    assert entry["help"] == [{"from": A, "to": B, "points": 1}]
    assert entry["pool"] == {B: 1, C: 1}
    assert entry["sheet"]["pool"] == {A: 4, B: 3, C: 1}


def test_a_pool_is_never_above_the_target() -> None:
    rec = record([game(A, "10NT", {B: "pass", C: "pass"})] * 1, pool_target=5)
    from scoring.games.preferans.engine import score_pulka

    assert score_pulka(rec)["deals"][0]["sheet"]["pool"][A] == 5
    assert codes(record([], pool_target=0)) == [(None, "bad_convention")]
