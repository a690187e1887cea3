"""High card's engine (pure Python): one deal = each player's points (0..13); the first to
the target wins; a tie over the target goes to the highest total (still tied: all of them)."""

from __future__ import annotations

from typing import Any

from scoring.games.errors import GameError, Problem

RECORD_FORMAT = "highcard-scoresheet/1"
RESULT_FORMAT = "highcard-result/1"
PRESETS: dict[str, dict[str, Any]] = {"short": {"target": 21}, "long": {"target": 51}}
CONVENTIONS: dict[str, dict[str, Any]] = {"target": {"default": 21, "kind": "positive"}}
RECORD_KEYS = {"format", "ruleset", "conventions", "players", "first_dealer", "deals", "closed"}


class HighCardError(GameError):
    what = "invalid high-card record"


def target_of(ruleset: Any, overrides: Any) -> int:
    conventions = {**PRESETS.get(str(ruleset), PRESETS["short"]), **dict(overrides or {})}
    return int(conventions["target"])


def check_conventions(ruleset: Any, overrides: Any, table_size: int) -> None:
    problems = []
    if ruleset not in PRESETS:
        problems.append(Problem(None, "ruleset", "bad_convention", f"no preset {ruleset!r}"))
    for name, value in dict(overrides or {}).items():
        whole = isinstance(value, int) and not isinstance(value, bool)
        if name not in CONVENTIONS or not whole or value < 1:
            problems.append(
                Problem(None, f"conventions.{name}", "bad_convention", f"{name}={value!r}?")
            )
    if table_size not in (2, 3, 4):
        problems.append(Problem(None, "table_size", "bad_table_size", "2 to 4 players"))
    if problems:
        raise HighCardError(problems)


def score(record: dict[str, Any]) -> dict[str, Any]:
    problems: list[Problem] = []
    for key in record:
        if key not in RECORD_KEYS:
            problems.append(Problem(None, key, "unknown_field", f"unknown field {key!r}"))
    names = [str(n) for n in record.get("players") or []]
    if not names:
        problems.append(Problem(None, "players", "missing_field", "players are missing"))
    target = target_of(record.get("ruleset") or "short", record.get("conventions"))
    totals = dict.fromkeys(names, 0)
    deals = []
    finished = False
    for number, deal in enumerate(record.get("deals") or [], 1):
        points = deal.get("points") if isinstance(deal, dict) else None
        if not isinstance(points, dict):
            problems.append(Problem(number, "points", "missing_field", "points are missing"))
            continue
        for key in deal:
            if key != "points":
                problems.append(Problem(number, key, "unknown_field", f"unknown field {key!r}"))
        for name in points:
            if name not in totals:
                problems.append(
                    Problem(number, f"points.{name}", "unknown_field", f"no player {name!r}")
                )
        for name in names:
            value = points.get(name)
            if value is None:
                problems.append(
                    Problem(number, f"points.{name}", "missing_field", f"{name}'s points?")
                )
            elif isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 13:
                problems.append(
                    Problem(number, f"points.{name}", "bad_points", f"{value!r} is not 0..13")
                )
        if finished:
            problems.append(Problem(number, None, "bad_points", "the match is over"))
        if problems:
            continue
        for name in names:
            totals[name] += points[name]
        deals.append({"points": dict(points), "totals": dict(totals)})
        finished = max(totals.values()) >= target
    if problems:
        raise HighCardError(problems)
    best = max(totals.values(), default=0)
    return {
        "format": RESULT_FORMAT,
        "players": names,
        "target": target,
        "deals": deals,
        "totals": totals,
        "finished": finished,
        "winners": [n for n in names if totals[n] == best] if finished else [],
    }
