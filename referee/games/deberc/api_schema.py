"""The request bodies of Deberc's referee tools as the OpenAPI schema describes them (issue 17,
item 21): the parts each tool needs, and the type of each. Whether the cards, names and
figures make sense is the rules' business (a 400 naming the field), not the schema's."""

from __future__ import annotations

from typing import Any

from config.openapi import ANY_OBJECT, array, obj

CARD = {"type": "string", "minLength": 1, "maxLength": 8, "description": "e.g. 10H, QS, Д♠"}
CARDS = array(CARD, maxItems=32)
# The tools take any name the table uses (they store nothing): the record's checks refuse a
# missing or repeated one.
NAME = {"type": "string"}
PLAYERS = array(NAME, minItems=2, maxItems=4, description="clockwise")
SUIT = {"type": "string", "minLength": 1, "maxLength": 8, "description": "C, D, H or S"}
RULES: dict[str, Any] = {
    "ruleset": {"type": "string", "maxLength": 16},
    "conventions": ANY_OBJECT,
    "lang": {"type": "string", "maxLength": 16},
}

COMBINATIONS_BODY = obj(
    {
        "trump": SUIT,
        "players": PLAYERS,
        "declarations": {"type": "object", "additionalProperties": array(CARD)},
        "last_trick": NAME,
        "declarer": NAME,
        "tricks": {"type": "object", "additionalProperties": {"type": "integer"}},
        **RULES,
    },
    ["trump", "players"],
)
LEGAL_CARDS_BODY = obj(
    {"trump": SUIT, "trick": CARDS, "hand": CARDS, **RULES},
    ["trump", "hand"],
)
CHECK_DEAL_BODY = obj(
    {
        "players": PLAYERS,
        "dealer": NAME,
        "trump": SUIT,
        "declarer": NAME,
        "declarations": {"type": "object", "additionalProperties": array(CARD)},
        "hands": {"type": "object", "additionalProperties": CARDS},
        "tricks": array(CARDS),
        # Rulings that do not stop the deal: "how high?" then a senior combination (§4); a
        # renonce under renonce_penalty take_trick, the opponent and the trick taken (§6).
        "how_high_by": NAME,
        # A senior combination announced after a junior one (late_senior, §4).
        "late_senior_by": NAME,
        "late_combination": {"type": "string", "maxLength": 24},
        "taken_by": NAME,
        "taken_trick": {"type": "integer", "minimum": 1, "maximum": 10},
        **RULES,
    },
    ["players", "dealer", "trump", "declarer", "hands", "tricks"],
)
CHECK_CLOSING_BODY = obj(
    {
        "players": PLAYERS,
        "dealer": NAME,
        "totals": {"type": "object", "additionalProperties": {"type": "integer"}},
        "claimant": NAME,
        "points": {"type": "integer", "minimum": 0},
        **RULES,
    },
    ["players", "totals", "claimant"],
)
