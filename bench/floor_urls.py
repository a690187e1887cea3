"""The site's URLs plus the framework's floor (bench/hotpath.py, issue 36): a bare DRF view
that answers a small JSON, reached through Django's WSGI handler with no middleware (the floor
of this host) and with the site's whole stack (what the stack alone costs a request)."""

from __future__ import annotations

from typing import Any

from django.urls import include, path
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView


class FloorView(APIView):
    """No authentication, permission or throttle of its own, one renderer: what DRF itself
    costs (parsing the request, content negotiation, rendering a small JSON)."""

    authentication_classes: list[Any] = []
    permission_classes: list[Any] = []
    throttle_classes: list[Any] = []
    renderer_classes = [JSONRenderer]

    def get(self, request: Request) -> Response:
        return Response({"ok": True, "floor": 1})


urlpatterns = [
    path("bench-floor/", FloorView.as_view()),
    path("", include("config.urls")),
]
