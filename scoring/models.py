"""Matches [партии] and their deals [сдачи], as the scorers enter them.

The match score is derived: `Match.result` caches the rules engine's result document over
the match's counted deals and is rewritten on every deal write (never typed by hand).
Corrections keep every earlier version of a deal (django-simple-history).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .games import game_choices


class Match(models.Model):
    """A match at one table: seats clockwise, the first dealer drawn by lot, its deals."""

    class Status(models.TextChoices):
        OPEN = "open", _("In play")
        FINISHED = "finished", _("Finished")

    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="matches",
        null=True,
        blank=True,
    )
    round = models.ForeignKey(
        "tournaments.Round",
        on_delete=models.CASCADE,
        related_name="matches",
        null=True,
        blank=True,
    )
    table = models.OneToOneField(
        "tournaments.Table",
        on_delete=models.CASCADE,
        related_name="match",
        null=True,
        blank=True,
    )
    game = models.CharField(
        max_length=16,
        choices=game_choices,
        default="deberc",
        help_text=_("The game played: its engine scores the deals (scoring.games)."),
    )
    ruleset = models.CharField(max_length=16, default="moscow")
    conventions = models.JSONField(
        default=dict, blank=True, help_text=_("Convention overrides in force at this table.")
    )
    first_dealer_seat = models.PositiveSmallIntegerField(
        default=0, help_text=_("Index in the clockwise seats of the first dealer (drawn by lot).")
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    version = models.PositiveIntegerField(
        default=0, help_text=_("Bumped on every deal write; a stale version is refused.")
    )
    result = models.JSONField(default=dict, blank=True)
    winner_seats = models.JSONField(default=list, blank=True)
    reason = models.CharField(max_length=16, blank=True)
    closed = models.BooleanField(
        default=False,
        help_text=_(
            "Closed on time (the round clock ran out): for a game whose match ends on time "
            "the record says so and the match ends after its last deal."
        ),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round__number", "table__number", "id"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self) -> str:
        names = " – ".join(seat.player.display_name for seat in self.seats.all())
        return f"#{self.pk} {names}"


class Seat(models.Model):
    """A player's seat at a match; `position` 0.. is clockwise."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["match", "position"]
        constraints = [
            models.UniqueConstraint(fields=["match", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["match", "player"], name="seat_unique_player"),
        ]

    def __str__(self) -> str:
        return f"#{self.match_id} · {self.position + 1}: {self.player}"


class Deal(models.Model):
    """One deal [сдача] of a match as the scoresheet records it (`record` is a DEAL of
    scoresheet-format.md, with player names). Corrections rewrite `record`; the history keeps
    every earlier version with who changed it and when."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Awaiting confirmation")
        COUNTED = "counted", _("Counted")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()
    record = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.COUNTED)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    # The name a table card's scorer gave (issue 20): their session has no account of a
    # person, so the deal and its history keep who sat with the phone. Blank otherwise.
    scorer_name = models.CharField(_("scorer's name"), max_length=40, blank=True, db_default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()
    # Who makes the change being saved and why (set before save(); django-simple-history
    # records them).
    _history_user: Any
    _change_reason: str

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="deal_unique_number")
        ]

    def __str__(self) -> str:
        return f"#{self.match_id} · {_('deal')} {self.number}"


class DealDispute(models.Model):
    """A player's dispute of a deal waiting for their confirmation [спор по сдаче]: the deal
    still does not count, and the tournament's referees are called (the referee desk and
    their home page list the open disputes). Settled when the deal is confirmed or withdrawn;
    kept afterwards, in the match's history. Names a deal by its number, not by its row: a
    withdrawn deal's dispute stays on record."""

    class Status(models.TextChoices):
        OPEN = "open", _("The referee is called")
        CONFIRMED = "confirmed", _("The deal was confirmed")
        WITHDRAWN = "withdrawn", _("The deal was withdrawn")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="disputes")
    deal_number = models.PositiveIntegerField(_("deal"))
    raised_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # The seated player's name when they disputed: what the pages show (never a username).
    player_name = models.CharField(_("player"), max_length=80)
    reason = models.CharField(_("reason"), max_length=100, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    settled_at = models.DateTimeField(null=True, blank=True)
    settled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            # One call at a time per deal: a second tap on "dispute" finds the first.
            models.UniqueConstraint(
                fields=["match", "deal_number"],
                condition=models.Q(status="open"),
                name="dispute_one_open_per_deal",
            )
        ]
        verbose_name = _("dispute")
        verbose_name_plural = _("disputes")

    def __str__(self) -> str:
        return f"#{self.match_id} · {_('deal')} {self.deal_number} · {self.player_name}"


class IdempotencyKey(models.Model):
    """A deal submission's `Idempotency-Key`: a retry gets the first response byte for byte."""

    key = models.CharField(max_length=128)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    request_hash = models.CharField(max_length=64)
    response_status = models.PositiveSmallIntegerField()
    response_body = models.BinaryField()
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "match", "key"], name="idempotency_unique")
        ]

    def __str__(self) -> str:
        return self.key


class ApiTokenUse(models.Model):
    """An API token (DRF's `authtoken.Token`, one a user) seen by its owner: an id to list
    and revoke it by (the key itself is the secret) and when it was last used. A token
    unused for API_TOKEN_TTL_DAYS expires (sliding: each use moves the end on); see
    scoring.tokens."""

    token = models.OneToOneField(
        "authtoken.Token", on_delete=models.CASCADE, related_name="use", db_constraint=True
    )
    last_used_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"token {self.pk} of user {self.token.user_id}"
