"""API of one person across clubs (a club's organisers; the person for their own answers).

- `GET /api/v1/clubs/{id}/players/`: the club's players, own and of other clubs on its roll.
- `POST /api/v1/clubs/{id}/roster-requests/` `{"player": id}`: ask to add a person of
  another club (answered at once when the caller speaks for the person too).
- `POST /api/v1/roster-requests/{id}/` `{"accept": true|false}`: the person (or, without an
  account, their home club's organiser) answers.
- `POST /api/v1/clubs/{id}/merges/` `{"source": id, "target": id, "preview": bool}`: the
  preview of a merge, or its proposal (done at once when the caller organises both clubs).
- `POST /api/v1/merges/{id}/` `{"accept": true|false}`: the other club's organiser answers.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import error, error_response, service_answer
from config.openapi import ERRORS
from config.strict import StrictBooleanField, StrictFieldsMixin, WholeField
from tournaments.clubs.api import _club
from tournaments.clubs.models import Player
from tournaments.events.api.tournaments import _require_user
from tournaments.people import selectors, services
from tournaments.people.models import PlayerMerge, RosterRequest


class AskSerializer(StrictFieldsMixin, serializers.Serializer):
    player = WholeField(min_value=1, help_text="the person's player id")


class AnswerSerializer(StrictFieldsMixin, serializers.Serializer):
    accept = StrictBooleanField()


class MergeSerializer(StrictFieldsMixin, serializers.Serializer):
    # A field named `source` (the merged record), as the API names it: DRF takes it out of
    # the class's attributes, so it does not hide Field.source.
    source = WholeField(min_value=1, help_text="a player entered by the club")  # type: ignore[assignment]
    target = WholeField(min_value=1, help_text="the person they are")
    preview = StrictBooleanField(required=False, default=False)


def _request_row(asked: RosterRequest) -> dict[str, Any]:
    return {"id": asked.pk, "club": asked.club_id, "player": asked.player_id, "state": asked.state}


def _merge_row(merge: PlayerMerge) -> dict[str, Any]:
    return {
        "id": merge.pk,
        "source": merge.source_id_kept,
        "target": merge.target_id,
        "state": merge.state,
        "moved": merge.moved,
    }


class ClubPlayersView(APIView):
    @extend_schema(
        operation_id="club_players_list",
        responses={200: OpenApiTypes.OBJECT, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="The club's players: its own and those of other clubs on its roll",
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = _club(request, club_id)
        return Response(
            {
                "players": [
                    {
                        "id": row["player"].pk,
                        "name": row["player"].display_name,
                        "home_club": row["home"].pk,
                        "guest": row["guest"],
                        "account": row["account"],
                        "same_name_elsewhere": [p.pk for p in row["twins"]],
                    }
                    for row in selectors.roster_rows(club)
                ]
            }
        )


class RosterRequestsView(APIView):
    @extend_schema(
        operation_id="roster_request_create",
        request=AskSerializer,
        responses={201: OpenApiTypes.OBJECT, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Ask to add a person of another club to the club's players",
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = _club(request, club_id)
        serializer = AskSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        asked, refused = service_answer(
            lambda: services.roster_request_create(
                club=club, player=serializer.validated_data["player"], by=request.user
            )
        )
        return refused or Response(_request_row(asked), status=201)


class RosterRequestView(APIView):
    @extend_schema(
        operation_id="roster_request_answer",
        request=AnswerSerializer,
        responses={200: OpenApiTypes.OBJECT, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Answer a club's request (the person, or their club's organiser)",
    )
    def post(self, request: Request, request_id: int) -> Response:
        _require_user(request)
        asked = (
            RosterRequest.objects.select_related("club", "player", "player__club")
            .filter(pk=request_id)
            .first()
        )
        if asked is None:
            raise exceptions.NotFound()
        if not services.roster_request_may_answer(asked, request.user):
            raise exceptions.PermissionDenied()
        serializer = AnswerSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        answered, refused = service_answer(
            lambda: services.roster_request_answer(
                request=asked, by=request.user, accept=serializer.validated_data["accept"]
            )
        )
        return refused or Response(_request_row(answered))


class MergesView(APIView):
    @extend_schema(
        operation_id="player_merge_create",
        request=MergeSerializer,
        responses={
            200: OpenApiTypes.OBJECT,
            201: OpenApiTypes.OBJECT,
            400: ERRORS,
            401: ERRORS,
            403: ERRORS,
            404: ERRORS,
        },
        summary="Preview or propose merging two records of one person",
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = _club(request, club_id)
        serializer = MergeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if data["preview"]:
            source = Player.objects.filter(pk=data["source"], club=club).first()
            target = selectors.people_findable(request.user).filter(pk=data["target"]).first()
            problems = []
            if source is None:
                problems.append(error("source", "not_found", _no_player()))
            if target is None:
                problems.append(error("target", "not_found", _no_person()))
            if problems or source is None or target is None:
                return error_response(problems)
            preview = selectors.merge_preview(source=source, target=target)
            return Response(
                {
                    "source": _record(preview.source),
                    "target": _record(preview.target),
                    "clubs_after": preview.clubs_after,
                    "possible": preview.possible,
                    "conflicts": [error(f, c, m) for f, c, m in preview.conflicts],
                }
            )
        merge, refused = service_answer(
            lambda: services.player_merge_propose(
                club=club, source=data["source"], target=data["target"], by=request.user
            )
        )
        return refused or Response(_merge_row(merge), status=201)


def _record(record: selectors.PersonRecord) -> dict[str, Any]:
    row = asdict(record)
    row["player"] = record.player.pk
    row["name"] = record.player.display_name
    return row


def _no_player() -> str:
    from django.utils.translation import gettext as _

    return _("No such player entered by the club.")


def _no_person() -> str:
    from django.utils.translation import gettext as _

    return _("No such person.")


class MergeView(APIView):
    @extend_schema(
        operation_id="player_merge_answer",
        request=AnswerSerializer,
        responses={200: OpenApiTypes.OBJECT, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Confirm or decline a merge (the other club's organisers)",
    )
    def post(self, request: Request, merge_id: int) -> Response:
        _require_user(request)
        merge = (
            PlayerMerge.objects.select_related("target", "target__club").filter(pk=merge_id).first()
        )
        if merge is None:
            raise exceptions.NotFound()
        if not services.player_merge_may_answer(merge, request.user):
            raise exceptions.PermissionDenied()
        serializer = AnswerSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        answered, refused = service_answer(
            lambda: services.player_merge_answer(
                merge=merge, by=request.user, accept=serializer.validated_data["accept"]
            )
        )
        return refused or Response(_merge_row(answered))
