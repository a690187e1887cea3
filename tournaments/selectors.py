"""Reads of the tournaments app for running the evening: tournaments, their rounds, tables and
matches. (Standings and pairings have their own modules.)"""

from __future__ import annotations

import ipaddress
from typing import Any, NamedTuple

from django.contrib.auth import get_user_model
from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils.translation import gettext as _

from config.lockouts import ADDRESS, Lockout, current_lockouts
from scoring.models import Match, Seat

from . import permissions as perms
from .models import Round, Table, Tournament


class Refusal(NamedTuple):
    """Why something may not be done: a code for the API and a message for people."""

    code: str
    message: str


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


def entry_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """The tournament's entries in seed order, each with how many matches the player has sat
    at and whether they have played (sat at a table or had a bye: withdrawn, never removed)."""
    entries = (
        tournament.entries.select_related("player")
        .annotate(
            matches=Count(
                "player__seats",
                filter=Q(player__seats__match__tournament=tournament),
                distinct=True,
            ),
            byes=Count(
                "player__bye_rounds",
                filter=Q(player__bye_rounds__tournament=tournament),
                distinct=True,
            ),
        )
        .order_by("seed", "id")
    )
    return [
        {
            "id": e.pk,
            "player": e.player_id,
            "name": e.player.display_name,
            "seed": e.seed,
            "withdrawn": e.withdrawn,
            "matches": e.matches,
            "played": bool(e.matches or e.byes),
        }
        for e in entries
    ]


# --- sign-in lockouts: which an organiser may lift --------------------------------------------


def lockout_people_of(user: Any) -> QuerySet[Any]:
    """The accounts taking part in the tournaments `user` organises: their co-organisers,
    referees, table scorers and the users of their entered players."""
    organised = Tournament.objects.filter(organisers=user)
    return (
        get_user_model()
        .objects.filter(
            Q(organised_tournaments__in=organised)
            | Q(refereed_tournaments__in=organised)
            | Q(scored_tables__round__tournament__in=organised)
            | Q(player__entries__tournament__in=organised)
        )
        .distinct()
    )


def _same_address(one: str | None, other: str | None) -> bool:
    try:
        return bool(one and other) and ipaddress.ip_address(one) == ipaddress.ip_address(other)
    except ValueError:
        return False


def lockout_refusal(*, user: Any, kind: str, value: str, address: str | None) -> Refusal | None:
    """Why `user`, asking from `address`, may not lift the lockout of the account or the
    address `value`; None when they may.

    Staff lift anything. An organiser (of any tournament) lifts the lockout of an account that
    takes part in one of their tournaments, but not a staff account's (its guesser would get
    fresh guesses at the keys of the site); and an address's only from that very address:
    they are at the club, on its Wi-Fi, and see for themselves who is locked out."""
    if not perms.can_manage_lockouts(user):
        return Refusal(
            "permission_denied", _("Only staff and tournament organisers can lift lockouts.")
        )
    if user.is_staff or user.is_superuser:
        return None
    if kind == ADDRESS:
        if _same_address(value, address):
            return None
        return Refusal(
            "other_address",
            _(
                "An address is unlocked only from that address: lift it from the club's own "
                "connection."
            ),
        )
    # Membership first: an organiser probing usernames learns nothing of who is staff.
    target = get_user_model().objects.filter(username=value).first()
    if target is None or not lockout_people_of(user).filter(pk=target.pk).exists():
        return Refusal(
            "not_in_your_tournaments",
            _("You can unlock only the accounts of the people in your tournaments."),
        )
    if target.is_staff or target.is_superuser:
        return Refusal("staff_account", _("Only staff can unlock a staff account."))
    return None


def lockouts_liftable(*, user: Any, address: str | None) -> list[Lockout]:
    """The sign-in lockouts in force now that `user`, asking from `address`, may lift."""
    return [
        lockout
        for lockout in current_lockouts()
        if lockout_refusal(user=user, kind=lockout.kind, value=lockout.value, address=address)
        is None
    ]
