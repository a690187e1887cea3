"""API of the live side: pair the next round, swap before it starts, standings, leaderboard.

- `POST /api/v1/tournaments/{id}/rounds/`: pair the next round (organiser) → 201, the round
  with its tables; `GET` lists the rounds.
- `POST /api/v1/tournaments/{id}/rounds/{number}/swap/`: swap two players or two tables before
  the round starts → the round, with warnings for rematches and teammates seated together.
- `GET /api/v1/tournaments/{id}/standings/`: ranked rows `{rank, player, match_points,
  tiebreaks: {...}, played, won}` (read from the stored standings: no recomputation).
- `GET /api/v1/tournaments/{id}/standings/notes/`: what was changed after a round closed
  (or a table closed on time opened again), and why: the rounds' history.
- `GET /api/v1/leaderboard/?game=...&club=...`: players by rating in one game.
"""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import error, error_response
from config.datetimes import DateTimeField
from config.ids import MAX_ID, id_from_text, is_id
from config.openapi import ERRORS, array, obj, object_response, rows_response
from tournaments.clubs import permissions as perms
from tournaments.events.models import Round, RoundEvent, Tournament
from tournaments.events.selectors import standings_notes
from tournaments.live.cache import live_version_of, version_answer
from tournaments.live.leaderboard import leaderboard_game, leaderboard_games, leaderboard_rows
from tournaments.live.selectors import round_document, standings_rows
from tournaments.pairing.manager import PairingError, round_pair, round_swap
from tournaments.standings.teams import with_team_names

STANDING_ROWS = inline_serializer(
    "StandingRow",
    many=True,
    fields={
        "rank": serializers.IntegerField(),
        "rank_label": serializers.CharField(help_text="'3' or, for a shared rank, '3–4'"),
        "shared": serializers.BooleanField(),
        "player": serializers.CharField(),
        "player_id": serializers.IntegerField(),
        "match_points": serializers.FloatField(
            help_text="whole numbers but for a shared Preferans place (1.5)"
        ),
        "tiebreaks": serializers.DictField(help_text="in the organiser's order"),
        "played": serializers.IntegerField(),
        "won": serializers.IntegerField(),
        "bytes": serializers.IntegerField(),
        "qualification_rank": serializers.IntegerField(
            allow_null=True,
            help_text="a stage's (cut or final) rank at the end of the qualification; "
            "null before the stage is made",
        ),
        "penalty": serializers.FloatField(
            help_text="match points taken off by the discipline (yellow cards after the first)"
        ),
        "disqualified": serializers.BooleanField(
            help_text="a second yellow card disqualified the player: ranked below everyone"
        ),
        "team": serializers.CharField(
            required=False,
            allow_null=True,
            help_text="a tournament of pairs or teams: the player's pair or team",
        ),
    },
)


def _tournament(request: Request, tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_related("live").filter(pk=tournament_id).first()
    if tournament is None or not perms.can_view_tournament(request.user, tournament):
        raise exceptions.NotFound()
    return tournament


def _require_organiser(request: Request, tournament: Tournament) -> None:
    if not request.user.is_authenticated:
        raise exceptions.NotAuthenticated()
    if not perms.is_organiser(request.user, tournament):
        raise exceptions.PermissionDenied()


def _pairing_error(exc: PairingError) -> Response:
    return error_response([error(exc.field, exc.code, exc.message)], status_code=409)


class RoundsView(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("round", int, description="only this round's number")],
        responses={
            200: rows_response("The rounds: number, status, ends_at, byes, tables, warnings"),
            400: ERRORS,
            404: ERRORS,
        },
        summary="The rounds with their tables, players, live scores and byes",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = _tournament(request, tournament_id)
        rounds = tournament.round_set.prefetch_related("byes").order_by("number")
        if request.query_params.get("round"):
            try:
                rounds = rounds.filter(number=int(request.query_params["round"]))
            except ValueError:
                return error_response([error("round", "invalid", "round is a number")])
        shown = perms.can_see_usernames(request.user, tournament)
        return Response([round_document(r, scorer_shown=shown) for r in rounds])

    @extend_schema(
        request=None,
        responses={
            201: object_response("The round with its tables"),
            401: ERRORS,
            403: ERRORS,
            404: ERRORS,
            409: ERRORS,
        },
        summary="Pair the next round (organiser) → the round with its tables",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = _tournament(request, tournament_id)
        _require_organiser(request, tournament)
        try:
            round_ = round_pair(tournament=tournament)
        except PairingError as exc:
            return _pairing_error(exc)
        return Response(round_document(round_, scorer_shown=True), status=201)


class RoundSwapView(APIView):
    @extend_schema(
        request=inline_serializer(
            "RoundSwap",
            fields={
                "kind": serializers.ChoiceField(
                    choices=["players", "tables"], required=False, default="players"
                ),
                "first": serializers.IntegerField(
                    min_value=1, max_value=MAX_ID, help_text="player id or table number"
                ),
                "second": serializers.IntegerField(
                    min_value=1, max_value=MAX_ID, help_text="player id or table number"
                ),
            },
        ),
        responses={
            200: object_response(
                "The round, with warnings for rematches and teammates seated together"
            ),
            400: ERRORS,
            401: ERRORS,
            403: ERRORS,
            404: ERRORS,
            409: ERRORS,
        },
        summary="Swap two players or two tables before the round starts (organiser)",
    )
    def post(self, request: Request, tournament_id: int, number: int) -> Response:
        tournament = _tournament(request, tournament_id)
        _require_organiser(request, tournament)
        round_ = Round.objects.filter(tournament=tournament, number=number).first()
        if round_ is None:
            raise exceptions.NotFound()
        body = request.data if isinstance(request.data, dict) else {}
        kind = body.get("kind", "players")
        if not isinstance(kind, str) or kind not in ("players", "tables"):
            return error_response([error("kind", "invalid", "kind is players or tables")])
        first: int | None
        second: int | None
        try:
            first, second = int(body.get("first", "")), int(body.get("second", ""))
        except (TypeError, ValueError):
            first = second = None
        # A player's id or a table's number: a whole number from 1 up to what a column holds.
        if not (is_id(first) and is_id(second)):
            return error_response([error("first", "invalid", "first and second are whole numbers")])
        try:
            warnings = round_swap(round_=round_, first=first, second=second, kind=kind)
        except PairingError as exc:
            return _pairing_error(exc)
        return Response(round_document(round_, warnings, scorer_shown=True))


class StandingsView(APIView):
    @extend_schema(
        responses={200: STANDING_ROWS, 404: ERRORS},
        summary="The standings: ranked rows",
    )
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        tournament = _tournament(request, tournament_id)
        # Plain JSON of plain dicts: 2,000 rows through a serializer would cost more than the
        # query itself. The ETag is the tournament's change counter: a poll that has the
        # current rows gets 304 before any of them is read.
        return version_answer(
            request,
            version=("standings", live_version_of(tournament)),
            render=lambda: JsonResponse(
                # In a tournament of pairs or teams each row names the player's (`team`).
                with_team_names(tournament, standings_rows(tournament)),
                safe=False,
                json_dumps_params={"ensure_ascii": False},
            ),
        )


STANDINGS_NOTES = inline_serializer(
    "StandingsNote",
    many=True,
    fields={
        "round": serializers.IntegerField(
            allow_null=True, help_text="null: a card given before the first round"
        ),
        "table": serializers.IntegerField(allow_null=True),
        "deal": serializers.IntegerField(allow_null=True),
        # A round's change, or a card (tournaments.discipline.services: card_warning, card_yellow).
        "kind": serializers.ChoiceField(
            choices=[
                *RoundEvent.Kind.choices,
                ("card_warning", "card_warning"),
                ("card_yellow", "card_yellow"),
            ]
        ),
        "what": serializers.CharField(help_text="the kind, in the reader's language"),
        "reason": serializers.CharField(),
        "at": DateTimeField(),
        "by": serializers.CharField(
            allow_null=True, required=False, help_text="the username: organiser and referee only"
        ),
    },
)


class StandingsNotesView(APIView):
    @extend_schema(
        responses={200: STANDINGS_NOTES, 404: ERRORS},
        summary="The standings' notes: what was changed after a round closed, and why",
    )
    def get(self, request: Request, tournament_id: int) -> JsonResponse:
        tournament = _tournament(request, tournament_id)
        notes = standings_notes(tournament, users_shown=perms.is_staff_of(request.user, tournament))
        return JsonResponse(notes, safe=False, json_dumps_params={"ensure_ascii": False})


# One row per rated player, best first (live.leaderboard.leaderboard_rows): typed, so that a
# client generated from the schema reads it (issue 31, item 6).
LEADERBOARD = OpenApiResponse(
    array(
        obj(
            {
                "rank": {"type": "integer", "minimum": 1},
                "player": {"type": "string"},
                "player_id": {"type": "integer"},
                "club": {"type": "string"},
                "game": {"type": "string"},
                "rating": {"type": "number", "description": "the openskill ordinal"},
                "mu": {"type": "number"},
                "sigma": {"type": "number"},
                "matches": {"type": "integer", "minimum": 0},
            },
            ["rank", "player", "player_id", "club", "game", "rating", "mu", "sigma", "matches"],
            closed=True,
        )
    ),
    description="Players by rating, best first",
)


class LeaderboardView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("club", int, description="a club's id"),
            OpenApiParameter(
                "federation",
                int,
                description="a federation's id: its clubs' tournaments only (one line per "
                "person, whichever of its clubs they played for)",
            ),
            OpenApiParameter(
                "game",
                str,
                # The games registered when the URLconf is read (the schema's enum; the view
                # itself checks against the registry at each request).
                enum=[game.key for game in leaderboard_games()],
                description="the game rated (a registered game's key; default: the default "
                "game): one game's ratings at a time, never two mixed",
            ),
        ],
        responses={200: LEADERBOARD, 400: ERRORS},
        summary="Players by rating (openskill ordinal) in one game, optionally of one club",
    )
    def get(self, request: Request) -> Response:
        club = request.query_params.get("club")
        game = request.query_params.get("game")
        federation = request.query_params.get("federation")
        problems = []
        try:
            club_id = int(club) if club else None
        except ValueError:
            club_id = None
            problems.append(error("club", "invalid", _("club is a club's id")))
        federation_id = None
        if federation:
            # As a club's: an id of no federation is one with no players (an empty list).
            if not (federation.isascii() and federation.isdigit()):
                problems.append(
                    error("federation", "invalid", _("federation is a federation's id"))
                )
            else:
                federation_id = id_from_text(federation) or 0
        if game and game not in {g.key for g in leaderboard_games()}:
            problems.append(
                error(
                    "game",
                    "invalid",
                    _("game is one of: %(games)s")
                    % {"games": ", ".join(g.key for g in leaderboard_games())},
                )
            )
        if problems:
            return error_response(problems)
        return Response(
            leaderboard_rows(
                club_id,
                user=request.user,
                game=leaderboard_game(game).key,
                federation_id=federation_id,
            )
        )
