"""The API of a club's people: a tournament's staff, a club's invitations, a round's table
cards (issue 20), and the sign-in lockouts (docs/api.md, "Sign-in lockouts"; the twin of the
organiser's page `/accounts/lockouts/`).

401 without a user; 404 for what the user cannot see; 403 for what they see but may not
change (only the tournament's organiser, the club's organisers); errors name their field.
Lockouts: neither staff nor an organiser → 403 `permission_denied`; a lockout this user may not
lift → 403 with the reason's code (`not_yours_to_lift`, `other_address`, `too_many_lifts`);
nothing locked → 404 `not_locked`.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import error, error_response, validation_error_response
from config.datetimes import DateTimeField
from config.lockouts import KINDS
from config.openapi import ERRORS
from config.security import client_ip
from config.strict import StrictFieldsMixin, WholeField
from tournaments.clubs import permissions as perms
from tournaments.clubs import selectors as clubs_selectors
from tournaments.clubs import services, table_cards
from tournaments.clubs.models import Club, ClubMember, Invitation
from tournaments.events.api.tournaments import _require_user, _tournament
from tournaments.events.models import Round

LINK = OpenApiResponse(
    OpenApiTypes.OBJECT, description='{"url": the link (shown once), "expires_at": ISO 8601}'
)


def _link(url: str, expires_at: Any) -> dict[str, Any]:
    return {"url": url, "expires_at": expires_at.isoformat()}


def _managed_tournament(request: Request, tournament_id: int) -> Any:
    _require_user(request)
    tournament = _tournament(request, tournament_id)
    if not perms.can_manage_staff(request.user, tournament):
        raise exceptions.PermissionDenied()
    return tournament


USERNAME_MAX = 150  # Django's username column


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "minimum": 1, "maximum": 2**63 - 1},
            {"type": "string", "minLength": 1, "maxLength": USERNAME_MAX},
        ],
        "description": "A club member: their user id (a number) or sign-in name",
    }
)
class PersonField(serializers.Field):
    """A person as the staff page names them: a user id (a JSON whole number) or a sign-in
    name (text, which may be the id's digits too: services.staff_add reads both). The schema said
    text only while a number was read as an id (schemathesis, issue 31): it says both now, and
    anything else (true, 1.5, a list) is refused."""

    default_error_messages = {
        "invalid": _("Give the user's id (a number) or sign-in name."),
        "max_length": serializers.CharField.default_error_messages["max_length"],
    }

    def to_internal_value(self, data: Any) -> int | str:
        if isinstance(data, int) and not isinstance(data, bool):
            if not 1 <= data < 2**63:
                self.fail("invalid")
            return data
        if not isinstance(data, str) or not data.strip():
            self.fail("invalid")
        if len(data) > USERNAME_MAX:
            self.fail("max_length", max_length=USERNAME_MAX)
        return data

    def to_representation(self, value: Any) -> Any:
        return value


class StaffAddSerializer(StrictFieldsMixin, serializers.Serializer):
    user = PersonField()
    role = serializers.ChoiceField(choices=["referee", "organiser", "scorer"])
    table = WholeField(
        required=False,
        min_value=1,
        max_value=32767,
        help_text="scorer: the table's number in the current round (paired or open)",
    )


class TournamentStaffView(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="The tournament's staff: organisers, referees, scorers of tables (organiser)",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = _managed_tournament(request, tournament_id)
        return Response({"staff": services.staff_document(tournament)})

    @extend_schema(
        request=StaffAddSerializer,
        responses={201: OpenApiTypes.OBJECT, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Appoint a club member referee, co-organiser or scorer of a table (organiser)",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = _managed_tournament(request, tournament_id)
        serializer = StaffAddSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            services.staff_add(
                tournament=tournament,
                user=data["user"],
                role=data["role"],
                table=data.get("table"),
                by=request.user,
            )
        except DjangoValidationError as exc:
            return validation_error_response(exc)
        return Response({"staff": services.staff_document(tournament)}, status=201)


class TournamentStaffMemberView(APIView):
    @extend_schema(
        responses={204: None, 401: ERRORS, 403: ERRORS, 404: ERRORS, 409: ERRORS},
        summary="Take a person off the tournament's staff (409 last_organiser)",
    )
    def delete(self, request: Request, tournament_id: int, user: str) -> Response:
        tournament = _managed_tournament(request, tournament_id)
        person = next(
            (
                row["user"]
                for row in services.staff_rows(tournament)
                if str(row["user"].pk) == user or row["user"].get_username() == user
            ),
            None,
        )
        if person is None:
            raise exceptions.NotFound()
        try:
            services.staff_remove(tournament=tournament, user=person, by=request.user)
        except DjangoValidationError as exc:
            response = validation_error_response(exc)
            response.status_code = 409
            return response
        return Response(status=204)


class InvitationSerializer(StrictFieldsMixin, serializers.Serializer):
    role = serializers.ChoiceField(choices=ClubMember.Role.values)
    player = WholeField(
        required=False, min_value=1, help_text="the player record of the club to link"
    )
    name = serializers.CharField(required=False, allow_blank=True, max_length=80)


def _club(request: Request, club_id: int) -> Club:
    _require_user(request)
    club = Club.objects.filter(pk=club_id).first()
    if club is None:
        raise exceptions.NotFound()
    if not perms.can_manage_club(request.user, club):
        raise exceptions.PermissionDenied()
    return club


def _invitation_row(invitation: Invitation) -> dict[str, Any]:
    return {
        "id": invitation.pk,
        "role": invitation.role,
        "player": invitation.player_id,
        "name": invitation.name,
        "state": invitation.state,
        "expires_at": invitation.expires_at.isoformat(),
    }


class ClubInvitationsView(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="The club's open invitations (never their links)",
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = _club(request, club_id)
        return Response(
            {"invitations": [_invitation_row(i) for i in services.invitations_open(club)]}
        )

    @extend_schema(
        request=InvitationSerializer,
        responses={201: LINK, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Invite a person to the club: a one-time link to set a password",
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = _club(request, club_id)
        serializer = InvitationSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            issued = services.invitation_create(
                club=club, by=request.user, **serializer.validated_data
            )
        except DjangoValidationError as exc:
            return validation_error_response(exc)
        url = table_cards.absolute(request, "tournaments:invitation", issued.token)
        body = {**_link(url, issued.expires_at), "id": issued.invitation.pk}
        return Response(body, status=201, headers={"Cache-Control": "no-store"})


class ClubInvitationView(APIView):
    @extend_schema(
        responses={204: None, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Revoke an invitation: its link no longer opens",
    )
    def delete(self, request: Request, club_id: int, invitation_id: int) -> Response:
        club = _club(request, club_id)
        invitation = Invitation.objects.filter(pk=invitation_id, club=club).first()
        if invitation is None:
            raise exceptions.NotFound()
        services.invitation_revoke(invitation=invitation)
        return Response(status=204)


def _match_table(request: Request, match_id: int) -> Any:
    from scoring.models import Match

    _require_user(request)
    match = (
        Match.objects.select_related("round", "table__round__tournament", "tournament")
        .filter(pk=match_id)
        .first()
    )
    if match is None or not perms.can_view_match(request.user, match):
        raise exceptions.NotFound()
    if match.tournament is None or not perms.can_manage_staff(request.user, match.tournament):
        raise exceptions.PermissionDenied()
    if match.table_id is None:
        raise exceptions.NotFound()
    return match.table


class MatchCardView(APIView):
    @extend_schema(
        request=None,
        responses={201: LINK, 401: ERRORS, 403: ERRORS, 404: ERRORS, 409: ERRORS},
        summary="A new table card: the link its QR code carries (the table's earlier card dies)",
    )
    def post(self, request: Request, match_id: int) -> Response:
        table = _match_table(request, match_id)
        try:
            issued = table_cards.card_issue(table=table, user=request.user)
        except DjangoValidationError as exc:
            response = validation_error_response(exc)
            response.status_code = 409
            return response
        url = table_cards.card_url(request, issued.token)
        return Response(
            _link(url, issued.expires_at), status=201, headers={"Cache-Control": "no-store"}
        )

    @extend_schema(
        responses={204: None, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Revoke the table's card: the phones that scanned it lose the table",
    )
    def delete(self, request: Request, match_id: int) -> Response:
        table_cards.card_revoke(table=_match_table(request, match_id))
        return Response(status=204)


def _managed_round(request: Request, tournament_id: int, number: int) -> Round:
    tournament = _managed_tournament(request, tournament_id)
    rnd = Round.objects.filter(tournament=tournament, number=number).first()
    if rnd is None:
        raise exceptions.NotFound()
    return rnd


CARDS_ISSUED = OpenApiResponse(
    inline_serializer(
        "RoundCardsIssued",
        {
            "cards": serializers.ListField(
                child=inline_serializer(
                    "RoundCardIssued",
                    {
                        "table": serializers.IntegerField(min_value=1),
                        "match": serializers.IntegerField(allow_null=True),
                        "url": serializers.URLField(),
                        "expires_at": serializers.DateTimeField(),
                    },
                )
            ),
            "pdf": serializers.URLField(),
        },
    ),
    description=(
        "The new cards, one a table in table order: the link each QR code carries (shown "
        "now; only its hash is kept), and where to download them as one PDF (GET cards.pdf)."
    ),
)


class RoundCardsIssueView(APIView):
    @extend_schema(
        request=None,
        responses={201: CARDS_ISSUED, 401: ERRORS, 403: ERRORS, 404: ERRORS, 409: ERRORS},
        summary="Issue the round's table cards: a new card for every table (organiser)",
        description=(
            "Every live card of the round is revoked: the phones that scanned one are signed "
            "out at their next request. With a session, the CSRF token is required (403 "
            "without it). A closed round: 409 `round_closed`."
        ),
    )
    def post(self, request: Request, tournament_id: int, number: int) -> Response:
        rnd = _managed_round(request, tournament_id, number)
        try:
            issued = table_cards.cards_issue_round(round=rnd, user=request.user)
        except DjangoValidationError as exc:
            response = validation_error_response(exc)
            response.status_code = 409
            return response
        body = {
            "cards": [
                {
                    "table": table.number,
                    "match": table_cards.card_match_id(card.card),
                    **_link(table_cards.card_url(request, card.token), card.expires_at),
                }
                for table, card in issued
            ],
            "pdf": request.build_absolute_uri(
                reverse("api-round-cards", args=[rnd.tournament_id, rnd.number])
            ),
        }
        return Response(body, status=201, headers={"Cache-Control": "no-store"})


class RoundCardsPDFView(APIView):
    @extend_schema(
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            401: ERRORS,
            403: ERRORS,
            404: ERRORS,
            409: ERRORS,
        },
        summary="The round's live table cards as one PDF (organiser; changes nothing)",
        description=(
            "The cards issued by POST .../cards/ (or one table's POST /matches/{id}/card/) "
            "that are still live, an A6 page a table: downloading again revokes nothing. "
            "No live card: 404 `no_cards`; a closed round: 409 `round_closed`."
        ),
    )
    def get(self, request: Request, tournament_id: int, number: int) -> HttpResponse:
        rnd = _managed_round(request, tournament_id, number)
        try:
            return table_cards.round_cards_download(request, rnd)
        except DjangoValidationError as exc:
            response = validation_error_response(exc)
            response.status_code = 409 if rnd.status == Round.Status.CLOSED else 404
            return response


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
        raise exceptions.PermissionDenied(
            gettext("Only staff and club organisers can lift lockouts.")
        )


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
        lockouts = clubs_selectors.lockouts_liftable(user=request.user, address=address)
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
                [
                    error(
                        "value", "not_locked", gettext("This account or address is not locked out.")
                    )
                ],
                404,
            )
        return Response({"lifted": LockoutSerializer(lifted).data})
