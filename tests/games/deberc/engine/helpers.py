"""Small builders for scoresheet records (scoresheet-format.md) used by the engine tests.

Expected figures in the tests are worked out by hand from deberc-rules.md, in comments next
to each assertion; these helpers only save typing the JSON.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.games.deberc.engine import ScoresheetError, score_match

FORMAT = "deberc-scoresheet/1"


def record(
    players: list[str],
    deals: list[dict[str, Any]],
    ruleset: str = "moscow",
    first_dealer: str | None = None,
    **conventions: Any,
) -> dict[str, Any]:
    """A whole record; `first_dealer` defaults to the last player, so the first player is the
    eldest [первая рука] of deal 1."""
    return {
        "format": FORMAT,
        "ruleset": ruleset,
        "conventions": conventions,
        "players": list(players),
        "first_dealer": first_dealer or players[-1],
        "deals": deals,
    }


def deal(
    trump: str,
    declarer: str,
    points: dict[str, int],
    last_trick: str,
    *,
    tricks: dict[str, int] | None = None,
    declarations: dict[str, list[str]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A played deal recorded as figures."""
    out: dict[str, Any] = {
        "trump": trump,
        "declarer": declarer,
        "points": points,
        "last_trick": last_trick,
    }
    if tricks is not None:
        out["tricks"] = tricks
    if declarations is not None:
        out["declarations"] = declarations
    out.update(extra)
    return out


def void(**extra: Any) -> dict[str, Any]:
    """A void deal: everybody passed in both rounds."""
    return {"trump": None, "declarer": None, **extra}


def score(
    players: list[str],
    deals: list[dict[str, Any]],
    ruleset: str = "moscow",
    first_dealer: str | None = None,
    **conventions: Any,
) -> dict[str, Any]:
    return score_match(record(players, deals, ruleset, first_dealer, **conventions))


def problems(rec: Any) -> list[dict[str, Any]]:
    """The problems the engine reports for an invalid record (fails if it is scored)."""
    with pytest.raises(ScoresheetError) as caught:
        score_match(rec)
    return caught.value.errors


def codes(rec: Any) -> list[tuple[int | None, str]]:
    """(deal, code) of every problem of an invalid record."""
    return [(error["deal"], error["code"]) for error in problems(rec)]
