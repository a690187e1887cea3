"""The reports page of a tournament (organisers and referees): order a report, watch its
progress bar fill (htmx polls the job's row until it is done or failed), download the file,
retry a failed job; restore an archive into an empty tournament."""

from __future__ import annotations

import contextlib
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.html import format_html_join
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from config.collation import sorted_by_name
from config.htmx import HtmxHttpRequest
from tournaments.clubs import permissions as perms
from tournaments.events.models import Tournament
from tournaments.reports import restore, selectors, services
from tournaments.reports.api import download_url
from tournaments.reports.models import ReportJob


def _tournament(request: HttpRequest, tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_related("club").filter(pk=tournament_id).first()
    if tournament is None or not perms.can_view_tournament(request.user, tournament):
        raise Http404(_("No such tournament."))
    return tournament


def _staff_only(request: HttpRequest, tournament: Tournament) -> HttpResponse | None:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not selectors.can_request_reports(request.user, tournament):
        raise PermissionDenied(_("Only the tournament's organisers and referees order reports."))
    return None


def _job_for_staff(request: HttpRequest, job_id: Any) -> ReportJob:
    job = selectors.job_get(job_id)
    if job is None or not selectors.can_view_job(request.user, job):
        raise Http404(_("No such job."))
    if not selectors.can_request_reports(request.user, job.tournament):
        raise PermissionDenied(_("Only the tournament's organisers and referees see its jobs."))
    return job


def _row(request: HttpRequest, job: ReportJob, status: int = 200) -> HttpResponse:
    return render(
        request,
        "tournaments/reports/_job.html",
        {"job": job, "download": download_url(job)},
        status=status,
    )


@require_http_methods(["GET", "POST"])
def reports_page(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    refused = _staff_only(request, tournament)
    if refused is not None:
        return refused
    error: str | None = None
    if request.method == "POST":
        raw = {k: request.POST.get(k) for k in ("round", "player", "format")}
        try:
            job = services.report_job_request(
                tournament=tournament,
                kind=request.POST.get("kind", ""),
                params={k: v for k, v in raw.items() if v},
                user=request.user,
            )
        except services.ReportParamsError as exc:
            error = exc.message
        else:
            if request.htmx:
                job.refresh_from_db()
                return _row(request, job, status=201)
            return redirect("tournaments:reports", tournament_id=tournament.pk)
        if request.htmx:
            return HttpResponse(f'<p class="error" role="alert">{_escape(error)}</p>', status=400)
    jobs = list(selectors.jobs_of_tournament(tournament))
    rounds = list(tournament.round_set.order_by("number").values_list("number", flat=True))
    players = sorted_by_name(
        tournament.entries.values_list("player_id", "player__display_name"), lambda p: p[1]
    )
    # A 2,000-player field's options, joined here: a template loop took twice the time.
    player_options = format_html_join("", '<option value="{}">{}</option>', players)
    return render(
        request,
        "tournaments/reports/jobs.html",
        {
            "tournament": tournament,
            "jobs": [{"job": job, "download": download_url(job)} for job in jobs],
            "kinds": ReportJob.Kind.choices,
            "rounds": rounds,
            "player_options": player_options,
            "error": error,
            "can_restore": selectors.can_restore_archive(request.user, tournament),
            "empty": not tournament.matches.exists(),
        },
        status=400 if error else 200,
    )


def _escape(text: str | None) -> str:
    from django.utils.html import escape

    return escape(text or "")


def job_row(request: HttpRequest, job_id: Any) -> HttpResponse:
    """The job's row: htmx polls it every second while the job is queued or running."""
    return _row(request, _job_for_staff(request, job_id))


@require_POST
def job_retry(request: HtmxHttpRequest, job_id: Any) -> HttpResponse:
    job = _job_for_staff(request, job_id)
    # Already queued or running: the row shows it as it is.
    with contextlib.suppress(services.ReportParamsError):
        job = services.report_job_retry(job=job)
    job.refresh_from_db()
    if request.htmx:
        return _row(request, job)
    return redirect("tournaments:reports", tournament_id=job.tournament_id)


@require_POST
def archive_restore(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not selectors.can_restore_archive(request.user, tournament):
        raise PermissionDenied(_("Only the tournament's organisers restore archives."))
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, _("Choose the archive file (.zip) to restore."))
        return redirect("tournaments:reports", tournament_id=tournament.pk)
    try:
        summary = restore.archive_restore(
            tournament=tournament, data=upload.read(), user=request.user
        )
    except restore.ArchiveRefused as exc:
        for err in exc.errors[:10]:
            where = err.get("file") or err.get("field") or ""
            messages.error(request, f"{where}: {err.get('message')}" if where else err["message"])
        return redirect("tournaments:reports", tournament_id=tournament.pk)
    messages.success(
        request,
        _(
            "Archive restored: %(matches)s matches, %(deals)s deals, %(rounds)s rounds, "
            "%(players)s players."
        )
        % {
            "matches": summary.matches,
            "deals": summary.deals,
            "rounds": summary.rounds,
            "players": summary.players,
        },
    )
    if summary.differences:
        messages.warning(
            request,
            _("These matches score differently under today's rules: %(files)s")
            % {"files": ", ".join(summary.differences[:20])},
        )
    return redirect("tournaments:reports", tournament_id=tournament.pk)
