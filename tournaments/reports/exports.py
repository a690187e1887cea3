"""The tournament's JSON export (format `deberc-tournament/1`), built once per version of the
tournament and served from a file (issue 17, item 7).

Eight anonymous exports of a 3,000-player tournament took a minute each (a query or two per
match, the whole document rebuilt per request) and stalled the scorers meanwhile. Now:

- the builder reads the tournament in a fixed number of queries, whatever its size;
- the document is built once per *version* and kept as a file in the default storage
  (`exports/tournament-<id>/`); the version is a fingerprint of everything the document
  shows (the settings, the entries and their names, the rounds, the tables and their
  scorers, every match's `version`, which every deal write bumps), so any change makes a new
  version and the next request a new file;
- a small tournament's file is built on the first request for its version, under a lock (the
  requests arriving meanwhile wait for that file instead of building their own); a large
  one's (EXPORT_JOB_MIN_MATCHES matches or more) by a Celery job on the reports queue: the
  web process never spends seconds of CPU on it. While the job runs, the previous version is
  served (marked stale) if there is one, else the request is answered 202 with Retry-After;
  a large tournament that keeps changing is rebuilt at most every EXPORT_REBUILD_SECONDS.

Two variants per tournament: with the tables' scorers' usernames (the tournament's staff) and
without (everyone else: the public sees no username).

Serving the file: a download holds a web thread for as long as its reader takes (a 20 MB file
is 0.2 s on loopback, seconds on a phone line). Eight readers on gunicorn's eight threads left
none for the scorers, whose deals waited behind the downloads (the bench's p95 538–630 ms). So
a process streams at most EXPORT_STREAMS_PER_PROCESS exports at once and a reader beyond that
is told to come back in a moment (503 `export_busy`, Retry-After); behind nginx,
EXPORT_ACCEL_REDIRECT hands the file to the proxy, which holds no thread of ours at all.
"""

from __future__ import annotations

import contextlib
import hashlib
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson
from django.conf import settings
from django.core.cache import cache
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db.models import Count, Max, Sum

from tournaments.events.models import Tournament
from tournaments.events.setup import PLAY_SETTINGS

EXPORT_FORMAT = "deberc-tournament/1"
# Changed whenever the builder's output changes: a file of the previous code is a version of
# its own, never served for this one.
BUILDER_REVISION = 1
# How long a build may hold the lock (a build that dies frees it when this runs out).
LOCK_SECONDS = 10 * 60
# How long a request waits for a small export another request is building.
WAIT_SECONDS = 30.0


@dataclass(frozen=True)
class ExportFile:
    """A built export in the default storage: its name there, size, the version it is of and
    whether a newer version is being built (the file is then the previous version)."""

    name: str
    size: int
    version: str
    stale: bool = False

    def open(self) -> Any:
        return default_storage.open(self.name, "rb")


_slots_lock = threading.Lock()
_slots: dict[int, threading.BoundedSemaphore] = {}


def _stream_slots() -> threading.BoundedSemaphore:
    # One semaphore per configured size (read at each request, so a test's override applies).
    size = max(1, int(settings.EXPORT_STREAMS_PER_PROCESS))
    with _slots_lock:
        return _slots.setdefault(size, threading.BoundedSemaphore(size))


def export_stream_slot_take() -> Callable[[], None] | None:
    """A slot to stream an export from this process, as the function that gives it back
    (safe to call more than once); None when every slot is taken."""
    slots = _stream_slots()
    if not slots.acquire(blocking=False):
        return None
    given_back = threading.Event()

    def give_back() -> None:
        if not given_back.is_set():
            given_back.set()
            slots.release()

    return give_back


def _variant(scorer_shown: bool) -> str:
    return "staff" if scorer_shown else "public"


def _cache_key(tournament_id: int, scorer_shown: bool) -> str:
    return f"deberc:export:{tournament_id}:{_variant(scorer_shown)}"


def _lock_key(tournament_id: int, scorer_shown: bool) -> str:
    return f"deberc:export-lock:{tournament_id}:{_variant(scorer_shown)}"


# --- the version ------------------------------------------------------------------------------


def export_version(tournament: Tournament, *, scorer_shown: bool) -> str:
    """A fingerprint of everything the export shows, in four small queries: equal for two
    reads of an unchanged tournament, different after any change that shows in it."""
    return _version_and_size(tournament, scorer_shown=scorer_shown)[0]


def _version_and_size(tournament: Tournament, *, scorer_shown: bool) -> tuple[str, int]:
    """The version (`export_version`) and the number of matches, read together."""
    from scoring.models import Match
    from tournaments.events.models import Entry, Round, Table

    entries = list(
        Entry.objects.filter(tournament=tournament)
        .order_by("seed", "id")
        .values_list("pk", "seed", "withdrawn", "player__display_name", "team__name")
    )
    rounds = list(
        Round.objects.filter(tournament=tournament).order_by("number").values_list("pk", "status")
    )
    # Sums over the tables and matches, not their rows (thousands in a big tournament): a
    # scorer changed at a table changes the sum of (table id × scorer id); a deal written,
    # corrected, confirmed or withdrawn bumps its match's version, which only grows.
    tables = Table.objects.filter(round__tournament=tournament).aggregate(
        count=Count("pk"),
        ids=Sum("pk"),
        numbers=Sum("number"),
        scorers=Sum(_product("pk", "scorer_id")),
        last=Max("pk"),
    )
    matches = Match.objects.filter(tournament=tournament).aggregate(
        count=Count("pk"),
        ids=Sum("pk"),
        versions=Sum("version"),
        tables=Sum(_product("pk", "table_id")),
        last=Max("pk"),
    )
    facts = [
        BUILDER_REVISION,
        _variant(scorer_shown),
        tournament.pk,
        tournament.name,
        tournament.club.name,
        [_jsonable(getattr(tournament, name)) for name in PLAY_SETTINGS],
        entries,
        rounds,
        tables,
        matches,
    ]
    version = hashlib.blake2b(orjson.dumps(facts, default=str), digest_size=12).hexdigest()
    return version, int(matches["count"] or 0)


def _product(a: str, b: str) -> Any:
    from django.db.models import F, Value
    from django.db.models.functions import Coalesce

    return F(a) * Coalesce(F(b), Value(0))


def _jsonable(value: Any) -> Any:
    return value if isinstance(value, str | int | float | bool | list | dict) else str(value)


# --- the document -----------------------------------------------------------------------------


def export_document(tournament: Tournament, *, scorer_shown: bool) -> dict[str, Any]:
    """The tournament as one JSON document (format `deberc-tournament/1`), in six queries
    whatever its size: entries, rounds, tables, and the matches with their seats and counted
    deals. Each table's scorer is named only with `scorer_shown` (the public sees no
    username)."""
    from scoring.models import Match
    from scoring.selectors import match_scoresheets
    from tournaments.events.models import Round, Table

    sheet_of_table = {
        match.table_id: sheet
        for match, sheet in match_scoresheets(Match.objects.filter(tournament=tournament))
    }
    tables_of_round: dict[int, list[dict[str, Any]]] = {}
    tables = (
        Table.objects.filter(round__tournament=tournament)
        .select_related("scorer")
        .order_by("number")
    )
    for table in tables:
        tables_of_round.setdefault(table.round_id, []).append(
            {
                "number": table.number,
                "scorer": table.scorer.get_username()
                if scorer_shown and table.scorer is not None
                else None,
                "scoresheet": sheet_of_table.get(table.pk),
            }
        )
    rounds = [
        {"number": number, "status": status, "tables": tables_of_round.get(pk, [])}
        for pk, number, status in Round.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("pk", "number", "status")
    ]
    return {
        "format": EXPORT_FORMAT,
        "tournament": {
            "name": tournament.name,
            "club": tournament.club.name,
            **{name: getattr(tournament, name) for name in PLAY_SETTINGS},
        },
        # A pair's or team's players name it (`team`; null in a tournament of players).
        "players": [
            {"name": name, "seed": seed, "withdrawn": withdrawn, "team": team}
            for name, seed, withdrawn, team in tournament.entries.order_by(
                "seed", "id"
            ).values_list("player__display_name", "seed", "withdrawn", "team__name")
        ],
        "rounds": rounds,
    }


# --- the file ---------------------------------------------------------------------------------


def _directory(tournament_id: int) -> str:
    return f"exports/tournament-{tournament_id}"


def _cached(tournament_id: int, scorer_shown: bool) -> dict[str, Any] | None:
    entry = cache.get(_cache_key(tournament_id, scorer_shown))
    return entry if isinstance(entry, dict) else None


def _as_file(entry: dict[str, Any], *, stale: bool = False) -> ExportFile:
    return ExportFile(name=entry["name"], size=entry["size"], version=entry["version"], stale=stale)


def export_build(
    *,
    tournament_id: int,
    scorer_shown: bool,
    tournament: Tournament | None = None,
    version: str | None = None,
) -> ExportFile | None:
    """Build the export of the tournament's current version into a file, unless it exists
    already; None for a tournament that is gone. The caller holds the build lock (and may
    pass the tournament and the version it has just read)."""
    if tournament is None:
        tournament = Tournament.objects.select_related("club").filter(pk=tournament_id).first()
    if tournament is None:
        return None
    attempts = 3
    for attempt in range(attempts):
        if version is None:
            version = export_version(tournament, scorer_shown=scorer_shown)
        entry = _cached(tournament_id, scorer_shown)
        if entry is not None and entry.get("version") == version:
            return _as_file(entry)
        data = orjson.dumps(
            export_document(tournament, scorer_shown=scorer_shown), option=orjson.OPT_NON_STR_KEYS
        )
        # A write between reading the version and reading the document would label the file
        # with a version it is not of: read the version again and build again if it moved.
        if export_version(tournament, scorer_shown=scorer_shown) == version:
            break
        if attempt < attempts - 1:  # (the last build keeps the version read before it)
            tournament.refresh_from_db()
            version = None
    directory = _directory(tournament_id)
    name = default_storage.save(
        f"{directory}/{_variant(scorer_shown)}-{version}-{uuid.uuid4().hex[:8]}.json",
        ContentFile(data),
    )
    entry = {"name": name, "size": len(data), "version": version, "built_at": time.time()}
    cache.set(_cache_key(tournament_id, scorer_shown), entry, timeout=None)
    _delete_older(directory, keep=name, variant=_variant(scorer_shown))
    return _as_file(entry)


def _delete_older(directory: str, *, keep: str, variant: str) -> None:
    """The variant's previous files (one version is kept: a reader that opened an older file
    keeps reading it, and one that had not yet opened it gets the new one on asking again)."""
    try:
        _dirs, files = default_storage.listdir(directory)
    except (FileNotFoundError, OSError):
        return
    for filename in files:
        name = f"{directory}/{filename}"
        if filename.startswith(f"{variant}-") and name != keep:
            with contextlib.suppress(OSError):
                default_storage.delete(name)


def export_file_get(*, tournament: Tournament, scorer_shown: bool) -> ExportFile | None:
    """The export file of the tournament's current version for this reader (built if
    needed), the previous version's marked stale while a large tournament's new one is being
    built, or None while the first one is (answer 202: come back shortly)."""
    version, matches = _version_and_size(tournament, scorer_shown=scorer_shown)
    entry = _cached(tournament.pk, scorer_shown)
    if entry is not None and entry.get("version") == version:
        return _as_file(entry)
    if matches >= settings.EXPORT_JOB_MIN_MATCHES:
        return _large_export(tournament, scorer_shown, version, entry)
    return _small_export(tournament, scorer_shown, version)


def _large_export(
    tournament: Tournament, scorer_shown: bool, version: str, previous: dict[str, Any] | None
) -> ExportFile | None:
    """A large tournament's export is a job's work: queue it (once, and not sooner than
    EXPORT_REBUILD_SECONDS after the last build) and serve the previous file meanwhile."""
    from config.jobs import job_task

    recent = previous is not None and (
        time.time() - previous.get("built_at", 0) < settings.EXPORT_REBUILD_SECONDS
    )
    if not recent and cache.add(_lock_key(tournament.pk, scorer_shown), 1, LOCK_SECONDS):
        job_task("tournaments.tournament_export").delay(tournament.pk, scorer_shown)
        # Without a worker (no REDIS_URL) the task has run already: serve what it built.
        built = _cached(tournament.pk, scorer_shown)
        if built is not None and built.get("version") == version:
            return _as_file(built)
    return _as_file(previous, stale=True) if previous is not None else None


def _small_export(tournament: Tournament, scorer_shown: bool, version: str) -> ExportFile | None:
    """A small tournament's export, built by this request under the lock, or by the request
    holding it (waited for)."""
    lock = _lock_key(tournament.pk, scorer_shown)
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        if cache.add(lock, 1, LOCK_SECONDS):
            try:
                return export_build(
                    tournament_id=tournament.pk,
                    scorer_shown=scorer_shown,
                    tournament=tournament,
                    version=version,
                )
            finally:
                cache.delete(lock)
        time.sleep(0.05)
        entry = _cached(tournament.pk, scorer_shown)
        if entry is not None and entry.get("version") == version:
            return _as_file(entry)
        if time.monotonic() > deadline:
            # The lock's holder is stuck: build without it (the files are named apart).
            return export_build(tournament_id=tournament.pk, scorer_shown=scorer_shown)


def export_task_run(*, tournament_id: int, scorer_shown: bool) -> str | None:
    """The job's body: build the file, then free the lock the request took."""
    try:
        built = export_build(tournament_id=tournament_id, scorer_shown=scorer_shown)
        return built.name if built is not None else None
    finally:
        cache.delete(_lock_key(tournament_id, scorer_shown))
