"""A tournament restored from its archive [восстановление из архива]: the manifest checked, every
match's scoresheet read back, nothing half-written."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.events.models import Round, Table, Tournament
from tournaments.events.selectors import scorer_candidates
from tournaments.events.setup import PLAY_SETTINGS, tournament_update
from tournaments.events.teams import teams_from_document
from tournaments.reports import archive as archive_format
from tournaments.reports.services import _differs

# --- restoring an archive ------------------------------------------------------------------


class ArchiveRefused(Exception):
    """The archive cannot be restored here; `errors` in the API's shape, `status` 400/409."""

    def __init__(self, errors: list[dict[str, Any]], status: int = 400):
        super().__init__(errors)
        self.errors = errors
        self.status = status


@dataclass
class RestoreSummary:
    rounds: int = 0
    matches: int = 0
    deals: int = 0
    players: int = 0
    # Matches whose result differs from the one the archive recorded (the rules engine
    # changed since the export): the files' paths.
    differences: list[str] = field(default_factory=list)


def archive_restore(*, tournament: Tournament, data: bytes, user: Any = None) -> RestoreSummary:
    """Restore an archive into `tournament`, which must have no matches yet: its settings,
    players, rounds (with their status and byes), every match with every deal (each checked
    and scored by the engine through the scoresheet import), the tables' scorers when their
    user names exist here; then the standings."""
    from config.api_errors import _flatten
    from scoring.services import DealRejected
    from tournaments.events.entries import players_ensure, round_ensure, scoresheet_import
    from tournaments.events.serializers import settings_errors
    from tournaments.standings.services import standings_refresh

    try:
        manifest, matches = archive_format.archive_read(data)
    except archive_format.ArchiveError as exc:
        raise ArchiveRefused([_error("file", exc.code, exc.message)]) from exc
    if tournament.matches.exists():
        raise ArchiveRefused(
            [
                _error(
                    None,
                    "tournament_not_empty",
                    _("An archive is restored into a tournament that has no matches yet."),
                )
            ],
            status=409,
        )
    settings = manifest.get("tournament") or {}
    too_long = _manifest_names_too_long(manifest)
    if too_long:  # before anything is written (PostgreSQL would refuse it with a 500)
        raise ArchiveRefused(too_long)
    # The change API's checks of each setting (a wrong type was a 500), an unknown key refused.
    if not isinstance(settings, dict):
        message = _("The settings are an object of name to value.")
        raise ArchiveRefused([_error("manifest.tournament", "bad_format", message)])
    refused = settings_errors(tournament, settings, allowed=PLAY_SETTINGS, ignored=("name", "club"))
    if refused:
        raise ArchiveRefused(_flatten(refused, "manifest.tournament"))
    summary = RestoreSummary()
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        updates = {k: settings[k] for k in PLAY_SETTINGS if k in settings}
        # The change API's own service: the settings checked together (sizes, bands, stage,
        # discipline against the game and each other), not only each on its own.
        try:
            tournament_update(tournament=locked, user=user, **updates)
            locked.full_clean(exclude=["club", "name", "organisers", "referees", "players"])
        except ValidationError as exc:
            raise ArchiveRefused(
                [
                    _error(f"manifest.tournament.{k}", e.code or "invalid", "; ".join(e.messages))
                    for k, errors in exc.error_dict.items()
                    for e in errors
                ]
                if hasattr(exc, "error_dict")
                else [_error("manifest.tournament", "invalid", "; ".join(exc.messages))]
            ) from exc
        names = [
            p["name"]
            for p in manifest.get("players") or []
            if isinstance(p, dict) and p.get("name")
        ]
        players_ensure(tournament=locked, names=names)
        try:
            teams_from_document(tournament=locked, players=manifest.get("players"), user=user)
        except ValidationError as exc:
            raise ArchiveRefused(
                [
                    _error(f"manifest.{field}", e.code or "invalid", "; ".join(e.messages))
                    for field, errors in exc.error_dict.items()
                    for e in errors
                ]
            ) from exc
        for rnd in manifest.get("rounds") or []:
            round_ensure(tournament=locked, number=int(rnd["number"]), status=rnd.get("status"))
        records = [{**m.record, "round": m.round, "table": m.table} for m in matches]
        try:
            imported = scoresheet_import(tournament=locked, records=records, user=user)
        except DealRejected as exc:
            raise ArchiveRefused(
                [
                    {**err, "file": matches[err["scoresheet"]].path}
                    if isinstance(err.get("scoresheet"), int) and err["scoresheet"] < len(matches)
                    else err
                    for err in exc.errors
                ]
            ) from exc
        except ValidationError as exc:
            raise ArchiveRefused([_error(None, "bad_archive", "; ".join(exc.messages))]) from exc
        # The archive's scorers, among those who may score this tournament's tables (a club
        # member, its staff): an archive cannot seat any account of the site.
        users = {
            u.get_username(): u
            for u in scorer_candidates(locked).filter(
                username__in={m.summary.get("scorer") for m in matches if m.summary.get("scorer")}
            )
        }
        for archived, match in zip(matches, imported, strict=True):
            summary.deals += len(archived.record.get("deals") or [])
            scorer = users.get(archived.summary.get("scorer") or "")
            if scorer is not None and match.table_id:
                Table.objects.filter(pk=match.table_id).update(
                    scorer=scorer, scorer_assigned_at=timezone.now()
                )
            if _differs(archived.summary, match.result or {}):
                summary.differences.append(archived.path)
        for rnd in manifest.get("rounds") or []:
            stored = Round.objects.get(tournament=locked, number=int(rnd["number"]))
            if rnd.get("status") in Round.Status.values and stored.status != rnd["status"]:
                stored.status = rnd["status"]
                stored.save(update_fields=["status"])
            byes = [b for b in rnd.get("byes") or [] if isinstance(b, str)]
            if byes:
                stored.byes.set(players_ensure(tournament=locked, names=byes))
        standings_refresh(tournament=locked)
        summary.rounds = locked.round_set.count()
        summary.matches = len(imported)
        summary.players = locked.entries.count()
    return summary


def _error(field: str | None, code: str, message: str) -> dict[str, Any]:
    return {"field": field, "code": code, "message": str(message)}


def _manifest_names_too_long(manifest: dict[str, Any]) -> list[dict[str, Any]]:
    """The manifest's player names longer than a display name holds (`name_too_long`, at
    `manifest.players.N.name`); the scoresheets' names are checked by the import."""
    from tournaments.clubs.models import Player
    from tournaments.events.setup import name_too_long

    players = manifest.get("players")
    out = []
    for index, player in enumerate(players if isinstance(players, list) else []):
        name = player.get("name") if isinstance(player, dict) else None
        refusal = name_too_long(name, Player, "display_name")
        if refusal is not None:
            out.append(
                _error(
                    f"manifest.players.{index}.name",
                    refusal.code or "name_too_long",
                    refusal.messages[0],
                )
            )
    return out
