"""The demo and benchmark generator (`scoring.games.deberc.simulation`, behind `Game.simulate`
and the `generate_tournament` command) deals what each preset's rules produce: Odessa's висяк is
replayed by its declarer, Kharkov's renonce takes a trick, and every match it makes is one
the engine scores."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scoring.games.deberc.engine import score_match
from scoring.games.deberc.engine.conventions import resolve_conventions
from scoring.games.deberc.simulation import play_match, random_deal


def _matches(ruleset: str, n: int, seeds: range) -> Counter:
    seen: Counter = Counter()
    names = ["Anna", "Boris", "Cleo"][:n]
    for seed in seeds:
        record = {
            "format": "deberc-scoresheet/1",
            "ruleset": ruleset,
            "conventions": {},
            "players": names,
            "first_dealer": "Anna",
        }
        deals, result = play_match(record, random.Random(seed))
        assert score_match({**record, "deals": deals}) == result
        assert result["finished"]
        for before, deal in zip(result["deals"], deals[1:], strict=False):
            if before["hanging"] and "forced" in before["hanging"][-1] and "low_points" not in deal:
                seen["forced"] += 1
                assert deal["declarer"] == before["hanging"][-1]["forced"]
        for deal, scored in zip(deals, result["deals"], strict=True):
            kind = (deal.get("violation") or {}).get("kind")
            if kind:
                seen[(kind, "taken_by" in deal["violation"], scored["outcome"] == "card_byte")] += 1
    return seen


@pytest.mark.parametrize("n", [2, 3])
def test_odessa_matches_replay_their_hanging_bytes_by_force(n):
    seen = _matches("odessa", n, range(25))
    assert seen["forced"] > 0


def test_kharkov_renonces_take_a_trick_and_stop_nothing():
    seen = _matches("kharkov", 2, range(60))
    assert seen[("renonce", True, False)] > 0
    assert seen[("renonce", False, True)] == 0  # never a card byte for a Kharkov renonce


def test_a_poor_hand_is_redealt_where_the_table_plays_redeal_below():
    conv = resolve_conventions("odessa", {"redeal_below": 30}, 2)
    deals = [random_deal(["Anna", "Boris"], random.Random(s), conventions=conv) for s in range(50)]
    assert any("low_points" in deal for deal in deals)
    moscow = resolve_conventions("moscow", {}, 2)
    deals = [
        random_deal(["Anna", "Boris"], random.Random(s), conventions=moscow) for s in range(50)
    ]
    assert not any("low_points" in deal for deal in deals)


@pytest.mark.parametrize("ruleset", ["moscow", "odessa", "kharkov", "online"])
def test_pairs_at_four_are_dealt_eight_cards_each_and_every_match_scores(ruleset):
    """At four (two pairs) the whole deck is dealt, eight cards a player: a simulated pairs
    match (a pairs tournament's demo and `generate_tournament --entrants pairs`) is one the
    engine scores, every played deal with eight tricks and the deck's 152 card points (the
    last trick's ten aside)."""
    record = {
        "format": "deberc-scoresheet/1",
        "ruleset": ruleset,
        "conventions": {},
        "players": ["Anna", "Boris", "Cleo", "Dmytro"],
        "first_dealer": "Anna",
    }
    for seed in range(20):
        deals, result = play_match(record, random.Random(seed))
        assert result["finished"] and score_match({**record, "deals": deals}) == result
        played = [d for d in deals if "tricks" in d and "violation" not in d]
        assert played
        for deal in played:
            assert sum(deal["tricks"].values()) == 8
            assert sum(deal["points"].values()) == 152
