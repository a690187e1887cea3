"""Pieces of the API's OpenAPI description (`/api/schema/`) shared by the apps' views, so that
the schema tells the truth about what each operation takes and answers and a club's own tools
can be generated from it (issue 17, item 21). CI checks it with schemathesis, every check, as
each role and anonymously (tests/fuzz/test_api_fuzz.py).

Raw JSON Schema dicts where a serializer cannot say it (a list of objects, a body only JSON can
carry); `json_body()` documents a body as JSON only: an object with nested parts cannot be sent
as a form.
"""

from __future__ import annotations

import copy
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


# Text the API refuses anywhere in a request (config.parsers: a NUL in a body is a 400
# `null_characters`; config.nul_bytes: one in the query a 400, in the path a 404): the schema
# says so, as a pattern on every text a request carries.
NO_NUL = r"^[^\x00]*$"
# `\S` (not blank) with the same promise.
NOT_BLANK_NO_NUL = r"^[^\x00]*[^\s\x00][^\x00]*$"
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


def _strict(schema: Any, components: dict[str, Any], seen: set[str]) -> None:
    """Make a request's schema as strict as the code that reads it, in place: an object with
    named properties takes no other key (every request serializer and body refuses an unknown
    one: `unknown_field`), a text holds no NUL."""
    if isinstance(schema, list):
        for item in schema:
            _strict(item, components, seen)
        return
    if not isinstance(schema, dict):
        return
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
        name = ref.rsplit("/", 1)[1]
        if name not in seen and name in components:
            seen.add(name)
            _strict(components[name], components, seen)
        return
    if schema.get("type") == "object" and "properties" in schema:
        schema.setdefault("additionalProperties", False)
    if schema.get("type") == "string" and "enum" not in schema and "format" not in schema:
        pattern = schema.get("pattern")
        if pattern is None:
            schema["pattern"] = NO_NUL
        elif pattern == r"\S":
            schema["pattern"] = NOT_BLANK_NO_NUL
    for key in ("properties", "patternProperties"):
        for value in (schema.get(key) or {}).values():
            _strict(value, components, seen)
    for key in ("items", "additionalProperties", "not"):
        _strict(schema.get(key), components, seen)
    for key in ("anyOf", "oneOf", "allOf"):
        _strict(schema.get(key), components, seen)


def strict_requests(result: dict[str, Any], **_: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook (issue 31, item 6: the schema tells the truth).

    - A body the API reads as JSON is documented as JSON only: DRF would also parse a form,
      but a form cannot say `null`, a number or a list (a nullable field sent as a form is the
      text "null", refused), so a client generated from the schema sends JSON. An operation
      that takes only a form (a file upload) keeps it.
    - Request objects are closed and texts hold no NUL (`_strict`).
    - Every text parameter (path or query) holds no NUL."""
    components = result.get("components", {}).get("schemas", {})
    seen: set[str] = set()
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            # Copies: a view's schema may be a module's constant (tournaments.events.api.schema).
            for parameter in operation.get("parameters", []):
                parameter["schema"] = copy.deepcopy(parameter.get("schema"))
                _strict(parameter["schema"], components, seen)
            body = operation.get("requestBody") or {}
            content = body["content"] = copy.deepcopy(body.get("content") or {})
            if "application/json" in content:
                for media_type in FORMS:
                    content.pop(media_type, None)
            for media in content.values():
                _strict(media.get("schema"), components, seen)
    return result
