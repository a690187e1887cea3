"""Writes of federations [федерации]: made by the site's staff with their first organiser; a
federation organiser invites a club and a club organiser accepts (a club is never put in a
federation by the federation alone, nor leaves one by it); the rating replay a federation
organiser starts.

Ratings stay one per person and game, replayed across every club in the order the matches
finished: a federation ranks those ratings over its clubs' tournaments
(`live.leaderboard.federation_scope`), it keeps no ratings of its own."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.clubs import permissions as perms
from tournaments.clubs.models import Club
from tournaments.clubs.names import NameRefused, name_clean, name_key
from tournaments.federations.models import Federation, FederationClub, FederationOrganiser
from tournaments.federations.selectors import is_federation_organiser

NAME_MAX = 120
CITY_MAX = 80


def _refuse(field: str, code: str, message: str) -> ValidationError:
    return ValidationError({field: ValidationError(message, code=code)})


def _organised(federation: Federation, by: Any) -> None:
    if not is_federation_organiser(by, federation):
        raise PermissionDenied(_("Only the federation's organisers do this."))


def federation_create(*, name: Any, city: Any = "", organiser: Any = None, by: Any) -> Federation:
    """A new federation (the site's staff), with its first organiser (an account) if given."""
    if not (by is not None and by.is_authenticated and (by.is_staff or by.is_superuser)):
        raise PermissionDenied(_("Only the site's staff makes a federation."))
    try:
        clean = name_clean(str(name or ""))
    except NameRefused as exc:
        raise _refuse("name", exc.code, exc.message) from None
    if len(clean) > NAME_MAX:
        raise _refuse("name", "max_length", _("At most %(n)s characters.") % {"n": NAME_MAX})
    city = " ".join(str(city or "").split())
    if len(city) > CITY_MAX:
        raise _refuse("city", "max_length", _("At most %(n)s characters.") % {"n": CITY_MAX})
    with transaction.atomic():
        # Compared by the names' keys (any case, any look-alike letters), in Python: the
        # databases' lower() is ASCII-only on SQLite; federations are few.
        taken = {name_key(n) for n in Federation.objects.values_list("name", flat=True)}
        if name_key(clean) in taken:
            raise _refuse("name", "name_taken", _("A federation of this name exists already."))
        federation = Federation.objects.create(name=clean, city=city)
        if organiser is not None:
            FederationOrganiser.objects.create(federation=federation, user=organiser)
    return federation


def federation_organiser_add(*, federation: Federation, user: Any, by: Any) -> None:
    _organised(federation, by)
    if isinstance(user, str):
        user = get_user_model().objects.filter(username=user, is_active=True).first()
    if user is None or not getattr(user, "pk", None):
        raise _refuse("user", "not_found", _("No such account."))
    FederationOrganiser.objects.get_or_create(federation=federation, user=user)


def federation_club_invite(*, federation: Federation, club: Any, by: Any) -> FederationClub:
    """A federation organiser invites a club; it is in once a club organiser accepts."""
    _organised(federation, by)
    if isinstance(club, int) and not isinstance(club, bool):
        club = Club.objects.filter(pk=club).first()
    if not isinstance(club, Club):
        raise _refuse("club", "not_found", _("No such club."))
    with transaction.atomic():
        link, created = FederationClub.objects.get_or_create(
            federation=federation, club=club, defaults={"invited_by": by}
        )
        if not created:
            if link.joined_at is not None:
                raise _refuse("club", "already_member", _("The club is in the federation already."))
            raise _refuse("club", "already_invited", _("The club is invited already."))
    return link


def federation_club_join(*, federation: Federation, club: Club, by: Any) -> FederationClub:
    """A club organiser accepts the federation's invitation: its tournaments count for the
    federation from now on (and those played before: the leaderboard reads them all)."""
    if not perms.can_manage_club(by, club):
        raise PermissionDenied(_("Only the club's organisers answer for the club."))
    with transaction.atomic():
        link = (
            FederationClub.objects.select_for_update()
            .filter(federation=federation, club=club)
            .first()
        )
        if link is None:
            raise _refuse("club", "not_invited", _("The federation has not invited this club."))
        if link.joined_at is not None:
            raise _refuse("club", "already_member", _("The club is in the federation already."))
        link.joined_at = timezone.now()
        link.save(update_fields=["joined_at"])
    return link


def federation_club_leave(*, federation: Federation, club: Club, by: Any) -> None:
    """A club leaves (its organiser), or an invitation is taken back or refused (either
    side): its tournaments no longer count for the federation."""
    if not (perms.can_manage_club(by, club) or is_federation_organiser(by, federation)):
        raise PermissionDenied(_("Only the club's or the federation's organisers do this."))
    deleted, _rows = FederationClub.objects.filter(federation=federation, club=club).delete()
    if not deleted:
        raise _refuse("club", "not_member", _("The club is not in the federation."))


def federation_ratings_replay(*, federation: Federation, by: Any) -> None:
    """Replay every rating from scratch in the background (the matches of every club, in the
    order they finished): after merges, or to check the figures. Its progress shows on the
    federation's page."""
    _organised(federation, by)
    from tournaments.reports.watchdog import ratings_replay_request

    transaction.on_commit(ratings_replay_request)
