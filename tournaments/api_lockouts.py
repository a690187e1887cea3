"""The sign-in lockouts API (contract: docs/api.md, "Sign-in lockouts"): the twin of the
organiser's page `/accounts/lockouts/`.

Not signed in → 401; signed in but neither staff nor an organiser → 403 `permission_denied`;
a lockout this user may not lift → 403 with the reason's code (`not_yours_to_lift`,
`other_address`, `too_many_lifts`); nothing locked → 404 `not_locked`.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import error, error_response
from config.datetimes import DateTimeField
from config.lockouts import KINDS
from config.openapi import ERRORS
from config.security import client_ip
from config.strict import StrictFieldsMixin

from . import permissions as perms
from . import selectors, services


class LockoutSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=KINDS, help_text="`account` or `address`")
    value = serializers.CharField(help_text="the username, or the address")
    failures = serializers.IntegerField(help_text="wrong passwords counted now")
    last_failure_at = DateTimeField()
    locked_until = DateTimeField(
        allow_null=True, help_text="when the lock ends by itself; null: when lifted"
    )


class LockoutLiftSerializer(StrictFieldsMixin, serializers.Serializer):
    kind = serializers.ChoiceField(choices=KINDS)
    # As long as django-axes' columns (a username of 255 characters, an address).
    value = serializers.CharField(max_length=255)


def _require_lifter(request: Request) -> None:
    if not request.user.is_authenticated:
        raise exceptions.NotAuthenticated()
    if not perms.can_manage_lockouts(request.user):
        raise exceptions.PermissionDenied(_("Only staff and club organisers can lift lockouts."))


class LockoutListView(APIView):
    @extend_schema(
        responses={
            200: inline_serializer(
                "Lockouts",
                {
                    "address": serializers.CharField(
                        allow_null=True, help_text="the address you are asking from"
                    ),
                    "lockouts": LockoutSerializer(many=True),
                },
            ),
            401: ERRORS,
            403: ERRORS,
        },
        summary="The sign-in lockouts in force that you may lift",
        description="Staff see every lockout; an organiser those of the accounts related to "
        "their tournaments since before the lockout (not staff accounts) and the lockout of "
        "the address they are asking from.",
    )
    def get(self, request: Request) -> Response:
        _require_lifter(request)
        address = client_ip(request._request)
        lockouts = selectors.lockouts_liftable(user=request.user, address=address)
        return Response(
            {"address": address, "lockouts": LockoutSerializer(lockouts, many=True).data}
        )


class LockoutLiftView(APIView):
    @extend_schema(
        request=LockoutLiftSerializer,
        responses={
            200: inline_serializer("LockoutLifted", {"lifted": LockoutSerializer()}),
            400: ERRORS,
            401: ERRORS,
            403: ERRORS,
            404: ERRORS,
        },
        summary="Lift a sign-in lockout (an account, or the address you are asking from)",
        description='Body: {"kind": "account" | "address", "value": username or address}, as '
        "the list gives it. The failures counted against that account or address are "
        "forgotten and its owner signs in at once. 403 `not_yours_to_lift`, "
        "`other_address` or `too_many_lifts` for a lockout you may not lift; 404 `not_locked` "
        "when nothing is locked.",
    )
    def post(self, request: Request) -> Response:
        _require_lifter(request)
        body = LockoutLiftSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        kind, value = body.validated_data["kind"], body.validated_data["value"]
        try:
            lifted = services.lockout_lift(
                user=request.user, kind=kind, value=value, address=client_ip(request._request)
            )
        except services.LockoutRefused as exc:
            return error_response([error("value", exc.code, exc.message)], 403)
        except services.LockoutNotFound:
            return error_response(
                [error("value", "not_locked", _("This account or address is not locked out."))],
                404,
            )
        return Response({"lifted": LockoutSerializer(lifted).data})
