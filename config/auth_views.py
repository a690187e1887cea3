"""`POST /api/v1/auth/token/`: DRF's token endpoint under the sign-in lockout (django-axes).

DRF's own view hands its serializer DRF's Request, on which django-axes marks a locked-out
attempt where its middleware never looks; this one hands it Django's HttpRequest, so a
wrong password counts against the account and the address exactly as on the sign-in page,
and a locked-out client gets the lockout answer (429, code `locked_out`) from AxesMiddleware.

The token expires when unused for API_TOKEN_TTL_DAYS and dies with a lockout, a deactivation
or a new password (scoring.tokens); its owner lists and revokes it under /api/v1/tokens/.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import exceptions, serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.datetimes import DateTimeField
from config.ids import is_id
from scoring import tokens
from scoring.authentication import API_AUTHENTICATION

from .openapi import ERRORS
from .strict import StrictFieldsMixin


class TokenRequestSerializer(StrictFieldsMixin, AuthTokenSerializer):
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
            200: inline_serializer(
                "TokenIssued",
                {
                    "token": serializers.CharField(),
                    "expires_at": DateTimeField(
                        help_text="unless used before: each use moves it on"
                    ),
                },
            ),
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
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        token = tokens.token_issue(user=serializer.validated_data["user"])
        expires_at = tokens.token_expires_at(token.created, token.use.last_used_at)
        return Response({"token": token.key, "expires_at": expires_at})


obtain_auth_token = ObtainTokenView.as_view()


class TokenSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    created_at = DateTimeField()
    last_used_at = DateTimeField(allow_null=True)
    expires_at = DateTimeField(help_text="unless used before: each use moves it on")
    current = serializers.BooleanField(help_text="the token this request is made with")


def _signed_in(request: Request) -> None:
    if not request.user.is_authenticated:
        raise exceptions.NotAuthenticated()


class TokenListView(APIView):
    authentication_classes = API_AUTHENTICATION

    @extend_schema(
        responses={200: TokenSerializer(many=True), 401: ERRORS},
        summary="Your API tokens",
        description="The live API tokens of the account asking (never their keys): when "
        "created, last used and expiring.",
    )
    def get(self, request: Request) -> Response:
        _signed_in(request)
        current = request.auth if isinstance(request.auth, str) else None
        rows = tokens.tokens_of(user=request.user, current_key=current)
        return Response(TokenSerializer(rows, many=True).data)


class TokenDetailView(APIView):
    authentication_classes = API_AUTHENTICATION

    @extend_schema(
        request=None,
        responses={204: None, 401: ERRORS, 404: ERRORS},
        summary="Revoke one of your API tokens",
        description="The token stops working at once (also the one this request is made "
        "with). 404 `not_found` for a token that is not yours or no longer exists.",
    )
    def delete(self, request: Request, token_id: int) -> Response:
        _signed_in(request)
        if not is_id(token_id) or not tokens.token_revoke(user=request.user, token_id=token_id):
            raise exceptions.NotFound()
        return Response(status=204)
