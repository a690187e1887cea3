"""Random legal pulkas [пульки], for tests, benchmarks and demos.

No rule is decided here: the generator only writes deals a scorer could write (right dealer,
allowed contracts after all-passes, whist choices the conventions allow, tricks adding up to
10) and lets the engine check and score each one as it goes, stopping when the pulka ends.
"""

from __future__ import annotations

import random
from typing import Any

from .conventions import settle_conventions
from .deal import ALLPASS, GAME, MISERE
from .errors import PreferansError, Problem
from .pulka import FORMAT, Pulka
from .reader import DealReader

SUITS = ("S", "C", "D", "H", "NT")
SHOWN_SUITS = ("S", "C", "D", "H", "NT", "♠", "♣", "♦", "♥")


def _split(rng: random.Random, total: int, hands: int) -> list[int]:
    """`total` tricks split at random between `hands` hands."""
    cuts = sorted(rng.randint(0, total) for _ in range(hands - 1))
    bounds = [0, *cuts, total]
    return [bounds[i + 1] - bounds[i] for i in range(hands)]


def random_deal(
    rng: random.Random,
    players: list[str],
    dealer: int,
    allpasses: int,
    conventions: Any,
    violations: bool = True,
    options: bool = False,
) -> dict[str, Any]:
    """One legal DEAL for the table, `dealer` dealing after `allpasses` all-passes in a row;
    with `options` it may be blind, at a bomb (with `bombs: yes`) or, with four players, in
    halves with the dealer."""
    deal = _random_deal(rng, players, dealer, allpasses, conventions, violations)
    if options:
        if rng.random() < 0.05:
            deal["blind"] = True
        if conventions.bombs and rng.random() < 0.2:
            deal["bomb"] = rng.choice((0, 1, 1, 2, 3))
        if len(players) == 4 and deal["kind"] != ALLPASS and rng.random() < 0.1:
            hands = [name for name in deal.get("tricks", {}) if name != players[dealer]]
            hands += [deal["declarer"], *deal.get("whist", {})]
            deal["halves_with"] = rng.choice(hands)
    return deal


def _random_deal(
    rng: random.Random,
    players: list[str],
    dealer: int,
    allpasses: int,
    conventions: Any,
    violations: bool,
) -> dict[str, Any]:
    n = len(players)
    playing = [seat for seat in range(n) if n == 3 or seat != dealer]
    deal: dict[str, Any] = {"dealer": players[dealer]}
    roll = rng.random()
    if roll < 0.15:
        deal["kind"] = ALLPASS
        tricks = [0] * n
        talon = 0
        if n == 4:
            talon = rng.choice((0, 0, 0, 1, 2))
            tricks[dealer] = talon
        for seat, count in zip(playing, _split(rng, 10 - talon, 3), strict=True):
            tricks[seat] = count
        deal["tricks"] = {players[seat]: tricks[seat] for seat in range(n)}
        _maybe_violation(rng, deal, players, playing, violations)
        return deal
    declarer = rng.choice(playing)
    others = [seat for seat in playing if seat != declarer]
    deal["declarer"] = players[declarer]
    if roll < 0.22:
        deal["kind"] = MISERE
        taken = 0 if rng.random() < 0.6 else rng.randint(1, 4)
        rest = _split(rng, 10 - taken, 2)
        deal["tricks"] = {
            players[declarer]: taken,
            players[others[0]]: rest[0],
            players[others[1]]: rest[1],
        }
        _maybe_violation(rng, deal, players, playing, violations)
        return deal
    deal["kind"] = GAME
    exits = conventions.allpass_exit
    least = exits[min(allpasses, len(exits)) - 1] if allpasses else 6
    level = rng.choice([lvl for lvl in (6, 6, 6, 7, 7, 7, 8, 8, 9, 10) if lvl >= least] or [10])
    suit = rng.choice(SHOWN_SUITS if rng.random() < 0.2 else SUITS)
    deal["contract"] = f"{level}{suit}"
    spades_six = level == 6 and suit in ("S", "♠")
    a, b = players[others[0]], players[others[1]]
    if level == 10 and conventions.ten_checked:
        choices = rng.choice([("check", "check"), ("check", "pass"), ("pass", "pass")])
    elif conventions.stalingrad and spades_six:
        choices = ("whist", "whist")
    else:
        options = [("whist", "whist"), ("whist", "pass"), ("pass", "whist"), ("pass", "pass")]
        if conventions.half_whist and level in (6, 7):
            options += [("half", "pass"), ("pass", "half")]
        choices = rng.choice(options)
    deal["whist"] = {a: choices[0], b: choices[1]}
    checks_nine_ten = (
        conventions.check_9_10 and level >= 9 and not (level == 10 and conventions.ten_checked)
    )
    if checks_nine_ten and choices[0] == choices[1] == "pass" and rng.random() < 0.5:
        deal["whist"] = {a: "check", b: "check"}
    if "whist" in choices or "check" in choices or (checks_nine_ten and choices[0] == choices[1]):
        taken = max(0, min(10, level + rng.choice((-3, -2, -1, -1, 0, 0, 0, 0, 1, 1, 2))))
        rest = _split(rng, 10 - taken, 2)
        deal["tricks"] = {players[declarer]: taken, a: rest[0], b: rest[1]}
        if violations and rng.random() < 0.01:
            # Kodex 33: the declarer and one defender both erred, written as a list.
            deal["violation"] = [
                _renonce(rng, players[declarer]),
                _renonce(rng, rng.choice((a, b))),
            ]
        else:
            _maybe_violation(rng, deal, players, playing, violations)
    return deal


def _renonce(rng: random.Random, player: str) -> dict[str, Any]:
    return {"player": player, "kind": "renonce", "count": rng.choice((1, 1, 2))}


def _maybe_violation(
    rng: random.Random, deal: dict[str, Any], players: list[str], playing: list[int], on: bool
) -> None:
    if on and rng.random() < 0.03:
        deal["violation"] = _renonce(rng, players[rng.choice(playing)])


def random_pulka(
    rng: random.Random,
    players: list[str],
    ruleset: str = "sochi",
    conventions: dict[str, Any] | None = None,
    max_deals: int = 80,
    violations: bool = True,
    options: bool = False,
) -> dict[str, Any]:
    """A legal record: deals until the pulka ends, or `max_deals` deals (then unfinished)."""
    overrides = dict(conventions or {})
    settled = settle_conventions(ruleset, overrides)
    first = rng.randrange(len(players))
    problems: list[Problem] = []
    reader = DealReader(players, settled, problems)
    pulka = Pulka(players, settled, first)
    deals: list[dict[str, Any]] = []
    for number in range(1, max_deals + 1):
        rotation = pulka.rotation
        deal = random_deal(
            rng, players, rotation.dealer, rotation.allpasses, settled, violations, options
        )
        facts, _ = reader.read(number, deal, rotation.dealer, rotation.allpasses)
        if facts is None:  # a generator bug, not a rule: say so loudly
            raise PreferansError(problems)
        deals.append(deal)
        pulka.play(facts, closing=False)
        if pulka.finished:
            break
    return {
        "format": FORMAT,
        "ruleset": ruleset,
        "conventions": overrides,
        "players": list(players),
        "first_dealer": players[first],
        "deals": deals,
    }
