"""Rules §5: the misère [мизер] — "игрок обязуется не взять ни одной взятки"."""

from __future__ import annotations

from .helpers import FOUR, A, B, C, D, codes, last, misere, record


def test_a_misere_made_writes_ten_into_the_pool() -> None:
    entry = last([misere(C, {A: 6, B: 4, C: 0})])
    assert (entry["outcome"], entry["pool"], entry["mountain"]) == ("misere_made", {C: 10}, {})
    assert entry["declarer"] == C and entry["contract"] is None


def test_a_misere_failed_writes_ten_per_trick_into_the_mountain_without_whists() -> None:
    """Kodex 70: "При игре мизер за взятки и консоляции не платят"."""
    entry = last([misere(C, {A: 4, B: 3, C: 3})])
    assert entry["outcome"] == "misere_failed"
    assert entry["mountain"] == {C: 30}
    assert entry["whists"] == {}


def test_a_misere_failed_on_a_double_mountain() -> None:
    assert last([misere(C, {A: 4, B: 4, C: 2})], ruleset="leningrad")["mountain"] == {C: 40}


def test_four_players_a_misere_is_played_by_three_hands() -> None:
    entry = last([misere(C, {B: 5, C: 1, D: 4}, dealer=A)], players=FOUR)
    assert entry["mountain"] == {C: 10}
    rec = record([misere(C, {A: 1, B: 4, C: 1, D: 4}, dealer=A)], players=FOUR)
    assert codes(rec) == [(1, "tricks_sum")]  # the dealer took a trick without cards


def test_a_misere_is_allowed_whatever_the_allpass_exit() -> None:
    deals = [
        {"kind": "allpass", "tricks": {A: 3, B: 3, C: 4}},
        {"kind": "allpass", "tricks": {A: 3, B: 3, C: 4}},
        misere(B, {A: 5, B: 0, C: 5}),
    ]
    assert last(deals, ruleset="leningrad")["pool"] == {B: 10}
