"""Request bodies of the tournaments API as the OpenAPI schema describes them (issue 17, item
21), for the views that read a body without a serializer. The records themselves are checked by
the engine and the services (a 400 naming the field).
"""

from __future__ import annotations

from typing import Any

from config.openapi import array, obj
from scoring import games
from scoring.api_schema import SCORESHEET_BODY
from tournaments.clubs.models import Club
from tournaments.discipline.services import LOSS_LIMIT_MAX, PENALTY_MAX
from tournaments.events.models import Tournament
from tournaments.events.serializers import BANDS_SCHEMA, MAX_ROUND_MINUTES, MAX_ROUNDS
from tournaments.events.setup import TOURNAMENT_FIELDS
from tournaments.events.stages import MAX_STAGE_SIZE

NAME = {"type": "string", "minLength": 1, "maxLength": 80}

SCORESHEET_PLACED = {
    **SCORESHEET_BODY,
    "properties": {
        **SCORESHEET_BODY["properties"],
        "round": {"type": "integer", "minimum": 1},
        "table": {"type": "integer", "minimum": 1},
    },
}
SCORESHEETS_IMPORT_BODY = {
    "anyOf": [
        SCORESHEET_PLACED,
        array(SCORESHEET_PLACED, minItems=1),
        obj({"scoresheets": array(SCORESHEET_PLACED, minItems=1)}, ["scoresheets"]),
    ],
    "description": 'a scoresheet record, a list of them, or {"scoresheets": [...]}; each may '
    'name its "round" and "table"',
}


def _enum(choices: Any) -> dict[str, Any]:
    values = [value for value, _label in choices]
    kind = "integer" if all(isinstance(v, int) for v in values) else "string"
    return {"type": kind, "enum": values}


def _text(model: Any, name: str) -> dict[str, Any]:
    # Not blank: spaces alone are refused (`blank`).
    return {
        "type": "string",
        "minLength": 1,
        "maxLength": model._meta.get_field(name).max_length,
        "pattern": r"\S",
    }


# Each setting's schema, by name.
_SETTING_SCHEMAS: dict[str, Any] = {
    "name": _text(Tournament, "name"),
    "club": _text(Club, "name"),
    "game": _enum(Tournament._meta.get_field("game").choices),
    "ruleset": _enum(games.ruleset_choices()),
    "conventions": {"type": "object", "additionalProperties": True},
    "table_size": _enum(Tournament.TABLE_SIZES),
    # Mixed sizes in one round, ascending; [] = the one table_size (then their smallest).
    "table_sizes": array({"type": "integer", "enum": [size for size, _ in Tournament.TABLE_SIZES]}),
    "system": _enum(Tournament.System.choices),
    "rounds": {"type": "integer", "minimum": 1, "maximum": MAX_ROUNDS},
    "match_score": _enum(Tournament.MatchScore.choices),
    # compressed_balance's bands (and only its: [] for every other scoring), sign-symmetric.
    "match_score_bands": BANDS_SCHEMA,
    "tiebreaks": array({"type": "string"}),
    "confirm_deals": {"type": "boolean"},
    # Who is entered and ranked: "pairs" only where the game seats pairs (Deberc at 4).
    "entrants": _enum(Tournament.Entrants.choices),
    # Discipline (tournaments.discipline.services): what a second yellow card means, its penalty in
    # match points, the loss limit per match (null: none), a positive result closed on time
    # counting zero (games whose match ends on time only: bad_timeout_positive).
    "second_yellow": _enum(Tournament.SecondYellow.choices),
    "second_yellow_penalty": {"type": "number", "minimum": 0, "maximum": PENALTY_MAX},
    "loss_limit": {"type": "integer", "minimum": 1, "maximum": LOSS_LIMIT_MAX, "nullable": True},
    "timeout_positive": {"type": "boolean"},
    # Stages (tournaments.events.stages): "" none, "cut" (the top stage_size go on) or "final".
    "stage_kind": _enum(Tournament.StageKind.choices),
    "stage_after_round": {"type": "integer", "minimum": 1, "maximum": MAX_ROUNDS, "nullable": True},
    "stage_size": {"type": "integer", "minimum": 1, "maximum": MAX_STAGE_SIZE, "nullable": True},
    "published": {"type": "boolean"},
    "status": _enum(Tournament.Status.choices),
    "starts_at": {"type": "string", "format": "date-time", "nullable": True},
    "round_minutes": {
        "type": "integer",
        "minimum": 1,
        "maximum": MAX_ROUND_MINUTES,
        "nullable": True,
    },
}
# The import's `tournament` object as its serializer (tournaments.events.serializers) reads it: the
# club by name and every setting of the services' one list (a setting added there without its
# schema here fails at import), each in its own JSON type, bounded; the name and club
# required; no other key. Whether a ruleset, table size, match scoring or tiebreak fits the
# game is the game's to say (400).
TOURNAMENT_SETTINGS = obj(
    {name: _SETTING_SCHEMAS[name] for name in ("name", "club", *TOURNAMENT_FIELDS[1:])},
    ["name", "club"],
    closed=True,
)
TOURNAMENT_IMPORT_BODY = obj(
    {
        "format": {"type": "string", "enum": ["deberc-tournament/1"]},
        "tournament": TOURNAMENT_SETTINGS,
    },
    ["format", "tournament"],
    description="a tournament's export (GET /api/v1/tournaments/{id}/export/)",
)
ENTRIES_ADD_BODY = obj(
    # A number is taken as the name it spells.
    {"players": array({"anyOf": [NAME, {"type": "number"}]}, minItems=1, maxItems=1000)},
    ["players"],
    description="Display names; a name new to the club becomes a player of the club.",
)
