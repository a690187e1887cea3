"""Sign-in lockouts (django-axes, database handler): who is locked out now, and lifting one.

django-axes records each wrong password as a row per (username, address, user agent) with a
failure count. An account is locked once its rows in the cool-off window add up to
AXES_FAILURE_LIMIT; an address once its rows add up to AXES_ADDRESS_FAILURE_LIMIT, higher,
because a club's phones share one public address (NAT on the club's Wi-Fi): a few typos by
several members must not lock the whole club out, while a guesser trying many passwords on
one account, or spraying many accounts from one address, is still stopped.

The per-address limit rides on django-axes' documented callable AXES_LOCKOUT_PARAMETERS
(`lockout_parameters` below): the address counts as a lockout parameter only once it has
reached its own limit, and from then on its count (at least AXES_ADDRESS_FAILURE_LIMIT, never
below AXES_FAILURE_LIMIT: settings enforce it) is over django-axes' AXES_FAILURE_LIMIT.

Who may lift what is the tournaments app's rule (tournaments.clubs.services.lockout_lift); this
module only reads and changes django-axes' rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from axes.models import AccessAttempt, AccessBase
from django.conf import settings
from django.db import transaction
from django.db.models import Max, Min, QuerySet, Sum
from django.utils import timezone

from .security import client_ip

ACCOUNT: Literal["account"] = "account"
ADDRESS: Literal["address"] = "address"
KINDS = (ACCOUNT, ADDRESS)
# The AccessAttempt column each kind of lockout counts.
FIELD = {ACCOUNT: "username", ADDRESS: "ip_address"}


@dataclass(frozen=True)
class Lockout:
    kind: str  # "account" or "address"
    value: str  # the username, or the address
    failures: int
    last_failure_at: datetime
    # When the lock ends by itself (the cool-off), or None: until someone lifts it.
    locked_until: datetime | None


def _cool_off() -> timedelta | None:
    return settings.AXES_COOLOFF_TIME


def _recent() -> QuerySet[AccessAttempt]:
    """The failures that still count: those within the cool-off (all without one)."""
    attempts = AccessAttempt.objects.all()
    cool_off = _cool_off()
    if cool_off is not None:
        attempts = attempts.filter(attempt_time__gte=timezone.now() - cool_off)
    return attempts


def limit_of(kind: str) -> int:
    if kind == ADDRESS:
        return settings.AXES_ADDRESS_FAILURE_LIMIT
    return settings.AXES_FAILURE_LIMIT


def address_failures(address: str | None) -> int:
    if not address:
        return 0
    total = _recent().filter(ip_address=address).aggregate(n=Sum("failures_since_start"))["n"]
    return total or 0


def lockout_parameters(request_or_attempt: Any, credentials: dict | None = None) -> list[str]:
    """AXES_LOCKOUT_PARAMETERS: always the account; the address too once it has reached
    AXES_ADDRESS_FAILURE_LIMIT failures (django-axes then locks everyone signing in from it)."""
    if isinstance(request_or_attempt, AccessBase):
        address = request_or_attempt.ip_address
    else:
        address = getattr(request_or_attempt, "axes_ip_address", None) or client_ip(
            request_or_attempt
        )
    if address_failures(address) >= settings.AXES_ADDRESS_FAILURE_LIMIT:
        return ["username", "ip_address"]
    return ["username"]


def _locked_until(kind: str, value: str, total: int) -> datetime | None:
    """The lock ends when enough of the oldest failures leave the cool-off window for the
    count to drop under the limit (a row's time is its latest failure)."""
    cool_off = _cool_off()
    if cool_off is None:
        return None
    rows = _recent().filter(**{FIELD[kind]: value}).order_by("attempt_time")
    limit = limit_of(kind)
    for attempt_time, failures in rows.values_list("attempt_time", "failures_since_start"):
        total -= failures
        if total < limit:
            return attempt_time + cool_off
    return None  # not reached: the rows changed meanwhile


def lockout_started_at(kind: str, value: str) -> datetime | None:
    """The earliest failure time still counted against the account or address (a row's time
    is its latest failure, so this is at most when the lock began); None: nothing counted."""
    return _recent().filter(**{FIELD[kind]: value}).aggregate(first=Min("attempt_time"))["first"]


def current_lockouts(kind: str | None = None, value: str | None = None) -> list[Lockout]:
    """The accounts and addresses locked out now, newest failure first (or the one asked)."""
    found: list[Lockout] = []
    for each in KINDS if kind is None else (kind,):
        field = FIELD[each]
        groups = _recent().exclude(**{f"{field}__isnull": True})
        if value is not None:
            groups = groups.filter(**{field: value})
        groups = (
            groups.values(field)
            .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
            .filter(failures__gte=limit_of(each))
            .order_by("-last")
        )
        for row in groups:
            found.append(
                Lockout(
                    kind=each,
                    value=str(row[field]),
                    failures=row["failures"],
                    last_failure_at=row["last"],
                    locked_until=_locked_until(each, row[field], row["failures"]),
                )
            )
    found.sort(key=lambda lockout: lockout.last_failure_at, reverse=True)
    return found


def lockout_forget(*, kind: str, value: str) -> int:
    """Forget the failures counted against one account or one address, and only against it.

    django-axes' own reset (`axes_reset_username`, `axes_reset_ip`) deletes the rows, which
    would also wipe what they count against the other side: lifting a club's address would
    unlock every account guessed at from it, and lifting an account would give its guesser's
    address a fresh count. Here the rows stay and lose only the lifted side (the column set
    to NULL), merged with a row already detached the same way, so that django-axes still finds
    one row per (username, address, user agent). A row that then counts against nothing is
    deleted. Returns the number of rows changed."""
    field = FIELD[kind]
    other = FIELD[ADDRESS] if kind == ACCOUNT else FIELD[ACCOUNT]
    with transaction.atomic():
        rows = list(AccessAttempt.objects.select_for_update().filter(**{field: value}))
        for row in rows:
            if getattr(row, other) is None:
                row.delete()
                continue
            twin = (
                AccessAttempt.objects.select_for_update()
                .filter(
                    **{f"{field}__isnull": True, other: getattr(row, other)},
                    user_agent=row.user_agent,
                )
                .first()
            )
            if twin is None:
                setattr(row, field, None)
                row.save(update_fields=[field])
                continue
            twin.failures_since_start += row.failures_since_start
            twin.attempt_time = max(twin.attempt_time, row.attempt_time)
            twin.save(update_fields=["failures_since_start", "attempt_time"])
            row.delete()
    return len(rows)
