"""Routes of the report jobs and the archive: `urlpatterns`
(pages, in the `tournaments` namespace) and `api_urlpatterns` (under /api/v1/), gathered by
the app's `urls.py` and `api_urls.py`."""

from django.urls import URLPattern, path

from tournaments.reports import api, views

urlpatterns: list[URLPattern] = [
    # Reports: order, follow, retry; restore an archive (issue 6).
    path(
        "tournaments/<int:tournament_id>/reports/",
        views.reports_page,
        name="reports",
    ),
    path(
        "tournaments/<int:tournament_id>/reports/archive/",
        views.archive_restore,
        name="report_archive_restore",
    ),
    path("reports/jobs/<uuid:job_id>/", views.job_row, name="report_job"),
    path("reports/jobs/<uuid:job_id>/retry/", views.job_retry, name="report_job_retry"),
]

api_urlpatterns: list[URLPattern] = [
    # Report jobs and the tournament archive (issue 6).
    path(
        "tournaments/<int:tournament_id>/reports/",
        api.TournamentReportsView.as_view(),
        name="api-tournament-reports",
    ),
    path(
        "tournaments/<int:tournament_id>/archive/",
        api.ArchiveRestoreView.as_view(),
        name="api-tournament-archive",
    ),
    path("jobs/<uuid:job_id>/", api.JobView.as_view(), name="api-job"),
    path("jobs/<uuid:job_id>/retry/", api.JobRetryView.as_view(), name="api-job-retry"),
    path(
        "jobs/<uuid:job_id>/download/",
        api.JobDownloadView.as_view(),
        name="api-job-download",
    ),
]
