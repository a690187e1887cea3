"""Health endpoints for load balancers, systemd and monitoring, answered by the first
middleware so that nothing else runs for them:

- `GET /healthz`: the process is alive and serves requests. No database, no cache.
- `GET /readyz`: this process can serve real traffic: the database answers, Redis answers
  (when REDIS_URL is set) and every migration is applied. 503 and the failing check otherwise.

Both answer JSON (`{"status": "ok" | "unavailable", "checks": {...}}`). They are answered before
the host check, the HTTPS redirect and the request log on purpose: a probe that hits
`http://127.0.0.1:8000/readyz` on the backend must not need a public host name or TLS, and
probes every few seconds would drown the request log.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpRequest, HttpResponse, JsonResponse

log = logging.getLogger("deberc.health")

OK = "ok"
FAILED = "unavailable"
SKIPPED = "not configured"

# Once this process has seen every migration applied it stays so: a release that adds
# migrations restarts the processes. Loading the migration graph costs tens of milliseconds,
# too much for a probe every few seconds.
_migrations_seen_applied = False


def check_database() -> str:
    try:
        with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:
        # The reason goes to the log only: the answer is public and the error text may name
        # hosts and users.
        log.warning("readiness: the database does not answer", exc_info=True)
        return FAILED
    return OK


def check_migrations() -> str:
    global _migrations_seen_applied
    if _migrations_seen_applied:
        return OK
    try:
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except Exception:
        log.warning("readiness: cannot read the migrations", exc_info=True)
        return FAILED
    if plan:
        log.warning("readiness: %d migrations not applied", len(plan))
        return FAILED
    _migrations_seen_applied = True
    return OK


# One connection pool per Redis URL for the life of the process: a probe every few seconds
# from each load balancer must not open (and tear down) a connection each time (issue 17:
# 200 probes made 201 connections). redis-py's pool notices a fork and starts afresh in the
# child, and a connection Redis dropped is replaced on the next probe.
_redis_pools: dict[str, Any] = {}
_redis_pools_lock = threading.Lock()


def _redis_pool(url: str) -> Any:
    import redis

    with _redis_pools_lock:
        pool = _redis_pools.get(url)
        if pool is None:
            # Unbounded: at most one connection per thread probing at the same moment.
            pool = redis.ConnectionPool.from_url(url, socket_connect_timeout=1, socket_timeout=1)
            _redis_pools[url] = pool
        return pool


def check_redis() -> str:
    url = settings.REDIS_URL
    if not url:
        return SKIPPED
    import redis

    try:
        redis.Redis(connection_pool=_redis_pool(url)).ping()
    except Exception:
        log.warning("readiness: Redis does not answer", exc_info=True)
        return FAILED
    return OK


def healthz() -> JsonResponse:
    return JsonResponse({"status": OK})


def readyz() -> JsonResponse:
    checks = {"database": check_database()}
    # Migrations can only be read from a database that answers.
    checks["migrations"] = check_migrations() if checks["database"] == OK else FAILED
    checks["redis"] = check_redis()
    ready = FAILED not in checks.values()
    return JsonResponse(
        {"status": OK if ready else FAILED, "checks": checks}, status=200 if ready else 503
    )


ENDPOINTS: dict[str, Callable[[], JsonResponse]] = {"/healthz": healthz, "/readyz": readyz}


class HealthCheckMiddleware:
    """Answers GET/HEAD /healthz and /readyz (with or without a trailing slash)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        endpoint = ENDPOINTS.get(request.path_info.rstrip("/"))
        if endpoint is None or request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        response = endpoint()
        response["Cache-Control"] = "no-store"
        return response
