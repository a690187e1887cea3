"""Request bodies of the tournaments API as the OpenAPI schema describes them (issue 17, item
21), for the views that read a body without a serializer. The records themselves are checked by
the engine and the services (a 400 naming the field)."""

from __future__ import annotations

from config.openapi import array, obj
from scoring.api_schema import SCORESHEET_BODY

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
TOURNAMENT_IMPORT_BODY = obj(
    {
        "format": {"type": "string", "enum": ["deberc-tournament/1"]},
        "tournament": obj(
            {
                "name": {"type": "string", "maxLength": 160},
                "club": {"type": "string", "maxLength": 120},
            }
        ),
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
