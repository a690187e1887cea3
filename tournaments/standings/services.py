"""Tournament standings [турнирная таблица]: their figures' names, and the stored rows.

The calculation itself is `tournaments.standings.ranking` (plain data in, ranked lines out; its
docstring defines every figure). This module is its Django side: the names of the figures in
the user's language, the tally a finished match adds (read from the engine's result document
through its game, the only source of scores), and the `StandingRow` rows kept up to date: the
hook (`tournaments.standings.hooks.match_changed`) stores each finished match's outcome in a
`MatchTally` (`standings.tallies`) and queues a refresh of that tournament's rows; the pages
and the API only read `StandingRow`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring import games
from tournaments.standings.match_scores import (
    CONVERSIONS,
    Params,
    conversion_bye_points,
    params_of,
)
from tournaments.standings.ranking import (
    CRITERIA,
    ROW_FIELDS,
    MatchOutcome,
    PlayerId,
    StandingLine,
    WinnerPoints,
    compute_standings,
)
from tournaments.standings.tallies import REFRESH_QUEUED_KEY, load_byes, load_tallies


@dataclass(frozen=True)
class Figure:
    """A figure of the standings as its column shows it: the heading's abbreviation and,
    for its tooltip and the legends, the full name."""

    key: str
    short: Any  # a lazy translation
    label: Any


def _figures(*items: tuple[str, Any, Any]) -> dict[str, Figure]:
    return {key: Figure(key, short, label) for key, short, label in items}


# The one place the standings' columns are named (the live pages, the API's help and the
# reports read it): every abbreviation is distinct from every other in each language, the
# base figures included, and carries its full name.
BASE_FIGURES: dict[str, Figure] = _figures(
    ("match_points", _("MP"), _("Match points")),
    ("played", _("Pl"), _("Played")),
    ("won", _("W"), _("Won")),
)
TIEBREAK_FIGURES: dict[str, Figure] = _figures(
    ("game_points", _("GP"), _("Game points")),
    ("points_difference", _("Diff"), _("Points difference")),
    ("buchholz", _("Buch"), _("Buchholz")),
    ("sonneborn_berger", _("SB"), _("Sonneborn–Berger")),
    ("head_to_head", _("H2H"), _("Head-to-head")),
    # The tiebreak "wins" counts what the "won" column shows: a table that ranks by it
    # shows that figure once (`SAME_AS_BASE`).
    ("wins", pgettext_lazy("tiebreak abbreviation", "Wins"), _("Wins")),
    ("fewer_bytes", _("Bytes"), _("Fewer bytes")),
    # Preferans
    ("balance", _("Bal"), _("Whist balance")),
    ("places", _("Pl.pts"), _("Points by place")),
)
if tuple(TIEBREAK_FIGURES) != CRITERIA:  # pragma: no cover - a figure without its name
    raise ImportError(
        "tournaments.standings.services names other tiebreaks than tournaments.standings.ranking"
    )
FIGURES: dict[str, Figure] = {**BASE_FIGURES, **TIEBREAK_FIGURES}
# A tiebreak that shows a base figure again under another name: the table shows it once.
SAME_AS_BASE: dict[str, str] = {"wins": "won"}

TIEBREAKS: dict[str, Any] = {key: f.label for key, f in TIEBREAK_FIGURES.items()}
TIEBREAK_ABBREVIATIONS: dict[str, Any] = {key: f.short for key, f in TIEBREAK_FIGURES.items()}


# --------------------------------------------------------------------------- ORM


def tournament_game(tournament: Any) -> games.Game:
    return games.game_get(getattr(tournament, "game", None))


def tournament_tiebreaks(tournament: Any) -> list[str]:
    """The organiser's tiebreaks (the services accept only those of the tournament's game),
    else the game's default order."""
    chosen = [t for t in (tournament.tiebreaks or []) if t in TIEBREAKS]
    return chosen or list(tournament_game(tournament).default_tiebreaks)


def tournament_bye_points(tournament: Any) -> float:
    """What a bye scores in this tournament: its game says (`Game.bye_points`); under a
    conversion (`match_scores.CONVERSIONS`), the average seat of the smallest table."""
    if tournament.match_score in CONVERSIONS:
        sizes = getattr(tournament, "round_sizes", None) or [tournament.table_size]
        return conversion_bye_points(
            tournament.match_score, sizes[0], tournament_conversion_params(tournament)
        )
    return tournament_game(tournament).bye_points(
        tournament.match_score, tournament.ruleset, tournament.conventions, tournament.table_size
    )


def tournament_conversion_params(tournament: Any) -> Params:
    """The parameters of the tournament's conversion (`match_scores.Params`: the bands of
    `compressed_balance`, from `match_score_bands`)."""
    return params_of(getattr(tournament, "match_score_bands", None))


def tournament_winner_points(tournament: Any) -> WinnerPoints:
    """What a match winner scores in this tournament when its game gives no points of its
    own (`ranking.WinnerPoints`): its game's rule (`Game.winner_points`)."""
    return tournament_game(tournament).winner_points


def compute_tournament_standings(
    tournament: Any,
    *,
    tallies: Sequence[tuple[int, int, dict[str, Any]]] | None = None,
    byes: Sequence[tuple[int, Any]] | None = None,
    staged: bool = True,
) -> list[StandingLine]:
    """Recompute the standings from the stored tallies and byes (a few queries; the caller
    may pass them when it has loaded them already). Once a stage is made (a cut or a final
    after round k, `tournaments.events.stages`) the staged order, unless `staged` is False."""
    if tallies is None:
        tallies = load_tallies(tournament)
    if byes is None:
        byes = load_byes(tournament, counted_only=True)
    outcomes = [
        MatchOutcome.from_tally(match_id, round_number, data)
        for match_id, round_number, data in tallies
    ]
    players = list(tournament.entries.values_list("player_id", flat=True))
    # Discipline (tournaments.discipline.services): the loss limit and a positive result closed on
    # time, before the conversion; the cards' penalties and disqualifications.
    from tournaments.discipline.services import outcomes_limited, tournament_discipline

    outcomes, _capped = outcomes_limited(tournament, outcomes)
    penalties, disqualified = tournament_discipline(tournament)
    lines = compute_standings(
        players=players,
        outcomes=outcomes,
        byes=byes,
        tiebreaks=tournament_tiebreaks(tournament),
        scoring=tournament.match_score,
        bye_points=tournament_bye_points(tournament),
        winner_points=tournament_winner_points(tournament),
        params=tournament_conversion_params(tournament),
        penalties=penalties,
        disqualified=disqualified,
    )
    stage: str = getattr(tournament, "stage_kind", "")
    if staged and stage and tournament.stage_after_round:
        return _staged(tournament, lines, tallies, byes)
    return lines


def _staged(
    tournament: Any,
    lines: list[StandingLine],
    tallies: Sequence[tuple[int, int, dict[str, Any]]],
    byes: Sequence[tuple[int, Any]],
) -> list[StandingLine]:
    """The standings once the stage is made (round k+1 paired: its players continued), else
    as they are. Two queries more, only in a tournament with a stage."""
    from scoring.models import Seat
    from tournaments.events.models import Round
    from tournaments.events.stages import FINAL, stage_order

    after = tournament.stage_after_round
    stage_round = Round.objects.filter(tournament=tournament, number=after + 1).first()
    if stage_round is None:
        return lines
    qualification = compute_tournament_standings(
        tournament,
        tallies=[t for t in tallies if t[1] <= after],
        byes=[b for b in byes if b[0] <= after],
        staged=False,
    )
    tables: dict[int, list[Any]] = {}
    for table, player in (
        Seat.objects.filter(match__round=stage_round)
        .order_by("match__table__number", "position")
        .values_list("match__table__number", "player_id")
    ):
        tables.setdefault(table, []).append(player)
    stage_points = None
    if tournament.stage_kind == FINAL:
        groups = [tables[number] for number in sorted(tables)]
        stage_points = _final_points(tournament, tallies, byes)
    else:  # a cut: everyone round k+1 placed, at a table or with a bye
        continuing = [p for number in sorted(tables) for p in tables[number]]
        continuing += list(stage_round.byes.values_list("pk", flat=True))
        groups = [continuing]
    return stage_order(
        lines=lines, qualification=qualification, groups=groups, stage_points=stage_points
    )


def _final_points(
    tournament: Any,
    tallies: Sequence[tuple[int, int, dict[str, Any]]],
    byes: Sequence[tuple[int, Any]],
) -> dict[PlayerId, float]:
    """Each player's match points of the final alone (the rounds after the qualification):
    what orders the final table."""
    after = tournament.stage_after_round
    final = compute_tournament_standings(
        tournament,
        tallies=[t for t in tallies if t[1] > after],
        byes=[b for b in byes if b[0] > after],
        staged=False,
    )
    return {line.player: line.match_points for line in final}


def final_table_points(tournament: Any) -> dict[int, float]:
    """The final's own match points of each player seated at a final table, by player id
    (empty: no final table, or not paired yet). The reports print them beside the standings,
    whose top they order (`tournaments.events.stages.stage_order`)."""
    from scoring.models import Seat
    from tournaments.events.stages import FINAL

    if getattr(tournament, "stage_kind", "") != FINAL or not tournament.stage_after_round:
        return {}
    seated = set(
        Seat.objects.filter(
            match__round__tournament=tournament,
            match__round__number=tournament.stage_after_round + 1,
        ).values_list("player_id", flat=True)
    )
    if not seated:
        return {}
    points = _final_points(
        tournament, load_tallies(tournament), load_byes(tournament, counted_only=True)
    )
    return {player: points.get(player, 0) for player in sorted(seated)}


# Above this many changed rows (at least 16, or a tenth of the field) the refresh rewrites the
# tournament's rows: bulk_update's UPDATE ... CASE costs Python far more per row than a DELETE
# and one INSERT (a finished match moves the ranks of most players below and above it).
_REWRITE_ABOVE_MIN = 16
_REWRITE_ABOVE_SHARE = 10


def _player_pk(player: PlayerId) -> int:
    """A standings line's player as the Player's primary key (a tournament's lines are)."""
    assert isinstance(player, int)
    return player


# A standings row's discipline figures (`StandingRow.penalty`, `.disqualified`).
DISCIPLINE_FIELDS = ("penalty", "disqualified")


def _row(line: StandingLine) -> dict[str, Any]:
    return {**line.row(), **{key: getattr(line, key) for key in DISCIPLINE_FIELDS}}


def standings_refresh(*, tournament: Any) -> int:
    """Bring the tournament's StandingRow rows in line with its tallies; returns rows written.

    Only rows whose figures changed are written. The caller holds the tournament's row lock
    (`standings_lock`), so two refreshes never interleave their writes.
    """
    from tournaments.discipline.services import auto_cards_refresh
    from tournaments.live.cache import live_version_bump

    # The tallies read once: the loss limit's cards first, then the standings that count them.
    tallies = load_tallies(tournament)
    auto_cards_refresh(tournament, tallies=tallies)
    lines = compute_tournament_standings(tournament, tallies=tallies)
    written = _rows_write(tournament, lines)
    # The live pages' counter, in this transaction (tournaments.live.cache), last: its row
    # stays locked until the commit, and whoever else counts a change waits that long only.
    live_version_bump(tournament_id=tournament.pk, roster=False)
    return written


def _rows_write(tournament: Any, lines: Sequence[Any]) -> int:
    """Write the rows of `lines` that changed (or all of them again, when most did)."""
    from tournaments.standings.models import StandingRow

    existing: dict[Hashable, StandingRow] = {
        row.player_id: row for row in StandingRow.objects.filter(tournament=tournament)
    }
    changed: list[StandingRow] = []
    created: list[StandingRow] = []
    for line in lines:
        fresh = _row(line)
        row = existing.pop(line.player, None)
        if row is None:
            created.append(
                StandingRow(tournament=tournament, player_id=_player_pk(line.player), **fresh)
            )
        elif any(getattr(row, k) != v for k, v in fresh.items()):
            for key, value in fresh.items():
                setattr(row, key, value)
            changed.append(row)
    if len(changed) > max(_REWRITE_ABOVE_MIN, len(lines) // _REWRITE_ABOVE_SHARE):
        # Readers see the old rows until the transaction commits.
        StandingRow.objects.filter(tournament=tournament).delete()
        rows = [
            StandingRow(
                tournament=tournament,
                player_id=_player_pk(line.player),
                **_row(line),
            )
            for line in lines
        ]
        StandingRow.objects.bulk_create(rows, batch_size=1000)
        return len(rows)
    if created:
        StandingRow.objects.bulk_create(created, batch_size=500)
    if changed:
        StandingRow.objects.bulk_update(
            changed, [*ROW_FIELDS, *DISCIPLINE_FIELDS, "updated_at"], batch_size=500
        )
    if existing:
        StandingRow.objects.filter(pk__in=[r.pk for r in existing.values()]).delete()
    return len(created) + len(changed) + len(existing)


def standings_refresh_queued(*, tournament_id: int) -> int:
    """The queued refresh: clear the "queued" mark first, then refresh under the lock."""
    from django.core.cache import cache
    from django.db import transaction

    cache.delete(REFRESH_QUEUED_KEY.format(tournament_id))
    with transaction.atomic():
        tournament = standings_lock(tournament_id=tournament_id)
        if tournament is None:
            return 0
        return standings_refresh(tournament=tournament)


def standings_lock(*, tournament_id: int) -> Any:
    """The tournament, its row locked for a standings refresh until the transaction ends
    (None if it is gone).

    FOR NO KEY UPDATE, not FOR UPDATE: refreshes (and the organiser's acts, which lock it FOR
    UPDATE) still take turns, but a row pointing at the tournament can be written meanwhile.
    Its foreign key's check takes a KEY SHARE lock, which FOR UPDATE blocks: the deal that
    finished a match (its tally) waited for a whole refresh, up to 0.9 s under the bench's
    load, made longer by the worker's smaller share of the cores. The tally's write queues
    the next refresh after its commit, so no finished match is missed."""
    from tournaments.events.models import Tournament

    return Tournament.objects.select_for_update(no_key=True).filter(pk=tournament_id).first()


def standings_catch_up(*, within_hours: float = 24) -> int:
    """Refresh the standings of every tournament that has an open round or a match finished
    in the last `within_hours`, each as a queued refresh does (its "queued" mark cleared
    first). Whatever refresh was lost is made up: one held by a worker that was killed (its
    task stays taken in the broker until the visibility timeout, an hour, and its mark keeps
    new ones from being queued for a minute), one a web process was killed before queueing
    after its commit. A refresh that changes nothing writes nothing. Returns the tournaments
    refreshed."""
    from datetime import timedelta

    from django.utils import timezone

    from tournaments.events.models import Round
    from tournaments.standings.models import MatchTally

    since = timezone.now() - timedelta(hours=within_hours)
    ids = set(
        Round.objects.filter(status=Round.Status.OPEN).values_list("tournament_id", flat=True)
    ) | set(
        MatchTally.objects.filter(match__finished_at__gte=since).values_list(
            "tournament_id", flat=True
        )
    )
    for tournament_id in sorted(ids):
        standings_refresh_queued(tournament_id=tournament_id)
    return len(ids)
