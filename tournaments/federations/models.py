"""Federations [федерации]: a city league or a national body above clubs, with its own
organisers; clubs join it, and it ranks the players of its clubs per game."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.clubs.models import Club


class Federation(models.Model):
    """A federation [федерация, лига] of clubs."""

    name = models.CharField(_("name"), max_length=120, unique=True)
    city = models.CharField(_("city or region"), max_length=80, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    clubs = models.ManyToManyField(Club, through="FederationClub", related_name="federations")

    class Meta:
        ordering = ["name"]
        verbose_name = _("federation")
        verbose_name_plural = _("federations")

    def __str__(self) -> str:
        return self.name


class FederationClub(models.Model):
    """A club in a federation: invited by a federation organiser, in once a club organiser
    accepts (`joined_at`). Only joined clubs' tournaments count for the federation."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="links")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="federation_links")
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    invited_at = models.DateTimeField(auto_now_add=True)
    joined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["federation", "club"], name="federation_club_unique")
        ]

    def __str__(self) -> str:
        return f"{self.club_id} in {self.federation_id}"


class FederationOrganiser(models.Model):
    """A federation's organiser [организатор федерации]: invites clubs and starts its rating
    replay. A club's roles give no power over a federation, nor this one over a club."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="organisers")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="federation_roles"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["federation", "user"], name="federation_organiser_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user_id} organises {self.federation_id}"
