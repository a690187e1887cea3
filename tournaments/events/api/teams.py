"""Pairs and teams in the API (issue 19, item 2):

- `GET /api/v1/tournaments/{id}/teams/`: the pairs or teams with their members;
  `POST` (the organiser) `{"name": "...", "members": [player id or name, ...]}` → 201, the
  team; each refusal a 400 at its field (`name`, `members`, `members[i]`, `entrants`).
- `PATCH /api/v1/tournaments/{id}/teams/{team_id}/` `{"name", "members", "withdrawn"}`.
- `GET /api/v1/tournaments/{id}/standings/teams/`: the team standings, ranked (the members'
  match points summed; a pair's, its partners'), from the stored standings.

401 without a user for a write, 404 for a tournament the user cannot see (an unpublished one),
403 for one the user may not change.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import HttpResponse, JsonResponse
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import validation_error_response
from config.ids import MAX_ID
from config.openapi import json_body, obj
from config.strict import StrictBooleanField
from tournaments.events import teams
from tournaments.events.api.schema import NAME
from tournaments.events.api.tournaments import ERRORS, _entries_manager, _tournament
from tournaments.events.models import Team
from tournaments.events.serializers import unknown_fields
from tournaments.live.cache import live_version_of, version_answer
from tournaments.standings.teams import team_rows, team_standings_rows

MEMBER = {"anyOf": [{"type": "integer", "minimum": 1, "maximum": MAX_ID}, NAME]}
TEAM_ADD_BODY = obj(
    {
        "name": {**NAME, "description": "the pair's or team's name, unique in the tournament"},
        "members": {
            "type": "array",
            "items": MEMBER,
            "minItems": 1,
            "maxItems": teams.MEMBERS_MAX_LISTED,
            "description": "players of the club by id, or names (a new name becomes a player "
            "of the club): a pair has 2, a team 2–6",
        },
    },
    ["name", "members"],
    closed=True,
)
TEAM_CHANGE_BODY = obj(
    {
        "name": NAME,
        "members": TEAM_ADD_BODY["properties"]["members"],
        "withdrawn": {"type": "boolean"},
    },
    closed=True,
)

TEAM = inline_serializer(
    "Team",
    fields={
        "id": serializers.IntegerField(),
        "name": serializers.CharField(),
        "seed": serializers.IntegerField(allow_null=True),
        "withdrawn": serializers.BooleanField(),
        "members": serializers.ListField(
            child=serializers.DictField(), help_text="{entry, player_id, player, withdrawn}"
        ),
    },
)
TEAMS = inline_serializer("Teams", fields={"teams": serializers.ListField(child=TEAM)})
TEAM_STANDING_ROWS = inline_serializer(
    "TeamStandingRow",
    many=True,
    fields={
        "rank": serializers.IntegerField(),
        "rank_label": serializers.CharField(help_text="'3' or, for a shared rank, '3–4'"),
        "shared": serializers.BooleanField(),
        "team": serializers.CharField(),
        "team_id": serializers.IntegerField(),
        "match_points": serializers.FloatField(
            help_text="the members' sum (a pair: its partners', who score the same)"
        ),
        "game_points": serializers.FloatField(help_text="the tiebreak: the members' sum"),
        "won": serializers.IntegerField(),
        "withdrawn": serializers.BooleanField(),
        "members": serializers.ListField(
            child=serializers.DictField(), help_text="{player_id, player, match_points}"
        ),
    },
)


class _Body(serializers.Serializer):
    """The body as a JSON object with no key but the ones the schema names."""

    known: tuple[str, ...] = ()

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise serializers.ValidationError(
                {"non_field_errors": [serializers.ErrorDetail("A JSON object.", code="invalid")]}
            )
        unknown = unknown_fields(data, self.known)
        if unknown:
            raise serializers.ValidationError(unknown)
        return super().to_internal_value(data)


class TeamAddSerializer(_Body):
    known = ("name", "members")
    name = serializers.JSONField()
    members = serializers.ListField(
        child=serializers.JSONField(), max_length=teams.MEMBERS_MAX_LISTED
    )


class TeamChangeSerializer(_Body):
    known = ("name", "members", "withdrawn")
    name = serializers.JSONField(required=False)
    members = serializers.ListField(
        child=serializers.JSONField(), max_length=teams.MEMBERS_MAX_LISTED, required=False
    )
    withdrawn = StrictBooleanField(required=False)


def _teams_body(tournament: Any) -> dict[str, Any]:
    return {"teams": team_rows(tournament)}


class TournamentTeamsView(APIView):
    @extend_schema(
        responses={200: TEAMS, 404: ERRORS},
        summary="The pairs or teams, in seed order, with their members",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(_teams_body(_tournament(request, tournament_id)))

    @extend_schema(
        request=json_body(TEAM_ADD_BODY),
        responses={201: TEAMS, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Enter a named pair or team with its members (the organiser)",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = _entries_manager(request, tournament_id)
        serializer = TeamAddSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            teams.team_create(tournament=tournament, user=request.user, **serializer.validated_data)
        except DjangoValidationError as exc:
            return validation_error_response(exc)
        return Response(_teams_body(tournament), status=201)


class TournamentTeamView(APIView):
    @extend_schema(
        request=json_body(TEAM_CHANGE_BODY),
        responses={200: TEAMS, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Rename a pair or team, change its members (before the first round is paired) "
        "or withdraw it (the organiser)",
    )
    def patch(self, request: Request, tournament_id: int, team_id: int) -> Response:
        tournament = _entries_manager(request, tournament_id)
        team = Team.objects.filter(tournament=tournament, pk=team_id).first()
        if team is None:
            raise exceptions.NotFound()
        serializer = TeamChangeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            if "name" in data or "members" in data:
                teams.team_update(
                    team=team, name=data.get("name"), members=data.get("members"), user=request.user
                )
            if "withdrawn" in data and data["withdrawn"] != team.withdrawn:
                teams.team_withdraw(team=team, withdrawn=data["withdrawn"], user=request.user)
        except DjangoValidationError as exc:
            return validation_error_response(exc)
        return Response(_teams_body(tournament))


class TeamStandingsView(APIView):
    @extend_schema(
        responses={200: TEAM_STANDING_ROWS, 404: ERRORS},
        summary="The team standings: pairs or teams ranked by their members' match points "
        "(then game points); [] in a tournament of players",
    )
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        tournament = _tournament(request, tournament_id)
        return version_answer(
            request,
            version=("team-standings", live_version_of(tournament)),
            render=lambda: JsonResponse(
                team_standings_rows(tournament),
                safe=False,
                json_dumps_params={"ensure_ascii": False},
            ),
        )
