"""The jobs API (contract: docs/api.md, "Jobs"): order a report, follow its
job, download its file, retry a failed one; restore a tournament from its archive.

- `POST /api/v1/tournaments/{id}/reports/` `{"kind", "round"?, "player"?, "format"?}` → 202
  `{"job": id}` (organisers and referees of the tournament); `GET` lists its jobs.
- `GET /api/v1/jobs/{id}/` → `{"state", "progress", "download", "error", ...}`.
- `GET /api/v1/jobs/{id}/download/` → the file (organisers and referees; anyone once the
  tournament is published). `POST /api/v1/jobs/{id}/retry/` → 202.
- `POST /api/v1/tournaments/{id}/archive/` (multipart `file`: an archive zip) → 201 with what
  was restored (organisers; the tournament must have no matches yet).
"""

from __future__ import annotations

import mimetypes
from typing import Any

from django.http import FileResponse
from django.urls import reverse
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import exceptions, serializers
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import error, error_response
from config.datetimes import DateTimeField
from config.openapi import ERRORS
from config.strict import StrictFieldsMixin, WholeField
from config.throttles import AnonHeavyReadThrottle
from tournaments.clubs import permissions as perms
from tournaments.events.models import Tournament
from tournaments.reports import restore, selectors
from tournaments.reports import services as report_services
from tournaments.reports.models import ReportJob

ATTACHMENT_KINDS = {
    ReportJob.Kind.STANDINGS_CSV,
    ReportJob.Kind.STANDINGS_XLSX,
    ReportJob.Kind.ARCHIVE,
}


class ReportOrderSerializer(StrictFieldsMixin, serializers.Serializer):
    kind = serializers.ChoiceField(choices=ReportJob.Kind.choices)
    round = WholeField(required=False, min_value=1, help_text="kind=round")
    player = WholeField(
        required=False, help_text="kind=player_stats: one player's report (default: everyone)"
    )
    format = serializers.ChoiceField(
        choices=["pdf", "html"], required=False, help_text="kind=round|player_stats"
    )


class JobSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    tournament = serializers.IntegerField()
    kind = serializers.CharField()
    kind_label = serializers.CharField()
    params = serializers.DictField()
    state = serializers.ChoiceField(choices=ReportJob.State.choices)
    progress = serializers.IntegerField(min_value=0, max_value=100)
    download = serializers.URLField(allow_null=True)
    error = serializers.CharField(allow_null=True)
    attempts = serializers.IntegerField()
    created_at = DateTimeField()
    finished_at = DateTimeField(allow_null=True)


def download_url(job: ReportJob, request: Any = None) -> str | None:
    if job.state != ReportJob.State.DONE or not job.file:
        return None
    path = reverse("api-job-download", kwargs={"job_id": job.pk})
    return request.build_absolute_uri(path) if request is not None else path


def download_name(job: ReportJob) -> str:
    """The file's name for the person saving it: the tournament's name and the report's."""
    stem = slugify(job.tournament.name, allow_unicode=True) or f"tournament-{job.tournament_id}"
    stored = job.file.name.rsplit("/", 1)[-1] if job.file and job.file.name else "report"
    return f"{stem}-{stored}"


def job_document(job: ReportJob, request: Any = None) -> dict[str, Any]:
    return {
        "id": str(job.pk),
        "tournament": job.tournament_id,
        "kind": job.kind,
        "kind_label": str(job.get_kind_display()),
        "params": {k: v for k, v in job.params.items() if k != "lang"},
        "state": job.state,
        "progress": job.progress,
        "download": download_url(job, request),
        "error": job.error or None if job.state == ReportJob.State.FAILED else None,
        "attempts": job.attempts,
        "created_at": job.created_at.isoformat(),
        "finished_at": job.finished_at.isoformat() if job.finished_at else None,
    }


def _tournament(request: Request, tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_related("club").filter(pk=tournament_id).first()
    if tournament is None or not perms.can_view_tournament(request.user, tournament):
        raise exceptions.NotFound("No such tournament.")
    return tournament


def _require_staff(request: Request, tournament: Tournament, check: Any) -> None:
    if not request.user.is_authenticated:
        raise exceptions.NotAuthenticated()
    if not check(request.user, tournament):
        raise exceptions.PermissionDenied(
            "Only the tournament's organisers and referees may do this."
        )


def _job(request: Request, job_id: Any) -> ReportJob:
    job = selectors.job_get(job_id)
    if job is None or not selectors.can_view_job(request.user, job):
        raise exceptions.NotFound("No such job.")
    return job


class TournamentReportsView(APIView):
    parser_classes = [JSONParser, FormParser, MultiPartParser]

    @extend_schema(
        summary="The tournament's report jobs, newest first",
        responses={200: JobSerializer(many=True), 401: ERRORS, 403: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = _tournament(request, tournament_id)
        _require_staff(request, tournament, selectors.can_request_reports)
        jobs = selectors.jobs_of_tournament(tournament)
        return Response([job_document(job, request) for job in jobs])

    @extend_schema(
        summary="Order a report: the job runs in the background",
        request=ReportOrderSerializer,
        responses={
            202: inline_serializer("ReportOrdered", {"job": serializers.UUIDField()}),
            400: ERRORS,
            401: ERRORS,
            403: ERRORS,
            404: ERRORS,
        },
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = _tournament(request, tournament_id)
        _require_staff(request, tournament, selectors.can_request_reports)
        order = ReportOrderSerializer(data=request.data)
        order.is_valid(raise_exception=True)
        data = dict(order.validated_data)
        kind = data.pop("kind")
        try:
            job = report_services.report_job_request(
                tournament=tournament, kind=kind, params=data, user=request.user
            )
        except report_services.ReportParamsError as exc:
            return error_response([error(exc.field, exc.code, exc.message)])
        return Response(
            {
                "job": str(job.pk),
                "status": request.build_absolute_uri(reverse("api-job", kwargs={"job_id": job.pk})),
            },
            status=202,
        )


class JobView(APIView):
    @extend_schema(
        summary="A report job: state, progress, download link, or why it failed",
        responses={200: JobSerializer, 404: ERRORS},
    )
    def get(self, request: Request, job_id: Any) -> Response:
        return Response(job_document(_job(request, job_id), request))


class JobRetryView(APIView):
    @extend_schema(
        summary="Run a failed (or done) job again",
        request=None,
        responses={202: JobSerializer, 401: ERRORS, 403: ERRORS, 404: ERRORS, 409: ERRORS},
    )
    def post(self, request: Request, job_id: Any) -> Response:
        job = _job(request, job_id)
        _require_staff(request, job.tournament, selectors.can_request_reports)
        try:
            job = report_services.report_job_retry(job=job)
        except report_services.ReportParamsError as exc:
            return error_response([error(exc.field, exc.code, exc.message)], 409)
        job.refresh_from_db()
        return Response(job_document(job, request), status=202)


# What a job's file is served as (mimetypes, by its name's extension).
DOWNLOAD_TYPES = (
    "application/pdf",
    "text/html",
    "text/csv",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/zip",
    "application/octet-stream",
)


class JobDownloadView(APIView):
    # A report's file can be megabytes: anonymous readers are throttled (config.throttles).
    throttle_classes = [AnonHeavyReadThrottle]

    @extend_schema(
        summary="The job's file (PDF, CSV, XLSX, HTML or the archive's zip)",
        responses={
            **{(200, content_type): OpenApiTypes.BINARY for content_type in DOWNLOAD_TYPES},
            404: ERRORS,
            409: ERRORS,
            410: ERRORS,
            429: ERRORS,
        },
    )
    def get(self, request: Request, job_id: Any) -> Any:
        job = _job(request, job_id)
        if job.state != ReportJob.State.DONE or not job.file:
            return error_response(
                [error(None, "job_not_done", f"The job is {job.state}, not done.")], 409
            )
        try:
            handle = job.file.open("rb")
        except FileNotFoundError:
            return error_response(
                [error(None, "file_missing", "The file is gone; retry the job.")], 410
            )
        name = download_name(job)
        content_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
        return FileResponse(
            handle,
            as_attachment=job.kind in ATTACHMENT_KINDS,
            filename=name,
            content_type=content_type,
        )


class ArchiveRestoreView(APIView):
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        summary="Restore a tournament archive into this (empty) tournament",
        request={
            "multipart/form-data": inline_serializer(
                "ArchiveUpload", {"file": serializers.FileField()}
            )
        },
        responses={
            201: inline_serializer(
                "ArchiveRestored",
                {
                    "rounds": serializers.IntegerField(),
                    "matches": serializers.IntegerField(),
                    "deals": serializers.IntegerField(),
                    "players": serializers.IntegerField(),
                    "differences": serializers.ListField(child=serializers.CharField()),
                },
            ),
            400: ERRORS,
            401: ERRORS,
            403: ERRORS,
            404: ERRORS,
            409: ERRORS,
        },
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = _tournament(request, tournament_id)
        _require_staff(request, tournament, selectors.can_restore_archive)
        upload = request.FILES.get("file")
        if upload is None:
            return error_response([error("file", "required", "Send the archive as `file`.")])
        try:
            summary = restore.archive_restore(
                tournament=tournament, data=upload.read(), user=request.user
            )
        except restore.ArchiveRefused as exc:
            return error_response(exc.errors, exc.status)
        return Response(
            {
                "rounds": summary.rounds,
                "matches": summary.matches,
                "deals": summary.deals,
                "players": summary.players,
                "differences": summary.differences,
            },
            status=201,
        )
