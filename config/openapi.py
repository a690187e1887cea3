"""Pieces of the API's OpenAPI description (`/api/schema/`) shared by the apps' views, so that
the schema tells the truth about what each operation takes and answers and a club's own tools
can be generated from it (issue 17, item 21). CI checks it with schemathesis, every check, as
each role and anonymously (tests/fuzz/test_api_fuzz.py).

Raw JSON Schema dicts where a serializer cannot say it (a list of objects, a body only JSON can
carry); `json_body()` documents a body as JSON only: an object with nested parts cannot be sent
as a form.
"""

from __future__ import annotations

from typing import Any, cast

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers

# `security: [{}]`: the operation needs no credentials (a signed-in caller may still send
# theirs). Without it the schema claims the rulebook and the calculators need a token.
# drf-spectacular writes `auth` as given; its annotation (names of auth methods) does not
# cover a security requirement object, hence the cast.
PUBLIC = cast(list[str], [{}])


class ErrorSerializer(serializers.Serializer):
    field = serializers.CharField(allow_null=True, help_text="where, or null")
    code = serializers.CharField(help_text="a stable snake_case code")
    message = serializers.CharField(help_text="in the caller's language")


class ErrorsSerializer(serializers.Serializer):
    # A declared field (DRF's metaclass takes it out of the class), not Serializer.errors.
    errors = ErrorSerializer(many=True)  # type: ignore[assignment]


ERRORS = OpenApiResponse(ErrorsSerializer, description='{"errors": [{field, code, message}]}')


def obj(
    properties: dict[str, Any],
    required: tuple[str, ...] | list[str] = (),
    *,
    closed: bool = False,
    **extra: Any,
) -> dict[str, Any]:
    """A JSON object; `closed`: no other keys (the view refuses them)."""
    schema: dict[str, Any] = {"type": "object", "properties": properties, **extra}
    if required:
        schema["required"] = list(required)
    if closed:
        schema["additionalProperties"] = False
    return schema


def array(items: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": "array", "items": items, **extra}


def json_body(schema: Any) -> dict[str, Any]:
    """A request body sent as JSON only."""
    return {"application/json": schema}


ANY_OBJECT: dict[str, Any] = {"type": "object", "additionalProperties": True}
# A list of JSON objects (rows whose keys the summary names).
ROWS: dict[str, Any] = array(ANY_OBJECT)


def rows_response(description: str) -> OpenApiResponse:
    return OpenApiResponse(ROWS, description=description)


def object_response(description: str) -> OpenApiResponse:
    return OpenApiResponse(ANY_OBJECT, description=description)


LANG = OpenApiParameter(
    "lang",
    str,
    description="Answer language: ru, uk or en (by its first two letters); absent: the "
    "request's language (Accept-Language); any other: English",
)


# Answers any operation may give, whatever its view says: Django, DRF and the middleware answer
# them before the view runs (config.nul_bytes: a NUL in the query is a 400; a wrong token is a
# 401 wherever credentials are read; an id no route takes is a 404,
# config.api_errors.ApiNotFoundMiddleware; config.parsers: a body over its limit is a 413).
def add_common_responses(result: dict[str, Any], **_: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: every operation lists those answers."""
    errors = {
        "description": '{"errors": [{field, code, message}]}',
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}},
    }
    for path, operations in result.get("paths", {}).items():
        for operation in operations.values():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            codes = ["400"]
            if "security" in operation:
                # A token that is wrong, expired or revoked is refused wherever it is sent.
                codes.append("401")
            if "{" in path:
                codes.append("404")
            if "requestBody" in operation:
                codes.append("413")
            for code in codes:
                operation["responses"].setdefault(code, errors)
    return result
