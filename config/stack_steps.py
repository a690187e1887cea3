"""The steps the site's middlewares take before a view, for the fast paths that answer before
the rest of the stack (tournaments.live.fast's 304, scoring.middleware's deal lane): they make
the same decisions the stack would, with the stack's own code, and leave to it whatever it
would answer itself."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.middleware.common import CommonMiddleware
from django.middleware.csrf import CsrfViewMiddleware
from django.middleware.locale import LocaleMiddleware
from django.middleware.security import SecurityMiddleware


def _never_called(request: HttpRequest) -> HttpResponse:
    raise AssertionError("only the middlewares' steps are called")


class StackSteps:
    """SecurityMiddleware, LocaleMiddleware, CommonMiddleware and (for requests that may carry
    a CSRF cookie) CsrfViewMiddleware's `process_request`, in the stack's order."""

    def __init__(self) -> None:
        self.security = SecurityMiddleware(_never_called)
        self.locale = LocaleMiddleware(_never_called)
        self.common = CommonMiddleware(_never_called)
        self.csrf = CsrfViewMiddleware(_never_called)

    def stack_answers(self, request: HttpRequest, *, csrf: bool) -> bool:
        """Whether the stack would answer the request itself or write a cookie (the HTTPS
        redirect, a slash to add, a CSRF cookie to renew); else the request has its language
        activated, as the stack would have it. A host not allowed raises DisallowedHost."""
        if self.security.process_request(request) is not None:
            return True
        self.locale.process_request(request)
        if self.common.process_request(request) is not None:
            return True
        if csrf:
            self.csrf.process_request(request)
            if request.META.get("CSRF_COOKIE_NEEDS_UPDATE"):
                return True
        return False
