"""Cards [карточки] shown to players: warnings, yellow and red cards, automatic ones of the loss
limit."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.clubs.models import Player
from tournaments.discipline.reasons import card_reason
from tournaments.events.models import Round, Tournament


class Card(models.Model):
    """A referee's warning [предупреждение] or yellow card [жёлтая карточка] to a player,
    with its reason and the rule article it cites; given by a referee, or by the service
    when a match went beyond the tournament's loss limit. Never deleted: a card withdrawn
    on appeal keeps its record (`withdrawn_at`)."""

    class Kind(models.TextChoices):
        WARNING = "warning", _("Warning")
        YELLOW = "yellow", _("Yellow card")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="cards")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="cards")
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    reason = models.CharField(_("reason"), max_length=200)
    # A rulebook article's slug (referee.Article), when one applies.
    article = models.CharField(_("rule article"), max_length=80, blank=True)
    round = models.ForeignKey(
        Round, on_delete=models.SET_NULL, null=True, blank=True, related_name="cards"
    )
    match = models.ForeignKey(
        "scoring.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # True: given by the service (the loss limit), not by a referee.
    automatic = models.BooleanField(default=False)
    # An automatic card's facts, its reason worded from them in the reader's language
    # (`reason_text`): {"limit", "total", "round", "table", "match"} (issue 35).
    facts = models.JSONField(default=dict, blank=True)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["tournament", "created_at", "id"]
        verbose_name = _("card")
        verbose_name_plural = _("cards")

    def __str__(self) -> str:
        return f"{self.player}: {self.get_kind_display()} ({self.reason})"

    @property
    def reason_text(self) -> str:
        """The reason in the active language: an automatic card's worded from its facts, a
        referee's as written."""
        return card_reason(self)
