"""The scoring API (contract: docs/api.md, "Scoring"). Thin views: the
services decide, the selectors read, the permissions module says who may.

Status codes: not signed in → 401; signed in but the match is not visible → 404; visible but
not allowed → 403; a deal the engine refuses → 400 with every error; a stale `version` → 409
with the current match; an Idempotency-Key reused with another body → 422; more deal writes
than DEAL_THROTTLE_RATE (per user, shared with the scorer's pages) → 429 with Retry-After.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import error, error_response
from config.datetimes import rfc3339
from config.openapi import ERRORS, PUBLIC, json_body, obj, object_response
from config.throttles import DealWriteThrottle
from scoring import access as perms
from scoring import fastsql, selectors, services

from .api_schema import (
    CLOSE_BODY,
    DEAL_CORRECTION_BODY,
    DEAL_NEW_BODY,
    IDEMPOTENCY_KEY,
    SCORESHEET_BODY,
)
from .authentication import API_AUTHENTICATION
from .errors import game_of, localise_errors
from .games import SCORING_ERRORS, game_for_record, record_score
from .models import Match

JSON = "application/json"
IDEMPOTENCY_KEY_MAX = 128  # characters (the key's column holds this many)

IDEMPOTENCY_HEADER = OpenApiParameter(
    name="Idempotency-Key",
    type=IDEMPOTENCY_KEY,
    location=OpenApiParameter.HEADER,
    required=True,
    description="The client's id for this submission; a retry with the same key gets the "
    "first response byte for byte and creates no second deal.",
)

MATCH = OpenApiResponse(
    OpenApiTypes.OBJECT,
    description="The match: players, conventions, version, and the engine's result "
    "(deals, match, hanging, next_dealer, finished, winner, reason).",
)


def _json(body: bytes, status: int) -> HttpResponse:
    return HttpResponse(body, status=status, content_type=JSON)


def _visible_match(request: Request, match_id: int) -> Match:
    try:
        match = selectors.match_for_read(match_id)
    except Match.DoesNotExist as exc:
        raise exceptions.NotFound() from exc
    if not perms.can_view_match(request.user, match):
        raise exceptions.NotFound()
    return match


def _writable_match(request: Request, match_id: int) -> Match:
    """401 before anything else for a write, then 404 for what the user cannot see."""
    if not request.user.is_authenticated:
        raise exceptions.NotAuthenticated()
    return _visible_match(request, match_id)


def _rejected(errors: list[dict[str, Any]], status: int = 400, game: str | None = None) -> Response:
    """Every error in the user's language: the engine's codes in the words of the game that
    refused (`game`), the service's in its own."""
    return error_response(localise_errors(errors, game_of(game)), status)


def _bad_reason() -> HttpResponse:
    """A correction's or a closing's `reason` that is not a bounded text."""
    return error_response(
        [
            error(
                "reason",
                "invalid",
                _("A reason is a text of at most %(max)s characters.")
                % {"max": services.REASON_MAX},
            )
        ]
    )


def _stale(exc: services.StaleVersion) -> HttpResponse:
    body = b'{"errors":' + selectors.dumps(
        [error("version", "stale_version", _("The match changed since you saw it."))]
    )
    return _json(body + b',"match":' + exc.body + b"}", 409)


def _answer(write: Callable[[], services.DealWrite]) -> HttpResponse:
    """Run a deal write and answer as the contract says: the match's bytes on success; 404 for
    what the user cannot see, 403 for what they may not do, 400 with every error for a deal
    the engine refuses, 409 with the current match for a stale version, 422 for an
    Idempotency-Key reused with another body."""
    try:
        written = write()
    except (services.MatchNotVisible, services.DealNotFound) as exc:
        raise exceptions.NotFound() from exc
    except services.IdempotencyMismatch:
        return error_response(
            [
                error(
                    "Idempotency-Key",
                    "idempotency_key_reused",
                    _("This Idempotency-Key was used for another request."),
                )
            ],
            422,
        )
    except services.StaleVersion as exc:
        return _stale(exc)
    except services.DealRejected as exc:
        return _rejected(exc.errors, exc.status, exc.game)
    except DjangoPermissionDenied as exc:
        raise exceptions.PermissionDenied(str(exc)) from exc
    return _json(written.body, written.status)


class ScoreMatchView(APIView):
    """Score a scoresheet record without storing anything; the record's `format` names the
    game whose engine scores it (`deberc-scoresheet/1`, `preferans-scoresheet/1`)."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        request=json_body(SCORESHEET_BODY),
        responses={200: object_response("The engine's result of the record"), 400: ERRORS},
        auth=PUBLIC,
        summary="Score a scoresheet record of any game, by its format (no storage)",
    )
    def post(self, request: Request) -> Response:
        try:
            return Response(record_score(request.data))
        except SCORING_ERRORS as exc:
            # In the user's language, in the words of the record's game (English stays the
            # engine's own message).
            errors = list(exc.errors)
            return error_response(localise_errors(errors, game_for_record(request.data)), 400)


class MatchDetailView(APIView):
    authentication_classes = API_AUTHENTICATION

    @extend_schema(responses={200: MATCH, 404: ERRORS}, summary="A match and its score")
    def get(self, request: Request, match_id: int) -> Response:
        snapshot = selectors.visible_match_snapshot(match_id, request.user)
        if snapshot is None:
            raise exceptions.NotFound()
        match = snapshot.match
        return Response(
            selectors.match_document_for(
                match,
                selectors.player_names(match),
                snapshot.rows,
                scorer_shown=perms.can_see_usernames(request.user, match),
            )
        )


class MatchDealsView(APIView):
    authentication_classes = API_AUTHENTICATION
    # At most DEAL_THROTTLE_RATE deal writes per user (scope "deals", shared with the other
    # deal writes and the scorer's pages): stops a runaway script.
    throttle_classes = [DealWriteThrottle]
    body_limit_setting = "DEAL_BODY_MAX_BYTES"  # config.parsers: larger → 413

    @extend_schema(
        parameters=[IDEMPOTENCY_HEADER],
        request=json_body(DEAL_NEW_BODY),
        responses={
            201: MATCH,
            400: ERRORS,
            401: ERRORS,
            403: ERRORS,
            404: ERRORS,
            409: MATCH,
            422: ERRORS,
            429: ERRORS,
        },
        summary="Enter the next deal",
        description='Body: one DEAL of the scoresheet format plus "version".',
    )
    def post(self, request: Request, match_id: int) -> HttpResponse:
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        return deal_new_answer(
            user=request.user,
            match_id=match_id,
            idempotency_key=request.headers.get("Idempotency-Key", ""),
            body=request.data,
        )


def deal_new_answer(
    *,
    user: Any,
    match_id: int,
    idempotency_key: str,
    body: Any,
    read: fastsql.Snapshot | None = None,
) -> HttpResponse:
    """The answer to a new deal from a signed-in `user` (MatchDealsView's, and the deal
    lane's: scoring.middleware, with the match it `read` for the user): its request checked, the
    deal submitted. May raise DRF's exceptions (404, 403), which the view turns into their
    answers."""
    # The service reads the match under its lock and checks visibility there: the hot path
    # reads the row once.
    match = Match(pk=match_id)
    key = idempotency_key.strip()
    if not key or len(key) > IDEMPOTENCY_KEY_MAX:
        return error_response(
            [
                error(
                    "Idempotency-Key",
                    "required",
                    _("Send an Idempotency-Key header (at most 128 characters)."),
                )
            ]
        )
    if not isinstance(body, dict):
        return error_response([error(None, "bad_format", _("The body is one deal (an object)."))])
    version = body.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        return error_response([error("version", "required", _("Send the match version you saw."))])
    record = {k: v for k, v in body.items() if k != "version"}
    return _answer(
        lambda: services.deal_submit(
            match=match,
            record=record,
            user=user,
            idempotency_key=key,
            version=version,
            read=read,
        )
    )


class MatchDealDetailView(APIView):
    authentication_classes = API_AUTHENTICATION
    throttle_classes = [DealWriteThrottle]
    body_limit_setting = "DEAL_BODY_MAX_BYTES"  # config.parsers: larger → 413

    @extend_schema(
        request=json_body(DEAL_CORRECTION_BODY),
        responses={
            200: MATCH,
            400: ERRORS,
            401: ERRORS,
            403: ERRORS,
            404: ERRORS,
            409: MATCH,
            429: ERRORS,
        },
        summary="Correct a deal",
        description="Body: the corrected DEAL, whole (an empty body is no deal: 400 "
        '`missing_field`); optional "version" (stale → 409) and "reason" (kept in the '
        "history). A match of a closed round: the organiser only, with a reason (400 "
        "`reason_required`), kept in the round's history and the standings' notes.",
    )
    def put(self, request: Request, match_id: int, number: int) -> HttpResponse:
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        match = Match(pk=match_id)
        body = request.data
        if not isinstance(body, dict):
            return error_response(
                [error(None, "bad_format", _("The body is one deal (an object)."))]
            )
        version = body.get("version")
        reason = body.get("reason") or ""
        if not isinstance(reason, str) or len(reason) > services.REASON_MAX:
            return _bad_reason()
        record = {k: v for k, v in body.items() if k not in ("version", "reason")}
        return _answer(
            lambda: services.deal_correct(
                match=match,
                number=number,
                record=record,
                user=request.user,
                reason=reason,
                version=version if isinstance(version, int) else None,
            )
        )


class MatchDealConfirmView(APIView):
    authentication_classes = API_AUTHENTICATION
    throttle_classes = [DealWriteThrottle]

    @extend_schema(
        request=None,
        responses={200: MATCH, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS, 429: ERRORS},
        summary="Confirm a pending deal (tournaments where opponents confirm)",
    )
    def post(self, request: Request, match_id: int, number: int) -> HttpResponse:
        match = _writable_match(request, match_id)
        return _answer(lambda: services.deal_confirm(match=match, number=number, user=request.user))


DISPUTE = OpenApiResponse(
    obj(
        {
            "id": {"type": "integer"},
            "deal": {"type": "integer", "minimum": 1},
            "status": {"type": "string", "enum": ["open", "confirmed", "withdrawn"]},
            "reason": {"type": "string"},
            "raised_at": {"type": "string", "format": "date-time"},
        },
        ["id", "deal", "status", "reason", "raised_at"],
        closed=True,
    ),
    description="The dispute: the tournament's referees are called to the table",
)


class MatchDealDisputeView(APIView):
    """A seated player disputes a deal waiting for their confirmation (issue 35: the page
    could, the API could not): the deal still does not count and the referees are called."""

    authentication_classes = API_AUTHENTICATION
    throttle_classes = [DealWriteThrottle]

    @extend_schema(
        request=json_body(
            obj({"reason": {"type": "string", "maxLength": services.REASON_MAX}}, [], closed=True)
        ),
        responses={201: DISPUTE, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS, 429: ERRORS},
        summary="Dispute a deal waiting for confirmation: the referee is called",
    )
    def post(self, request: Request, match_id: int, number: int) -> HttpResponse:
        match = _writable_match(request, match_id)
        # An empty body is no reason; anything but an object is refused.
        body: Any = request.data or {}
        if not isinstance(body, dict):
            return error_response([error(None, "bad_format", _("The body is an object."))])
        unknown = sorted(set(body) - {"reason"})
        if unknown:
            return error_response(
                [error(name, "unknown_field", _("Unknown field.")) for name in unknown]
            )
        reason = body.get("reason") or ""
        if not isinstance(reason, str) or len(reason) > services.REASON_MAX:
            return _bad_reason()
        try:
            dispute = services.deal_dispute(
                match=match, number=number, user=request.user, reason=reason
            )
        except (services.MatchNotVisible, services.DealNotFound) as exc:
            raise exceptions.NotFound() from exc
        except services.DealRejected as exc:
            return _rejected(exc.errors, exc.status, exc.game)
        except DjangoPermissionDenied as exc:
            raise exceptions.PermissionDenied(str(exc)) from exc
        return Response(
            {
                "id": dispute.pk,
                "deal": dispute.deal_number,
                "status": dispute.status,
                "reason": dispute.reason,
                "raised_at": rfc3339(dispute.created_at),
            },
            status=201,
        )


class MatchCloseView(APIView):
    authentication_classes = API_AUTHENTICATION
    throttle_classes = [DealWriteThrottle]

    @extend_schema(
        request=json_body(CLOSE_BODY),
        responses={
            200: MATCH,
            400: ERRORS,
            401: ERRORS,
            403: ERRORS,
            404: ERRORS,
            409: ERRORS,
            429: ERRORS,
        },
        summary="Close the match on time (the round clock ran out)",
        description='Body: an object, `{}` or {"closed": true}; {"closed": false, "reason": '
        '"…"} opens a closed table again (the referee or the organiser, with a reason: 400 '
        "`reason_required`). The table's scorer closes only once the round's time is up (409 "
        "`round_time_not_up`); the referee and the organiser at any time; in a closed round "
        "the organiser only, with a reason. Only a game whose match ends on time (Preferans "
        "`end: closed`) can be closed: the record then says `closed: true` and the match "
        "ends after its last deal.",
    )
    def post(self, request: Request, match_id: int) -> HttpResponse:
        match = _writable_match(request, match_id)
        body = request.data
        if not isinstance(body, dict):
            # `[1, 2]` once closed the table: only an object says what to do.
            return error_response(
                [error(None, "bad_format", _('The body is an object: {"closed": …}.'))]
            )
        unknown = sorted(set(body) - {"closed", "reason"})
        if unknown:
            return error_response(
                [
                    error(name[:64], "unknown_field", _("This field is not part of the request."))
                    for name in unknown[:10]
                ]
            )
        closed = body.get("closed", True)
        if not isinstance(closed, bool):
            return _rejected(
                [{"deal": None, "field": "closed", "code": "bad_format", "message": "a boolean"}]
            )
        reason = body.get("reason") or ""
        if not isinstance(reason, str) or len(reason) > services.REASON_MAX:
            return _bad_reason()
        return _answer(
            lambda: services.match_close(
                match=match, user=request.user, closed=closed, reason=reason
            )
        )


class MatchHistoryView(APIView):
    authentication_classes = API_AUTHENTICATION

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Every version of every deal: who changed what and when",
    )
    def get(self, request: Request, match_id: int) -> Response:
        match = _writable_match(request, match_id)
        if not perms.can_view_history(request.user, match):
            raise exceptions.PermissionDenied()
        history = selectors.deal_history(
            match, users_shown=perms.can_see_usernames(request.user, match)
        )
        return Response({"match": match.pk, "history": history})


class MatchScoresheetView(APIView):
    authentication_classes = API_AUTHENTICATION

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 404: ERRORS},
        summary="The match as a scoresheet record (deberc-scoresheet/1)",
    )
    def get(self, request: Request, match_id: int) -> Response:
        match = _visible_match(request, match_id)
        return Response(selectors.match_scoresheet(match))
