"""The tournaments API (contract: docs/api.md, "Tournaments"): tournaments
listed, created, read, changed; their matches; scoresheet import; tournament JSON export and
import; the deals as CSV.

401 when a write comes without a user; 404 for a tournament the user cannot see; 403 for a
visible tournament the user has no right to change.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction
from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.exceptions import ErrorDetail
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import error, error_response
from scoring import games

from . import permissions as perms
from . import selectors, services
from .models import Club, Tournament

ERRORS = OpenApiResponse(OpenApiTypes.OBJECT, description='{"errors": [{field, code, message}]}')


class TournamentSerializer(serializers.ModelSerializer):
    club = serializers.PrimaryKeyRelatedField(queryset=Club.objects.all())
    club_name = serializers.CharField(source="club.name", read_only=True)
    tiebreaks = serializers.ListField(child=serializers.CharField(), required=False)
    conventions = serializers.DictField(required=False)

    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "club",
            "club_name",
            "game",
            "ruleset",
            "conventions",
            "table_size",
            "system",
            "rounds",
            "match_score",
            "tiebreaks",
            "confirm_deals",
            "published",
            "status",
            "starts_at",
            "round_minutes",
            "created_at",
        ]
        read_only_fields = ["id", "club_name", "created_at"]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """The ruleset, table size, match scoring, tiebreaks and conventions must be the
        game's (a new game's defaults fill what is not sent); each refusal with its code
        (`bad_convention`, `bad_table_size`, `bad_match_score`, `bad_tiebreak`)."""
        instance = self.instance
        game_key = attrs.get("game", getattr(instance, "game", None))
        game = games.GAMES.get(game_key or "", games.DEFAULT)
        new_game = instance is None or game.key != instance.game
        default_ruleset = game.default_ruleset if new_game else instance.ruleset
        ruleset = attrs.get("ruleset", default_ruleset)
        conventions = attrs.get(
            "conventions", {} if new_game else (getattr(instance, "conventions", {}) or {})
        )
        table_size = attrs.get("table_size", getattr(instance, "table_size", 2))
        try:
            services.game_settings_check(
                game=game.key,
                table_size=table_size,
                match_score=attrs.get("match_score", None if new_game else instance.match_score),
                tiebreaks=attrs.get("tiebreaks", None if new_game else instance.tiebreaks),
            )
            services.conventions_check(
                ruleset=ruleset, conventions=conventions, table_size=table_size, game=game.key
            )
        except DjangoValidationError as exc:
            raise serializers.ValidationError(_coded(exc)) from exc
        return attrs


def _coded(exc: DjangoValidationError) -> dict[str, list[ErrorDetail]]:
    """Django's field errors as DRF's, each keeping its code."""
    return {
        field: [
            ErrorDetail(message, code=error.code or "invalid")
            for error in errors
            for message in error.messages
        ]
        for field, errors in exc.error_dict.items()
    }


def _tournament(request: Request, tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_related("club").filter(pk=tournament_id).first()
    if tournament is None or not perms.can_view_tournament(request.user, tournament):
        raise exceptions.NotFound()
    return tournament


def _require_user(request: Request) -> None:
    if not request.user.is_authenticated:
        raise exceptions.NotAuthenticated()


def _django_errors(exc: DjangoValidationError) -> Response:
    if hasattr(exc, "error_dict"):
        errs = [
            error(field if field != "__all__" else None, err.code or "invalid", message)
            for field, field_errors in exc.error_dict.items()
            for err in field_errors
            for message in err.messages
        ]
    else:
        errs = [error(None, "invalid", message) for message in exc.messages]
    return error_response(errs)


class TournamentListView(APIView):
    @extend_schema(responses={200: TournamentSerializer(many=True)}, summary="Tournaments")
    def get(self, request: Request) -> Response:
        qs = selectors.tournaments_visible(request.user)
        return Response(TournamentSerializer(qs, many=True).data)

    @extend_schema(
        request=TournamentSerializer,
        responses={201: TournamentSerializer, 400: ERRORS, 401: ERRORS, 403: ERRORS},
        summary="Create a tournament (you become its organiser)",
    )
    def post(self, request: Request) -> Response:
        _require_user(request)
        if not perms.can_create_tournament(request.user):
            raise exceptions.PermissionDenied()
        serializer = TournamentSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        club = data.pop("club")
        try:
            tournament = services.tournament_create(club=club, user=request.user, **data)
        except DjangoValidationError as exc:
            return _django_errors(exc)
        return Response(TournamentSerializer(tournament).data, status=201)


class TournamentDetailView(APIView):
    @extend_schema(responses={200: TournamentSerializer, 404: ERRORS}, summary="A tournament")
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(TournamentSerializer(_tournament(request, tournament_id)).data)

    @extend_schema(
        request=TournamentSerializer,
        responses={200: TournamentSerializer, 400: ERRORS, 401: ERRORS, 403: ERRORS},
        summary="Change a tournament (its organiser)",
    )
    def patch(self, request: Request, tournament_id: int) -> Response:
        _require_user(request)
        tournament = _tournament(request, tournament_id)
        if not perms.can_change_tournament(request.user, tournament):
            raise exceptions.PermissionDenied()
        serializer = TournamentSerializer(tournament, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        try:
            tournament = services.tournament_update(
                tournament=tournament, user=request.user, **serializer.validated_data
            )
        except DjangoValidationError as exc:
            return _django_errors(exc)
        return Response(TournamentSerializer(tournament).data)


class TournamentMatchesView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=["open", "finished"]),
            OpenApiParameter("round", int),
        ],
        responses={200: OpenApiTypes.OBJECT, 404: ERRORS},
        summary="The tournament's matches: id, round, table, players, scorer, status",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = _tournament(request, tournament_id)
        status = request.query_params.get("status") or None
        if status not in (None, "open", "finished"):
            return error_response(
                [error("status", "invalid", _("The status is open or finished."))]
            )
        round_param = request.query_params.get("round")
        try:
            round_number = int(round_param) if round_param else None
        except ValueError:
            return error_response([error("round", "invalid", _("The round is a number."))])
        matches = selectors.tournament_matches(tournament, status=status, round_number=round_number)
        return Response([selectors.match_row(match) for match in matches])


class TournamentImportView(APIView):
    @extend_schema(
        request=OpenApiTypes.OBJECT,
        responses={201: OpenApiTypes.OBJECT, 400: ERRORS, 401: ERRORS, 403: ERRORS},
        summary="Import scoresheets as matches",
        description='Body: a scoresheet record, a list of them, or {"scoresheets": [...]}. '
        'Each may also carry "round" and "table" numbers. All or nothing: one invalid '
        'sheet refuses the import, errors tagged by "scoresheet" (0-based).',
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        from scoring import services as scoring_services

        _require_user(request)
        tournament = _tournament(request, tournament_id)
        if not perms.can_import(request.user, tournament):
            raise exceptions.PermissionDenied()
        body = request.data
        if isinstance(body, dict) and "scoresheets" in body:
            records = body["scoresheets"]
        elif isinstance(body, dict):
            records = [body]
        else:
            records = body
        if not isinstance(records, list) or not records:
            return error_response([error(None, "bad_format", _("Send one or more scoresheets."))])
        try:
            matches = services.scoresheet_import(
                tournament=tournament, records=records, user=request.user
            )
        except scoring_services.DealRejected as exc:
            return error_response(exc.errors)
        except DjangoValidationError as exc:
            return _django_errors(exc)
        return Response({"matches": [match.pk for match in matches]}, status=201)


class TournamentExportView(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 404: ERRORS},
        summary="The tournament as JSON: settings, players, rounds, tables, scoresheets",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        from scoring.selectors import match_scoresheet

        tournament = _tournament(request, tournament_id)
        return Response(tournament_export(tournament, match_scoresheet))


def tournament_export(tournament: Tournament, scoresheet: Any) -> dict[str, Any]:
    """The tournament as one JSON document (format `deberc-tournament/1`)."""
    rounds = []
    for rnd in selectors.tournament_rounds(tournament):
        tables = []
        for table in rnd.tables.all():
            match = getattr(table, "match", None)
            tables.append(
                {
                    "number": table.number,
                    "scorer": table.scorer.get_username() if table.scorer_id else None,
                    "scoresheet": scoresheet(match) if match is not None else None,
                }
            )
        rounds.append({"number": rnd.number, "status": rnd.status, "tables": tables})
    return {
        "format": "deberc-tournament/1",
        "tournament": {
            "name": tournament.name,
            "club": tournament.club.name,
            "game": tournament.game,
            "ruleset": tournament.ruleset,
            "conventions": tournament.conventions,
            "table_size": tournament.table_size,
            "system": tournament.system,
            "rounds": tournament.rounds,
            "match_score": tournament.match_score,
            "tiebreaks": tournament.tiebreaks,
            "confirm_deals": tournament.confirm_deals,
        },
        "players": [
            {"name": entry.player.display_name, "seed": entry.seed, "withdrawn": entry.withdrawn}
            for entry in tournament.entries.select_related("player")
        ],
        "rounds": rounds,
    }


class TournamentJSONImportView(APIView):
    @extend_schema(
        request=OpenApiTypes.OBJECT,
        responses={201: OpenApiTypes.OBJECT, 400: ERRORS, 401: ERRORS, 403: ERRORS},
        summary="Create a tournament from its JSON export (deberc-tournament/1)",
        operation_id="tournaments_import_json",
    )
    def post(self, request: Request) -> Response:
        from scoring import services as scoring_services

        _require_user(request)
        if not perms.can_create_tournament(request.user):
            raise exceptions.PermissionDenied()
        doc = request.data
        if not isinstance(doc, dict) or doc.get("format") != "deberc-tournament/1":
            return error_response(
                [error("format", "bad_format", _('Expected the format "deberc-tournament/1".'))]
            )
        settings_doc = doc.get("tournament") or {}
        if not isinstance(settings_doc, dict):  # e.g. a form field's text
            return error_response(
                [
                    error(
                        "tournament",
                        "bad_format",
                        _("Missing or wrong: %(what)s") % {"what": "tournament"},
                    )
                ]
            )
        try:
            with transaction.atomic():
                club, _created = Club.objects.get_or_create(name=settings_doc.get("club", ""))
                fields = {k: v for k, v in settings_doc.items() if k in services.TOURNAMENT_FIELDS}
                tournament = services.tournament_create(club=club, user=request.user, **fields)
                services.players_ensure(
                    tournament=tournament,
                    names=[p["name"] for p in doc.get("players") or []],
                )
                records = []
                for rnd in doc.get("rounds") or []:
                    services.round_ensure(
                        tournament=tournament, number=rnd["number"], status=rnd.get("status")
                    )
                    for table in rnd.get("tables") or []:
                        if table.get("scoresheet"):
                            records.append(
                                {
                                    **table["scoresheet"],
                                    "round": rnd["number"],
                                    "table": table["number"],
                                }
                            )
                services.scoresheet_import(
                    tournament=tournament, records=records, user=request.user
                )
        except scoring_services.DealRejected as exc:
            return error_response(exc.errors)
        except DjangoValidationError as exc:
            return _django_errors(exc)
        except (KeyError, TypeError, AttributeError) as exc:
            # A part of the document missing or of the wrong kind (a round or table that is
            # not an object: `.get` of a string).
            return error_response(
                [error(None, "bad_format", _("Missing or wrong: %(what)s") % {"what": exc})]
            )
        return Response(TournamentSerializer(tournament).data, status=201)


class TournamentDealsCSVView(APIView):
    @extend_schema(
        responses={(200, "text/csv"): OpenApiTypes.STR, 404: ERRORS},
        summary="Every counted deal of the tournament as CSV",
    )
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        tournament = _tournament(request, tournament_id)
        return deals_csv_response(
            selectors.tournament_matches(tournament), f"deals-{tournament.pk}.csv"
        )


def deals_csv_response(matches: Any, filename: str) -> HttpResponse:
    """The deals as CSV: one line per deal and player (a long table a spreadsheet pivots)."""
    from scoring.selectors import deal_rows_for_csv

    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
            "match",
            "round",
            "table",
            "deal",
            "dealer",
            "declarer",
            "outcome",
            "player",
            "total",
            "recorded",
            "match_total",
            "hanging_after",
        ]
    )
    for row in deal_rows_for_csv(matches):
        for name in row["players"]:
            writer.writerow(
                [
                    row["match"],
                    row["round"],
                    row["table"],
                    row["deal"],
                    row["dealer"],
                    row["declarer"],
                    row["outcome"],
                    name,
                    row["totals"].get(name, ""),
                    row["recorded"].get(name, ""),
                    row["match_totals"].get(name, ""),
                    row["hanging"],
                ]
            )
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# --- entries ---------------------------------------------------------------------------------


class EntrySerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    player = serializers.IntegerField(read_only=True)
    name = serializers.CharField(read_only=True)
    seed = serializers.IntegerField(read_only=True, allow_null=True)
    withdrawn = serializers.BooleanField(read_only=True)
    matches = serializers.IntegerField(read_only=True)
    played = serializers.BooleanField(
        read_only=True, help_text="sat at a table or had a bye: withdrawn, never removed"
    )


class EntriesAddSerializer(serializers.Serializer):
    players = serializers.ListField(
        # No max_length on a name: the service refuses an over-long one as the page does
        # (`name_too_long`).
        child=serializers.CharField(allow_blank=True),
        max_length=1000,
        help_text="Display names (at most 80 characters each); a name new to the club becomes "
        "a player of the club.",
    )


class EntryChangeSerializer(serializers.Serializer):
    withdrawn = serializers.BooleanField(required=False)
    seed = serializers.IntegerField(required=False, min_value=1, max_value=100_000)


def _entries_body(tournament: Tournament, **extra: Any) -> dict[str, Any]:
    return {"entries": EntrySerializer(selectors.entry_rows(tournament), many=True).data, **extra}


def _entries_manager(request: Request, tournament_id: int) -> Tournament:
    _require_user(request)
    tournament = _tournament(request, tournament_id)
    if not perms.can_change_tournament(request.user, tournament):
        raise exceptions.PermissionDenied()
    return tournament


class TournamentEntriesView(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 404: ERRORS},
        summary="The players entered, in seed order: id, player, name, seed, withdrawn, matches",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(_entries_body(_tournament(request, tournament_id)))

    @extend_schema(
        request=EntriesAddSerializer,
        responses={201: OpenApiTypes.OBJECT, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Enter players by name (the organiser); names entered already are listed apart",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = _entries_manager(request, tournament_id)
        serializer = EntriesAddSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            added, already = services.entries_add(
                tournament=tournament,
                names=serializer.validated_data["players"],
                user=request.user,
            )
        except DjangoValidationError as exc:
            return _django_errors(exc)
        body = _entries_body(
            tournament, added=[e.player.display_name for e in added], already=already
        )
        return Response(body, status=201 if added else 200)


class TournamentEntryView(APIView):
    def _entry(self, request: Request, tournament_id: int, entry_id: int) -> Any:
        tournament = _entries_manager(request, tournament_id)
        entry = tournament.entries.select_related("player", "tournament").filter(pk=entry_id)
        found = entry.first()
        if found is None:
            raise exceptions.NotFound()
        return found

    @extend_schema(
        request=EntryChangeSerializer,
        responses={200: OpenApiTypes.OBJECT, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        summary="Withdraw a player or bring them back; change their seed (the organiser)",
    )
    def patch(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        entry = self._entry(request, tournament_id, entry_id)
        serializer = EntryChangeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            services.entry_update(entry=entry, user=request.user, **serializer.validated_data)
        except DjangoValidationError as exc:
            return _django_errors(exc)
        return Response(_entries_body(entry.tournament))

    @extend_schema(
        responses={204: None, 401: ERRORS, 403: ERRORS, 404: ERRORS, 409: ERRORS},
        summary="Take back an entry made by mistake (409 entry_has_played: withdraw instead)",
    )
    def delete(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        entry = self._entry(request, tournament_id, entry_id)
        try:
            services.entry_remove(entry=entry, user=request.user)
        except DjangoValidationError as exc:
            response = _django_errors(exc)
            response.status_code = 409
            return response
        return Response(status=204)
