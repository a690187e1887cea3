"""The tournaments API (contract: docs/api.md, "Tournaments"): tournaments
listed, created, read, changed; their matches; scoresheet import; tournament JSON export and
import; the deals as CSV.

401 when a write comes without a user; 404 for a tournament the user cannot see; 403 for a
visible tournament the user has no right to change.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping
from typing import Any, cast

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction
from django.http import FileResponse, HttpResponse
from django.http.response import HttpResponseBase
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import error, error_response, validation_error_response
from config.openapi import ERRORS, json_body, object_response, rows_response
from config.strict import StrictBooleanField, StrictFieldsMixin, WholeField
from config.throttles import AnonHeavyReadThrottle
from tournaments.clubs import permissions as perms
from tournaments.clubs.models import Club, ClubMember
from tournaments.events import entries, selectors, setup
from tournaments.events.api.schema import (
    ENTRIES_ADD_BODY,
    SCORESHEETS_IMPORT_BODY,
    TOURNAMENT_IMPORT_BODY,
)
from tournaments.events.models import Tournament
from tournaments.events.serializers import TournamentImportSerializer, TournamentSerializer
from tournaments.events.teams import teams_from_document


def _tournament(request: Request, tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_related("club").filter(pk=tournament_id).first()
    if tournament is None or not perms.can_view_tournament(request.user, tournament):
        raise exceptions.NotFound()
    return tournament


def _require_user(request: Request) -> None:
    if not request.user.is_authenticated:
        raise exceptions.NotAuthenticated()


class TournamentCreateSerializer(TournamentSerializer):
    """The create body (OpenAPI): a tournament's settings, and optionally a club preset."""

    preset = WholeField(
        required=False,
        write_only=True,
        help_text="A club preset's id: its settings (and club) first, the body's fields "
        "override them (GET /api/v1/clubs/{id}/presets/).",
    )

    class Meta(TournamentSerializer.Meta):
        fields = [*TournamentSerializer.Meta.fields, "preset"]


class TournamentListView(APIView):
    @extend_schema(responses={200: TournamentSerializer(many=True)}, summary="Tournaments")
    def get(self, request: Request) -> Response:
        qs = selectors.tournaments_visible(request.user)
        return Response(TournamentSerializer(qs, many=True).data)

    @extend_schema(
        request=TournamentCreateSerializer,
        responses={201: TournamentSerializer, 400: ERRORS, 401: ERRORS, 403: ERRORS},
        summary="Create a tournament (you become its organiser)",
    )
    def post(self, request: Request) -> Response:
        _require_user(request)
        if not perms.can_create_tournament(request.user):
            raise exceptions.PermissionDenied()
        body = request.data
        if isinstance(body, Mapping) and "preset" in body:  # a club preset (issue 19, item 6)
            from tournaments.events.presets import preset_body

            body, refusal = preset_body(request.user, body)
            if refusal is not None:
                return error_response([refusal])
        serializer = TournamentSerializer(data=body)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        club = data.pop("club")
        try:
            tournament = setup.tournament_create(club=club, user=request.user, **data)
        except DjangoValidationError as exc:
            return validation_error_response(exc)
        return Response(TournamentSerializer(tournament).data, status=201)


class TournamentDetailView(APIView):
    @extend_schema(responses={200: TournamentSerializer, 404: ERRORS}, summary="A tournament")
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(TournamentSerializer(_tournament(request, tournament_id)).data)

    @extend_schema(
        request=TournamentSerializer,
        responses={200: TournamentSerializer, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
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
            tournament = setup.tournament_update(
                tournament=tournament, user=request.user, **serializer.validated_data
            )
        except DjangoValidationError as exc:
            return validation_error_response(exc)
        return Response(TournamentSerializer(tournament).data)


class TournamentMatchesView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter(
                "status", str, enum=["", "open", "finished"], description="empty: every match"
            ),
            OpenApiParameter("round", int),
        ],
        responses={200: rows_response("The matches"), 400: ERRORS, 404: ERRORS},
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
        shown = perms.can_see_usernames(request.user, tournament)
        return Response([selectors.match_row(match, scorer_shown=shown) for match in matches])


class TournamentImportView(APIView):
    body_limit_setting = "IMPORT_BODY_MAX_BYTES"  # config.parsers: larger → 413

    @extend_schema(
        request=json_body(SCORESHEETS_IMPORT_BODY),
        responses={
            201: object_response('{"matches": [ids]}'),
            400: ERRORS,
            401: ERRORS,
            403: ERRORS,
            404: ERRORS,
        },
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
            matches = entries.scoresheet_import(
                tournament=tournament, records=records, user=request.user
            )
        except scoring_services.DealRejected as exc:
            return error_response(exc.errors)
        except DjangoValidationError as exc:
            return validation_error_response(exc)
        return Response({"matches": [match.pk for match in matches]}, status=201)


EXPORT_BUILDING = OpenApiResponse(
    OpenApiTypes.OBJECT,
    description='A large tournament\'s export is being built: {"state": "building", '
    '"retry_after": seconds}, with Retry-After.',
)
# How soon to ask again for an export being built, and when every stream slot is taken.
EXPORT_RETRY_AFTER = 5
EXPORT_BUSY_RETRY_AFTER = 2


class TournamentExportView(APIView):
    throttle_classes = [AnonHeavyReadThrottle]

    @extend_schema(
        responses={
            200: OpenApiTypes.OBJECT,
            202: EXPORT_BUILDING,
            304: None,
            404: ERRORS,
            429: ERRORS,
            503: ERRORS,
        },
        summary="The tournament as JSON: settings, players, rounds, tables, scoresheets",
        description="Built once per version of the tournament and served from a file "
        "(`ETag` and `X-Export-Version` name the version; `X-Export-Stale: 1` while a newer "
        "version of a large tournament is being built). Anonymous readers are throttled "
        "(scope `anon_heavy`); a large file is streamed by a few readers at a time, the others "
        "answered 503 `export_busy` with Retry-After.",
    )
    def get(self, request: Request, tournament_id: int) -> HttpResponseBase:
        tournament = _tournament(request, tournament_id)
        return export_response(request, tournament, attachment=False)


class SlotFileResponse(FileResponse):
    """A streamed export that gives its stream slot back when the server closes it (after
    the last byte, or when the reader went away)."""

    def __init__(self, *args: Any, give_back: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._give_back = give_back

    def close(self) -> None:
        try:
            super().close()
        finally:
            self._give_back()


def export_busy_response() -> HttpResponse:
    """503 `export_busy` with Retry-After: every stream slot of this process is taken."""
    from django.http import JsonResponse

    message = _("Too many downloads of this export at once; try again in a few seconds.")
    response = JsonResponse({"errors": [error(None, "export_busy", str(message))]}, status=503)
    response["Retry-After"] = str(EXPORT_BUSY_RETRY_AFTER)
    # A refusal by design (the reader is told when to come back), not a server error: the
    # request log writes it as "busy" at WARNING, and Django's own "Service Unavailable"
    # line at ERROR is not written (the handler skips a response marked as logged).
    response._has_been_logged = True  # type: ignore[attr-defined]
    return response


def export_response(request: Any, tournament: Tournament, *, attachment: bool) -> HttpResponseBase:
    """The tournament's export for this reader (tournaments/reports/exports.py): the file of its
    version (a small one from memory, a large one streamed), 304 when the reader has that
    version already, 202 while a large tournament's first file is being built."""
    from django.conf import settings
    from django.http import JsonResponse

    from tournaments.reports.exports import export_file_get, export_stream_slot_take

    response: HttpResponseBase
    shown = perms.can_see_usernames(request.user, tournament)
    for _attempt in range(2):
        export = export_file_get(tournament=tournament, scorer_shown=shown)
        if export is None:
            response = JsonResponse(
                {"state": "building", "retry_after": EXPORT_RETRY_AFTER}, status=202
            )
            response["Retry-After"] = str(EXPORT_RETRY_AFTER)
            return response
        etag = f'"{export.version}"'
        if request.META.get("HTTP_IF_NONE_MATCH") == etag:
            response = HttpResponse(status=304)
            break
        content_type = "application/json"
        streamed = export.size >= settings.EXPORT_STREAM_MIN_BYTES
        if streamed and settings.EXPORT_ACCEL_REDIRECT:
            # The proxy sends the file (nginx `internal` location on the export storage).
            response = HttpResponse(content_type=content_type)
            prefix = settings.EXPORT_ACCEL_REDIRECT.rstrip("/")
            response["X-Accel-Redirect"] = f"{prefix}/{export.name}"
            break
        give_back = export_stream_slot_take() if streamed else None
        if streamed and give_back is None:
            return export_busy_response()
        try:
            handle = export.open()
        except FileNotFoundError:
            if give_back is not None:
                give_back()
            continue  # replaced by a newer version meanwhile: ask again
        if give_back is not None:
            response = SlotFileResponse(handle, content_type=content_type, give_back=give_back)
        else:
            with handle:
                response = HttpResponse(handle.read(), content_type=content_type)
        break
    else:
        raise exceptions.NotFound()
    response["ETag"] = etag
    response["X-Export-Version"] = export.version
    if export.stale:
        response["X-Export-Stale"] = "1"
    if attachment:
        response["Content-Disposition"] = f'attachment; filename="tournament-{tournament.pk}.json"'
    return response


class TournamentJSONImportView(APIView):
    body_limit_setting = "IMPORT_BODY_MAX_BYTES"  # config.parsers: larger → 413

    @extend_schema(
        request=json_body(TOURNAMENT_IMPORT_BODY),
        responses={
            201: object_response("The tournament created"),
            400: ERRORS,
            401: ERRORS,
            403: ERRORS,
        },
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
        settings_doc = doc.get("tournament")
        # Missing, null or not an object (e.g. a form field's text): the export always has it,
        # and without it the import made a nameless tournament.
        if not isinstance(settings_doc, dict):
            return error_response(
                [
                    error(
                        "tournament",
                        "bad_format",
                        _("Missing or wrong: %(what)s") % {"what": "tournament"},
                    )
                ]
            )
        not_text = [
            key for key in ("name", "club") if not isinstance(settings_doc.get(key, ""), str)
        ]
        if not_text:  # `"name": null` reached the database: a 500 (schemathesis)
            return error_response(
                [
                    error(
                        f"tournament.{key}",
                        "bad_format",
                        _("Missing or wrong: %(what)s") % {"what": f"tournament.{key}"},
                    )
                    for key in not_text
                ]
            )
        too_long = _names_too_long(settings_doc, doc.get("players"))
        if too_long:
            return error_response(too_long)
        # The create API's checks (each setting typed and bounded, the name and club required,
        # an unknown key refused), each error at `tournament.<key>`, before anything is written.
        settings_in = TournamentImportSerializer(data=settings_doc)
        if not settings_in.is_valid():
            raise serializers.ValidationError({"tournament": settings_in.errors})
        fields = dict(settings_in.validated_data)
        club_name = fields.pop("club")
        try:
            with transaction.atomic():
                # The club by its very name; a name only like another club's (a Cyrillic
                # letter, an invisible one) is refused, never a second club (names.py).
                club_name = setup.club_name_checked(club_name, field="tournament.club")
                club, created = Club.objects.get_or_create(name=club_name)
                if created:  # a club new to the site: its importer is its first organiser
                    ClubMember.objects.create(
                        club=club,
                        user_id=cast(int, request.user.pk),
                        role=ClubMember.Role.ORGANISER,
                    )
                try:
                    tournament = setup.tournament_create(club=club, user=request.user, **fields)
                except DjangoValidationError as exc:
                    # The settings' own checks (one setting against another, or against the
                    # game's rules): at `tournament.<key>`, as the serializer's above.
                    raise serializers.ValidationError(
                        {"tournament": serializers.as_serializer_error(exc)}
                    ) from exc
                entries.players_ensure(
                    tournament=tournament,
                    names=[p["name"] for p in doc.get("players") or []],
                )
                teams_from_document(
                    tournament=tournament, players=doc.get("players"), user=request.user
                )
                records = []
                for rnd in doc.get("rounds") or []:
                    entries.round_ensure(
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
                entries.scoresheet_import(tournament=tournament, records=records, user=request.user)
        except scoring_services.DealRejected as exc:
            return error_response(exc.errors)
        except DjangoValidationError as exc:
            return validation_error_response(exc)
        except (KeyError, TypeError, AttributeError) as exc:
            # A part of the document missing or of the wrong kind (a round or table that is
            # not an object: `.get` of a string).
            return error_response(
                [error(None, "bad_format", _("Missing or wrong: %(what)s") % {"what": exc})]
            )
        return Response(TournamentSerializer(tournament).data, status=201)


def _names_too_long(settings_doc: dict[str, Any], players: Any) -> list[dict[str, Any]]:
    """Each name of an imported tournament longer than its field holds, at its place in the
    document (`tournament.name`, `tournament.club`, `players.3.name`): refused before anything
    is written (the database would refuse it with a 500 on PostgreSQL)."""
    from tournaments.clubs.models import Player

    checks: list[tuple[str, Any, Any, str]] = [
        ("tournament.name", settings_doc.get("name"), Tournament, "name"),
        ("tournament.club", settings_doc.get("club"), Club, "name"),
    ]
    for index, player in enumerate(players if isinstance(players, list) else []):
        if isinstance(player, dict):
            checks.append((f"players.{index}.name", player.get("name"), Player, "display_name"))
    out = []
    for field, value, model, name in checks:
        refusal = setup.name_too_long(value, model, name)
        if refusal is not None:
            out.append(error(field, refusal.code or "name_too_long", refusal.messages[0]))
    return out


class TournamentDealsCSVView(APIView):
    throttle_classes = [AnonHeavyReadThrottle]

    @extend_schema(
        responses={(200, "text/csv"): OpenApiTypes.STR, 404: ERRORS, 429: ERRORS},
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
    from tournaments.reports.cells import row_safe

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
                row_safe(
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
    team = serializers.CharField(
        read_only=True, allow_null=True, help_text="the player's pair or team (its name), or null"
    )


class EntriesAddSerializer(StrictFieldsMixin, serializers.Serializer):
    players = serializers.ListField(
        # No max_length on a name: the service refuses an over-long one as the page does
        # (`name_too_long`).
        child=serializers.CharField(allow_blank=True),
        max_length=1000,
        help_text="Display names (at most 80 characters each); a name new to the club becomes "
        "a player of the club.",
    )


class EntryChangeSerializer(StrictFieldsMixin, serializers.Serializer):
    # JSON's own types (issue 31): "true" and "5" were read as true and 5 where the schema
    # says boolean and integer.
    withdrawn = StrictBooleanField(required=False)
    seed = WholeField(required=False, min_value=1, max_value=100_000)


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
        responses={200: object_response('{"entries": [...]}'), 404: ERRORS},
        summary="The players entered, in seed order: id, player, name, seed, withdrawn, matches",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(_entries_body(_tournament(request, tournament_id)))

    @extend_schema(
        request=json_body(ENTRIES_ADD_BODY),
        responses={
            200: object_response("Nobody new: every name was entered already (`already`)"),
            201: object_response('{"entries": [...], "added": [names], "already": [names]}'),
            400: ERRORS,
            401: ERRORS,
            403: ERRORS,
            404: ERRORS,
        },
        summary="Enter players by name (the organiser); names entered already are listed apart",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = _entries_manager(request, tournament_id)
        serializer = EntriesAddSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            added, already = entries.entries_add(
                tournament=tournament,
                names=serializer.validated_data["players"],
                user=request.user,
            )
        except DjangoValidationError as exc:
            return validation_error_response(exc)
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
            entries.entry_update(entry=entry, user=request.user, **serializer.validated_data)
        except DjangoValidationError as exc:
            return validation_error_response(exc)
        return Response(_entries_body(entry.tournament))

    @extend_schema(
        responses={204: None, 401: ERRORS, 403: ERRORS, 404: ERRORS, 409: ERRORS},
        summary="Take back an entry made by mistake (409 entry_has_played: withdraw instead)",
    )
    def delete(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        entry = self._entry(request, tournament_id, entry_id)
        try:
            entries.entry_remove(entry=entry, user=request.user)
        except DjangoValidationError as exc:
            response = validation_error_response(exc)
            response.status_code = 409
            return response
        return Response(status=204)
