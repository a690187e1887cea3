"""Clubs, players, tournaments, rounds and tables; standings, ratings and report jobs.

A match's score is never stored by hand: `scoring.Match.result` is the rules engine's result
over the match's deals, and the standings rows here are derived from those results.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from scoring import games
from scoring.games import game_choices

from .card_reasons import card_reason


class PointsField(models.FloatField):
    """Match points: whole numbers read back as int (Deberc's are always whole), a shared
    place's half as a float (Preferans: two tied first of three score 1.5 each)."""

    def from_db_value(self, value: float | None, expression: object, connection: object) -> object:
        if value is not None and float(value).is_integer():
            return int(value)
        return value


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
        # Conversions of a table's totals any game may choose (tournaments.match_scores).
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
    # balance, sign-symmetric (`tournaments.match_scores.bands_check`), e.g.
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
    # relation older than the lockout (tournaments.selectors.lockout_refusal).
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


class ReportJob(models.Model):
    """A background report (Celery task): its progress, its file, or why it failed."""

    class Kind(models.TextChoices):
        STANDINGS_PDF = "standings_pdf", _("Final standings (PDF)")
        STANDINGS_CSV = "standings_csv", _("Final standings (CSV)")
        STANDINGS_XLSX = "standings_xlsx", _("Final standings (XLSX)")
        ROUND = "round", _("Round report")
        PLAYER_STATS = "player_stats", _("Player statistics")
        ARCHIVE = "archive", _("Tournament archive")

    class State(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="jobs")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    params = models.JSONField(default=dict, blank=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)
    file = models.FileField(upload_to="reports/", null=True, blank=True)
    error = models.TextField(blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The job's last sign of life: when it was queued, then every few seconds while a worker
    # builds it (tournaments.watchdog). A running job whose heartbeat stopped lost its worker:
    # the watchdog (celery beat) queues it again or fails it, retryable.
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    # The Celery task that runs it now: the same task delivered again after its process died
    # takes the job back at once; another copy leaves a job with a live heartbeat alone.
    task_id = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} · {self.tournament} · {self.state}"


class MatchTally(models.Model):
    """A finished match's part in its tournament's standings, read from the engine's result.

    Kept by `tournaments.hooks.match_changed` so that a deal write can tell cheaply whether
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


class LockoutLift(models.Model):
    """A sign-in lockout lifted by a user who is not staff: what, and when. An organiser's
    lifts in the last 24 hours are counted against LOCKOUT_LIFTS_PER_DAY from these rows,
    with the organiser's user row locked, so that two lifts at once cannot both pass the
    cap (tournaments.services.lockout_lift)."""

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

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="cards")
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


class LiveVersion(models.Model):
    """The tournament's change counter for the live pages' caches and validators (ETag).

    Bumped in the same transaction as the standings refresh and every organiser's act
    (tournaments.live_cache); a deal of a match in play changes its match's `version`, which
    the live pages read for the tables they show. A row of its own, so that a save of the
    tournament (which writes every field) can never set the counter back."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, primary_key=True, related_name="live"
    )
    version = models.PositiveBigIntegerField(default=0)
    # The part of the counter a table card depends on: every bump but the standings refresh's
    # (a finished match refreshes the standings; the other tables' cards stay as they were).
    roster = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"live version {self.version} of {self.tournament_id}"


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
