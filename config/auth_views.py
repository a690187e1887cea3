"""`POST /api/v1/auth/token/`: DRF's token endpoint under the sign-in lockout (django-axes).

DRF's own view hands its serializer DRF's Request, on which django-axes marks a locked-out
attempt where its middleware never looks; this one hands it Django's HttpRequest, so a
wrong password counts against the account and the address exactly as on the sign-in page,
and a locked-out client gets the lockout answer (429, code `locked_out`) from AxesMiddleware.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.request import Request
from rest_framework.response import Response

ERRORS = OpenApiResponse(description='{"errors": [{"field", "code", "message"}]}')


class TokenRequestSerializer(AuthTokenSerializer):
    # No longer than a username can be (150): django-axes records every failed attempt with
    # its username, in a column of 255 characters, and PostgreSQL refused a longer one (a 500,
    # found by fuzzing). The sign-in page's form has the same limit.
    username = serializers.CharField(label=_("Username"), write_only=True, max_length=150)


class ObtainTokenView(ObtainAuthToken):
    serializer_class = TokenRequestSerializer

    def get_serializer_context(self) -> dict[str, Any]:
        return {"request": self.request._request, "format": self.format_kwarg, "view": self}

    @extend_schema(
        responses={
            200: inline_serializer("Token", {"token": serializers.CharField()}),
            400: ERRORS,
            429: ERRORS,
        },
        summary="Exchange a username and password for an API token",
        description="Too many wrong passwords for an account (AXES_FAILURE_LIMIT) or from an "
        "address (AXES_ADDRESS_FAILURE_LIMIT) lock it out "
        '(429, code "locked_out") until the cool-off passes or an organiser or staff lift it '
        "(/api/v1/lockouts/).",
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().post(request, *args, **kwargs)


obtain_auth_token = ObtainTokenView.as_view()
