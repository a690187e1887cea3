"""Tournament standings [турнирная таблица]: match points and the organiser's tiebreaks.

The pure part (`MatchOutcome`, `compute_standings`) works on plain data and is what the tests
check against hand-computed examples. The ORM part keeps `StandingRow` up to date: the hook
(`tournaments.hooks.match_changed`) stores each finished match's outcome in a `MatchTally`
(read from the engine's result document, the only source of scores) and recomputes the rows
of that tournament; the pages and the API only read `StandingRow`.

Definitions (rules §7 and the project's choices, also shown on the standings page):

- **match points**: `win` scoring: 1 to the match winner (both members of a winning pair).
  `difference` scoring: the winner scores 1 and also, for each beaten opponent (side), the
  target minus that opponent's match total, nothing for an opponent at or above the target
  (seed 000; the engine's `winner_match_points`).
- **bye** [пропуск]: scores a win's match points (`win`: 1; `difference`: half the target);
  it is neither played, nor won, nor has an opponent (Buchholz counts nothing for it).
- **game_points**: the sum of the player's match totals; **points_difference**: game points
  minus the points against, i.e. per match the best opposing total (the other player; at three
  tables the stronger opponent, as the rules compare a declarer with the best opponent).
- **buchholz**: the sum of all opponents' match points; **sonneborn_berger**: the sum of the
  match points of the opponents the player beat.
- **head_to_head**: among the players still tied when it applies, the match points each won in
  matches against the others of that tie.
- **wins**: matches won; **fewer_bytes**: bytes [байты] made as declarer (card bytes included);
  fewer is better.

Games that rank by more than a win (Preferans) give each finished match's points per
match scoring (`points` of the game's tally, `scoring.games.Game.tally`):

- Preferans `places`: points by place at the table from the whist balances (2/1/0, with four
  3/2/1/0; tied players share the places' average, e.g. 1.5); `balance`: the balance itself.
- **balance**: the sum of the player's whist balances [сальдо вистов]; **places**: the sum of
  the points by place; **wins**: first places (a shared first counts for each); Buchholz,
  Sonneborn–Berger and head-to-head as above, every other player at the table an opponent.
- a bye scores the table's average: the middle place (1 at three, 1.5 at four) or a zero
  balance.

Players still tied after every tiebreak share their rank ("3–4").
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring import games
from scoring.games import winner_match_points

PlayerId = Hashable


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
    # The tiebreak "wins" counts what the "won" column shows; its own heading tells the two
    # columns apart.
    ("wins", pgettext_lazy("tiebreak abbreviation", "Wins"), _("Wins")),
    ("fewer_bytes", _("Bytes"), _("Fewer bytes")),
    # Preferans
    ("balance", _("Bal"), _("Whist balance")),
    ("places", _("Pl.pts"), _("Points by place")),
)
FIGURES: dict[str, Figure] = {**BASE_FIGURES, **TIEBREAK_FIGURES}

TIEBREAKS: dict[str, Any] = {key: f.label for key, f in TIEBREAK_FIGURES.items()}
TIEBREAK_ABBREVIATIONS: dict[str, Any] = {key: f.short for key, f in TIEBREAK_FIGURES.items()}
ASCENDING = frozenset({"fewer_bytes"})
BYTE_OUTCOMES = frozenset({"byte", "card_byte"})


@dataclass(frozen=True)
class MatchOutcome:
    """A finished match as the standings see it: seats in clockwise order.

    `sides[i]` is the side of seat i (its own index; with pairs, seats 0 & 2 are side 0 and
    seats 1 & 3 side 1), so opponents are the seats of the other sides.
    """

    match_id: Hashable
    round_number: int
    players: tuple[PlayerId, ...]
    totals: tuple[int, ...]
    winners: frozenset[PlayerId]
    bytes: tuple[int, ...]
    sides: tuple[int, ...]
    target: int
    # {match scoring: points by seat} when the game gives them (Preferans); else the winner
    # rule below (Deberc).
    points: Mapping[str, tuple[float, ...]] | None = None

    def opponents(self, player: PlayerId) -> list[PlayerId]:
        side = self.sides[self.players.index(player)]
        return [p for p, s in zip(self.players, self.sides, strict=True) if s != side]

    def side_total(self, side: int) -> int:
        # With pairs both partners carry the pair's total; take the side's best figure.
        return self._side_totals[side]

    @cached_property
    def _side_totals(self) -> dict[int, int]:
        totals: dict[int, int] = {}
        for total, side in zip(self.totals, self.sides, strict=True):
            totals[side] = max(totals.get(side, total), total)
        return totals

    @cached_property
    def _against(self) -> dict[int, int]:
        """Per side: the best opposing side's total."""
        return {
            side: max(t for s, t in self._side_totals.items() if s != side)
            for side in self._side_totals
        }

    def match_points(self, player: PlayerId, scoring: str) -> float:
        """The game's points for `scoring`, else the Deberc engine's rule
        (`winner_match_points`, §7): losers score nothing."""
        if self.points is not None and scoring in self.points:
            return self.points[scoring][self.players.index(player)]
        if player not in self.winners:
            return 0
        own_side = self.sides[self.players.index(player)]
        return winner_match_points(
            loser_totals=[t for side, t in self._side_totals.items() if side != own_side],
            target=self.target,
            match_score=scoring,
        )

    def points_against(self, player: PlayerId) -> int:
        return self._against[self.sides[self.players.index(player)]]


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
    data = game.tally(result, ruleset or game.default_ruleset, conventions or {})
    return _outcome(match_id, round_number, players, names, data, target)


def _outcome(
    match_id: Hashable,
    round_number: int,
    players: Sequence[PlayerId],
    names: Sequence[str],
    data: dict[str, Any],
    target: int | None,
) -> MatchOutcome:
    index = {name: i for i, name in enumerate(names)}
    points = data.get("points")
    return MatchOutcome(
        match_id=match_id,
        round_number=round_number,
        players=tuple(players),
        totals=tuple(data["totals"]),
        winners=frozenset(players[index[n]] for n in data["winners"] if n in index),
        bytes=tuple(data["bytes"]),
        sides=tuple(data["sides"]),
        target=data["target"] if target is None else target,
        points={k: tuple(v) for k, v in points.items()} if points else None,
    )


@dataclass
class StandingLine:
    player: PlayerId
    match_points: float = 0
    played: int = 0
    won: int = 0
    game_points: int = 0
    points_against: int = 0
    bytes: int = 0
    byes: int = 0
    rank: int = 0
    rank_shared: bool = False
    tiebreaks: dict[str, float | None] = field(default_factory=dict)


def bye_match_points(scoring: str, target: int) -> int:
    """Deberc's bye (kept for callers on plain data; a tournament asks its game)."""
    return target // 2 if scoring == "difference" else 1


def whole(value: float) -> float:
    """A sum of match points as the standings store it: whole numbers as int."""
    return int(value) if float(value).is_integer() else round(value, 2)


def compute_standings(
    *,
    players: Iterable[PlayerId],
    outcomes: Iterable[MatchOutcome],
    byes: Iterable[tuple[int, PlayerId]] = (),
    tiebreaks: Sequence[str] = (),
    scoring: str = "win",
    bye_points: float = 1,
) -> list[StandingLine]:
    """The ranked standings: match points, then each tiebreak in the organiser's order."""
    unknown = [t for t in tiebreaks if t not in TIEBREAKS]
    if unknown:
        raise ValueError(f"unknown tiebreaks: {unknown}")
    lines: dict[PlayerId, StandingLine] = {p: StandingLine(player=p) for p in players}
    outcomes = list(outcomes)
    for _round, player in byes:
        if player in lines:
            lines[player].match_points += bye_points
            lines[player].byes += 1
    points_by_match: dict[Hashable, dict[PlayerId, float]] = {}
    places: dict[PlayerId, float] = defaultdict(float)
    for outcome in outcomes:
        points_by_match[outcome.match_id] = {}
        for seat, player in enumerate(outcome.players):
            line = lines.get(player)
            if line is None:  # a withdrawn player's old matches still count for the others
                line = lines[player] = StandingLine(player=player)
            mp = outcome.match_points(player, scoring)
            points_by_match[outcome.match_id][player] = mp
            line.match_points += mp
            line.played += 1
            line.won += player in outcome.winners
            line.game_points += outcome.totals[seat]
            line.points_against += outcome.points_against(player)
            line.bytes += outcome.bytes[seat]
            if outcome.points is not None and "places" in outcome.points:
                places[player] += outcome.points["places"][seat]

    values: dict[str, dict[PlayerId, float]] = defaultdict(dict)
    for p, line in lines.items():
        line.match_points = whole(line.match_points)
        values["match_points"][p] = line.match_points
        values["game_points"][p] = line.game_points
        values["points_difference"][p] = line.game_points - line.points_against
        values["wins"][p] = line.won
        values["fewer_bytes"][p] = line.bytes
        values["buchholz"][p] = 0
        values["sonneborn_berger"][p] = 0
        values["balance"][p] = line.game_points
        values["places"][p] = whole(places[p])
    for outcome in outcomes:
        for player in outcome.players:
            for opponent in outcome.opponents(player):
                opp_mp = lines[opponent].match_points
                values["buchholz"][player] += opp_mp
                if player in outcome.winners:
                    values["sonneborn_berger"][player] += opp_mp

    for key in ("buchholz", "sonneborn_berger"):
        values[key] = {p: whole(v) for p, v in values[key].items()}

    head_to_head: dict[PlayerId, float | None] = {}
    groups: list[list[PlayerId]] = [list(lines)]
    for criterion in ["match_points", *tiebreaks]:
        refined: list[list[PlayerId]] = []
        for group in groups:
            if len(group) == 1:
                refined.append(group)
                continue
            if criterion == "head_to_head":
                scores = _head_to_head(group, outcomes, points_by_match)
                head_to_head.update(scores)
            else:
                scores = values[criterion]
            sign = 1 if criterion in ASCENDING else -1
            group.sort(key=lambda p, s=scores, g=sign: g * s[p])
            refined.extend(
                list(run) for _, run in itertools.groupby(group, key=lambda p, s=scores: s[p])
            )
        groups = refined

    position = 1
    ranked: list[StandingLine] = []
    for group in groups:
        for player in group:
            line = lines[player]
            line.rank = position
            line.rank_shared = len(group) > 1
            line.tiebreaks = {
                name: head_to_head.get(player) if name == "head_to_head" else values[name][player]
                for name in tiebreaks
            }
            ranked.append(line)
        position += len(group)
    return ranked


def _head_to_head(
    group: list[PlayerId],
    outcomes: list[MatchOutcome],
    points_by_match: dict[Hashable, dict[PlayerId, float]],
) -> dict[PlayerId, float]:
    members = set(group)
    scores: dict[PlayerId, float] = dict.fromkeys(group, 0)
    for outcome in outcomes:
        present = members.intersection(outcome.players)
        if len(present) < 2:
            continue
        for player in present:
            if any(o in members for o in outcome.opponents(player)):
                scores[player] += points_by_match[outcome.match_id][player]
    return {player: whole(score) for player, score in scores.items()}


def rank_label(rank: int, shared_with: int) -> str:
    """ "3" or, for a rank shared by `shared_with` players, "3–5"."""
    return f"{rank}–{rank + shared_with - 1}" if shared_with > 1 else str(rank)


# --------------------------------------------------------------------------- ORM


def tally_data(match: Any, players: Sequence[PlayerId] | None = None) -> dict[str, Any] | None:
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
    outcome = _outcome(match.pk, 0, players, names, figures, None)
    data: dict[str, Any] = {
        "players": list(outcome.players),
        "totals": list(outcome.totals),
        "winners": sorted(outcome.winners),
        "bytes": list(outcome.bytes),
        "sides": list(outcome.sides),
        "target": outcome.target,
    }
    if outcome.points is not None:
        data["points"] = {key: list(values) for key, values in outcome.points.items()}
    return data


def outcome_from_tally(match_id: Hashable, round_number: int, data: dict) -> MatchOutcome:
    return MatchOutcome(
        match_id=match_id,
        round_number=round_number,
        players=tuple(data["players"]),
        totals=tuple(data["totals"]),
        winners=frozenset(data["winners"]),
        bytes=tuple(data["bytes"]),
        sides=tuple(data["sides"]),
        target=data["target"],
        points={k: tuple(v) for k, v in data["points"].items()} if data.get("points") else None,
    )


def tournament_game(tournament: Any) -> games.Game:
    return games.game_get(getattr(tournament, "game", None))


def tournament_tiebreaks(tournament: Any) -> list[str]:
    """The organiser's tiebreaks (the services accept only those of the tournament's game),
    else the game's default order."""
    chosen = [t for t in (tournament.tiebreaks or []) if t in TIEBREAKS]
    return chosen or list(tournament_game(tournament).default_tiebreaks)


def tournament_bye_points(tournament: Any) -> float:
    """What a bye scores in this tournament: its game says (`Game.bye_points`)."""
    return tournament_game(tournament).bye_points(
        tournament.match_score, tournament.ruleset, tournament.conventions, tournament.table_size
    )


def load_tallies(tournament: Any) -> list[tuple[int, int, dict[str, Any]]]:
    """(match id, round number, tally data) of every finished match of the tournament."""
    from .models import MatchTally

    return list(
        MatchTally.objects.filter(tournament=tournament).values_list(
            "match_id", "round_number", "data"
        )
    )


def load_byes(tournament: Any) -> list[tuple[int, Any]]:
    """(round number, player id) of every bye of the tournament."""
    from .models import Round

    return list(
        Round.byes.through.objects.filter(round__tournament=tournament).values_list(
            "round__number", "player_id"
        )
    )


def compute_tournament_standings(
    tournament: Any,
    *,
    tallies: Sequence[tuple[int, int, dict[str, Any]]] | None = None,
    byes: Sequence[tuple[int, Any]] | None = None,
) -> list[StandingLine]:
    """Recompute the standings from the stored tallies and byes (a few queries; the caller
    may pass them when it has loaded them already)."""
    if tallies is None:
        tallies = load_tallies(tournament)
    if byes is None:
        byes = load_byes(tournament)
    outcomes = [
        outcome_from_tally(match_id, round_number, data) for match_id, round_number, data in tallies
    ]
    players = list(tournament.entries.values_list("player_id", flat=True))
    return compute_standings(
        players=players,
        outcomes=outcomes,
        byes=byes,
        tiebreaks=tournament_tiebreaks(tournament),
        scoring=tournament.match_score,
        bye_points=tournament_bye_points(tournament),
    )


# Above this many changed rows (at least 16, or a tenth of the field) the refresh rewrites the
# tournament's rows: bulk_update's UPDATE ... CASE costs Python far more per row than a DELETE
# and one INSERT (a finished match moves the ranks of most players below and above it).
_REWRITE_ABOVE_MIN = 16
_REWRITE_ABOVE_SHARE = 10
_ROW_FIELDS = (
    "rank",
    "rank_shared",
    "match_points",
    "played",
    "won",
    "game_points",
    "points_against",
    "bytes",
    "tiebreaks",
)


def standings_refresh(*, tournament: Any) -> int:
    """Bring the tournament's StandingRow rows in line with its tallies; returns rows written.

    Only rows whose figures changed are written. The caller holds the tournament's row lock
    (see `match_record`), so two matches finishing at once cannot interleave their updates.
    """
    from .models import StandingRow

    lines = compute_tournament_standings(tournament)
    existing = {row.player_id: row for row in StandingRow.objects.filter(tournament=tournament)}
    changed: list[StandingRow] = []
    created: list[StandingRow] = []
    for line in lines:
        fresh = {
            "rank": line.rank,
            "rank_shared": line.rank_shared,
            "match_points": line.match_points,
            "played": line.played,
            "won": line.won,
            "game_points": line.game_points,
            "points_against": line.points_against,
            "bytes": line.bytes,
            "tiebreaks": line.tiebreaks,
        }
        row = existing.pop(line.player, None)
        if row is None:
            created.append(StandingRow(tournament=tournament, player_id=line.player, **fresh))
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
                player_id=line.player,
                **{k: getattr(line, k) for k in _ROW_FIELDS},
            )
            for line in lines
        ]
        StandingRow.objects.bulk_create(rows, batch_size=1000)
        return len(rows)
    if created:
        StandingRow.objects.bulk_create(created, batch_size=500)
    if changed:
        StandingRow.objects.bulk_update(changed, [*_ROW_FIELDS, "updated_at"], batch_size=500)
    if existing:
        StandingRow.objects.filter(pk__in=[r.pk for r in existing.values()]).delete()
    return len(created) + len(changed) + len(existing)


_QUEUED_KEY = "deberc:standings-refresh-queued:{}"


def match_record(*, match: Any) -> tuple[bool, bool]:
    """Store the match's tally if it changed and refresh the standings.

    Returns (standings changed, the match had been counted before): the caller schedules
    rating work from these.
    """
    from .models import MatchTally

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
        from . import tasks

        if cache.add(_QUEUED_KEY.format(tournament_id), 1, timeout=60):
            # A short delay lets the matches that finish meanwhile share this refresh: at a
            # busy evening the worker refreshes a tournament about once a second, not once
            # per finished match (eager mode runs it at once).
            tasks.refresh_standings_task.apply_async(
                (tournament_id,), countdown=settings.STANDINGS_REFRESH_DELAY
            )

    transaction.on_commit(enqueue)


def standings_refresh_queued(*, tournament_id: int) -> int:
    """The queued refresh: clear the "queued" mark first, then refresh under the lock."""
    from django.core.cache import cache
    from django.db import transaction

    from .models import Tournament

    cache.delete(_QUEUED_KEY.format(tournament_id))
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None:
            return 0
        return standings_refresh(tournament=tournament)


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

    from .models import MatchTally, Round

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
