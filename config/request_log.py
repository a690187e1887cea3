"""Structured logs: one JSON object per line, and one line per request.

The request line (logger `deberc.request`) says what happened and to whom, never with what:
method, path (without the query string), status, duration in ms, user id and username when
signed in, the match id when the URL names one, and an outcome word. Headers (Authorization,
Cookie), query strings and bodies are never read into a log record, so tokens, passwords and
session ids cannot reach a log line.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.functional import SimpleLazyObject, empty

request_log = logging.getLogger("deberc.request")

# Attributes every LogRecord has: anything else on a record came through `extra=` and is
# written as a field of its own.
_STANDARD_ATTRS = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message",
    "asctime",
    "taskName",
}
# Objects some libraries pass in `extra` (django.request passes the request): never dumped,
# their repr can carry headers.
_NEVER_DUMPED = {"request", "response", "scope"}


class JsonFormatter(logging.Formatter):
    """Every log record as one line of JSON: time, level, logger, message, extra fields."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD_ATTRS and key not in _NEVER_DUMPED and key not in entry:
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def busy(response: HttpResponse) -> bool:
    """A 503 with Retry-After: the site shedding load by design (an export's stream slots
    taken), which the client retries; not a fault of the server."""
    return response.status_code == 503 and response.has_header("Retry-After")


def outcome_of(status: int, *, shed: bool = False) -> str:
    if shed:
        return "busy"
    if status == 429:
        return "throttled"
    if status in (401, 403):
        return "denied"
    if status == 404:
        return "not_found"
    if status == 409:
        return "conflict"
    if status >= 500:
        return "error"
    if status >= 400:
        return "refused"
    if status >= 300:
        return "redirect"
    return "ok"


# Paths that carry a secret (a table card's, an invitation's: issue 20): never logged.
_SECRET_PATH = re.compile(r"^/(cards|invitations)/[^/]+/")


def logged_path(path: str) -> str:
    return _SECRET_PATH.sub(lambda m: f"/{m.group(1)}/…/", path)


def _user_fields(request: HttpRequest) -> dict[str, Any]:
    """The signed-in user, when anything during the request already looked them up: the log
    never adds a session query of its own."""
    user = request.__dict__.get("user")
    if user is None or (isinstance(user, SimpleLazyObject) and user._wrapped is empty):
        return {"user_id": None, "username": None}
    if not getattr(user, "is_authenticated", False):
        return {"user_id": None, "username": None}
    return {"user_id": user.pk, "username": user.get_username()}


def _match_id(request: HttpRequest) -> int | None:
    match = getattr(request, "resolver_match", None)
    if match is None:
        return None
    value = match.kwargs.get("match_id")
    return int(value) if value is not None else None


class RequestLogMiddleware:
    """Logs one line per request once the answer is known (outermost but the health checks,
    so the duration covers every other middleware)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        # The request's own CPU (this thread's): under load the duration grows with the
        # waits for the other threads, this does not (what a page costs, to find the dear
        # ones). Read only when every request is logged: the thread's CPU clock is a system
        # call made holding the GIL, twice a request, and with the log at WARNING (server
        # errors only) its figure would nearly always be thrown away.
        every_request = request_log.isEnabledFor(logging.INFO)
        cpu_started = time.thread_time() if every_request else None
        response = self.get_response(request)
        status = response.status_code
        shed = busy(response)
        level = logging.WARNING if shed else logging.ERROR if status >= 500 else logging.INFO
        if level == logging.INFO and not every_request:
            return response
        duration_ms = round((time.perf_counter() - started) * 1000, 1)
        cpu_ms = (
            None if cpu_started is None else round((time.thread_time() - cpu_started) * 1000, 2)
        )
        request_log.log(
            level,
            "%s %s %s",
            request.method,
            logged_path(request.path),
            status,
            extra={
                "method": request.method,
                "path": logged_path(request.path),
                "status": status,
                "duration_ms": duration_ms,
                "cpu_ms": cpu_ms,
                **_user_fields(request),
                "match_id": _match_id(request),
                "outcome": outcome_of(status, shed=shed),
            },
        )
        return response
