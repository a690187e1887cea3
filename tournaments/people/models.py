"""One person across clubs [один человек в нескольких клубах]: a player of one club who plays
for others too, the consent a club asks for to add them, and the merges of two records of one
person (with what each moved, kept as history)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.clubs.models import Club, Player


class ClubPlayer(models.Model):
    """A player on the roll [состав] of a club other than the one that entered them
    (`Player.club`, their home club): a club's players are its own and these. Made when the
    person (or, without an account, their home club's organisers) agrees to a club's request,
    or by a merge; never by a club alone."""

    class Via(models.TextChoices):
        CONSENT = "consent", _("consent")
        MERGE = "merge", _("merge")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="guest_links")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="club_links")
    via = models.CharField(max_length=8, choices=Via.choices)
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="club_player_unique")
        ]
        verbose_name = _("player of another club")
        verbose_name_plural = _("players of other clubs")

    def __str__(self) -> str:
        return f"{self.player_id} plays for {self.club_id}"


class RosterRequest(models.Model):
    """A club's request to add a person of another club to its roll [запрос на включение в
    состав]: the person answers when they have an account, their home club's organisers when
    not. Kept when answered."""

    class State(models.TextChoices):
        OPEN = "open", _("waiting for an answer")
        ACCEPTED = "accepted", _("accepted")
        DECLINED = "declined", _("declined")
        WITHDRAWN = "withdrawn", _("withdrawn")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="roster_requests")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="roster_requests")
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN)
    asked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    asked_at = models.DateTimeField(auto_now_add=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-asked_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "player"],
                condition=models.Q(state="open"),
                name="roster_request_one_open",
            )
        ]

    def __str__(self) -> str:
        return f"{self.club_id} asks for {self.player_id} ({self.state})"


class PlayerMerge(models.Model):
    """Two records of one person made one [слияние]: `source` (a club's record) into `target`.
    Proposed by an organiser of the source's club, done when the organisers of both home clubs
    agree (at once when the proposer is both). The source record is deleted then; this row
    keeps its name, club, account and what moved, and its old page leads to the target's."""

    class State(models.TextChoices):
        PROPOSED = "proposed", _("waiting for the other club")
        DONE = "done", _("merged")
        DECLINED = "declined", _("declined")

    source_id_kept = models.PositiveBigIntegerField(db_index=True)
    source = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="merges_out"
    )
    source_name = models.CharField(max_length=80)
    source_club = models.ForeignKey(Club, on_delete=models.SET_NULL, null=True, related_name="+")
    target = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, related_name="merges_in"
    )
    target_name = models.CharField(max_length=80)
    state = models.CharField(max_length=10, choices=State.choices, default=State.PROPOSED)
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    proposed_at = models.DateTimeField(auto_now_add=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    answered_at = models.DateTimeField(null=True, blank=True)
    # What the merge moved from the source to the target: {"entries": 3, "seats": 12, ...}.
    moved = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-proposed_at"]

    def __str__(self) -> str:
        return f"merge {self.source_name} into {self.target_name} ({self.state})"
