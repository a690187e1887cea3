"""Refuse a URL holding a NUL character before any view reads it (issue 17, item 16).

A path or query parameter reaches the database as a string (`/rules/<id>/`, a search's `q`, a
round page's player filter); PostgreSQL refuses a NUL inside a string with a DataError, which
was a 500. No name, id or search of this site holds a NUL, so such a URL names nothing: a NUL
in the path is a 404, one in the query string a 400 (in the API's error shape under /api/,
the site's error pages elsewhere). SQLite would have answered "nothing found": the answer is
now the same on both databases.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from .api_errors import bad_request, page_not_found

NUL = "\x00"


def _query_has_nul(request: HttpRequest) -> bool:
    # Decoded keys and values: `%00` in the raw query string is a NUL once parsed.
    return any(NUL in key or any(NUL in v for v in values) for key, values in request.GET.lists())


class NulByteMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if NUL in request.path or NUL in request.path_info:
            return page_not_found(request, Http404(_("Not found.")))
        if _query_has_nul(request):
            return bad_request(request, ValueError("NUL in the query string"))
        return self.get_response(request)
