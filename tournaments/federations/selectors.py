"""Reads of federations: their clubs, the tournaments of those clubs a visitor may see, who
organises them, the invitations a club has, and the rating replay's progress."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, QuerySet

from tournaments.clubs import permissions as perms
from tournaments.clubs.models import Club
from tournaments.events.models import Tournament
from tournaments.federations.models import Federation, FederationClub, FederationOrganiser


def is_federation_organiser(user: Any, federation: Federation) -> bool:
    """A federation's organisers, and the site's staff."""
    if not (user is not None and user.is_authenticated) or perms.is_card_session(user):
        return False
    if user.is_staff or user.is_superuser:
        return True
    return FederationOrganiser.objects.filter(federation=federation, user=user).exists()


def federations_list() -> QuerySet[Federation]:
    """Every federation with the number of its clubs, by name."""
    return Federation.objects.annotate(
        club_count=Count("links", filter=Q(links__joined_at__isnull=False))
    ).order_by("name")


def federation_clubs(federation: Federation) -> QuerySet[Club]:
    """The clubs that joined, by name."""
    return Club.objects.filter(
        federation_links__federation=federation, federation_links__joined_at__isnull=False
    ).order_by("name")


def federation_invited(federation: Federation) -> QuerySet[FederationClub]:
    """The clubs invited that have not answered yet."""
    return FederationClub.objects.filter(
        federation=federation, joined_at__isnull=True
    ).select_related("club")


def federation_tournaments(federation: Federation, user: Any) -> QuerySet[Tournament]:
    """The tournaments of its clubs `user` may see, newest first, with their club."""
    return (
        perms.visible_tournaments(user)
        .filter(
            club__federation_links__federation=federation,
            club__federation_links__joined_at__isnull=False,
        )
        .select_related("club")
        .order_by("-created_at", "-pk")
    )


def club_invitations(user: Any) -> QuerySet[FederationClub]:
    """Invitations to join a federation waiting for a club `user` organises."""
    if not (user is not None and user.is_authenticated):
        return FederationClub.objects.none()
    return FederationClub.objects.filter(
        joined_at__isnull=True, club__in=perms.clubs_organised(user).values("pk")
    ).select_related("club", "federation")


def clubs_to_invite(federation: Federation) -> QuerySet[Club]:
    """The clubs a federation organiser may invite: those neither in nor invited."""
    return Club.objects.exclude(federation_links__federation=federation).order_by("name")
