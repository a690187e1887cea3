"""API of federations.

- `GET /api/v1/federations/`: every federation with its clubs' count.
- `GET /api/v1/federations/{id}/`: its clubs and the tournaments of theirs the caller may see.
- `POST /api/v1/federations/{id}/clubs/` `{"club": id}`: a federation organiser invites a club.
- `POST /api/v1/federations/{id}/clubs/{club_id}/`: a club organiser accepts the invitation;
  `DELETE`: the club leaves, or the invitation is taken back.
- `GET|POST /api/v1/federations/{id}/replay/`: the rating replay's progress; start one.
The federation's leaderboard is `GET /api/v1/leaderboard/?federation={id}&game=...`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import service_answer
from config.openapi import ERRORS
from config.strict import StrictFieldsMixin, WholeField
from tournaments.clubs.models import Club
from tournaments.events.api.tournaments import _require_user
from tournaments.federations import selectors, services
from tournaments.federations.models import Federation
from tournaments.standings.ratings import replay_progress

TOURNAMENTS_SHOWN = 200


def _federation(federation_id: int) -> Federation:
    federation = Federation.objects.filter(pk=federation_id).first()
    if federation is None:
        raise exceptions.NotFound()
    return federation


def _club_row(club: Club) -> dict[str, Any]:
    return {"id": club.pk, "name": club.name, "city": club.city}


class FederationListView(APIView):
    @extend_schema(
        operation_id="federations_list",
        responses={200: OpenApiTypes.OBJECT},
        summary="Every federation",
    )
    def get(self, request: Request) -> Response:
        return Response(
            {
                "federations": [
                    {
                        "id": f.pk,
                        "name": f.name,
                        "city": f.city,
                        "clubs": getattr(f, "club_count", 0),
                    }
                    for f in selectors.federations_list()
                ]
            }
        )


class FederationView(APIView):
    @extend_schema(
        operation_id="federation_retrieve",
        responses={200: OpenApiTypes.OBJECT, 404: ERRORS},
        summary="A federation: its clubs and the tournaments of theirs the caller may see",
    )
    def get(self, request: Request, federation_id: int) -> Response:
        federation = _federation(federation_id)
        tournaments = selectors.federation_tournaments(federation, request.user)
        return Response(
            {
                "id": federation.pk,
                "name": federation.name,
                "city": federation.city,
                "clubs": [_club_row(c) for c in selectors.federation_clubs(federation)],
                "tournaments": [
                    {
                        "id": t.pk,
                        "name": t.name,
                        "club": t.club_id,
                        "game": t.game,
                        "status": t.status,
                    }
                    for t in tournaments[:TOURNAMENTS_SHOWN]
                ],
            }
        )


def _progress_shown(progress: dict[str, Any] | None) -> dict[str, Any] | None:
    """The replay's progress with its moments in RFC 3339 (the cache keeps epoch seconds)."""
    if progress is None:
        return None
    shown = dict(progress)
    for key in ("started", "finished"):
        if shown.get(key) is not None:
            moment = datetime.fromtimestamp(float(shown[key]), tz=UTC)
            shown[key] = moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    return shown


class InviteSerializer(StrictFieldsMixin, serializers.Serializer):
    club = WholeField(min_value=1, help_text="the club's id")


class FederationClubsView(APIView):
    @extend_schema(
        operation_id="federation_club_invite",
        request=InviteSerializer,
        responses={201: OpenApiTypes.OBJECT, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Invite a club to the federation (its organisers)",
    )
    def post(self, request: Request, federation_id: int) -> Response:
        _require_user(request)
        federation = _federation(federation_id)
        if not selectors.is_federation_organiser(request.user, federation):
            raise exceptions.PermissionDenied()
        serializer = InviteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        club = serializer.validated_data["club"]
        _done, refused = service_answer(
            lambda: services.federation_club_invite(
                federation=federation, club=club, by=request.user
            )
        )
        return refused or Response({"club": club, "joined": False}, status=201)


class FederationClubView(APIView):
    def _club(self, club_id: int) -> Club:
        club = Club.objects.filter(pk=club_id).first()
        if club is None:
            raise exceptions.NotFound()
        return club

    @extend_schema(
        operation_id="federation_club_join",
        request=None,
        responses={200: OpenApiTypes.OBJECT, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Accept the federation's invitation (the club's organisers)",
    )
    def post(self, request: Request, federation_id: int, club_id: int) -> Response:
        _require_user(request)
        federation, club = _federation(federation_id), self._club(club_id)
        _done, refused = service_answer(
            lambda: services.federation_club_join(federation=federation, club=club, by=request.user)
        )
        return refused or Response({"club": club.pk, "joined": True})

    @extend_schema(
        operation_id="federation_club_leave",
        responses={204: None, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="The club leaves the federation, or its invitation is taken back",
    )
    def delete(self, request: Request, federation_id: int, club_id: int) -> Response:
        _require_user(request)
        federation, club = _federation(federation_id), self._club(club_id)
        _done, refused = service_answer(
            lambda: services.federation_club_leave(
                federation=federation, club=club, by=request.user
            )
        )
        return refused or Response(status=204)


class FederationReplayView(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="The rating replay's progress (the federation's organisers)",
    )
    def get(self, request: Request, federation_id: int) -> Response:
        _require_user(request)
        federation = _federation(federation_id)
        if not selectors.is_federation_organiser(request.user, federation):
            raise exceptions.PermissionDenied()
        return Response({"replay": _progress_shown(replay_progress())})

    @extend_schema(
        request=None,
        responses={202: OpenApiTypes.OBJECT, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Replay every rating in the background (the federation's organisers)",
    )
    def post(self, request: Request, federation_id: int) -> Response:
        _require_user(request)
        federation = _federation(federation_id)
        _done, refused = service_answer(
            lambda: services.federation_ratings_replay(federation=federation, by=request.user)
        )
        return refused or Response({"queued": True}, status=202)
