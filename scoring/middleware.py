"""The deal lane (issue 36): a scorer's new deal through the API, answered near the top of the
stack, without the middlewares and DRF machinery that a token-authenticated write never needs.

A deal (`POST /api/v1/matches/<id>/deals/`) is the site's commonest write, and most of its
cost was the way to the view rather than the deal: sessions, CSRF, messages, table cards, the
profile's language, htmx, URL resolution, DRF's request, negotiation, parsers and renderers
(bench/hotpath.py, `ratio deal/floor`). This middleware, placed right after the live fast
path, takes the request that a scorer's phone sends, and only it:

- `POST` to the path, no query string, no cookie at all (a session's or a table card's write
  is the stack's), `Authorization: Token <key>`, `Content-Type: application/json`, an `Accept`
  the view answers in JSON (none, `*/*`, `application/json`), a body within
  DEAL_BODY_MAX_BYTES.

It runs the very steps the stack would, each the same code: the HTTPS redirect, the host and
the language (the middlewares' own `process_request`), the token (`authentication.
token_verdict`), the deal throttle (`DealWriteThrottle`), the body (`config.parsers.
json_body`), and the view's own answer (`api.deal_new_answer`) with simple-history's request
context around it. The token's user and the match are read in one statement
(`fastsql.token_match_snapshot`), where the stack's way reads them in two.

It answers only a deal written, or a retry's first answer replayed (201), with the headers the
stack's own 201 had in the request's shape (language, scheme, Accept): the first such request
in a process takes the stack's way and its answer's headers are kept, so every security header
is the stack's, whatever it adds. Anything else (a token refused, the throttle, a body or deal
the view refuses, a stale version, a match not visible) stands aside before or without any
write, and the stack answers the request from the start, as it always did: each refusal's
answer is the view's, one code path. A throttle count made here is not made twice
(config.throttles.DEAL_WRITE_COUNTED); a token's use recorded twice records the same thing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.urls import ResolverMatch
from django.utils import timezone
from django.utils.translation import get_language
from rest_framework.exceptions import APIException
from simple_history.middleware import HistoryRequestMiddleware

from config.parsers import json_body
from config.stack_steps import StackSteps
from config.throttles import DEAL_WRITE_COUNTED, DealWriteThrottle
from scoring import fastsql, tokens

from .api import IDEMPOTENCY_KEY_MAX, MatchDealsView, deal_new_answer
from .authentication import TokenRefused, token_verdict

DEAL_PATH = re.compile(r"/api/v1/matches/([0-9]{1,18})/deals/")
# DRF's "Token" keyword is matched in any case; its keys are 40 hex digits. Any other spelling
# is the stack's to judge.
TOKEN = re.compile(r"Token ([0-9a-f]{40})")
ACCEPTED = frozenset({None, "*/*", "application/json"})

# The headers of the stack's own 201 by the request's shape (`_shape`), as Django's
# ResponseHeaders keeps them (lower-case name -> (name, value)); the length is each answer's.
_HEADERS_KEPT: dict[tuple[Any, ...], dict[str, tuple[str, str]]] = {}
_PER_ANSWER = frozenset({"content-length"})


@receiver(setting_changed)
def _settings_changed(**_: Any) -> None:
    _HEADERS_KEPT.clear()


class _StandAside(Exception):
    """The stack answers this request, from the start."""


def _shape(request: HttpRequest) -> tuple[Any, ...]:
    return (get_language(), request.is_secure(), request.META.get("HTTP_ACCEPT"))


class DealLaneMiddleware:
    """A new deal with a token, answered here (see the module's docstring)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

        self.steps = StackSteps()
        self.with_history = HistoryRequestMiddleware(self._write)
        # What the request log reads (the match's id) and the view the stack would resolve.
        self.view = MatchDealsView.as_view()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        meta = request.META
        found = token = None
        if (
            request.method == "POST"
            and not meta.get("HTTP_COOKIE")
            and not meta.get("QUERY_STRING")
            and meta.get("CONTENT_TYPE") == "application/json"
            and meta.get("HTTP_ACCEPT") in ACCEPTED
        ):
            found = DEAL_PATH.fullmatch(request.path_info)
            token = TOKEN.fullmatch(meta.get("HTTP_AUTHORIZATION", ""))
        if found is None or token is None:
            return self.get_response(request)
        try:
            answer = self._answer(request, found.group(1), token.group(1))
        except _StandAside:
            answer = None
        if answer is not None:
            return answer
        response = self.get_response(request)
        shape = request.__dict__.pop("_deal_lane_shape", None)
        if shape is not None and response.status_code == 201 and not response.cookies:
            if len(_HEADERS_KEPT) >= 256:
                _HEADERS_KEPT.clear()
            _HEADERS_KEPT[shape] = {
                k: v for k, v in response.headers._store.items() if k not in _PER_ANSWER
            }
        return response

    def _answer(self, request: HttpRequest, match_id: str, key: str) -> HttpResponse | None:
        # What the stack decides before the view, in its order: a redirect, or a host not
        # allowed (DisallowedHost), is the stack's answer to give.
        try:
            # No cookie: no CSRF cookie to renew either.
            stack_answers = self.steps.stack_answers(request, csrf=False)
        except Exception as exc:
            raise _StandAside from exc
        if stack_answers:
            raise _StandAside
        shape = _shape(request)
        headers = _HEADERS_KEPT.get(shape)
        if headers is None:
            request._deal_lane_shape = shape  # type: ignore[attr-defined]
            raise _StandAside
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            raise _StandAside from None
        if not 0 < length <= settings.DEAL_BODY_MAX_BYTES:
            raise _StandAside
        idempotency_key = request.META.get("HTTP_IDEMPOTENCY_KEY", "").strip()
        if not 0 < len(idempotency_key) <= IDEMPOTENCY_KEY_MAX:
            raise _StandAside  # the view's 400
        try:
            # request.body keeps the bytes: the stack, if it answers, reads them again.
            body = json_body(request.body, "utf-8")
        except APIException:
            raise _StandAside from None
        # The token's user and the match as they would read it, in one statement (the view
        # reads them in two).
        found, read = fastsql.token_match_snapshot(key, int(match_id), idempotency_key)
        now = timezone.now()
        try:
            user, touch = token_verdict(found, now)
        except TokenRefused:
            raise _StandAside from None
        if read is None:
            raise _StandAside  # no such match: the view's 404
        # Where AuthenticationMiddleware and DRF put the user: the throttle, the history and
        # the request log read it there.
        request.user = user
        if not DealWriteThrottle().allow_request(request, None):
            raise _StandAside  # refused, and so not counted: the view refuses it again
        setattr(request, DEAL_WRITE_COUNTED, True)
        if touch:
            tokens.token_touch(key=key, now=now)
        request.resolver_match = ResolverMatch(
            self.view, (), {"match_id": int(match_id)}, url_name="api-match-deals"
        )
        request._deal_lane = (idempotency_key, body, read)  # type: ignore[attr-defined]
        response = self.with_history(request)
        if response is None:
            raise _StandAside
        response.headers._store.update(headers)
        response["Content-Length"] = str(len(response.content))
        return response

    def _write(self, request: HttpRequest) -> HttpResponse | None:
        """The view's answer when it is a deal written (201); None for any other."""
        assert request.resolver_match is not None
        idempotency_key, body, read = request.__dict__.pop("_deal_lane")
        try:
            response = deal_new_answer(
                user=request.user,
                match_id=request.resolver_match.kwargs["match_id"],
                idempotency_key=idempotency_key,
                body=body,
                read=read,
            )
        except APIException:
            return None
        # The view's refusals are DRF's answers (rendered on the way out of the view); a
        # stale version is a plain 409. Neither wrote anything.
        if type(response) is not HttpResponse or response.status_code != 201:
            return None
        return response
