"""API throttles (rates in REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], counted in the default
cache: per process with the local-memory cache, shared by every web process with Redis)."""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import UserRateThrottle


class DealPostThrottle(UserRateThrottle):
    """Deal submissions per user (per address when not signed in), scope `deals`.

    A scorer at a real table sends a deal every half minute; the rate ("10/second" by
    default, DEAL_THROTTLE_RATE) only stops a script gone wild. Resends with the same
    Idempotency-Key count too: a client that retries in a tight loop is the thing to stop.
    Reads of the same endpoint are not counted."""

    scope = "deals"

    def get_rate(self) -> str | None:
        # Read at each request, not once at import as DRF does, so that a test (or a fuzzer)
        # overriding REST_FRAMEWORK sees its own rate.
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request: Request, view: Any) -> bool:
        if request.method != "POST":
            return True
        return super().allow_request(request, view)
