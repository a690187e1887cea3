"""People of a club and of a tournament (issue 20): club members, invitations, a tournament's
staff (referees, co-organisers, scorers at tables), appointed by the organiser on the pages
and the API without Django's admin.

Invitations: the organiser adds a person to the club with a role (and, for a player, their
player record) and gets a one-time link; whoever opens it sets a password and gets an account
whose sign-in name the service makes (the person never types a username, so the page never
tells whether one exists). Only the secret's SHA-256 is kept; a link is single-use, revocable
and expires (INVITATION_TTL_DAYS, 7 by default).

Sign-in lockouts lifted by an organiser (`lockout_lift`), as `clubs.selectors.lockout_refusal`
allows, each lift logged and counted.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from config import lockouts
from config.lockouts import Lockout
from tournaments.clubs import selectors as clubs_selectors
from tournaments.clubs.models import ClubMember, Invitation, LockoutLift, Player
from tournaments.clubs.names import (
    NameRefused,
    name_clean,
)
from tournaments.clubs.table_cards import CARD_USERNAME_PREFIX, token_hash, token_new
from tournaments.events import selectors
from tournaments.events.models import Round, Table, Tournament
from tournaments.people import selectors as people_selectors

ROLES = ("referee", "organiser", "scorer")
# One letter is a search too (a short Cyrillic name, an initial): at most SEARCH_LIMIT found,
# and the page says when there are more.
SEARCH_MIN = 1
SEARCH_LIMIT = 20


# Security events (a lockout lifted), at WARNING: the default LOG_LEVEL keeps them.
security_log = logging.getLogger("deberc.security")


def _refuse(field: str, code: str, message: str) -> ValidationError:
    return ValidationError({field: ValidationError(message, code=code)})


# --- club members -----------------------------------------------------------------------------


def club_members(club: Any) -> QuerySet[Any]:
    """The club's people with an account: members (ClubMember) and the users of its players.
    Never a table card's account. The membership is an EXISTS and the player a one-to-one
    join: no row is repeated, so no DISTINCT over the club's thousands (issue 31)."""
    club_id = getattr(club, "pk", club)
    return (
        get_user_model()
        .objects.filter(is_active=True)
        .filter(
            Q(Exists(ClubMember.objects.filter(user_id=OuterRef("pk"), club_id=club_id)))
            | Q(player__club_id=club_id)
            | people_selectors.guest_users(club_id)
        )
        .exclude(username__startswith=CARD_USERNAME_PREFIX)
        .order_by("username")
    )


def club_members_search(*, club: Any, query: str) -> list[Any]:
    """The search box of the staff page: members whose sign-in name, name or player name
    contains `query` (at least SEARCH_MIN characters), at most SEARCH_LIMIT + 1 (one more
    than shown tells the page there are more). Each carries `club_role`, their role in the
    club (None for a player without a membership): the role the page offers first."""
    query = " ".join(str(query or "").split())
    if len(query) < SEARCH_MIN:
        return []
    club_id = getattr(club, "pk", club)
    return list(
        club_members(club)
        .filter(
            Q(username__icontains=query)
            | Q(first_name__icontains=query)
            | Q(last_name__icontains=query)
            | Q(player__display_name__icontains=query)
        )
        .annotate(
            club_role=Subquery(
                ClubMember.objects.filter(user_id=OuterRef("pk"), club_id=club_id).values("role")[
                    :1
                ]
            )
        )
        .select_related("player")[: SEARCH_LIMIT + 1]
    )


def member_rows(club: Any) -> list[dict[str, Any]]:
    roles = dict(ClubMember.objects.filter(club=club).values_list("user_id", "role"))
    labels = dict(ClubMember.Role.choices)
    rows = []
    for user in club_members(club).select_related("player"):
        player = getattr(user, "player", None)
        role = roles.get(user.pk, "player")
        rows.append(
            {
                "user": user,
                "username": user.get_username(),
                "role": role,
                "role_label": labels.get(role, role),
                "player": player.display_name if player is not None else "",
            }
        )
    return rows


# --- a tournament's staff -------------------------------------------------------------------


def _user_of(tournament: Tournament, user: Any) -> Any:
    """The club member named by id or sign-in name; the same refusal whether the account
    does not exist or is not of the club (an organiser learns nothing of other accounts)."""
    members = club_members(tournament.club) | selectors.scorer_candidates(tournament)
    found = None
    if isinstance(user, int) and not isinstance(user, bool):
        found = members.filter(pk=user).first()
    elif isinstance(user, str) and user.strip():
        value = user.strip()
        found = members.filter(username=value).first()
        if found is None and value.isdigit() and len(value) < 19:
            found = members.filter(pk=int(value)).first()
    if found is None or found.username.startswith(CARD_USERNAME_PREFIX):
        raise _refuse(
            "user",
            "not_club_member",
            _("No member of the club by that name: add them to the club first (an invitation)."),
        )
    return found


def _current_round(tournament: Tournament) -> Round | None:
    return tournament.round_set.exclude(status=Round.Status.CLOSED).order_by("-number").first()


def staff_add(
    *, tournament: Tournament, user: Any, role: Any, table: Any = None, by: Any = None
) -> dict[str, Any]:
    """Appoint a club member: `referee`, `organiser` (co-organiser) or `scorer` of a table
    (`table`: the table's number in the current round, or a Table)."""
    if role not in ROLES:
        raise _refuse("role", "invalid_choice", _("Choose referee, organiser or scorer."))
    person = _user_of(tournament, user)
    if role == "referee":
        tournament.referees.add(person)
        return {"user": person, "role": role, "table": None}
    if role == "organiser":
        tournament.organisers.add(person)
        return {"user": person, "role": role, "table": None}
    target = _table_of(tournament, table)
    from tournaments.events.services import table_assign_scorer

    table_assign_scorer(table=target, scorer=person)
    return {"user": person, "role": role, "table": target}


def _table_of(tournament: Tournament, table: Any) -> Table:
    if isinstance(table, Table):
        if table.round.tournament_id != tournament.pk:
            raise _refuse("table", "not_found", _("No such table in this tournament."))
        return table
    rnd = _current_round(tournament)
    if rnd is None:
        raise _refuse("table", "no_round", _("No round is paired: there is no table to score."))
    try:
        number = int(table)
    except (TypeError, ValueError):
        number = None
    if number is None or isinstance(table, bool):
        raise _refuse("table", "required", _("Say which table (its number in the round)."))
    found = rnd.tables.filter(number=number).select_related("round").first()
    if found is None:
        raise _refuse(
            "table",
            "not_found",
            _("Round %(round)s has no table %(table)s.") % {"round": rnd.number, "table": number},
        )
    return found


def staff_remove(*, tournament: Tournament, user: Any, by: Any = None) -> int:
    """Take a person off the tournament: organiser, referee, scorer of the tables of rounds
    not closed. The last organiser stays (`last_organiser`). Returns the roles removed."""
    person = get_user_model().objects.filter(pk=getattr(user, "pk", user)).first()
    if person is None:
        return 0
    removed = 0
    with transaction.atomic():
        if tournament.organisers.filter(pk=person.pk).exists():
            if tournament.organisers.count() <= 1:
                raise _refuse(
                    "user",
                    "last_organiser",
                    _("The tournament's only organiser stays: appoint another one first."),
                )
            tournament.organisers.remove(person)
            removed += 1
        if tournament.referees.filter(pk=person.pk).exists():
            tournament.referees.remove(person)
            removed += 1
        removed += (
            Table.objects.filter(round__tournament=tournament, scorer=person)
            .exclude(round__status=Round.Status.CLOSED)
            .update(scorer=None, scorer_assigned_at=None)
        )
    return removed


def staff_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """Who runs the tournament: organisers, referees, scorers of the tables of rounds not
    closed (with their table)."""
    rows: list[dict[str, Any]] = []
    for user in tournament.organisers.order_by("username"):
        rows.append(
            {"user": user, "role": "organiser", "role_label": _("Organiser"), "table": None}
        )
    for user in tournament.referees.order_by("username"):
        rows.append({"user": user, "role": "referee", "role_label": _("Referee"), "table": None})
    tables = (
        Table.objects.filter(round__tournament=tournament, scorer__isnull=False)
        .exclude(round__status=Round.Status.CLOSED)
        .select_related("scorer", "round")
        .order_by("round__number", "number")
    )
    for table in tables:
        rows.append(
            {"user": table.scorer, "role": "scorer", "role_label": _("Scorer"), "table": table}
        )
    return rows


def staff_document(tournament: Tournament) -> list[dict[str, Any]]:
    return [
        {
            "user": row["user"].pk,
            "username": row["user"].get_username(),
            "role": row["role"],
            "round": row["table"].round.number if row["table"] is not None else None,
            "table": row["table"].number if row["table"] is not None else None,
        }
        for row in staff_rows(tournament)
    ]


# --- invitations ----------------------------------------------------------------------------


@dataclass(frozen=True)
class IssuedInvitation:
    invitation: Invitation
    token: str

    @property
    def expires_at(self) -> datetime:
        return self.invitation.expires_at


def invitation_ttl() -> timedelta:
    return timedelta(days=getattr(settings, "INVITATION_TTL_DAYS", 7))


def invitation_create(
    *, club: Any, role: Any, player: Any = None, name: Any = "", by: Any = None
) -> IssuedInvitation:
    """A one-time link to the club for a new person with `role`; for a player, their player
    record (`player`: its id or a Player of the club, without an account yet)."""
    if role not in ClubMember.Role.values:
        raise _refuse("role", "invalid_choice", _("Choose player, scorer, referee or organiser."))
    record = None
    if player not in (None, ""):
        if isinstance(player, Player):
            record = player if player.club_id == club.pk else None
        elif isinstance(player, int) and not isinstance(player, bool):
            record = Player.objects.filter(club=club, pk=player).first()
        if record is None:
            raise _refuse("player", "not_found", _("No such player in the club."))
        if record.user_id is not None:
            raise _refuse("player", "player_has_account", _("This player has an account already."))
    name = " ".join(str(name or "").split())[:80]
    if name:  # optional, but by the one name policy when given (tournaments.clubs.names)
        try:
            name = name_clean(name)
        except NameRefused as exc:
            raise _refuse("name", exc.code, exc.message) from None
    token, digest = token_new()
    invitation = Invitation.objects.create(
        club=club,
        role=role,
        player=record,
        name=name or (record.display_name if record else ""),
        token_hash=digest,
        created_by=by if getattr(by, "is_authenticated", False) else None,
        expires_at=timezone.now() + invitation_ttl(),
    )
    return IssuedInvitation(invitation=invitation, token=token)


def invitation_revoke(*, invitation: Invitation) -> None:
    if invitation.used_at is None and invitation.revoked_at is None:
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])


def invitation_find(token: Any) -> Invitation | None:
    """The open invitation of a secret, else None (used, revoked, expired or never issued:
    one answer for all)."""
    if not isinstance(token, str) or not 16 <= len(token) <= 64:
        return None
    digest = token_hash(token)
    invitation = (
        Invitation.objects.select_related("club", "player").filter(token_hash=digest).first()
    )
    if invitation is None or not hmac.compare_digest(invitation.token_hash, digest):
        return None
    return invitation if invitation.state == "open" else None


# Cyrillic letters written in Latin for a sign-in name anyone can type on any phone, by the
# name's own language: Russian names by the Russian rules (Виктор → viktor), Ukrainian ones by
# Ukraine's official transliteration (Микола → mykola). A name shows its language by the
# letters only one alphabet has (ы э ё ъ; і ї є ґ); a name with none of them is read in the
# language of the page its owner opened the invitation in.
_RUSSIAN = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh",
    "з": "z", "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu",
    "я": "ya",
}  # fmt: skip
_UKRAINIAN = {
    "а": "a", "б": "b", "в": "v", "г": "h", "ґ": "g", "д": "d", "е": "e", "є": "ie",
    "ж": "zh", "з": "z", "и": "y", "і": "i", "ї": "i", "й": "i", "к": "k", "л": "l",
    "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u",
    "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ь": "", "ю": "iu",
    "я": "ia", "\u2019": "", "'": "",
}  # fmt: skip
_ONLY_RUSSIAN = set("ыэёъ")
_ONLY_UKRAINIAN = set("іїєґ")
USERNAME_MIN, USERNAME_MAX = 3, 30


def _name_language(name: str, language: str) -> str:
    letters = set(name.lower())
    if letters & _ONLY_UKRAINIAN and not letters & _ONLY_RUSSIAN:
        return "uk"
    if letters & _ONLY_RUSSIAN:
        return "ru"
    return "uk" if language == "uk" else "ru"


def _username_base(name: str, language: str = "ru") -> str:
    table = _UKRAINIAN if _name_language(name, language) == "uk" else _RUSSIAN
    latin = "".join(table.get(ch, ch) for ch in name.lower())
    base = slugify(latin).replace("-", ".")[:20].strip(".")
    return base or "member"


def _username_taken(username: str) -> bool:
    return get_user_model().objects.filter(username__iexact=username).exists()


def username_suggestion(invitation: Invitation, *, language: str = "ru") -> str:
    """The sign-in name the invitation's page offers: the person's name in Latin letters
    (viktor.sudeykin), with a short number only if that one is taken (viktor.sudeykin.2)."""
    base = _username_base(invitation.name or str(invitation.role), language)
    if not _username_taken(base):
        return base
    for number in range(2, 100):
        if not _username_taken(f"{base}.{number}"):
            return f"{base}.{number}"
    return f"{base}.{secrets.randbelow(9000) + 1000}"


def username_checked(username: Any) -> str:
    """A sign-in name the invited person chose: 3 to 30 letters, digits and . _ - @ +, not
    one a table card's account uses, not taken (in any case)."""
    from django.contrib.auth.validators import UnicodeUsernameValidator

    if not isinstance(username, str) or not username.strip():
        raise _refuse("username", "required", _("Choose a sign-in name."))
    username = username.strip()
    if not USERNAME_MIN <= len(username) <= USERNAME_MAX:
        raise _refuse(
            "username",
            "username_length",
            _("A sign-in name has %(min)s to %(max)s characters.")
            % {"min": USERNAME_MIN, "max": USERNAME_MAX},
        )
    try:
        UnicodeUsernameValidator()(username)
    except ValidationError:
        raise _refuse(
            "username",
            "username_invalid",
            _("A sign-in name has letters, digits and the signs . _ - @ + only, no spaces."),
        ) from None
    if username.lower().startswith(CARD_USERNAME_PREFIX.lower()):
        raise _refuse("username", "username_invalid", _("This sign-in name is reserved."))
    if _username_taken(username):
        raise _refuse(
            "username", "username_taken", _("This sign-in name is taken: choose another.")
        )
    return username


def invitation_accept(
    *,
    token: Any,
    password: Any,
    password_again: Any,
    username: Any = None,
    language: str = "ru",
) -> Any:
    """Open the account the invitation promised: the sign-in name the person chose (the page
    always sends one: a missing name is refused, never made up), the password they chose; a
    player's account linked to their player record; the person a member of the club.
    Single-use: two acceptances at once make one account. `username=None` (only the
    service's own callers, e.g. an import) takes the suggestion."""
    chosen = None if username is None else username_checked(username)
    if not isinstance(password, str) or not password:
        raise _refuse("password", "required", _("Choose a password."))
    if password != password_again:
        raise _refuse("password_again", "mismatch", _("The two passwords differ."))
    try:
        password_validation.validate_password(password)
    except ValidationError as exc:
        raise ValidationError({"password": exc.error_list}) from None
    with transaction.atomic():
        invitation = invitation_find(token)
        if invitation is not None:
            invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
        if invitation is None or invitation.state != "open":
            raise _refuse(
                "token",
                "invitation_invalid",
                _("This invitation link is not valid: used, revoked or expired."),
            )
        User = get_user_model()
        if chosen is not None:
            try:
                with transaction.atomic():
                    user = User.objects.create_user(username=chosen, password=password)
            except IntegrityError:  # taken between the check and now
                raise _refuse(
                    "username", "username_taken", _("This sign-in name is taken: choose another.")
                ) from None
        else:
            for _attempt in range(20):
                candidate = username_suggestion(invitation, language=language)
                try:
                    with transaction.atomic():
                        user = User.objects.create_user(username=candidate, password=password)
                    break
                except IntegrityError:
                    continue
            else:  # pragma: no cover - 20 collisions in a row
                raise _refuse("token", "busy", _("Try again."))
        if invitation.name:
            user.first_name = invitation.name[:150]
            user.save(update_fields=["first_name"])
        ClubMember.objects.update_or_create(
            club=invitation.club, user=user, defaults={"role": invitation.role}
        )
        if invitation.player_id is not None:
            Player.objects.filter(pk=invitation.player_id, user__isnull=True).update(user=user)
        invitation.used_at = timezone.now()
        invitation.user = user
        invitation.save(update_fields=["used_at", "user"])
    return user


def invitations_open(club: Any) -> QuerySet[Invitation]:
    return Invitation.objects.filter(
        club=club, used_at__isnull=True, revoked_at__isnull=True, expires_at__gt=timezone.now()
    ).select_related("player")


# --- sign-in lockouts ----------------------------------------------------------------------


class LockoutRefused(PermissionDenied):
    """The user may not lift this lockout (clubs_selectors.lockout_refusal says why)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class LockoutNotFound(Exception):
    """No lockout of that account or address is in force (lifted, or its cool-off passed)."""


def _lockout_lift_count(*, user: Any) -> None:
    """Refuse (`too_many_lifts`) a lift past LOCKOUT_LIFTS_PER_DAY in the last 24 hours. The
    organiser's user row is locked first (in the caller's transaction, until the lift is
    recorded): two lifts at once take turns, so the check and the count are one step and
    cannot both pass at the last lift allowed."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk").first()
    since = timezone.now() - timedelta(hours=24)
    if (
        LockoutLift.objects.filter(lifted_by=user, lifted_at__gte=since).count()
        >= settings.LOCKOUT_LIFTS_PER_DAY
    ):
        raise LockoutRefused(
            "too_many_lifts",
            _(
                "You have lifted %(n)s lockouts in the last 24 hours, the most an organiser "
                "may: ask the site's staff."
            )
            % {"n": settings.LOCKOUT_LIFTS_PER_DAY},
        )


def lockout_lift(*, user: Any, kind: str, value: str, address: str | None) -> Lockout:
    """Lift the sign-in lockout of one account or one address, as `user` asking from
    `address`: the failures counted against it are forgotten (and only against it:
    config.lockouts.lockout_forget), so its owner signs in at once. Who may lift what:
    clubs_selectors.lockout_refusal (LockoutRefused); nothing locked: LockoutNotFound. Returns the
    lockout as it was. Logged (`deberc.security`): who lifted what, from where."""
    if kind not in lockouts.KINDS:
        raise LockoutNotFound(kind)
    # Who may comes first: a refusal says nothing of what is locked.
    refusal = clubs_selectors.lockout_refusal(user=user, kind=kind, value=value, address=address)
    if refusal is not None:
        raise LockoutRefused(refusal.code, refusal.message)
    staff = user.is_staff or user.is_superuser
    if kind == lockouts.ADDRESS:
        # Not an address: nothing to look up (PostgreSQL's inet column would refuse it).
        try:
            value = str(ipaddress.ip_address(value))
        except ValueError:
            raise LockoutNotFound(value) from None
    with transaction.atomic():
        if not staff:
            _lockout_lift_count(user=user)
        found = lockouts.current_lockouts(kind, value)
        if not found:
            raise LockoutNotFound(value)
        lockouts.lockout_forget(kind=kind, value=found[0].value)
        if not staff:
            LockoutLift.objects.create(lifted_by=user, kind=kind, value=found[0].value)
    security_log.warning(
        "Sign-in lockout lifted",
        extra={
            "lockout_kind": kind,
            "lockout_value": found[0].value,
            "failures": found[0].failures,
            "lifted_by": user.get_username(),
            "lifted_from": address,
        },
    )
    return found[0]
