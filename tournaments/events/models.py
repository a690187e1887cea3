"""A tournament [турнир] with its settings, entries, rounds, tables, pairs and teams, and a club's
presets of settings.

A match's score is never stored by hand: `scoring.Match.result` is the rules engine's result
over the match's deals.
"""

# Clubs, players, tournaments, rounds and tables; standings, ratings and report jobs.
#
# A match's score is never stored by hand: `scoring.Match.result` is the rules engine's result
# over the match's deals, and the standings rows here are derived from those results.

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from simple_history.models import HistoricalRecords

from scoring import games
from scoring.games import game_choices
from tournaments.clubs.models import Club, Player


class Tournament(models.Model):
    """A tournament [турнир]: a ruleset preset with convention overrides, a table size and a
    pairing system."""

    class System(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("Round robin")
        SWISS = "swiss", _("Swiss")

    class MatchScore(models.TextChoices):
        WIN = "win", _("Win (1 point per match)")
        DIFFERENCE = "difference", _("Difference (target minus loser's total)")
        # Preferans: points by place at the table, or the whist balance itself.
        PLACES = "places", _("Places at the table (2/1/0, with four 3/2/1/0)")
        BALANCE = "balance", _("Whist balance")
        # Conversions of a table's totals any game may choose (tournaments.standings.match_scores).
        PLACES_PER_SIZE = (
            "places_per_size",
            _("Places normalised per table size (1st 1, last 0)"),
        )
        PLACES_BY_SIGN = "places_by_sign", _("Places by sign (league: 4/3, 2 or 1, 0)")
        COMPRESSED_BALANCE = (
            "compressed_balance",
            _("Compressed balance (the organiser's bands)"),
        )

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    # With four, Deberc seats two pairs and Preferans four players, the dealer sitting out
    # (the game says which: `scoring.games.Game.pairs_at`).
    TABLE_SIZES = [(2, _("2 players")), (3, _("3 players")), (4, _("4 players"))]
    DEFAULT_TIEBREAKS = ["game_points", "points_difference", "buchholz", "wins"]

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="tournaments")
    name = models.CharField(_("name"), max_length=160)
    game = models.CharField(
        _("game"),
        max_length=16,
        choices=game_choices,
        default="deberc",
        help_text=_("Frozen once a match has deals."),
    )
    # Any preset of the tournament's game (`scoring.games`): the services and the form check it
    # against the game, so that a game registered later (tests' toy game) is not refused here.
    # A preset of the game's (Game.presets), named by the game (Game.ruleset_labels).
    ruleset = models.CharField(_("ruleset"), max_length=16, default="moscow")
    conventions = models.JSONField(
        _("convention overrides"),
        default=dict,
        blank=True,
        help_text=_("Single conventions overriding the ruleset preset (rules §8)."),
    )
    table_size = models.PositiveSmallIntegerField(_("table size"), choices=TABLE_SIZES, default=2)
    # Mixed sizes in one round (Preferans [3, 4], Deberc [2, 3]): the sizes a round may use,
    # ascending; empty means the one `table_size` (which is then the smallest of these).
    table_sizes = models.JSONField(
        _("table sizes"),
        default=list,
        blank=True,
        help_text=_("The sizes a round may seat, e.g. 3 and 4: everyone plays, few byes."),
    )
    system = models.CharField(
        _("pairing system"), max_length=16, choices=System.choices, default=System.SWISS
    )
    rounds = models.PositiveSmallIntegerField(_("number of rounds"), default=5)
    match_score = models.CharField(
        _("match scoring"), max_length=24, choices=MatchScore.choices, default=MatchScore.WIN
    )
    tiebreaks = models.JSONField(_("tiebreak order"), default=list, blank=True)
    confirm_deals = models.BooleanField(
        _("opponent confirms each deal"),
        default=False,
        help_text=_("A deal counts only after an opponent at the table confirms it."),
    )
    published = models.BooleanField(_("published"), default=False)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFT)
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organised_tournaments", blank=True
    )
    referees = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="refereed_tournaments", blank=True
    )
    players = models.ManyToManyField(Player, through="Entry", related_name="tournaments")
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    round_minutes = models.PositiveSmallIntegerField(
        _("round time limit (minutes)"),
        null=True,
        blank=True,
        help_text=_(
            "A round clock: when it runs out, each table finishes the deal in play and the "
            "match is closed (games whose match ends on time). Blank: no limit."
        ),
    )
    # How a table's result becomes match points under `compressed_balance`: bands of the
    # balance, sign-symmetric (`tournaments.standings.match_scores.bands_check`), e.g.
    # [{"up_to": 200, "factor": 1}, {"up_to": 650, "factor": 0.1}, {"factor": 0}].
    match_score_bands = models.JSONField(_("match score bands"), default=list, blank=True)

    class Entrants(models.TextChoices):
        """Who is entered and ranked: single players, fixed pairs (Deberc 2 × 2, partners
        always together) or teams (2–6 players, members kept apart)."""

        PLAYERS = "players", _("Players")
        PAIRS = "pairs", _("Fixed pairs")
        TEAMS = "teams", _("Teams")

    entrants = models.CharField(
        _("entrants"), max_length=8, choices=Entrants.choices, default=Entrants.PLAYERS
    )

    class StageKind(models.TextChoices):
        """What happens after the qualification [отбор]: nothing, a cut (the top N go on)
        or a final table [финал]."""

        NONE = "", _("No stages")
        CUT = "cut", _("Cut: the top N continue")
        FINAL = "final", _("Final table")

    stage_kind = models.CharField(
        _("stage"), max_length=8, choices=StageKind.choices, default=StageKind.NONE, blank=True
    )
    stage_after_round = models.PositiveSmallIntegerField(
        _("stage after round"), null=True, blank=True
    )
    stage_size = models.PositiveSmallIntegerField(
        _("players going on"),
        null=True,
        blank=True,
        help_text=_("A cut: how many continue. A final: the final table's size."),
    )

    class SecondYellow(models.TextChoices):
        """What a second yellow card [вторая жёлтая карточка] means."""

        PENALTY = "penalty", _("A points penalty")
        DISQUALIFY = "disqualify", _("Disqualification")

    second_yellow = models.CharField(
        _("second yellow card"),
        max_length=10,
        choices=SecondYellow.choices,
        default=SecondYellow.PENALTY,
    )
    second_yellow_penalty = models.FloatField(
        _("penalty for a second yellow card (match points)"), default=1
    )
    loss_limit = models.PositiveIntegerField(
        _("loss limit per match"),
        null=True,
        blank=True,
        help_text=_(
            "The most a match can cost a player (Preferans whists, Deberc points); "
            "a player beyond it gets a card. Blank: no limit."
        ),
    )
    timeout_positive = models.BooleanField(
        _("a positive result closed on time counts zero"),
        default=False,
        help_text=_("Where agreed: a match closed when time ran out counts no positive result."),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()
    # Who makes the change being saved (set before save(); django-simple-history records it).
    _history_user: Any

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    def get_ruleset_display(self) -> str:
        """The preset's name as the organiser reads it, as its game names it."""
        return games.ruleset_label(self.ruleset)

    @property
    def round_sizes(self) -> list[int]:
        """The table sizes a round may use, ascending (one, unless mixed)."""
        return sorted(self.table_sizes) if self.table_sizes else [self.table_size]

    @property
    def seats_label(self) -> str:
        """How many play at a table, as the pages' header says it: "4 players a table", or
        for mixed sizes every size ("3–4 players a table"), never only the first."""
        sizes = self.round_sizes
        return ngettext("%(sizes)s player a table", "%(sizes)s players a table", max(sizes)) % {
            "sizes": "–".join(str(size) for size in sizes)
        }


class Entry(models.Model):
    """A player entered in a tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    seed = models.PositiveIntegerField(null=True, blank=True)
    withdrawn = models.BooleanField(default=False)
    # The pair or team the player plays for (a tournament of pairs or teams); one entry per
    # player, so a player is in one team at most.
    team = models.ForeignKey(
        "Team", on_delete=models.PROTECT, null=True, blank=True, related_name="entries"
    )

    class Meta:
        ordering = ["seed", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="entry_unique_player")
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"


class Round(models.Model):
    """A round [тур] of a tournament. Only an open round takes deals from scorers."""

    class Status(models.TextChoices):
        PAIRED = "paired", _("Paired")
        OPEN = "open", _("Open")
        CLOSED = "closed", _("Closed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PAIRED)
    byes = models.ManyToManyField(Player, related_name="bye_rounds", blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    opened_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # The round clock: set when the round opens from the tournament's `round_minutes`.
    ends_at = models.DateTimeField(_("time is up at"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.number}"


class RoundEvent(models.Model):
    """The round's history [история тура]: what was changed with a reason, by whom and when:
    a match of the closed round changed by its organiser, a table closed on time opened
    again, the closed round opened again. Shown in the standings' notes (without the user's
    name: the public sees no usernames)."""

    class Kind(models.TextChoices):
        DEAL_CORRECTED = "deal_corrected", _("Deal corrected after the round closed")
        DEAL_WITHDRAWN = "deal_withdrawn", _("Deal withdrawn after the round closed")
        MATCH_CLOSED = "match_closed", _("Table closed after the round closed")
        MATCH_REOPENED = "match_reopened", _("Table closed on time opened again")
        ROUND_REOPENED = "round_reopened", _("Closed round opened again")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    match = models.ForeignKey(
        "scoring.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    deal_number = models.PositiveIntegerField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    reason = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.round} · {self.get_kind_display()}: {self.reason}"


class Table(models.Model):
    """A numbered table [стол] of a round, with the scorer who enters its deals."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    scorer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="scored_tables",
    )
    # When the scorer was given the table: an organiser lifts a sign-in lockout only for a
    # relation older than the lockout (tournaments.clubs.selectors.lockout_refusal).
    scorer_assigned_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number")
        ]
        # A person's tables, straight to their rounds: whether they score in a tournament
        # (permissions.role_in_tournament) reads this index alone (issue 31).
        indexes = [models.Index(fields=["scorer", "round"], name="table_scorer_round")]

    def __str__(self) -> str:
        return f"{self.round} · {_('table')} {self.number}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.scorer_id is None:
            self.scorer_assigned_at = None
        elif self.scorer_assigned_at is None:
            self.scorer_assigned_at = timezone.now()
        super().save(*args, **kwargs)


class ClubPreset(models.Model):
    """A club's named set of tournament settings [набор настроек клуба]: the game, its ruleset
    and convention overrides, pairing and ranking. A new tournament starts from it; the
    presets of the rules (a game's own, e.g. Moscow, Sochi) stay read-only and are not these."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="presets")
    name = models.CharField(_("name"), max_length=80)
    game = models.CharField(_("game"), max_length=16, choices=game_choices, default="deberc")
    settings = models.JSONField(_("settings"), default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["club", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="club_preset_unique_name")
        ]
        verbose_name = _("club preset")
        verbose_name_plural = _("club presets")

    def __str__(self) -> str:
        return self.name


# A fixed pair has two players (Deberc's 2 × 2); a team two to six.
PAIR_SIZE = 2
TEAM_MIN = 2
TEAM_MAX = 6


class Team(models.Model):
    """A named pair [пара] or team [команда] of a tournament: its members are the entries
    pointing at it (`Entry.team`)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=80)
    seed = models.PositiveIntegerField(null=True, blank=True)
    withdrawn = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seed", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="team_unique_name")
        ]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name
