"""Club presets in the API (issue 19, item 6): `GET/POST /api/v1/clubs/{id}/presets/`,
`PATCH/DELETE /api/v1/clubs/{id}/presets/{preset_id}/`. A club's organisers (as
`permissions.can_manage_club` says) only: 401 without a user, 404 for an unknown club, 403 for
a club the user does not manage. A new tournament starts from one with
`POST /api/v1/tournaments/ {"preset": id, ...}` (tournaments/events/api/tournaments.py).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import error, error_response, validation_error_response
from config.datetimes import MODEL_FIELD_MAPPING
from config.openapi import ERRORS
from config.strict import StrictFieldsMixin, WholeField
from tournaments.clubs import permissions as perms
from tournaments.clubs.models import Club
from tournaments.events import presets
from tournaments.events.models import ClubPreset, Tournament


class PresetSerializer(serializers.ModelSerializer):
    serializer_field_mapping = MODEL_FIELD_MAPPING  # RFC 3339, 2000..2100 (config.datetimes)
    settings = serializers.DictField(
        help_text="The tournament settings of play: " + ", ".join(presets.PRESET_SETTINGS)
    )

    class Meta:
        model = ClubPreset
        fields = ["id", "club", "name", "game", "settings", "created_at", "updated_at"]
        read_only_fields = fields


class PresetCreateSerializer(StrictFieldsMixin, serializers.Serializer):
    name = serializers.RegexField(
        r"\S",
        max_length=ClubPreset._meta.get_field("name").max_length,
        help_text="Unique in the club (case-insensitive).",
    )
    settings = serializers.DictField(
        required=False,
        help_text="Settings of play (" + ", ".join(presets.PRESET_SETTINGS) + "); the game's "
        "defaults fill the rest. Or give `tournament` to copy a tournament's.",
    )
    tournament = WholeField(
        required=False, help_text="A tournament of the club whose settings are saved."
    )


class PresetRenameSerializer(StrictFieldsMixin, serializers.Serializer):
    name = serializers.RegexField(r"\S", max_length=ClubPreset._meta.get_field("name").max_length)


def _club(request: Request, club_id: int) -> Club:
    if not request.user.is_authenticated:
        raise exceptions.NotAuthenticated()
    club = Club.objects.filter(pk=club_id).first()
    if club is None:
        raise exceptions.NotFound()
    if not perms.can_manage_club(request.user, club):
        raise exceptions.PermissionDenied()
    return club


def _preset(request: Request, club_id: int, preset_id: int) -> ClubPreset:
    club = _club(request, club_id)
    preset = ClubPreset.objects.filter(pk=preset_id, club=club).first()
    if preset is None:
        raise exceptions.NotFound()
    return preset


class ClubPresetsView(APIView):
    @extend_schema(
        responses={200: PresetSerializer(many=True), 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="A club's presets",
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = _club(request, club_id)
        return Response(PresetSerializer(presets.presets_of(club), many=True).data)

    @extend_schema(
        request=PresetCreateSerializer,
        responses={201: PresetSerializer, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Save a club preset (from settings, or from a tournament of the club)",
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = _club(request, club_id)
        body = PresetCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data: dict[str, Any] = dict(body.validated_data)
        try:
            if "tournament" in data:
                tournament = Tournament.objects.filter(pk=data["tournament"], club=club).first()
                if tournament is None:
                    return error_response(
                        [
                            error(
                                "tournament",
                                "unknown_tournament",
                                _("No such tournament in this club."),
                            )
                        ]
                    )
                preset = presets.preset_from_tournament(
                    tournament=tournament, name=data["name"], user=request.user
                )
            else:
                preset = presets.preset_create(
                    club=club,
                    name=data["name"],
                    settings=data.get("settings", {}),
                    user=request.user,
                )
        except DjangoValidationError as exc:
            return validation_error_response(exc)
        return Response(PresetSerializer(preset).data, status=201)


class ClubPresetView(APIView):
    @extend_schema(
        responses={200: PresetSerializer, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="A club preset",
    )
    def get(self, request: Request, club_id: int, preset_id: int) -> Response:
        return Response(PresetSerializer(_preset(request, club_id, preset_id)).data)

    @extend_schema(
        request=PresetRenameSerializer,
        responses={200: PresetSerializer, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Rename a club preset",
    )
    def patch(self, request: Request, club_id: int, preset_id: int) -> Response:
        preset = _preset(request, club_id, preset_id)
        body = PresetRenameSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            preset = presets.preset_rename(preset=preset, name=body.validated_data["name"])
        except DjangoValidationError as exc:
            return validation_error_response(exc)
        return Response(PresetSerializer(preset).data)

    @extend_schema(
        responses={204: None, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Delete a club preset (tournaments started from it keep their settings)",
    )
    def delete(self, request: Request, club_id: int, preset_id: int) -> Response:
        presets.preset_delete(preset=_preset(request, club_id, preset_id))
        return Response(status=204)
