"""Reads of a club's people: whose sign-in lockouts a user may lift [блокировки входа], and
why not (the organiser's page and its API ask the same rule)."""

from __future__ import annotations

import ipaddress
from datetime import datetime
from typing import Any, NamedTuple

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from config.lockouts import ACCOUNT, ADDRESS, Lockout, current_lockouts, lockout_started_at
from tournaments.clubs import permissions as perms
from tournaments.clubs.models import ClubMember, Player
from tournaments.events.models import Table, Tournament


class Refusal(NamedTuple):
    """Why something may not be done: a code for the API and a message for people."""

    code: str
    message: str


def lockout_people_of(user: Any, *, since: datetime | None = None) -> QuerySet[Any]:
    """The accounts of the clubs `user` organises, related to the club since before `since`
    (the start of a lockout; None: now): its members and the users of its players, who joined
    before `since`; the organisers and referees of its tournaments; the scorers given one of
    its tables before `since`. A relation made after the lockout began does not count: an
    organiser cannot seat a locked account to lift its lockout. Roles belong to a club (issue
    31): organising a tournament of another club gives no power over that club's people."""
    since = since or timezone.now()
    clubs = perms.clubs_organised(user).values("pk")
    tournaments = Tournament.objects.filter(club__in=clubs).values("pk")
    User = get_user_model()
    related = (
        ClubMember.objects.filter(club__in=clubs, created_at__lt=since).values("user_id"),
        Player.objects.filter(club__in=clubs, created_at__lt=since, user__isnull=False).values(
            "user_id"
        ),
        Tournament.organisers.through.objects.filter(tournament__in=tournaments).values("user_id"),
        Tournament.referees.through.objects.filter(tournament__in=tournaments).values("user_id"),
        Table.objects.filter(
            round__tournament__in=tournaments, scorer_assigned_at__lt=since
        ).values("scorer_id"),
    )
    found = Q(pk__in=related[0])
    for ids in related[1:]:
        found |= Q(pk__in=ids)
    return User.objects.filter(found)


def _same_address(one: str | None, other: str | None) -> bool:
    if not one or not other:
        return False
    try:
        return ipaddress.ip_address(one) == ipaddress.ip_address(other)
    except ValueError:
        return False


def lockout_refusal(*, user: Any, kind: str, value: str, address: str | None) -> Refusal | None:
    """Why `user`, asking from `address`, may not lift the lockout of the account or the
    address `value`; None when they may.

    Staff lift anything. A club's organiser lifts the lockout of an account related to their
    club since before the lockout began (`lockout_people_of`), but
    not a staff account's (its guesser would get fresh guesses at the keys of the site), with
    one refusal `not_yours_to_lift` for all of these; and an address's only from that very
    address: they are at the club, on its Wi-Fi, and see for themselves who is locked out."""
    if not perms.can_manage_lockouts(user):
        return Refusal("permission_denied", _("Only staff and club organisers can lift lockouts."))
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
    # One refusal for every account that is not theirs to lift (none, staff, unrelated, or
    # related only since the lockout began): probing usernames tells nothing of who is staff.
    target = get_user_model().objects.filter(username=value).first()
    since = lockout_started_at(ACCOUNT, value)
    if (
        target is None
        or target.is_staff
        or target.is_superuser
        or not lockout_people_of(user, since=since).filter(pk=target.pk).exists()
    ):
        return Refusal(
            "not_yours_to_lift",
            _(
                "You can unlock only the accounts of your club's people since before the "
                "lockout; for any other, ask the site's staff."
            ),
        )
    return None


def lockouts_liftable(*, user: Any, address: str | None) -> list[Lockout]:
    """The sign-in lockouts in force now that `user`, asking from `address`, may lift."""
    return [
        lockout
        for lockout in current_lockouts()
        if lockout_refusal(user=user, kind=lockout.kind, value=lockout.value, address=address)
        is None
    ]
