"""One error shape for the whole API: `{"errors": [{"field", "code", "message"}]}`.

The scoresheet format (docs/scoresheet-format.md) fixes this shape; DRF's own
exceptions (validation, 401, 403, 404, throttling) are rewritten into it so that every client
reads errors the same way.
"""

from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


def error(field: str | None, code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"field": field, "code": code, "message": str(message), **extra}


def error_response(errors: list[dict[str, Any]], status_code: int = 400) -> Response:
    return Response({"errors": errors}, status=status_code)


def validation_error_response(exc: DjangoValidationError) -> Response:
    """A service's refusal (Django's ValidationError, with codes) in the API's shape: each
    message at its field ("__all__": none) with its code."""
    if hasattr(exc, "error_dict"):
        errs = [
            error(field if field != "__all__" else None, err.code or "invalid", message)
            for field, field_errors in exc.error_dict.items()
            for err in field_errors
            for message in err.messages
        ]
    else:
        errs = [error(None, "invalid", message) for message in exc.messages]
    return error_response(errs)


def service_answer(call: Callable[[], Any]) -> tuple[Any, Response | None]:
    """Run a service for an API view: (its result, None), or (None, the refusal's answer)
    for a ValidationError; its PermissionDenied becomes the API's 403 with its message."""
    try:
        return call(), None
    except DjangoPermissionDenied as exc:
        raise exceptions.PermissionDenied(str(exc) or None) from None
    except DjangoValidationError as exc:
        return None, validation_error_response(exc)


def _flatten(detail: Any, field: str | None) -> list[dict[str, Any]]:
    """Turn DRF's nested ErrorDetail structure into a flat list of field errors."""
    if isinstance(detail, dict):
        if "errors" in detail and isinstance(detail["errors"], list):
            return list(detail["errors"])
        out: list[dict[str, Any]] = []
        for key, value in detail.items():
            name = None if key == "non_field_errors" else (f"{field}.{key}" if field else key)
            out.extend(_flatten(value, name))
        return out
    if isinstance(detail, list):
        out = []
        for item in detail:
            out.extend(_flatten(item, field))
        return out
    code = getattr(detail, "code", None) or "invalid"
    return [error(field, code, str(detail))]


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        response.data = {"errors": _flatten(exc.detail, None)}
        return response
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        response.status_code = status.HTTP_401_UNAUTHORIZED
    detail = getattr(exc, "detail", str(exc))
    code = getattr(detail, "code", None) or getattr(exc, "default_code", "error")
    response.data = {"errors": [error(None, str(code), str(detail))]}
    return response


# --- Django's own refusals under /api/ -------------------------------------------------------
# A URL no API route matches (e.g. `/api/v1/matches/abc/`, a number too long for an id), a
# malformed request Django refuses before any view, and an unhandled error reach Django's
# handlers, not DRF's: under /api/ they answer in the same shape; elsewhere, the site's pages.


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def _django_error(status_code: int, code: str, message: str) -> JsonResponse:
    return JsonResponse({"errors": [error(None, code, message)]}, status=status_code)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return _django_error(400, "bad_request", _("The request is malformed."))
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return _django_error(
            403, "permission_denied", _("You do not have permission to perform this action.")
        )
    return defaults.permission_denied(request, exception)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return _django_error(404, "not_found", _("Not found."))
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if _is_api(request):
        return _django_error(500, "server_error", _("A server error occurred."))
    return defaults.server_error(request)


class ApiNotFoundMiddleware:
    """Every 404 under /api/ in the API's shape, in every mode: with DEBUG on Django answers an
    unmatched URL (`/api/v1/matches/abc/`) with its HTML debug page instead of handler404, a
    content type the API's schema does not describe."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code == 404
            and _is_api(request)
            and "json" not in response.get("Content-Type", "")
        ):
            return page_not_found(request, Http404())
        return response
