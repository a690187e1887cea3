"""The standings calculation [расчёт турнирной таблицы]: plain data in, ranked lines out.

No Django and no database here: a finished match is a `MatchOutcome` (seats, totals, winners,
bytes, sides, and the game's points by match scoring when it gives them), and
`compute_standings` ranks the players by match points and then by each tiebreak in the
organiser's order. `tournaments.standings.services` reads the stored tallies into these outcomes,
names the figures in the user's language and keeps the `StandingRow` rows in line; the tests
check this module on plain tuples against hand-computed examples.

Definitions (rules §7 and the project's choices, also shown on the standings page):

- **match points**: `win` scoring: 1 to the match winner (both members of a winning pair).
  `difference` scoring: the winner scores 1 and also, for each beaten opponent (side), the
  target minus that opponent's match total, nothing for an opponent at or above the target
  (seed 000). That rule is the game's (`winner_points`, which the caller passes); a game that
  ranks by more than a win (Preferans) gives each match's points itself (`points`).
- **bye** [пропуск]: scores the caller's `bye_points` (the game says how many); it is neither
  played, nor won, nor has an opponent (Buchholz counts nothing for it).
- **game_points**: the sum of the player's match totals; **points_difference**: game points
  minus the points against, i.e. per match the best opposing total (the other player; at three
  tables the stronger opponent, as the rules compare a declarer with the best opponent).
- **buchholz**: the sum of all opponents' match points; **sonneborn_berger**: the sum of the
  match points of the opponents the player beat.
- **head_to_head**: among the players still tied when it applies, the match points each won in
  matches against the others of that tie.
- **wins**: matches won; **fewer_bytes**: bytes [байты] made as declarer (card bytes included);
  fewer is better.
- Preferans: **balance**: the sum of the player's whist balances [сальдо вистов] (its match
  totals); **places**: the sum of the points by place at the table (2/1/0, with four 3/2/1/0;
  tied players share the places' average); **wins**: first places (a shared first counts for
  each); every other player at the table is an opponent.

Players still tied after every tiebreak share their rank ("3–4").
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol, TypedDict

from tournaments.standings.match_scores import CONVERSIONS, NO_PARAMS, Params, convert

PlayerId = Hashable


class WinnerPoints(Protocol):
    """The game's rule for what a match winner scores under a match scoring other than a
    plain win, from the beaten sides' match totals and the match's target."""

    def __call__(self, *, loser_totals: list[int], target: int, match_score: str) -> float: ...


# Every figure the players may be ranked by after the match points (the organiser picks the
# game's ones and their order). `tournaments.standings.services` names each in the user's language.
CRITERIA: tuple[str, ...] = (
    "game_points",
    "points_difference",
    "buchholz",
    "sonneborn_berger",
    "head_to_head",
    "wins",
    "fewer_bytes",
    "balance",
    "places",
)
ASCENDING = frozenset({"fewer_bytes"})

# The figures of a standings row, in the order `StandingRow` keeps them: the one list the
# refresh writes and every reader (pages, API, reports) reads.
ROW_FIELDS: tuple[str, ...] = (
    "rank",
    "rank_shared",
    "match_points",
    "played",
    "won",
    "game_points",
    "points_against",
    "bytes",
    "tiebreaks",
    "qualification_rank",
)


class Tally(TypedDict, total=False):
    """A finished match as stored for the standings (`MatchTally.data`), by seat."""

    players: list[Any]
    totals: list[int]
    winners: list[Any]
    bytes: list[int]
    sides: list[int]
    target: int
    points: dict[str, list[float]]


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
    # rule (`winner_points`).
    points: Mapping[str, tuple[float, ...]] | None = None

    @classmethod
    def from_tally(
        cls, match_id: Hashable, round_number: int, data: Mapping[str, Any]
    ) -> MatchOutcome:
        points = data.get("points")
        return cls(
            match_id=match_id,
            round_number=round_number,
            players=tuple(data["players"]),
            totals=tuple(data["totals"]),
            winners=frozenset(data["winners"]),
            bytes=tuple(data["bytes"]),
            sides=tuple(data["sides"]),
            target=data["target"],
            points={k: tuple(v) for k, v in points.items()} if points else None,
        )

    def tally(self) -> Tally:
        """The outcome as stored (`from_tally` reads it back)."""
        data: Tally = {
            "players": list(self.players),
            "totals": list(self.totals),
            "winners": sorted(self.winners),
            "bytes": list(self.bytes),
            "sides": list(self.sides),
            "target": self.target,
        }
        if self.points is not None:
            data["points"] = {key: list(values) for key, values in self.points.items()}
        return data

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

    def match_points(
        self,
        player: PlayerId,
        scoring: str,
        winner_points: WinnerPoints | None = None,
        params: Params = NO_PARAMS,
    ) -> float:
        """The game's points for `scoring`, else the winner rule: losers score nothing, a
        winner 1 (`win`) or what `winner_points` gives for the beaten sides' totals. A
        conversion reads the tournament's `params` (the bands of `compressed_balance`)."""
        if self.points is not None and scoring in self.points:
            return self.points[scoring][self.players.index(player)]
        if scoring in CONVERSIONS:  # the tournament's conversion of the table's totals
            return self._converted(scoring, params)[self.players.index(player)]
        if player not in self.winners:
            return 0
        if winner_points is None:
            if scoring != "win":
                raise ValueError(f"match scoring {scoring!r} needs the game's winner rule")
            return 1
        own_side = self.sides[self.players.index(player)]
        return winner_points(
            loser_totals=[t for side, t in self._side_totals.items() if side != own_side],
            target=self.target,
            match_score=scoring,
        )

    def _converted(self, scoring: str, params: Params) -> list[float]:
        cache = self.__dict__.setdefault("_conversions", {})
        if (scoring, params) not in cache:
            cache[scoring, params] = convert(scoring, self.totals, params)
        return cache[scoring, params]

    def points_against(self, player: PlayerId) -> int:
        return self._against[self.sides[self.players.index(player)]]


def outcome_from_figures(
    *,
    match_id: Hashable,
    round_number: int,
    players: Sequence[PlayerId],
    names: Sequence[str],
    figures: Mapping[str, Any],
    target: int | None = None,
) -> MatchOutcome:
    """A match from its game's tally figures (by seat in the result's player order `names`;
    winners by name): `players` are the seat occupants in that order. `target` overrides the
    tally's."""
    index = {name: i for i, name in enumerate(names)}
    points = figures.get("points")
    return MatchOutcome(
        match_id=match_id,
        round_number=round_number,
        players=tuple(players),
        totals=tuple(figures["totals"]),
        winners=frozenset(players[index[n]] for n in figures["winners"] if n in index),
        bytes=tuple(figures["bytes"]),
        sides=tuple(figures["sides"]),
        target=figures["target"] if target is None else target,
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
    # Discipline (tournaments.discipline.services): match points taken off, disqualified.
    penalty: float = 0
    disqualified: bool = False
    # Stages (tournaments.events.stages): the position at the end of the qualification, once made.
    qualification_rank: int | None = None

    def row(self) -> dict[str, Any]:
        """The line's figures as a standings row keeps them (`ROW_FIELDS`)."""
        return {key: getattr(self, key) for key in ROW_FIELDS}


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
    winner_points: WinnerPoints | None = None,
    params: Params = NO_PARAMS,
    penalties: Mapping[PlayerId, float] | None = None,
    disqualified: Iterable[PlayerId] = (),
) -> list[StandingLine]:
    """The ranked standings: match points, then each tiebreak in the organiser's order.

    `penalties`: match points taken off a player (discipline) before ranking;
    `disqualified`: players ranked below everyone still in (among themselves as the rest).

    `winner_points`: the game's rule for a winner's match points under `scoring` when the
    outcomes carry no points of their own (needed for any scoring but `win`); `params`: a
    conversion's parameters (`match_scores.Params`)."""
    unknown = [t for t in tiebreaks if t not in CRITERIA]
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
            mp = outcome.match_points(player, scoring, winner_points, params)
            points_by_match[outcome.match_id][player] = mp
            line.match_points += mp
            line.played += 1
            line.won += player in outcome.winners
            line.game_points += outcome.totals[seat]
            line.points_against += outcome.points_against(player)
            line.bytes += outcome.bytes[seat]
            if outcome.points is not None and "places" in outcome.points:
                places[player] += outcome.points["places"][seat]

    for p, off in (penalties or {}).items():
        if p in lines and off:
            lines[p].penalty = whole(off)
            lines[p].match_points -= off
    out = set(disqualified)
    for p in out & lines.keys():
        lines[p].disqualified = True

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
    groups: list[list[PlayerId]] = [
        g for g in ([p for p in lines if p not in out], [p for p in lines if p in out]) if g
    ]
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
            group.sort(key=_signed(scores, sign))
            refined.extend(list(run) for _, run in itertools.groupby(group, key=scores.__getitem__))
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


def _signed(scores: Mapping[PlayerId, Any], sign: int) -> Callable[[PlayerId], Any]:
    """A sort key: the player's score, negated for a criterion where more is better."""
    return lambda player: sign * scores[player]


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
