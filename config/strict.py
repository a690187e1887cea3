"""Request serializers that refuse a key they do not know (issue 31, item 6): a misspelt field
is refused (`unknown_field`, at the key) rather than silently dropped, and the OpenAPI schema
says so (`additionalProperties: false`, config.openapi.strict_requests)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail


def unknown_fields(data: Any, known: Any) -> dict[str, list[ErrorDetail]]:
    """`unknown_field` for each key of `data` that is not in `known`: refused rather than
    dropped, so that a misspelt setting is not silently replaced by its default."""
    if not isinstance(data, Mapping):
        return {}
    return {
        str(key)[:64]: [ErrorDetail(_("Unknown field: check its spelling."), code="unknown_field")]
        for key in list(data)[:50]
        if key not in known
    }


def _json_type(field: serializers.Field) -> type | None:
    """The JSON type a field's schema states (None: the field checks its own)."""
    if isinstance(field, serializers.BooleanField):
        return bool
    if isinstance(field, serializers.IntegerField):
        return int
    if isinstance(field, serializers.CharField):  # RegexField, EmailField… (not ChoiceField)
        return str
    return None


def _of_type(value: Any, expected: type) -> bool:
    return isinstance(value, expected) and (expected is bool or not isinstance(value, bool))


def mistyped(data: Any, fields: Any) -> dict[str, list[ErrorDetail]]:
    """`invalid` for each value of `data` whose JSON type is not its field's (`"seed": "5"`,
    `"withdrawn": "true"`, `"name": 0`, `"players": [1]`): DRF would coerce it, while the
    schema says boolean, integer or string and a client reading it expects a refusal."""
    if not isinstance(data, Mapping):
        return {}
    out = {}
    for key, value in data.items():
        field = fields.get(key) if isinstance(key, str) else None
        if field is None or field.read_only or value is None:  # null: the field says
            continue
        expected = _json_type(field)
        child = getattr(field, "child", None)
        if isinstance(field, serializers.ListField) and isinstance(value, list) and child:
            expected, values = _json_type(child), value
        else:
            values = [value]
        if expected is not None and not all(_of_type(item, expected) for item in values):
            out[key] = [ErrorDetail(_("Wrong type of value for this field."), code="invalid")]
    return out


# (A comment, not a docstring: drf-spectacular would show it as every body's description.)
# For a `serializers.Serializer`: its fields and no other key, each value of its field's JSON
# type.
class StrictFieldsMixin:
    fields: Any

    def to_internal_value(self, data: Any) -> Any:
        unknown = {**unknown_fields(data, self.fields), **mistyped(data, self.fields)}
        if unknown:
            raise serializers.ValidationError(unknown)
        return super().to_internal_value(data)  # type: ignore[misc]


# JSON's own types, not what DRF would coerce from them (issue 31, item 6): the schema says
# `boolean`, `integer` or `string`, and a body that sends "true", "5", 5.0 or 0 in their place
# is refused (`invalid`, at the field), as the schema's reader expects, rather than guessed.


class StrictBooleanField(serializers.BooleanField):
    """JSON `true` or `false` only: "true", 1 or "yes" are refused (`invalid`)."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class WholeField(serializers.IntegerField):
    """A JSON whole number only: "1", 1.0 or true are refused (`invalid`)."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class TextField(serializers.CharField):
    """Text only: a number or a boolean where text is expected is refused (`invalid`), not
    read as its spelling."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)
