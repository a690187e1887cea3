"""Believable matches for the demo and the benchmark (no rule lives here).

Deals come from the engine's simulator (`engine.simulate`: random hands, random legal cards)
and are judged by `score_match`; this module only *chooses* among such deals so that a match reads
like a club evening: most games made, some bytes, now and then a hanging byte, combinations
declared as the hands hold them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .engine import score_match
from .engine.simulate import as_figures, random_deal

FORMAT = "deberc-scoresheet/1"


def _record(
    players: Sequence[str],
    first_dealer: str,
    deals: list[dict[str, Any]],
    ruleset: str,
    conventions: dict[str, Any],
) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "ruleset": ruleset,
        "conventions": dict(conventions),
        "players": list(players),
        "first_dealer": first_dealer,
        "deals": deals,
    }


def next_deal(
    rng: random.Random,
    players: Sequence[str],
    deals: list[dict[str, Any]],
    *,
    first_dealer: str,
    ruleset: str = "moscow",
    conventions: dict[str, Any] | None = None,
    made_rate: float = 0.72,
    void_rate: float = 0.04,
    want: list[str] | None = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """One more deal after `deals` and the match's result with it.

    The simulator deals until the outcome fits the wanted mix: a made game with probability
    `made_rate`, else a byte; an outcome listed in `want` (e.g. "hanging") is taken (and
    removed from the list) as soon as the simulator deals one.
    """
    names = list(players)
    conventions = dict(conventions or {})
    result = score_match(_record(names, first_dealer, deals, ruleset, conventions))
    dealer_name = result["deals"][-1]["next_dealer"] if result["deals"] else first_dealer
    dealer = names.index(dealer_name)
    if rng.random() < void_rate:
        void = {"declarer": None}
        return void, score_match(_record(names, first_dealer, [*deals, void], ruleset, conventions))
    aim = "made" if rng.random() < made_rate else "byte"
    for attempt in range(60):
        figures = as_figures(random_deal(rng, names, dealer), names)
        figures.pop("dealer", None)
        trial = score_match(_record(names, first_dealer, [*deals, figures], ruleset, conventions))
        outcome = trial["deals"][-1]["outcome"]
        if want and outcome in want:
            want.remove(outcome)
            return figures, trial
        if outcome == aim or attempt == 59:
            return figures, trial
    raise AssertionError("unreachable")


def believable_match(
    rng: random.Random,
    players: Sequence[str],
    *,
    first_dealer: str | None = None,
    ruleset: str = "moscow",
    conventions: dict[str, Any] | None = None,
    made_rate: float = 0.72,
    void_rate: float = 0.04,
    want: Sequence[str] = (),
    max_deals: int = 40,
    stop_after: int | None = None,
    prefix: Sequence[dict[str, Any]] = (),
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A scoresheet record of a match (decided, or `stop_after` deals long) and its result,
    continuing from the deals in `prefix`. Deals are in figures form (points, last trick,
    tricks), without the dealer, as a scorer enters them."""
    conventions = dict(conventions or {})
    names = list(players)
    first = first_dealer or names[0]
    deals: list[dict[str, Any]] = list(prefix)
    wanted = list(want)
    result = score_match(_record(names, first, deals, ruleset, conventions))
    while not result["finished"] and len(deals) < max_deals:
        if stop_after is not None and len(deals) >= stop_after:
            break
        deal, result = next_deal(
            rng,
            names,
            deals,
            first_dealer=first,
            ruleset=ruleset,
            conventions=conventions,
            made_rate=made_rate,
            void_rate=void_rate,
            want=wanted,
        )
        deals.append(deal)
    return _record(names, first, deals, ruleset, conventions), result


def hanging_deal(
    rng: random.Random,
    players: Sequence[str],
    deals: list[dict[str, Any]],
    *,
    first_dealer: str,
    ruleset: str = "moscow",
    conventions: dict[str, Any] | None = None,
    tries: int = 4000,
) -> dict[str, Any] | None:
    """A next deal that the engine scores as a hanging byte, if the simulator deals one."""
    names = list(players)
    conventions = dict(conventions or {})
    result = score_match(_record(names, first_dealer, deals, ruleset, conventions))
    if result["finished"]:
        return None
    dealer_name = result["deals"][-1]["next_dealer"] if result["deals"] else first_dealer
    dealer = names.index(dealer_name)
    for _ in range(tries):
        figures = as_figures(random_deal(rng, names, dealer), names)
        figures.pop("dealer", None)
        trial = score_match(_record(names, first_dealer, [*deals, figures], ruleset, conventions))
        if trial["deals"][-1]["outcome"] == "hanging":
            return figures
    return None
