"""Celery tasks of the scoring app (thin: the work is in scoring.services)."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings


# Its name is the one beat has always sent (config/settings.py), from when it was the
# tournaments app's.
@shared_task(name="tournaments.idempotency_keys_purge", acks_late=True)
def idempotency_keys_purge_task(days: int | None = None) -> int:
    """Beat: forget deal submissions' Idempotency-Keys older than a day (by default): a phone
    retries within minutes, not days."""
    from scoring.services import idempotency_keys_purge

    ttl = days if days is not None else getattr(settings, "IDEMPOTENCY_KEY_TTL_DAYS", 1)
    return idempotency_keys_purge(older_than_days=ttl)
