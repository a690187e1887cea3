"""The deal bodies of the scoring API as the OpenAPI schema describes them (issue 17, item 21):
one deal of the scoresheet format, strict (an unknown key is refused: `unknown_field`), plus
the match `version` the scorer saw (and, for a correction, its `reason`). Deberc's deal is
docs/scoresheet-format.md's DEAL; Preferans's is docs/preferans.md's. Whether the figures add
up is the engine's business: a 400 naming the field."""

from __future__ import annotations

from typing import Any

from config.openapi import array, obj

NAME = {"type": "string", "minLength": 1, "maxLength": 80}
SMALL = {"type": "integer", "minimum": 0, "maximum": 1000}
PER_PLAYER = {"type": "object", "additionalProperties": SMALL, "maxProperties": 4}
CARD = {"type": "string", "minLength": 1, "maxLength": 8}
VERSION = {"type": "integer", "minimum": 0, "description": "the match version you saw"}
REASON = {"type": "string", "maxLength": 100, "description": "kept in the history"}

DEBERC_DEAL: dict[str, Any] = {
    "dealer": NAME,
    "trump": {"type": "string", "minLength": 1, "maxLength": 2},
    "declarer": {**NAME, "nullable": True, "description": "null: a void deal"},
    "declarations": {
        "type": "object",
        "additionalProperties": array({"type": "string", "minLength": 1, "maxLength": 16}),
    },
    "points": PER_PLAYER,
    "last_trick": NAME,
    "tricks": PER_PLAYER,
    "closing": obj({"player": NAME, "points": SMALL}, ["player", "points"], closed=True),
    "violation": obj(
        {
            "player": NAME,
            "kind": {"type": "string", "maxLength": 32},
            # A renonce under renonce_penalty take_trick (Kharkov): who took which trick.
            "taken_by": NAME,
            "trick": {"type": "integer", "minimum": 1, "maximum": 10},
            # "How high?" rulings: what was asked (optional, for the record only, rules §4).
            "asked": {"type": "string", "enum": ["terz", "fifty", "swap_terz"]},
            # late_senior: the combination announced after a junior one (rules §4).
            "combination": {"type": "string", "minLength": 1, "maxLength": 16},
        },
        ["player", "kind"],
        closed=True,
    ),
    "play": obj(
        {
            # 9 cards each, 10 at Kharkov's deal (rules §2), 8 with four players.
            "hands": {"type": "object", "additionalProperties": array(CARD, maxItems=10)},
            "tricks": array(array(CARD, maxItems=4), maxItems=10),
        },
        ["hands", "tricks"],
        closed=True,
    ),
    "four_sevens": NAME,
    "low_points": {**NAME, "description": "a redeal for a hand of few points (redeal_below)"},
    "fifty_offer": obj({"player": NAME}, ["player"], closed=True),
    "pencil": obj(
        {"player": NAME, "wrote": {"type": "integer"}, "noticed_by": NAME},
        ["player", "wrote", "noticed_by"],
        closed=True,
    ),
}
PREFERANS_RENONCE = obj(
    {
        "player": NAME,
        "kind": {"type": "string", "maxLength": 32},
        "count": {"type": "integer", "minimum": 1, "maximum": 10},
    },
    ["player", "kind"],
    closed=True,
)
PREFERANS_DEAL: dict[str, Any] = {
    "dealer": NAME,
    "kind": {"type": "string", "enum": ["game", "misere", "allpass"]},
    "declarer": NAME,
    "contract": {"type": "string", "minLength": 2, "maxLength": 4, "description": "e.g. 7H, 6NT"},
    "whist": {
        "type": "object",
        "additionalProperties": {"type": "string", "enum": ["whist", "pass", "half", "check"]},
    },
    "tricks": PER_PLAYER,
    # One renonce, or the declarer's and a defender's both (Kodex 33: a list of two).
    "violation": {"anyOf": [PREFERANS_RENONCE, array(PREFERANS_RENONCE, minItems=2, maxItems=2)]},
    # The deal's bomb level (only where bombs are played), blind play, the four-handed
    # dealer in halves (docs/preferans.md).
    "bomb": {"type": "integer", "minimum": 0, "maximum": 3},
    "blind": {"type": "boolean"},
    "halves_with": NAME,
}


def deal_body(extra: dict[str, Any], required: list[str]) -> dict[str, Any]:
    """A deal of either game with the request's own fields (`extra`)."""
    return {
        "anyOf": [
            obj(
                {**DEBERC_DEAL, **extra},
                [*required, "declarer"],
                closed=True,
                title="Deberc deal",
            ),
            obj(
                {**PREFERANS_DEAL, **extra},
                [*required, "kind"],
                closed=True,
                title="Preferans deal",
            ),
        ]
    }


DEAL_NEW_BODY = deal_body({"version": VERSION}, ["version"])
DEAL_CORRECTION_BODY = deal_body({"version": VERSION, "reason": REASON}, [])
CLOSE_BODY = obj(
    {
        "closed": {"type": "boolean", "default": True},
        "reason": REASON,
    },
    closed=True,
)
SCORESHEET_BODY = obj(
    {
        "format": {"type": "string", "enum": ["deberc-scoresheet/1", "preferans-scoresheet/1"]},
        "ruleset": {"type": "string", "maxLength": 16},
        "conventions": {"type": "object"},
        "players": array(NAME, minItems=2, maxItems=4),
        "first_dealer": NAME,
        "closed": {"type": "boolean"},
        "deals": array({"type": "object"}, maxItems=2000),
    },
    ["format", "ruleset", "players", "first_dealer", "deals"],
    description="a scoresheet record (docs/scoresheet-format.md, docs/preferans.md)",
)
IDEMPOTENCY_KEY = {"type": "string", "minLength": 1, "maxLength": 128, "pattern": r"\S"}
