"""Tournament standings [турнирная таблица]: their figures' names, and the stored rows.

The calculation itself is `tournaments.ranking` (plain data in, ranked lines out; its
docstring defines every figure). This module is its Django side: the names of the figures in
the user's language, the tally a finished match adds (read from the engine's result document
through its game, the only source of scores), and the `StandingRow` rows kept up to date: the
hook (`tournaments.hooks.match_changed`) stores each finished match's outcome in a
`MatchTally` and queues a refresh of that tournament's rows; the pages and the API only read
`StandingRow`.
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
    Tally,
    WinnerPoints,
    compute_standings,
    outcome_from_figures,
)


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


def outcome_from_result(
    *,
    match_id: Hashable,
    round_number: int,
    players: Sequence[PlayerId],
    result: dict[str, Any],
    target: int | None = None,
    ruleset: Any = None,
    conventions: Any = None,
) -> MatchOutcome | None:
    """Read a finished match from the engine's result document (None while in play), through
    its game's tally (`scoring.games.Game.tally`; the game from the result's format).

    `players` are the seat occupants in clockwise order, the order of `result["players"]`.
    `target` overrides the tally's (Deberc's difference scoring needs the match's target).
    """
    if not result or not result.get("finished"):
        return None
    names: list[str] = list(result["players"])
    if len(names) != len(players):
        raise ValueError("the result's players do not match the seats")
    game = games.game_for_result(result)
    figures = game.tally(result, ruleset or game.default_ruleset, conventions or {})
    return outcome_from_figures(
        match_id=match_id,
        round_number=round_number,
        players=players,
        names=names,
        figures=figures,
        target=target,
    )


# --------------------------------------------------------------------------- ORM


def tally_data(match: Any, players: Sequence[PlayerId] | None = None) -> Tally | None:
    """What a finished match adds to the standings (None while it is in play).

    `players`: the seat occupants clockwise, when the caller has them already.
    """
    result = match.result or {}
    if not result.get("finished") or match.tournament_id is None:
        return None
    if players is None:
        players = list(match.seats.order_by("position").values_list("player_id", flat=True))
    names = list(result["players"])
    if len(names) != len(players):
        raise ValueError("the result's players do not match the seats")
    game = games.game_get(match.game)
    figures = game.tally(result, match.ruleset, match.conventions)
    return outcome_from_figures(
        match_id=match.pk, round_number=0, players=players, names=names, figures=figures
    ).tally()


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


def load_tallies(tournament: Any) -> list[tuple[int, int, dict[str, Any]]]:
    """(match id, round number, tally data) of every finished match of the tournament."""
    from tournaments.standings.models import MatchTally

    return list(
        MatchTally.objects.filter(tournament=tournament).values_list(
            "match_id", "round_number", "data"
        )
    )


def load_byes(tournament: Any, *, counted_only: bool = False) -> list[tuple[int, Any]]:
    """(round number, player id) of every bye of the tournament (the pairing avoids a second
    bye with them all). `counted_only`: the byes the standings count, those of a round opened
    or closed: a bye scores when its round is played (docs/tournaments.md, "Byes"), not
    when it is only paired."""
    from tournaments.events.models import Round

    byes = Round.byes.through.objects.filter(round__tournament=tournament)
    if counted_only:
        byes = byes.exclude(round__status=Round.Status.PAIRED)
    return list(byes.values_list("round__number", "player_id"))


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
        final = compute_tournament_standings(
            tournament,
            tallies=[t for t in tallies if t[1] > after],
            byes=[b for b in byes if b[0] > after],
            staged=False,
        )
        stage_points = {line.player: line.match_points for line in final}
    else:  # a cut: everyone round k+1 placed, at a table or with a bye
        continuing = [p for number in sorted(tables) for p in tables[number]]
        continuing += list(stage_round.byes.values_list("pk", flat=True))
        groups = [continuing]
    return stage_order(
        lines=lines, qualification=qualification, groups=groups, stage_points=stage_points
    )


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


_QUEUED_KEY = "deberc:standings-refresh-queued:{}"


def match_record(*, match: Any) -> tuple[bool, bool]:
    """Store the match's tally if it changed and refresh the standings.

    Returns (standings changed, the match had been counted before): the caller schedules
    rating work from these.
    """
    from tournaments.standings.models import MatchTally

    if match.tournament_id is None:
        return False, False
    data = tally_data(match)
    old = MatchTally.objects.filter(match_id=match.pk).values_list("data", flat=True).first()
    if old == data:
        return False, old is not None
    if data is None:
        MatchTally.objects.filter(match_id=match.pk).delete()
    else:
        round_number = match.round.number if match.round_id is not None else 0
        # One INSERT … ON CONFLICT: the deal write that finishes a match waits for it.
        MatchTally.objects.bulk_create(
            [
                MatchTally(
                    match_id=match.pk,
                    tournament_id=match.tournament_id,
                    round_number=round_number,
                    data=data,
                )
            ],
            update_conflicts=True,
            unique_fields=["match"],
            update_fields=["tournament", "round_number", "data"],
        )
    # The refresh runs after the commit (a Celery task; at once in eager mode), so a deal
    # write never waits for the whole standings nor holds the tournament's lock: matches
    # finishing together queue one refresh that covers them all.
    standings_refresh_later(tournament_id=match.tournament_id)
    return True, old is not None


def standings_refresh_later(*, tournament_id: int) -> None:
    """Queue one refresh after the commit, unless one is queued and has not started yet (it
    will read this write's tally too, since it starts after this commit)."""
    from django.conf import settings
    from django.core.cache import cache
    from django.db import transaction

    def enqueue() -> None:
        from tournaments.standings import tasks as standings_tasks

        if cache.add(_QUEUED_KEY.format(tournament_id), 1, timeout=60):
            # A short delay lets the matches that finish meanwhile share this refresh: at a
            # busy evening the worker refreshes a tournament about once a second, not once
            # per finished match (eager mode runs it at once).
            standings_tasks.refresh_standings_task.apply_async(
                (tournament_id,), countdown=settings.STANDINGS_REFRESH_DELAY
            )

    transaction.on_commit(enqueue)


def standings_refresh_queued(*, tournament_id: int) -> int:
    """The queued refresh: clear the "queued" mark first, then refresh under the lock."""
    from django.core.cache import cache
    from django.db import transaction

    cache.delete(_QUEUED_KEY.format(tournament_id))
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
