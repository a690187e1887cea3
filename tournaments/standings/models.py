"""Stored standings [турнирная таблица] and ratings [рейтинг]: derived rows, never typed by hand
(they are rebuilt from the matches' results)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.games import game_choices
from tournaments.clubs.models import Player
from tournaments.events.models import Tournament


class PointsField(models.FloatField):
    """Match points: whole numbers read back as int (Deberc's are always whole), a shared
    place's half as a float (Preferans: two tied first of three score 1.5 each)."""

    def from_db_value(self, value: float | None, expression: object, connection: object) -> object:
        if value is not None and float(value).is_integer():
            return int(value)
        return value


class StandingRow(models.Model):
    """One player's line in a tournament's standings, kept up to date when a match is saved
    (never rebuilt on a page view)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="standings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="standing_rows")
    rank = models.PositiveIntegerField(default=0)
    rank_shared = models.BooleanField(default=False)
    match_points = PointsField(default=0)
    played = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)
    game_points = models.IntegerField(default=0)
    points_against = models.IntegerField(default=0)
    bytes = models.PositiveIntegerField(default=0)
    tiebreaks = models.JSONField(default=dict)
    # Stages: the rank the player had when the qualification [отбор] ended (kept and shown
    # once a cut or a final was made), None before.
    qualification_rank = models.PositiveIntegerField(null=True, blank=True)
    # Discipline: match points taken off by penalties (a second yellow card), and whether the
    # player was disqualified (ranked below everyone still in).
    penalty = PointsField(default=0)
    disqualified = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["tournament", "rank", "player__display_name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="standing_unique_player")
        ]
        indexes = [models.Index(fields=["tournament", "rank"])]

    def __str__(self) -> str:
        return f"{self.rank}. {self.player} ({self.match_points})"


class Rating(models.Model):
    """A player's current openskill rating (mu, sigma) in one game, and its ordinal for the
    leaderboards: a player who plays both games has a Deberc rating and a Preferans rating,
    never one of the two mixed."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    # The registry's key of the game rated (scoring.games), the game of the matches' tournament.
    game = models.CharField(_("game"), max_length=16, choices=game_choices, default="deberc")
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(db_index=True)
    matches = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="rating_unique_per_game")
        ]
        indexes = [models.Index(fields=["game", "-ordinal"], name="rating_game_ordinal")]

    def __str__(self) -> str:
        return f"{self.player} ({self.game}): {self.ordinal:.1f}"


class RatingEvent(models.Model):
    """A player's rating after one rated match: the rating history chart's points."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_events")
    match = models.ForeignKey("scoring.Match", on_delete=models.CASCADE, related_name="+")
    game = models.CharField(_("game"), max_length=16, choices=game_choices, default="deberc")
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    rated_at = models.DateTimeField()

    class Meta:
        ordering = ["player", "rated_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "match"], name="rating_event_unique")
        ]

    def __str__(self) -> str:
        return f"{self.player} after match {self.match_id}: {self.ordinal:.1f}"


class MatchTally(models.Model):
    """A finished match's part in its tournament's standings, read from the engine's result.

    Kept by `tournaments.events.hooks.match_changed` so that a deal write can tell cheaply whether
    the standings moved, and the standings are recomputed from these small rows, never from
    every match's whole result document. Deleted when a correction re-opens the match.
    """

    match = models.OneToOneField("scoring.Match", on_delete=models.CASCADE, related_name="tally")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tallies")
    round_number = models.PositiveSmallIntegerField(default=0)
    # {"players": [player ids clockwise], "totals": [...], "winners": [player ids],
    #  "bytes": [...], "sides": [...], "target": 501}
    data = models.JSONField()

    class Meta:
        indexes = [models.Index(fields=["tournament", "round_number"])]

    def __str__(self) -> str:
        return f"tally of match {self.match_id}"
