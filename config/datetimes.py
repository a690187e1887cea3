"""Dates and times on every door: what the service takes, and how it answers them.

A date and time typed or sent (a tournament's start, …) lies between 2000-01-01 and
2100-12-31 (`date_out_of_range` at its field otherwise): year 1 or 9999 is a typing slip,
and before 1924 the site's time zone (Europe/Kyiv) has an offset of seconds (LMT,
+02:02:04) that RFC 3339 cannot write. Every date and time the API answers is RFC 3339 in UTC
(`2026-05-01T16:00:00+00:00`, as Python's isoformat writes an aware UTC value): the same form
whether DRF's serializers or a hand-built answer (`value.isoformat()` of a stored value) wrote
it; a client shows it in its reader's time zone.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

DATE_MIN = datetime(2000, 1, 1, tzinfo=UTC)
DATE_MAX = datetime(2100, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)
OUT_OF_RANGE = _("Give a date between 2000-01-01 and 2100-12-31.")


def datetime_in_range(value: datetime) -> bool:
    """Whether `value` lies within DATE_MIN..DATE_MAX (a naive value read as UTC)."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    try:
        return DATE_MIN <= value <= DATE_MAX
    except OverflowError:  # an offset that takes it past year 1 or 9999
        return False


def datetime_range_check(value: Any, *, field: str) -> None:
    """Refuse (`date_out_of_range` at `field`) a date and time outside the sane range."""
    if isinstance(value, datetime) and not datetime_in_range(value):
        raise ValidationError({field: ValidationError(OUT_OF_RANGE, code="date_out_of_range")})


def rfc3339(value: datetime) -> str:
    """`value` as RFC 3339 in UTC (a naive value read as UTC)."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat()


class DateTimeField(serializers.DateTimeField):
    """DRF's DateTimeField within the sane range (`date_out_of_range`), answered in RFC 3339
    UTC whatever the site's time zone."""

    default_error_messages = {"date_out_of_range": OUT_OF_RANGE}

    def to_internal_value(self, value: Any) -> datetime:
        try:
            parsed = super().to_internal_value(value)
        except serializers.ValidationError as exc:
            codes = exc.get_codes()
            if "overflow" in (codes if isinstance(codes, list) else [codes]):
                self.fail("date_out_of_range")
            raise
        if not datetime_in_range(parsed):
            self.fail("date_out_of_range")
        return parsed

    def to_representation(self, value: Any) -> Any:
        if isinstance(value, datetime):
            return rfc3339(value)
        return super().to_representation(value)


# A ModelSerializer's map of model fields to serializer fields with this DateTimeField: set as
# `serializer_field_mapping` on each ModelSerializer of the API.
MODEL_FIELD_MAPPING = {
    **serializers.ModelSerializer.serializer_field_mapping,
    models.DateTimeField: DateTimeField,
}
