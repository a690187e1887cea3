"""`simulate.random_pulka`: random legal pulkas for tests, the benchmark and demos."""

from __future__ import annotations

import random

import pytest

from scoring.games.preferans.engine import score_pulka
from scoring.games.preferans.engine.simulate import random_pulka

from .helpers import FOUR, THREE


@pytest.mark.parametrize("ruleset", ["sochi", "leningrad", "rostov"])
@pytest.mark.parametrize("players", [THREE, FOUR])
def test_random_pulkas_are_legal_and_end_with_full_pools(ruleset: str, players: list[str]) -> None:
    rng = random.Random(7)
    kinds: set[str] = set()
    outcomes: set[str] = set()
    for _ in range(20):
        record = random_pulka(rng, players, ruleset, max_deals=400)
        result = score_pulka(record)
        assert result["finished"] and result["reason"] == "pools_full"
        kinds.update(entry["kind"] for entry in result["deals"])
        outcomes.update(entry["outcome"] for entry in result["deals"])
    assert kinds == {"game", "misere", "allpass"}
    expected = {"made", "remise", "not_played", "misere_made", "misere_failed", "allpass"}
    if ruleset != "rostov":
        expected.add("half_whist")
    assert expected <= outcomes


def test_the_same_seed_gives_the_same_pulka() -> None:
    first = random_pulka(random.Random(3), THREE, "sochi")
    again = random_pulka(random.Random(3), THREE, "sochi")
    assert first == again


def test_random_pulkas_carry_single_renonces_and_the_kodex_33_list() -> None:
    """The generator writes both shapes of `violation`, and the engine scores them."""
    rng = random.Random(11)
    shapes: set[str] = set()
    for _ in range(40):
        record = random_pulka(rng, THREE, "sochi", max_deals=400)
        score_pulka(record)
        for deal in record["deals"]:
            violation = deal.get("violation")
            if isinstance(violation, list):
                shapes.add("list")
                assert deal["kind"] == "game" and violation[0]["player"] == deal["declarer"]
            elif violation:
                shapes.add("one")
    assert shapes == {"one", "list"}


@pytest.mark.parametrize("players", [THREE, FOUR])
def test_random_classic_and_skachki_pulkas_with_options_are_legal(players: list[str]) -> None:
    """Classic's bombs, blind deals, the dealer in halves and Skachki's jumps come out of the
    generator legal, and a Skachki pulka ends after its fifth jump (§8a)."""
    rng = random.Random(11)
    factors: set[int] = set()
    halves = 0
    for ruleset in ("classic", "skachki"):
        for _ in range(10):
            record = random_pulka(rng, players, ruleset, max_deals=400, options=True)
            result = score_pulka(record)
            assert result["finished"]
            factors.update(entry["factor"] for entry in result["deals"])
            halves += sum("halves_with" in deal for deal in record["deals"])
            if ruleset == "skachki":
                assert result["reason"] == "jumps"
                jumps = [entry["jump"]["number"] for entry in result["deals"] if entry["jump"]]
                assert jumps == [1, 2, 3, 4, 5]
    assert {1, 2, 4, 8} <= factors
    assert (halves > 0) == (len(players) == 4)
