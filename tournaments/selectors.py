"""Reads of the tournaments app for running the evening: tournaments, their rounds, tables and
matches. (Standings and pairings have their own modules.)"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet

from scoring.models import Match, Seat

from . import permissions as perms
from .models import Round, Table, Tournament


def tournaments_visible(user: Any) -> QuerySet[Tournament]:
    return perms.visible_tournaments(user).select_related("club")


def tournaments_published() -> QuerySet[Tournament]:
    return Tournament.objects.filter(published=True).select_related("club")


def tournament_matches(
    tournament: Tournament, *, status: str | None = None, round_number: int | None = None
) -> QuerySet[Match]:
    """The tournament's matches with everything a list needs joined or prefetched."""
    qs = (
        Match.objects.filter(tournament=tournament)
        .select_related("round", "table", "table__scorer")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
        )
        .order_by("round__number", "table__number", "id")
    )
    if status:
        qs = qs.filter(status=status)
    if round_number is not None:
        qs = qs.filter(round__number=round_number)
    return qs


def match_row(match: Match) -> dict[str, Any]:
    """One line of a tournament's match list: `id`, round, table, players, scorer, status."""
    names = [seat.player.display_name for seat in match.seats.all()]
    result = match.result or {}
    return {
        "id": match.pk,
        "round": match.round.number if match.round_id else None,
        "table": match.table.number if match.table_id else None,
        "players": names,
        "scorer": match.table.scorer.get_username()
        if match.table_id and match.table.scorer_id
        else None,
        "status": match.status,
        "version": match.version,
        "match": result.get("match") or {name: 0 for name in names},
        "deals": len(result.get("deals") or []),
        "winner": result.get("winner"),
        "reason": result.get("reason"),
    }


def tournament_rounds(tournament: Tournament) -> QuerySet[Round]:
    return tournament.round_set.prefetch_related(
        Prefetch(
            "tables",
            queryset=Table.objects.select_related("scorer", "match").order_by("number"),
        )
    ).order_by("number")


def open_round(tournament: Tournament) -> Round | None:
    return tournament.round_set.filter(status=Round.Status.OPEN).order_by("-number").first()


def tables_of_scorer(user: Any) -> QuerySet[Table]:
    """A signed-in scorer's tables in open rounds ("my tables")."""
    if not user.is_authenticated:
        return Table.objects.none()
    return (
        Table.objects.filter(scorer=user, round__status=Round.Status.OPEN)
        .select_related("round", "round__tournament", "match")
        .order_by("round__tournament__name", "round__number", "number")
    )
