"""Writes that run a tournament's evening [ход турнира]: rounds opened, closed and timed,
a round's matches closed, scorers assigned to tables, the tournament finished and reopened, and
each of these in the round's history. (A tournament's settings: `events.setup`; its entrants
and imports: `events.entries`; pairing and standings have their own packages.)
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import games
from scoring import services as scoring_services
from tournaments.clubs import permissions as perms
from tournaments.events import selectors, signals
from tournaments.events.models import Round, RoundEvent, Table, Tournament


class RoundRefused(Exception):
    """A round's change refused: `code` (stable), `message` (in the user's language)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def round_event_record(
    *,
    round: Round,
    kind: str,
    user: Any,
    reason: str,
    match: Any = None,
    deal: int | None = None,
) -> RoundEvent:
    """Keep in the round's history what was changed with a reason (the standings' notes)."""
    return RoundEvent.objects.create(
        round=round,
        kind=kind,
        match=match,
        table_number=match.table.number if match is not None and match.table_id else None,
        deal_number=deal,
        user=user if user is not None and user.is_authenticated else None,
        reason=scoring_services.reason_clean(reason),
    )


def round_open(*, round: Round, user: Any = None, reason: str = "") -> Round:
    """Open a round: its scorers may now enter deals. The tournament starts running.

    Opening a closed round again unsettles its results: the organiser's act only (not the
    referee's: `organiser_only`), with a reason (`reason_required`), kept in the round's
    history."""
    from tournaments.clubs import permissions

    reason = scoring_services.reason_clean(reason)
    reopening = round.status == Round.Status.CLOSED
    if reopening and not permissions.is_organiser(user, round.tournament):
        raise RoundRefused("organiser_only", _("Only the organiser opens a closed round again."))
    if reopening and not reason:
        raise RoundRefused("reason_required", _("Say why the closed round is opened again."))
    with transaction.atomic():
        if reopening:
            round_event_record(
                round=round, kind=RoundEvent.Kind.ROUND_REOPENED, user=user, reason=reason
            )
        round.status = Round.Status.OPEN
        round.opened_at = round.opened_at or timezone.now()
        tournament = round.tournament
        if round.ends_at is None and tournament.round_minutes:
            round.ends_at = round.opened_at + timedelta(minutes=tournament.round_minutes)
        round.save(update_fields=["status", "opened_at", "ends_at"])
        if tournament.status != Tournament.Status.RUNNING:
            # A draft starts; a finished tournament whose round is opened again runs again.
            _status_set(tournament, Tournament.Status.RUNNING, user)
        if round.byes.exists():
            # A bye scores once its round is played (docs/tournaments.md, "Byes").
            signals.standings_stale.send(sender=Tournament, tournament_id=tournament.pk)
    return round


def round_close(*, round: Round, user: Any = None) -> Round:
    """Close a round: scorers can no longer enter or correct (the referee and organiser still
    can). The last planned round closed (the final's too: it is the last round) finishes the
    tournament (`tournament_finish_if_played`)."""
    round.status = Round.Status.CLOSED
    round.closed_at = timezone.now()
    round.save(update_fields=["status", "closed_at"])
    if round.byes.exists():
        # A round closed without being opened: its byes count from now on.
        signals.standings_stale.send(sender=Tournament, tournament_id=round.tournament_id)
    tournament_finish_if_played(tournament=round.tournament, user=user)
    return round


def tournament_all_played(tournament: Tournament) -> bool:
    """Every planned round (1 … `rounds`, the final included) is closed."""
    closed = set(
        tournament.round_set.filter(status=Round.Status.CLOSED).values_list("number", flat=True)
    )
    return tournament.rounds > 0 and closed >= set(range(1, tournament.rounds + 1))


def _status_set(tournament: Tournament, status: str, user: Any) -> Tournament:
    tournament.status = status
    tournament._history_user = user
    tournament.save(update_fields=["status"])
    return tournament


def tournament_finish_if_played(*, tournament: Tournament, user: Any = None) -> bool:
    """Finish [турнир окончен] a running tournament once its last planned round is closed.
    Whether it did."""
    if tournament.status != Tournament.Status.RUNNING or not tournament_all_played(tournament):
        return False
    _status_set(tournament, Tournament.Status.FINISHED, user)
    return True


def tournament_finish(*, tournament: Tournament, user: Any) -> Tournament:
    """The organiser finishes the tournament (an evening that ends before its planned
    rounds; a tournament finished by hand after an import)."""
    if not perms.is_organiser(user, tournament):
        raise RoundRefused("organiser_only", _("Only the organiser finishes the tournament."))
    if tournament.status == Tournament.Status.FINISHED:
        raise RoundRefused("already_finished", _("The tournament is already finished."))
    if tournament.round_set.filter(status=Round.Status.OPEN).exists():
        raise RoundRefused(
            "round_open", _("A round is still open: close it before finishing the tournament.")
        )
    return _status_set(tournament, Tournament.Status.FINISHED, user)


def tournament_reopen(*, tournament: Tournament, user: Any) -> Tournament:
    """The organiser takes a finished tournament up again (a round to add, a result to
    amend): it is running again until its last round is closed again or they finish it."""
    if not perms.is_organiser(user, tournament):
        raise RoundRefused("organiser_only", _("Only the organiser reopens the tournament."))
    if tournament.status != Tournament.Status.FINISHED:
        raise RoundRefused("not_finished", _("The tournament is not finished."))
    return _status_set(tournament, Tournament.Status.RUNNING, user)


def round_clock_set(*, round: Round, minutes: int | None, user: Any = None) -> Round:
    """Set (or with None clear) the round clock: time is up `minutes` from now."""
    round.ends_at = timezone.now() + timedelta(minutes=minutes) if minutes else None
    round.save(update_fields=["ends_at"])
    return round


def round_matches_close(*, round: Round, user: Any) -> list[Any]:
    """Time is up and every table has played out the deal it had started: close each match
    of the round still in play whose game ends on time (`scoring.services.match_close`).
    Returns the matches closed. A closed round's tables stay as they are (closing one is
    then the organiser's act at that table, with a reason)."""
    from scoring.models import Match

    if round.status == Round.Status.CLOSED:
        return []
    closed = []
    for match in Match.objects.filter(round=round, status=Match.Status.OPEN, closed=False):
        if games.game_get(match.game).closes_on_time(match.ruleset, match.conventions):
            closed.append(scoring_services.match_close(match=match, user=user).match)
    return closed


def table_assign_scorer(*, table: Table, scorer: Any, candidates: set[int] | None = None) -> Table:
    """Give the table to a scorer (or take it away with None): one of `candidates` (user
    ids; by default selectors.scorer_candidates: a club member, the tournament's staff, or a
    scorer of it already), else ValidationError `not_club_member`."""
    if scorer is not None and scorer.pk != table.scorer_id:
        if candidates is None:
            tournament = Tournament.objects.get(pk=table.round.tournament_id)
            candidates = set(selectors.scorer_candidates(tournament).values_list("pk", flat=True))
        if scorer.pk not in candidates:
            raise ValidationError(
                {
                    "scorer": ValidationError(
                        _("Only a member of the club can score its tables."),
                        code="not_club_member",
                    )
                }
            )
    table.scorer = scorer
    table.scorer_assigned_at = timezone.now() if scorer is not None else None
    table.save(update_fields=["scorer", "scorer_assigned_at"])
    return table


def tables_assign_scorers(*, tables: Iterable[Table], scorers: dict[int, Any]) -> None:
    """Assign many tables at once: {table id: user or None}. Who may score is read once,
    before any change: two scorers swapping tables are both scorers of the tournament."""
    tables = list(tables)
    if not tables:
        return
    tournament = Tournament.objects.get(pk=tables[0].round.tournament_id)
    candidates = set(selectors.scorer_candidates(tournament).values_list("pk", flat=True))
    with transaction.atomic():
        for table in tables:
            if table.pk in scorers and table.scorer_id != getattr(scorers[table.pk], "pk", None):
                table_assign_scorer(table=table, scorer=scorers[table.pk], candidates=candidates)


# --- entries [регистрация игроков] ----------------------------------------------------------
