"""The reports' exceptions (no model imports: the Celery task module reads these when it is
loaded)."""

from __future__ import annotations

from django.db import InterfaceError, OperationalError


class ReportError(Exception):
    """The report cannot be built from what the tournament holds; the message is the reason
    shown to the organiser (translated). Not retried."""


class TransientReportError(Exception):
    """A passing trouble (storage, a service): the task retries."""


# Errors worth another attempt: the database connection dropped, a lock timed out, the broker
# or the storage did not answer.
TRANSIENT: tuple[type[BaseException], ...] = (
    OperationalError,
    InterfaceError,
    TransientReportError,
    ConnectionError,
    TimeoutError,
)
