"""Clubs and their people [клубы и люди]: a club, its players, its members with their roles,
invitations, sign-in lockouts lifted, table cards and a user's profile."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    """A club [клуб] that runs tournaments."""

    name = models.CharField(_("name"), max_length=120, unique=True)
    city = models.CharField(_("city"), max_length=80, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """A player [игрок] of a club; the display name may be Cyrillic or Latin."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="players")
    display_name = models.CharField(_("display name"), max_length=80)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="player",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "display_name"], name="player_unique_in_club")
        ]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.display_name


class LockoutLift(models.Model):
    """A sign-in lockout lifted by a user who is not staff: what, and when. An organiser's
    lifts in the last 24 hours are counted against LOCKOUT_LIFTS_PER_DAY from these rows,
    with the organiser's user row locked, so that two lifts at once cannot both pass the
    cap (tournaments.clubs.services.lockout_lift)."""

    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lockout_lifts"
    )
    kind = models.CharField(max_length=8)
    value = models.CharField(max_length=255)
    lifted_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-lifted_at"]

    def __str__(self) -> str:
        return f"{self.kind} {self.value} lifted by {self.lifted_by_id}"


# --- people at the table: club members, invitations, table cards (issue 20) ----------------


class ClubMember(models.Model):
    """A person of a club [член клуба] with an account, and what they came to do there: the
    organiser appoints a tournament's referees, co-organisers and scorers among them."""

    class Role(models.TextChoices):
        PLAYER = "player", _("Player")
        SCORER = "scorer", _("Scorer")
        REFEREE = "referee", _("Referee")
        ORGANISER = "organiser", _("Organiser")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_memberships"
    )
    role = models.CharField(_("role"), max_length=16, choices=Role.choices, default=Role.PLAYER)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "user__username"]
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="club_member_unique")]
        verbose_name = _("club member")
        verbose_name_plural = _("club members")

    def __str__(self) -> str:
        return f"{self.user} @ {self.club} ({self.role})"


class Invitation(models.Model):
    """A one-time link [приглашение] with which a person the organiser adds to the club sets
    a password. Only the secret's SHA-256 is kept; the link is shown once, when made."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(max_length=16, choices=ClubMember.Role.choices)
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, null=True, blank=True, related_name="invitations"
    )
    name = models.CharField(max_length=80, blank=True)
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"invitation {self.pk} to {self.club} ({self.role})"

    @property
    def state(self) -> str:
        if self.used_at is not None:
            return "used"
        if self.revoked_at is not None:
            return "revoked"
        if self.expires_at <= timezone.now():
            return "expired"
        return "open"


class TableCard(models.Model):
    """A table's card [карточка стола]: the QR code printed for one table of one round. Its
    secret (only the SHA-256 kept) opens a session as `user`, an account of the card's own
    with no password and no role, which may score that table only while the round is open
    and the card neither revoked nor expired."""

    table = models.ForeignKey("tournaments.Table", on_delete=models.CASCADE, related_name="cards")
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_card"
    )
    token_hash = models.CharField(max_length=64, unique=True)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "-created_at"]

    def __str__(self) -> str:
        return f"card of {self.table}"


class Profile(models.Model):
    """A user's settings kept across devices: the language they chose."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    language = models.CharField(max_length=8, blank=True)

    def __str__(self) -> str:
        return f"profile of {self.user}"
