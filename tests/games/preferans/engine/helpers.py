"""Small builders for preferans-scoresheet/1 records used by the Preferans engine tests.

Expected figures in the tests are worked out by hand from the rules (docs/preferans.md), in
comments next to each assertion; these helpers only save typing the JSON.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.games.preferans.engine import FORMAT, PreferansError, score_pulka

A, B, C, D = "Anna", "Boris", "Vera", "Gleb"
THREE = [A, B, C]
FOUR = [A, B, C, D]


def record(
    deals: list[dict[str, Any]],
    players: list[str] | None = None,
    ruleset: str = "sochi",
    first_dealer: str | None = None,
    closed: bool | None = None,
    **conventions: Any,
) -> dict[str, Any]:
    """A whole record; the first dealer defaults to the first player."""
    players = list(players or THREE)
    out: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": ruleset,
        "conventions": conventions,
        "players": players,
        "first_dealer": first_dealer or players[0],
        "deals": deals,
    }
    if closed is not None:
        out["closed"] = closed
    return out


def game(
    declarer: str,
    contract: str,
    whist: dict[str, str],
    tricks: dict[str, int] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "kind": "game",
        "declarer": declarer,
        "contract": contract,
        "whist": whist,
    }
    if tricks is not None:
        out["tricks"] = tricks
    out.update(extra)
    return out


def misere(declarer: str, tricks: dict[str, int], **extra: Any) -> dict[str, Any]:
    return {"kind": "misere", "declarer": declarer, "tricks": tricks, **extra}


def allpass(tricks: dict[str, int], **extra: Any) -> dict[str, Any]:
    return {"kind": "allpass", "tricks": tricks, **extra}


def score(deals: list[dict[str, Any]], **kwargs: Any) -> dict[str, Any]:
    return score_pulka(record(deals, **kwargs))


def last(deals: list[dict[str, Any]], **kwargs: Any) -> dict[str, Any]:
    """The entry of the last deal."""
    return score(deals, **kwargs)["deals"][-1]


def problems(rec: dict[str, Any]) -> list[dict[str, Any]]:
    with pytest.raises(PreferansError) as caught:
        score_pulka(rec)
    return caught.value.errors


def codes(rec: dict[str, Any]) -> list[tuple[int | None, str]]:
    """(deal, code) of every problem of a record that must be refused."""
    return [(error["deal"], error["code"]) for error in problems(rec)]
