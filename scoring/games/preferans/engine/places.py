"""Match points [очки за место] of a pulka for a tournament, by place at the table.

Places come from the final settlement's balances [расчёт пули]: 3 players score 2/1/0, four
players 3/2/1/0; players with equal balances share the average of the places they cover
(e.g. two tied first of three: 1.5 each). The points do not depend on whether the pulka
ended: the caller decides which results count (a time-limited table closes its record with
`end: closed`).
"""

from __future__ import annotations

from typing import Any


def match_points(result: dict[str, Any]) -> dict[str, float | int]:
    """{player: match points} from a preferans-result/1 document."""
    names = result["players"]
    balance = result["settlement"]["balance"]
    n = len(names)
    ranked = sorted(names, key=lambda name: -balance[name])
    out: dict[str, float | int] = {}
    place = 0
    while place < n:
        tied = [name for name in ranked if balance[name] == balance[ranked[place]]]
        # Places place … place + len(tied) − 1 are worth n − 1 − place … downwards.
        worth = [n - 1 - (place + k) for k in range(len(tied))]
        share = sum(worth) / len(tied)
        for name in tied:
            out[name] = int(share) if share == int(share) else share
        place += len(tied)
    return {name: out[name] for name in names}
