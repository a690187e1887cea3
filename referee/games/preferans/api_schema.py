"""The request bodies of Preferans' referee tools as the OpenAPI schema describes them: a pulka
record, or a sheet's figures. Whether they make sense is the engine's business (a 400 naming
the field), not the schema's."""

from __future__ import annotations

from config.openapi import ANY_OBJECT, obj

LANG = {"type": "string", "maxLength": 16}

PREFERANS_RECORD_BODY = obj(
    {"record": ANY_OBJECT, "lang": LANG},
    description="a preferans-scoresheet/1 record, as `record` or at the top level",
)
PREFERANS_SETTLE_BODY = obj(
    {"record": ANY_OBJECT, "lang": LANG},
    description="a pulka record as `record`, or its players, pool, mountain and whists at the "
    "top level",
)
