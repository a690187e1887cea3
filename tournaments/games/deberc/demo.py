"""Deberc's demo deals [демо]: a believable match for `load_demo`, as a scorer enters it.

The deals come from the game's own demo chooser (`scoring.games.deberc.demo`: the engine's
simulator, deals chosen so that a match reads like a club evening); with `showcase`, the match
holds a hanging byte [висячий байт] early on, so that the demo shows a pool carried over.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from scoring.games.deberc.demo import believable_match, hanging_deal

# A whole match's showcased hanging byte comes after this many deals.
SHOWCASE_AFTER = 2


def demo_deals(
    rng: random.Random,
    names: Sequence[str],
    *,
    first_dealer: str,
    stop_after: int | None = None,
    showcase: bool = False,
) -> list[dict[str, Any]]:
    """The deals of a match among `names`, in the form a scorer enters them: to its end, or
    its first `stop_after` deals. `showcase` adds a hanging byte (if the simulator deals one):
    after the first deals of a whole match (the pool carried over, then won), or as the last
    deal of a match in play (its pool hangs right now)."""
    if stop_after is not None:
        record, _result = believable_match(
            rng, names, first_dealer=first_dealer, stop_after=stop_after
        )
        deals = list(record["deals"])
        if showcase:
            _hang(rng, names, deals, first_dealer)
        return deals
    deals = []
    if showcase:
        prefix, _result = believable_match(
            rng, names, first_dealer=first_dealer, stop_after=SHOWCASE_AFTER
        )
        deals = list(prefix["deals"])
        _hang(rng, names, deals, first_dealer)
    record, _result = believable_match(rng, names, first_dealer=first_dealer, prefix=deals)
    return list(record["deals"])


def _hang(
    rng: random.Random, names: Sequence[str], deals: list[dict[str, Any]], first_dealer: str
) -> None:
    hanging = hanging_deal(rng, names, deals, first_dealer=first_dealer)
    if hanging is not None:
        deals.append(hanging)
