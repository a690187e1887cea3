"""Security plumbing that settings point at: the client's address behind trusted proxies, the
sign-in lockout's backend and answer (django-axes) and the Content-Security-Policy middleware
(django-csp's, with a policy of its own for reports downloaded as HTML).

Settings that use it: AUTHENTICATION_BACKENDS, AXES_CLIENT_IP_CALLABLE, AXES_LOCKOUT_CALLABLE
and MIDDLEWARE.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from axes.backends import AxesStandaloneBackend
from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware, PolicyParts
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .api_errors import error

API_PREFIX = "/api/"


def client_ip(request: HttpRequest) -> str | None:
    """The client's address as the outermost trusted proxy saw it.

    With TRUSTED_PROXY_COUNT = 0 (no proxy) only REMOTE_ADDR counts: X-Forwarded-For is
    whatever the client wrote. With N proxies, each appends the address it saw, so the N-th
    entry from the right is the last one a trusted proxy wrote (DRF's NUM_PROXIES reads it the
    same way, so sign-in lockouts and API throttles agree on who the client is)."""
    count = settings.TRUSTED_PROXY_COUNT
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if count > 0 and forwarded:
        addresses = [part.strip() for part in forwarded.split(",") if part.strip()]
        if addresses:
            return addresses[-min(count, len(addresses))]
    return request.META.get("REMOTE_ADDR")


def lockout_message() -> str:
    minutes = settings.AXES_COOLOFF_MINUTES
    if minutes:
        return ngettext(
            "Too many failed sign-in attempts. Try again in %(minutes)d minute or ask the "
            "organiser to unlock your account.",
            "Too many failed sign-in attempts. Try again in %(minutes)d minutes or ask the "
            "organiser to unlock your account.",
            minutes,
        ) % {"minutes": minutes}
    return _("Too many failed sign-in attempts. Ask the organiser to unlock your account.")


def lockout_response(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """django-axes' answer once an account or an address is locked out: the API's coded error
    for API clients (the token endpoint), a page in the user's language for the site."""
    status = settings.AXES_HTTP_RESPONSE_CODE
    message = lockout_message()
    if request.path_info.startswith(API_PREFIX):
        return JsonResponse({"errors": [error(None, "locked_out", message)]}, status=status)
    return render(request, "registration/locked_out.html", {"message": message}, status=status)


class LockoutBackend(AxesStandaloneBackend):
    """django-axes' check, first in AUTHENTICATION_BACKENDS, for sign-ins that come with a
    request: the sign-in page, the admin's and the API's token endpoint all pass theirs.

    A call without one (a management command, a script, a test's `Client.login`) is not a
    sign-in from any address, so there is nothing to lock; django-axes would raise instead
    of letting the next backend check the password."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    """django-csp's middleware, with its own policy for reports downloaded as HTML.

    An answer that asks for nothing of its own gets the settings' policies built once: django-csp
    built both again for every answer (copying the settings' directives twice), 7 % of a
    deal's profile at the site (bench/hotpath.py). Whatever asks for more (a nonce, a view's
    own directives, an exemption, a report document) goes django-csp's way."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if not _asks_for_nothing(request, response):
            return super().process_response(request, response)
        if settings.DEBUG and response.status_code in (404, 500):
            return response  # Django's debug pages, as django-csp leaves them
        for header, report_only in ((HEADER, False), (HEADER_REPORT_ONLY, True)):
            policy = settings_policy(report_only)
            if policy and header not in response and not _excluded(request, report_only):
                response[header] = policy
        if getattr(request, "_csp_nonce", None) is None:
            # As django-csp does: a nonce asked for after the header was written is an error.
            request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response

    def get_policy_parts(
        self,
        request: HttpRequest,
        response: HttpResponseBase,
        report_only: bool = False,
    ) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only)
        if not report_only and _is_report_document(request, response):
            # A report in HTML is a document of its own with its styles and fonts inline:
            # it gets them, in a sandbox, and nothing else at all (no script, no fetch).
            parts.config = REPORT_DOCUMENT_POLICY
        return parts


# What a view or a decorator of django-csp sets on its answer to get a policy of its own.
_OWN_POLICY_ATTRIBUTES = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
    "_csp_exempt",
    "_csp_exempt_ro",
)


def _asks_for_nothing(request: HttpRequest, response: HttpResponseBase) -> bool:
    return (
        getattr(request, "_csp_nonce", None) is None
        and not any(hasattr(response, name) for name in _OWN_POLICY_ATTRIBUTES)
        and not _is_report_document(request, response)
    )


@functools.cache
def settings_policy(report_only: bool) -> str:
    """The settings' policy (or report-only policy) as its header, built by django-csp."""
    return build_policy(report_only=report_only)


@receiver(setting_changed)
def _policy_settings_changed(*, setting: str, **_: Any) -> None:
    if setting in ("CONTENT_SECURITY_POLICY", "CONTENT_SECURITY_POLICY_REPORT_ONLY"):
        settings_policy.cache_clear()


def _excluded(request: HttpRequest, report_only: bool) -> bool:
    name = "CONTENT_SECURITY_POLICY_REPORT_ONLY" if report_only else "CONTENT_SECURITY_POLICY"
    prefixes = (getattr(settings, name, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
    return request.path_info.startswith(tuple(prefixes))


REPORT_DOWNLOAD = re.compile(r"^/api/v1/jobs/[^/]+/download/$")
REPORT_DOCUMENT_POLICY = {
    "default-src": ["'none'"],
    "style-src": ["'unsafe-inline'"],
    "img-src": ["data:"],
    "font-src": ["data:"],
    "sandbox": [""],
}


def _is_report_document(request: HttpRequest, response: HttpResponseBase) -> bool:
    content_type = response.get("Content-Type", "")
    return content_type.startswith("text/html") and bool(REPORT_DOWNLOAD.match(request.path_info))
