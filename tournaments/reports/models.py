"""Report jobs [отчёты]: a file built in the background, its progress and failure."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.events.models import Tournament


class ReportJob(models.Model):
    """A background report (Celery task): its progress, its file, or why it failed."""

    class Kind(models.TextChoices):
        STANDINGS_PDF = "standings_pdf", _("Final standings (PDF)")
        STANDINGS_CSV = "standings_csv", _("Final standings (CSV)")
        STANDINGS_XLSX = "standings_xlsx", _("Final standings (XLSX)")
        ROUND = "round", _("Round report")
        PLAYER_STATS = "player_stats", _("Player statistics")
        ARCHIVE = "archive", _("Tournament archive")

    class State(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="jobs")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    params = models.JSONField(default=dict, blank=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)
    file = models.FileField(upload_to="reports/", null=True, blank=True)
    error = models.TextField(blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The job's last sign of life: when it was queued, then every few seconds while a worker
    # builds it (tournaments.reports.watchdog). A running job whose heartbeat stopped lost its
    # worker:
    # the watchdog (celery beat) queues it again or fails it, retryable.
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    # The Celery task that runs it now: the same task delivered again after its process died
    # takes the job back at once; another copy leaves a job with a live heartbeat alone.
    task_id = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} · {self.tournament} · {self.state}"
