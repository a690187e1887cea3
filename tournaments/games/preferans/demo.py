"""Preferans's demo deals [демо]: a pulka for `load_demo`, as a scorer enters it.

The deals come from the game's simulator through the registry (`scoring.games.Game.simulate`:
random legal deals, the pulka played out); `showcase` asks nothing more of a pulka, whose
all-passes and misères come by themselves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from scoring import games


def demo_deals(
    rng: random.Random,
    names: Sequence[str],
    *,
    first_dealer: str,
    stop_after: int | None = None,
    showcase: bool = False,
) -> list[dict[str, Any]]:
    """The deals of a Sochi pulka among `names` dealt first by `first_dealer` (to its end, or
    its first `stop_after` deals)."""
    game = games.game_get("preferans")
    blank = {
        "format": game.record_format,
        "ruleset": game.default_ruleset,
        "conventions": {},
        "players": list(names),
        "first_dealer": first_dealer,
    }
    record, _result = game.simulate(blank, rng)
    deals = list(record["deals"])
    return deals if stop_after is None else deals[:stop_after]
