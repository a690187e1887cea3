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


# (A comment, not a docstring: drf-spectacular would show it as every body's description.)
# For a `serializers.Serializer`: its fields and no other key.
class StrictFieldsMixin:
    fields: Any

    def to_internal_value(self, data: Any) -> Any:
        unknown = unknown_fields(data, self.fields)
        if unknown:
            raise serializers.ValidationError(unknown)
        return super().to_internal_value(data)  # type: ignore[misc]
