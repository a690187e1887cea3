"""Writes for the reports: order a report job, build it (progress, file, failure), retry it;
housekeeping for celery beat and the watchdog's round. (An archive's restore:
`reports.restore`.)

A job's life: `queued` (ordered; the task is queued when the transaction commits) →
`running` (the task updates `progress` as it goes) → `done` (the file is stored) or
`failed` (`error` says why). A failed job can be retried: it goes back to `queued` and its
task runs again. Building is idempotent: a job's file has one fixed name that a re-run
replaces, and a job already done with its file is not built again.

Errors of two kinds: a `ReportError` is the report's own verdict ("there are no standings
yet") and fails the job at once with that reason; anything listed in `TRANSIENT` (the
database or the broker went away) is retried by the task with exponential backoff, and fails
the job only when the retries are used up.
"""

from __future__ import annotations

import functools
import logging
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import DatabaseError, transaction
from django.db.models import F, Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from config.collation import sorted_by_name
from config.ids import is_id
from tournaments.events.models import Entry, Tournament
from tournaments.events.setup import PLAY_SETTINGS
from tournaments.games import parts_of
from tournaments.reports import archive as archive_format
from tournaments.reports import selectors, standings, statistics
from tournaments.reports.data import MatchDeals, Progress
from tournaments.reports.errors import ReportError, TransientReportError
from tournaments.reports.models import ReportJob

log = logging.getLogger(__name__)


class ReportParamsError(Exception):
    """An order the API refuses: `field`, `code` and a message, in the API's error shape."""

    def __init__(self, field: str, code: str, message: str):
        super().__init__(message)
        self.field = field
        self.code = code
        self.message = message


FORMATS = ("pdf", "html")


# --- ordering a job ------------------------------------------------------------------------


def _clean_params(tournament: Tournament, kind: str, raw: dict[str, Any]) -> dict[str, Any]:
    """The job's parameters, checked: what each kind of report needs and nothing else."""
    if kind not in ReportJob.Kind.values:
        raise ReportParamsError(
            "kind",
            "invalid_choice",
            _("Unknown report kind %(kind)s; one of: %(kinds)s.")
            % {"kind": kind, "kinds": ", ".join(ReportJob.Kind.values)},
        )
    params: dict[str, Any] = {}
    if kind in (ReportJob.Kind.ROUND, ReportJob.Kind.PLAYER_STATS):
        fmt = raw.get("format") or "pdf"
        if fmt not in FORMATS:
            raise ReportParamsError("format", "invalid_choice", _("The format is pdf or html."))
        params["format"] = fmt
    if kind == ReportJob.Kind.ROUND:
        number = raw.get("round")
        if number in (None, ""):
            last = tournament.round_set.order_by("-number").values_list("number", flat=True)
            number = last.first()
            if number is None:
                raise ReportParamsError(
                    "round", "unknown_round", _("The tournament has no rounds yet.")
                )
        try:
            number = int(number)
        except (TypeError, ValueError):
            raise ReportParamsError(
                "round", "invalid", _("A round is given by its number.")
            ) from None
        if not tournament.round_set.filter(number=number).exists():
            raise ReportParamsError(
                "round", "unknown_round", _("There is no round %(n)s.") % {"n": number}
            )
        params["round"] = number
    if kind == ReportJob.Kind.PLAYER_STATS and raw.get("player") not in (None, ""):
        try:
            player_id = int(raw["player"])
        except (TypeError, ValueError):
            raise ReportParamsError(
                "player", "invalid", _("A player is given by their id.")
            ) from None
        if (
            not is_id(player_id)
            or not Entry.objects.filter(tournament=tournament, player_id=player_id).exists()
        ):
            raise ReportParamsError(
                "player", "unknown_player", _("This player is not in the tournament.")
            )
        params["player"] = player_id
    return params


def report_job_request(
    *, tournament: Tournament, kind: str, params: dict[str, Any] | None = None, user: Any = None
) -> ReportJob:
    """Order a report: a new queued job (its task starts when this transaction commits), or
    the same report already queued or running."""
    clean = _clean_params(tournament, kind, params or {})
    clean["lang"] = translation.get_language() or "en"
    with transaction.atomic():
        twin = selectors.job_active_twin(tournament, kind, clean)
        if twin is not None:
            return twin
        # A twin whose worker died would never finish: it fails (retryable), and the report
        # is built by the new job.
        for stale in selectors.job_twins(tournament, kind, clean):
            _job_fail_stale(stale, reason=_STALE_SUPERSEDED)
        job = ReportJob.objects.create(
            tournament=tournament,
            kind=kind,
            params=clean,
            requested_by=user if user is not None and user.is_authenticated else None,
        )
        job_id = job.pk
        transaction.on_commit(lambda: _enqueue(job_id))
    return job


def report_job_retry(*, job: ReportJob) -> ReportJob:
    """Run a failed job again (a done job too: it is rebuilt from today's data; a running one
    whose worker died, too: its heartbeat is silent)."""
    if job.state not in (ReportJob.State.FAILED, ReportJob.State.DONE) and not (
        selectors.job_is_stale(job)
    ):
        raise ReportParamsError("job", "job_active", _("This job is still queued or running."))
    with transaction.atomic():
        ReportJob.objects.filter(pk=job.pk, state=job.state).update(
            state=ReportJob.State.QUEUED,
            progress=0,
            error="",
            finished_at=None,
            heartbeat_at=timezone.now(),
            task_id="",
        )
        job_id = job.pk
        transaction.on_commit(lambda: _enqueue(job_id))
    job.refresh_from_db()
    return job


def _enqueue(job_id: uuid.UUID) -> None:
    """Send the job's task; if the broker does not answer, the job fails with that reason
    (and can be retried) rather than waiting forever in `queued`."""
    from config.jobs import job_signature, job_task

    try:
        job_task("tournaments.report_job").apply_async(
            (str(job_id),), link_error=job_signature("tournaments.report_job_lost", (str(job_id),))
        )
    except Exception as exc:  # kombu raises its own OperationalError, and more
        log.exception("could not queue report job %s", job_id)
        report_job_fail(
            job_id=job_id,
            reason=_("The job queue did not answer (%(error)s). Try again.") % {"error": exc},
        )


# --- building a job ------------------------------------------------------------------------


@dataclass
class BuiltFile:
    filename: str
    content: bytes
    content_type: str


class _ProgressWriter:
    """Writes the job's progress (0..100) as the work goes; only when the figure moves, at
    most a few times a second, and never backwards."""

    def __init__(self, job_id: uuid.UUID, start: int = 0, end: int = 99):
        self.job_id = job_id
        self.start, self.end = start, end
        self.last = -1
        self.last_at = 0.0

    def __call__(self, fraction: float) -> None:
        value = self.start + int((self.end - self.start) * max(0.0, min(1.0, fraction)))
        now = time.monotonic()
        if value <= self.last or (now - self.last_at < 0.2 and value < self.end):
            return
        self.last, self.last_at = value, now
        # Progress is a sign of life too.
        ReportJob.objects.filter(pk=self.job_id, progress__lt=value).update(
            progress=value, heartbeat_at=timezone.now()
        )

    def part(self, start: float, end: float) -> Progress:
        """A reporter for a stretch of the work (fractions of the whole)."""
        return lambda f: self(start + (end - start) * f)


def _build_standings(job: ReportJob, progress: _ProgressWriter) -> BuiltFile:
    sheet = selectors.standings_sheet(job.tournament)
    if not sheet.lines:
        raise ReportError(
            _("There are no standings yet: no match of this tournament has been finished.")
        )
    progress(0.1)
    if job.kind == ReportJob.Kind.STANDINGS_CSV:
        return BuiltFile("standings.csv", standings.standings_csv(sheet), "text/csv")
    if job.kind == ReportJob.Kind.STANDINGS_XLSX:
        return BuiltFile(
            "standings.xlsx",
            standings.standings_xlsx(sheet),
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )
    pdf = standings.standings_pdf(sheet, progress=progress.part(0.1, 1.0))
    return BuiltFile("standings.pdf", pdf, "application/pdf")


def _build_round(job: ReportJob, progress: _ProgressWriter) -> BuiltFile:
    number = int(job.params.get("round", 0))
    sheet = selectors.round_sheet(job.tournament, number)
    if sheet is None:
        raise ReportError(_("Round %(n)s does not exist (any more).") % {"n": number})
    progress(0.2)
    parts = parts_of(job.tournament)  # the game's own round report (tournaments.games)
    if job.params.get("format") == "html":
        html = parts.round_html(sheet)
        return BuiltFile(f"round-{number}.html", html.encode("utf-8"), "text/html")
    pdf = parts.round_pdf(sheet, progress=progress.part(0.2, 1.0))
    return BuiltFile(f"round-{number}.pdf", pdf, "application/pdf")


def _build_player_stats(job: ReportJob, progress: _ProgressWriter) -> BuiltFile:
    tournament = job.tournament
    ids = selectors.tournament_match_ids(tournament)
    if not ids:
        raise ReportError(_("The tournament has no matches yet."))
    done = 0

    def counted(matches: Iterable[MatchDeals]) -> Iterator[MatchDeals]:  # progress meanwhile
        nonlocal done
        for match in matches:
            done += 1
            if done % 50 == 0:
                progress(0.5 * done / len(ids))
            yield match

    figures = parts_of(tournament).statistics  # the game's own figures (tournaments.games)
    stats = figures.collect(
        counted(selectors.match_deals(tournament)), selectors.player_clubs(tournament)
    )
    name = None
    if job.params.get("player"):
        from tournaments.clubs.models import Player

        player = Player.objects.filter(pk=job.params["player"]).first()
        if player is None:
            raise ReportError(_("This player no longer exists."))
        name = player.display_name
    context = statistics.stats_context(
        selectors.tournament_info(tournament), stats, figures, player=name
    )
    progress(0.6)
    stem = f"player-{job.params['player']}-stats" if name else "player-stats"
    if job.params.get("format") == "html":
        html = statistics.player_stats_html(context)
        return BuiltFile(f"{stem}.html", html.encode("utf-8"), "text/html")
    pdf = statistics.player_stats_pdf(context, progress=progress.part(0.6, 1.0))
    return BuiltFile(f"{stem}.pdf", pdf, "application/pdf")


def _build_archive(job: ReportJob, progress: _ProgressWriter) -> BuiltFile:
    from scoring.selectors import match_scoresheet

    tournament = job.tournament
    matches = list(selectors.archive_matches(tournament))
    if not matches:
        raise ReportError(_("The tournament has no matches to archive yet."))
    archived: list[archive_format.ArchivedMatch] = []
    for index, match in enumerate(matches):
        round_ = match.round if match.round_id else None
        table = match.table if match.table_id else None
        round_number = round_.number if round_ is not None else None
        table_number = table.number if table is not None else None
        result = match.result or {}
        archived.append(
            archive_format.ArchivedMatch(
                path=archive_format.match_path(round_number, table_number, index),
                round=round_number,
                table=table_number,
                record=match_scoresheet(match),
                summary=_match_summary(match, result),
            )
        )
        if index % 20 == 0:
            progress(0.9 * (index + 1) / len(matches))
    manifest = archive_manifest(tournament)
    sheet = selectors.standings_sheet(tournament)
    extra = {"standings.csv": standings.standings_csv(sheet)} if sheet.lines else {}
    data = archive_format.archive_pack(manifest, archived, extra_files=extra)
    return BuiltFile("archive.zip", data, "application/zip")


def _match_summary(match: Any, result: dict[str, Any]) -> dict[str, Any]:
    """What the archive says of a match beside its scoresheet: the state and the totals the
    engine gave (a restore compares them): Deberc's match totals and winner; a game that
    settles its matches (Preferans) also its settlement."""
    summary: dict[str, Any] = {
        "status": match.status,
        "scorer": match.table.scorer.get_username()
        if match.table_id and match.table.scorer_id
        else None,
        "deals": len(result.get("deals") or []),
        "match": result.get("match") or {},
        "winner": result.get("winner"),
        "reason": result.get("reason"),
    }
    if result.get("settlement") is not None:
        summary["settlement"] = result["settlement"]
    return summary


def _differs(summary: dict[str, Any], result: dict[str, Any]) -> bool:
    """Whether a restored match's result differs from the one its archive recorded."""
    expected = summary.get("match")
    if expected is not None and (result.get("match") or {}) != expected:
        return True
    settlement = summary.get("settlement")
    return settlement is not None and result.get("settlement") != settlement


def archive_manifest(tournament: Tournament) -> dict[str, Any]:
    """The tournament's settings and rounds (with byes): what the scoresheets do not say."""
    rounds = []
    for rnd in tournament.round_set.prefetch_related("byes").order_by("number"):
        rounds.append(
            {
                "number": rnd.number,
                "status": rnd.status,
                "byes": sorted_by_name(p.display_name for p in rnd.byes.all()),
            }
        )
    return {
        # Every setting of play (the one list the restore reads back).
        "tournament": {
            "name": tournament.name,
            "club": tournament.club.name,
            **{name: getattr(tournament, name) for name in PLAY_SETTINGS},
        },
        # A pair's or team's players name it (`team`; null in a tournament of players).
        "players": [
            {"name": name, "club": club, "seed": seed, "withdrawn": withdrawn, "team": team}
            for name, club, seed, withdrawn, team in tournament.entries.order_by(
                "seed", "id"
            ).values_list(
                "player__display_name", "player__club__name", "seed", "withdrawn", "team__name"
            )
        ],
        "rounds": rounds,
        "exported_at": timezone.now().isoformat(),
    }


BUILDERS: dict[str, Callable[[ReportJob, _ProgressWriter], BuiltFile]] = {
    ReportJob.Kind.STANDINGS_PDF: _build_standings,
    ReportJob.Kind.STANDINGS_CSV: _build_standings,
    ReportJob.Kind.STANDINGS_XLSX: _build_standings,
    ReportJob.Kind.ROUND: _build_round,
    ReportJob.Kind.PLAYER_STATS: _build_player_stats,
    ReportJob.Kind.ARCHIVE: _build_archive,
}


def job_directory(job: ReportJob) -> str:
    return f"reports/{job.tournament_id}/{job.pk}"


def _store(job: ReportJob, built: BuiltFile) -> None:
    """Put the job's file in place of any earlier one (a re-run leaves one file, not two)."""
    directory = job_directory(job)
    try:
        _dirs, files = default_storage.listdir(directory)
    except FileNotFoundError:
        files = []
    for name in files:
        default_storage.delete(f"{directory}/{name}")
    try:
        stored = default_storage.save(f"{directory}/{built.filename}", ContentFile(built.content))
    except OSError as exc:
        raise TransientReportError(f"storage: {exc}") from exc
    with transaction.atomic():
        ReportJob.objects.filter(pk=job.pk).update(
            file=stored,
            state=ReportJob.State.DONE,
            progress=100,
            error="",
            finished_at=timezone.now(),
        )


def _claimable(task_id: str) -> Q:
    """Who may start building the job: anyone while it is queued (or done with its file
    gone); while it runs, the same task delivered again (its process died: Celery gives it
    back at once) or anyone once its heartbeat is silent; a failed job waits for Retry."""
    from tournaments.reports.watchdog import stale_after

    cutoff = timezone.now() - stale_after()
    claimable = Q(state__in=[ReportJob.State.QUEUED, ReportJob.State.DONE]) | Q(
        Q(heartbeat_at__lt=cutoff) | Q(heartbeat_at__isnull=True, created_at__lt=cutoff),
        state=ReportJob.State.RUNNING,
    )
    if task_id:
        claimable |= Q(state=ReportJob.State.RUNNING, task_id=task_id)
    return claimable


def report_job_execute(
    *, job_id: str | uuid.UUID, task_id: str = "", heartbeat: bool = False
) -> ReportJob | None:
    """Build the job's file (the Celery task's body). Idempotent: a job already done with
    its file is left alone, and so is one another task is building (a second copy of its
    message); a re-run replaces the file. Raises the TRANSIENT errors for the task to retry;
    a ReportError fails the job with its reason. `heartbeat`: beat from a thread while the
    work runs (in a worker; tournaments.reports.watchdog)."""
    from tournaments.reports.watchdog import heartbeat as heartbeat_thread

    job = selectors.job_get(job_id)
    if job is None:
        return None  # deleted since it was queued
    done = job.state == ReportJob.State.DONE
    if done and job.file and job.file.name and default_storage.exists(job.file.name):
        return job
    claimed = (
        ReportJob.objects.filter(pk=job.pk)
        .filter(_claimable(task_id))
        .update(
            state=ReportJob.State.RUNNING,
            progress=1,
            error="",
            attempts=F("attempts") + 1,
            heartbeat_at=timezone.now(),
            task_id=task_id,
        )
    )
    if not claimed:
        log.info("report job %s is %s elsewhere: left alone", job.pk, job.state)
        job.refresh_from_db()
        return job
    progress = _ProgressWriter(job.pk, start=1, end=99)

    def beat() -> None:
        ReportJob.objects.filter(pk=job.pk, state=ReportJob.State.RUNNING, task_id=task_id).update(
            heartbeat_at=timezone.now()
        )

    try:
        with (
            heartbeat_thread(beat, enabled=heartbeat),
            translation.override(job.params.get("lang") or "en"),
        ):
            built = BUILDERS[job.kind](job, progress)
    except ReportError as exc:
        report_job_fail(job_id=job.pk, reason=str(exc))
        job.refresh_from_db()
        return job
    except ValidationError as exc:
        report_job_fail(job_id=job.pk, reason="; ".join(exc.messages))
        job.refresh_from_db()
        return job
    _store(job, built)
    job.refresh_from_db()
    return job


def report_job_fail(*, job_id: str | uuid.UUID, reason: str, only_unfinished: bool = False) -> None:
    """Mark the job failed with the reason shown to the organiser (`only_unfinished`: unless it
    already ended, done or failed)."""
    jobs = ReportJob.objects.filter(pk=job_id).exclude(state=ReportJob.State.DONE)
    if only_unfinished:
        jobs = jobs.exclude(state=ReportJob.State.FAILED)
    jobs.update(
        state=ReportJob.State.FAILED,
        error=reason[:2000] or _("Unknown error"),
        finished_at=timezone.now(),
    )


def report_job_requeued(*, job_id: str | uuid.UUID, reason: str) -> None:
    """The task will try again after a passing error: the job waits in the queue."""
    ReportJob.objects.filter(pk=job_id, state=ReportJob.State.RUNNING).update(
        state=ReportJob.State.QUEUED, progress=0, heartbeat_at=timezone.now()
    )
    log.warning("report job %s will be retried: %s", job_id, reason)


# --- the watchdog (tournaments.reports.watchdog)
# ---------------------------------------------------

# A job whose worker died this many times (attempts) is failed rather than queued again: a
# report that kills its worker (out of memory?) must not do it for ever. Retry still runs it.
REPORT_MAX_ATTEMPTS = 3
_STALE_SUPERSEDED = "superseded"
_STALE_GIVEN_UP = "given_up"


def _stale_reason(kind: str, attempts: int) -> str:
    if kind == _STALE_SUPERSEDED:
        return _(
            "The worker building this report stopped before it was done; the report was "
            "ordered again. Retry builds this one again."
        )
    return _(
        "The worker building this report stopped before it was done (attempts: %(count)s). "
        "Retry builds it again."
    ) % {"count": attempts}


def _job_fail_stale(job: ReportJob, *, reason: str) -> bool:
    """Fail a running job whose heartbeat is (still) silent, with the reason in its
    orderer's language; False if it came back to life or ended meanwhile."""
    cutoff = timezone.now() - _stale_after()
    with translation.override(job.params.get("lang") or "en"):
        message = _stale_reason(reason, job.attempts)
    return bool(
        ReportJob.objects.filter(pk=job.pk, state=ReportJob.State.RUNNING)
        .filter(Q(heartbeat_at__lt=cutoff) | Q(heartbeat_at__isnull=True, created_at__lt=cutoff))
        .update(state=ReportJob.State.FAILED, error=message, finished_at=timezone.now())
    )


def _stale_after() -> timedelta:
    from tournaments.reports.watchdog import stale_after

    return stale_after()


def report_jobs_watch(*, now: Any = None) -> dict[str, int]:
    """The watchdog's round for report jobs: a running job whose heartbeat is silent goes back
    to the queue (its task sent again), or fails, retryable, after REPORT_MAX_ATTEMPTS; a job
    queued too long has its task sent again (a copy finds the job taken and stops). Each change
    is conditional on the state read, so a worker beating meanwhile keeps its job."""
    now = now or timezone.now()
    counts = {"requeued": 0, "failed": 0, "resent": 0}
    for job in selectors.jobs_stale_running(now=now):
        if job.attempts >= REPORT_MAX_ATTEMPTS:
            if _job_fail_stale(job, reason=_STALE_GIVEN_UP):
                counts["failed"] += 1
                log.warning("report job %s lost its worker %s times: failed", job.pk, job.attempts)
            continue
        with transaction.atomic():
            moved = ReportJob.objects.filter(
                pk=job.pk, state=ReportJob.State.RUNNING, heartbeat_at=job.heartbeat_at
            ).update(state=ReportJob.State.QUEUED, progress=0, heartbeat_at=now, task_id="")
            if moved:
                transaction.on_commit(functools.partial(_enqueue, job.pk))
        if moved:
            counts["requeued"] += 1
            log.warning("report job %s lost its worker: queued again", job.pk)
    for job in selectors.jobs_queued_too_long(now=now):
        with transaction.atomic():
            bumped = ReportJob.objects.filter(
                pk=job.pk, state=ReportJob.State.QUEUED, heartbeat_at=job.heartbeat_at
            ).update(heartbeat_at=now)
            if bumped:
                transaction.on_commit(functools.partial(_enqueue, job.pk))
        counts["resent"] += bumped
    return counts


# --- housekeeping (celery beat) ------------------------------------------------------------


def jobs_watch() -> dict[str, Any]:
    """One round of the watchdog: report jobs, then the rating replay. What it did, counted."""
    from tournaments.reports.watchdog import ratings_replay_watch

    done: dict[str, Any] = dict(report_jobs_watch())
    done["ratings_replay"] = ratings_replay_watch()
    return done


def report_jobs_purge(*, older_than: timedelta) -> int:
    """Delete finished or failed jobs older than `older_than`, with their files."""
    cutoff = timezone.now() - older_than
    count = 0
    for job in ReportJob.objects.filter(
        created_at__lt=cutoff, state__in=[ReportJob.State.DONE, ReportJob.State.FAILED]
    ).select_related("tournament"):
        if job.file:
            try:
                job.file.delete(save=False)
            except (OSError, DatabaseError):  # a file already gone is fine
                log.warning("could not delete %s", job.file.name)
        job.delete()
        count += 1
    return count
