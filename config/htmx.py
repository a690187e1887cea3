"""The request type of views that read `request.htmx` (django-htmx's middleware sets it)."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def is_htmx(request: HttpRequest) -> bool:
    """Whether htmx sent `request`: for code that takes any request (django-htmx's middleware
    sets `request.htmx` on every one)."""
    htmx: HtmxDetails | None = getattr(request, "htmx", None)
    return bool(htmx)
