"""One error shape for the whole API: `{"errors": [{"field", "code", "message"}]}`.

The scoresheet format (shared/spec/scoresheet-format.md) fixes this shape; DRF's own
exceptions (validation, 401, 403, 404, throttling) are rewritten into it so that every client
reads errors the same way.
"""

from typing import Any

from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


def error(field: str | None, code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"field": field, "code": code, "message": str(message), **extra}


def error_response(errors: list[dict[str, Any]], status_code: int = 400) -> Response:
    return Response({"errors": errors}, status=status_code)


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
    response.data = {"errors": [error(None, code, str(detail))]}
    return response
