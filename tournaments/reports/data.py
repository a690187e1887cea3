"""Plain data the report renderers work on (no ORM objects cross this line)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

# A job's progress reporter: a fraction 0.0..1.0 of the work done.
Progress = Callable[[float], None]


def no_progress(_fraction: float) -> None:
    """The progress reporter of a renderer called outside a job."""


@dataclass(frozen=True)
class TournamentInfo:
    """What every report prints in its heading."""

    id: int
    name: str
    club: str
    ruleset: str
    ruleset_label: str
    table_size: int
    system_label: str
    match_score: str
    rounds: int
    rounds_played: int
    status_label: str
    generated_at: datetime
    game: str = ""  # the registry's key (scoring.games); "" for the default game
    game_label: str = ""
    # How the match points are counted, in the job's language (match_score_text).
    points_counted: str = ""
    # The compressed balance's bands (`Tournament.match_score_bands`), for a game's round
    # report that converts a table's result itself.
    match_score_bands: tuple[Any, ...] = ()


@dataclass(frozen=True)
class StandingLine:
    """One player's line in the final standings [турнирная таблица]."""

    rank: int
    rank_label: str  # "3" or "3–5" when the rank is shared
    rank_shared: bool
    player: str
    club: str
    match_points: float  # whole numbers as int; a shared place's half (Preferans) as 1.5
    played: int
    won: int
    game_points: int
    points_against: int
    bytes: int
    tiebreaks: dict[str, float | None] = field(default_factory=dict)
    # Stages (tournaments.events.stages): the rank at the end of the qualification, once made.
    qualification_rank: int | None = None
    # A final table's player: the match points scored at the final (None: not at it).
    final_points: float | None = None


@dataclass(frozen=True)
class Column:
    """A figure of the standings: its key (CSV header), its heading and its abbreviation."""

    key: str
    label: str
    short: str


@dataclass(frozen=True)
class StandingsColumns:
    """The figures a game's standings print after the rank, the player and the club (its
    report parts say which: `standings_columns`).

    `table`: the CSV's and the XLSX's figures before the shared rank; `extras`: after it (the
    tiebreaks not already among them); `printed`: the PDF's. A column's key is a
    `StandingLine` attribute, else a tiebreak key; `same_as` maps a key to the line attribute
    that holds the same figure when the line's tiebreaks do not ("wins" is "won")."""

    table: list[Column]
    extras: list[Column]
    printed: list[Column]
    same_as: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class DisciplineLine:
    """A warning or yellow card as the reports print it (never who gave it)."""

    player: str
    kind: str  # "Warning", "Yellow card" in the reader's language
    round: int | None
    reason: str
    article: str  # the cited rule article's title in the reader's language, or ""
    meaning: str  # what it cost ("1 match points off", "disqualified"), or ""
    withdrawn: bool


@dataclass(frozen=True)
class TeamStandingLine:
    """A pair or team as the reports print it (tournaments.standings.teams): its rank, name,
    match points and game points (the members' sum; a pair's, its partners'), members."""

    rank_label: str
    team: str
    match_points: float
    game_points: float
    members: str  # "Name (points), …", best first


@dataclass(frozen=True)
class StandingsSheet:
    tournament: TournamentInfo
    tiebreaks: list[Column]  # in the organiser's order
    lines: list[StandingLine]
    # The game's columns; None: the default game's (Deberc's), from the tiebreaks.
    columns: StandingsColumns | None = None
    # Discipline (tournaments.discipline.services): every card, oldest first.
    discipline: list[DisciplineLine] = field(default_factory=list)
    # A tournament of pairs or teams: their standings (issue 19, item 2), best first.
    teams: list[TeamStandingLine] = field(default_factory=list)
    pairs: bool = False
    # Once a stage is made: how the table is ordered (`stages.stage_order_note`), said above
    # it in every format.
    note: str = ""


@dataclass(frozen=True)
class RoundTable:
    """One table of a round: its players clockwise, the match state and totals."""

    number: int
    players: list[str]
    scorer: str
    status: str  # "open" | "finished" | "none" (paired, no match yet)
    status_label: str
    deals: int
    totals: list[int | None]
    winners: list[str]
    reason: str
    hanging: int
    # The engine's result document of the table's match ({} before a match): a game's own
    # round report reads it (the Preferans pulka sheet and its settlement).
    result: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RoundSheet:
    tournament: TournamentInfo
    number: int
    status_label: str
    tables: list[RoundTable]
    byes: list[str]


@dataclass(frozen=True)
class MatchDeals:
    """A match as the player statistics read it: the scoresheet's deals and the engine's
    result document for them (never re-scored here)."""

    round_number: int
    players: list[str]
    records: list[dict[str, Any]]
    result: dict[str, Any]
