"""High card's scorer page (`scoring.games.base.ScorerPage`): one number field per player."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest

from scoring import access as perms
from scoring import selectors
from scoring.errors import active_language
from scoring.models import Match

from .game import GAME

PAGE_TEMPLATE = "toy/match.html"
SHEET_TEMPLATE = "toy/_sheet.html"
EDIT_TEMPLATE = "toy/match.html"


@dataclass
class Form:
    values: dict[str, Any] = field(default_factory=dict)
    errors: dict[str, list[str]] = field(default_factory=dict)
    record: dict[str, Any] = field(default_factory=dict)

    @property
    def is_valid(self) -> bool:
        return not self.errors


def parse_deal(post: Mapping[str, Any], names: Sequence[str]) -> Form:
    form = Form()
    points: dict[str, Any] = {}
    for seat, name in enumerate(names):
        raw = str(post.get(f"points_{seat}", "")).strip()
        form.values[f"points_{seat}"] = raw
        try:
            points[name] = int(raw)
        except ValueError:
            points[name] = raw or None
            problem = {"code": "missing_field" if not raw else "bad_points"}
            form.errors[f"points_{seat}"] = [error_message(problem)]
    form.record = {"points": points}
    return form


def values_from_record(record: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    points = record.get("points") or {}
    return {f"points_{seat}": str(points.get(name, "")) for seat, name in enumerate(names)}


def engine_error_key(err: Mapping[str, Any], names: Sequence[str]) -> str:
    name = str(err.get("field") or "").removeprefix("points.")
    return f"points_{names.index(name)}" if name in names else "__all__"


def error_message(err: Mapping[str, Any]) -> str:
    return GAME.localise_error(err, active_language())


def deal_summary(record: Mapping[str, Any] | None, names: Sequence[str]) -> str:
    points = (record or {}).get("points") or {}
    return ", ".join(f"{name} {points.get(name, '')}" for name in names)


def sheet_context(
    request: HttpRequest,
    match: Match,
    *,
    values: dict[str, Any] | None = None,
    errors: dict[str, list[str]] | None = None,
    doc: dict[str, Any] | None = None,
    editing: int | None = None,
) -> dict[str, Any]:
    names = selectors.seat_names(match)
    values = values or {}
    errors = errors or {}
    result = match.result or {}
    totals = result.get("totals") or {}
    return {
        "match": match,
        "player_names_json": "[]",
        "players": [
            {
                "seat": seat,
                "name": name,
                "total": totals.get(name, 0),
                "value": values.get(f"points_{seat}", ""),
                "errors": errors.get(f"points_{seat}", []),
            }
            for seat, name in enumerate(names)
        ],
        "deals": result.get("deals") or [],
        "winners": result.get("winners") or [],
        "finished": bool(result.get("finished")),
        "form_errors": errors.get("__all__", []),
        "can_enter": perms.can_enter_deal(request.user, match) and not result.get("finished"),
        "version": match.version if hasattr(match, "version") else "",
    }
