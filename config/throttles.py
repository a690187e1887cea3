"""Throttles (rates in REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], counted in the default
cache: per process with the local-memory cache, shared by every web process with Redis).

The deal throttle guards every deal write a user can make, through the API (DRF's
`throttle_classes`) and through the scorer's pages (Django views: `deal_write_wait`), in one
bucket per user: a script cannot get twice the rate by using both doors."""

from __future__ import annotations

import math
import secrets
from typing import Any, cast

from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.http import HttpRequest, JsonResponse
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle, UserRateThrottle
from rest_framework.views import APIView

# DRF's sliding window (the times of the requests within the last `duration` seconds; refused
# once `limit` are there) as one step inside Redis. DRF keeps the same list as a pickled value
# it reads and writes back: two round trips and two picklings on every deal, a quarter of a
# deal's CPU at the site (bench/hotpath.py), and two writers at once could both be let through.
# Returns whether the request may go on, the requests now in the window and the oldest one's
# time (a string: Redis turns a Lua number into an integer).
SLIDING_WINDOW = """
local now = tonumber(ARGV[1])
local duration = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - duration)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then
    redis.call('ZADD', KEYS[1], now, ARGV[4])
    redis.call('PEXPIRE', KEYS[1], math.ceil(duration * 1000))
    count = count + 1
    allowed = 1
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {allowed, count, oldest[2] or ARGV[1]}
"""


class RedisSlidingWindow(SimpleRateThrottle):
    """DRF's rate throttle, counted by one script in Redis when the cache is Redis (the
    local-memory cache of a single process keeps DRF's own way). Same window, same limit, same
    `wait()`: the clock is still `self.timer()`."""

    def allow_request(self, request: Any, view: Any) -> bool:
        store = caches["default"]
        if self.rate is None or not isinstance(store, RedisCache):
            return super().allow_request(request, view)
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.now = self.timer()
        key = store.make_and_validate_key(self.key)
        # Set by DRF's __init__ from the rate (not declared in its stubs).
        duration, limit = cast(Any, self).duration, cast(Any, self).num_requests
        args = [repr(self.now), duration, limit, secrets.token_hex(8)]
        run = getattr(store._cache, "script_run", None)
        if run is not None:
            # The site's cache (config.cache): on its thread's own connection.
            allowed, count, oldest = run(SLIDING_WINDOW, [key], args)
        else:
            client = store._cache.get_client(key, write=True)
            allowed, count, oldest = _sliding_window(client)(keys=[key], args=args, client=client)
        # What DRF's wait() reads: as many entries as requests in the window, the oldest last.
        self.history = [float(oldest)] * int(count)
        return bool(allowed)


_script: list[Any] = []


def _sliding_window(client: Any) -> Any:
    """The script, registered once (its SHA; each call names its client, and a Redis that
    lost it, restarted, gets it again from redis-py)."""
    if not _script:
        _script.append(client.register_script(SLIDING_WINDOW))
    return _script[0]


def _rate(scope: str | None) -> str | None:
    """The scope's rate ("10/second"), read now. (DRF's stubs type the rates as numbers; DRF
    parses them as these strings.)"""
    rates = cast(dict[str, str | None], api_settings.DEFAULT_THROTTLE_RATES)
    return rates.get(scope) if scope else None


# Set on a request whose deal write the deal throttle has counted (and let through).
DEAL_WRITE_COUNTED = "deal_write_counted"


class DealWriteThrottle(RedisSlidingWindow, UserRateThrottle):
    """Deal writes per user (per address when not signed in), scope `deals`: new deals,
    corrections, confirmations, withdrawals and closing a match on time.

    A scorer at a real table sends a deal every half minute; the rate ("10/second" by
    default, DEAL_THROTTLE_RATE) only stops a script gone wild. Resends with the same
    Idempotency-Key count too: a client that retries in a tight loop is the thing to stop.
    Reads of the same endpoints are not counted."""

    scope = "deals"

    def get_rate(self) -> str | None:
        # Read at each request, not once at import as DRF does, so that a test (or a fuzzer)
        # overriding REST_FRAMEWORK sees its own rate.
        return _rate(self.scope)

    def allow_request(self, request: Request | HttpRequest, view: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        if getattr(request, DEAL_WRITE_COUNTED, False):
            # Counted already by the deal lane (scoring.middleware), which then left the request
            # to the view: one request, one count.
            return True
        return super().allow_request(cast(Request, request), view)


def deal_write_wait(request: HttpRequest) -> int | None:
    """For the scorer's pages (plain Django views): None when the user may write a deal now
    (the write is counted), else the whole seconds to wait, for `Retry-After`.

    DRF's throttle only reads `user`, `method` and `META` from the request, which a Django
    request has too, so both doors count in the same cache entry."""
    throttle = DealWriteThrottle()
    if throttle.allow_request(request, None):
        return None
    # At least a second: "Retry-After: 0" would invite the tight loop the throttle stops.
    return max(1, math.ceil(throttle.wait() or 1))


class AnonHeavyReadThrottle(RedisSlidingWindow, AnonRateThrottle):
    """Heavy reads by anonymous readers, per address, scope `anon_heavy`: a whole tournament's
    export, its deals as CSV, a report's file. Eight anonymous exports of a 3,000-player
    tournament at once stalled the scorers' requests; a person downloads a few, a script
    looping on them gets a JSON 429 with Retry-After. Signed-in users are not counted (their
    downloads are served from the same cached files, and they can be told apart)."""

    scope = "anon_heavy"

    def get_rate(self) -> str | None:
        # Read at each request (see DealWriteThrottle.get_rate).
        return _rate(self.scope)


def heavy_read_wait(request: HttpRequest) -> int | None:
    """For the pages' download doors (plain Django views): None when this read may go on
    (counted in the same bucket as the API's), else the whole seconds to wait."""
    throttle = AnonHeavyReadThrottle()
    # DRF's throttle reads only `user`, `method` and `META`, which a Django request has too.
    if throttle.allow_request(cast(Request, request), cast(APIView, None)):
        return None
    return max(1, math.ceil(throttle.wait() or 1))


def throttled_response(wait: int) -> JsonResponse:
    """The API's 429 (`throttled`, with Retry-After) for a Django view."""
    from rest_framework.exceptions import Throttled

    from .api_errors import error

    # DRF's own words (translated in its catalogues), as its throttles answer in the API.
    message = str(Throttled(wait).detail)
    response = JsonResponse({"errors": [error(None, "throttled", message)]}, status=429)
    response["Retry-After"] = str(wait)
    return response
