"""The pairing manager: reads a tournament from the ORM, runs a generator, writes the round.

`round_pair` creates the next Round with its numbered Tables, one Match per table (ruleset
and conventions of the tournament, seats and first dealer drawn by lot) and the Seats, in one
transaction. `round_swap` is the organiser's manual change before a round starts.
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Count, F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.ids import is_id
from scoring import games
from scoring.models import Match, Seat
from tournaments.events.models import Round, Table, Tournament
from tournaments.pairing.draw import draw_pair_seats, draw_seats
from tournaments.pairing.mixed import EXACT_LIMIT, pair_swiss_mixed, seating_review
from tournaments.pairing.pairs import pair_round_robin_fixed_pairs, pair_swiss_fixed_pairs
from tournaments.pairing.round_robin import (
    berger_order_apart,
    berger_round,
    groups_schedule,
    triples_round_from_history,
)
from tournaments.pairing.swiss import pair_swiss_groups, pair_swiss_pairs
from tournaments.pairing.types import Competitor, PlayerId, RoundPairing
from tournaments.standings.models import Rating, StandingRow
from tournaments.standings.ranking import MatchOutcome
from tournaments.standings.services import (
    compute_tournament_standings,
    standings_refresh,
    tournament_bye_points,
    tournament_conversion_params,
    tournament_winner_points,
)
from tournaments.standings.tallies import load_byes, load_tallies


class PairingError(Exception):
    """Why a round cannot be paired (or a swap made): `code` is stable, `message` for people."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field


@dataclass(frozen=True)
class History:
    """What the Swiss pairing needs to know of the rounds played so far."""

    scores: dict[Hashable, float]
    opponents: dict[Hashable, frozenset]
    byes: dict[Hashable, int]
    floats: dict[Hashable, tuple]
    # Rounds each player sat at a table larger than the tournament's smallest size.
    large_tables: dict[Hashable, int] = field(default_factory=dict)


def tournament_history(
    tournament: Tournament,
    *,
    tallies: Sequence[tuple[int, int, dict[str, Any]]] | None = None,
    byes_played: Sequence[tuple[int, Any]] | None = None,
) -> History:
    """Scores, opponents, byes and floats from the tallies and the rounds' byes.

    Who sat with whom comes from the tallies of finished matches and from the seats of the
    matches still in play (a match in play is a meeting too).
    """
    scoring = tournament.match_score
    bye_points = tournament_bye_points(tournament)
    winner_points = tournament_winner_points(tournament)
    params = tournament_conversion_params(tournament)
    if tallies is None:
        tallies = load_tallies(tournament)
    if byes_played is None:
        byes_played = load_byes(tournament)
    outcomes_by_round: dict[int, list[MatchOutcome]] = defaultdict(list)
    tables_by_round: dict[int, list[list]] = defaultdict(list)
    for match_id, number, data in tallies:
        outcomes_by_round[number].append(MatchOutcome.from_tally(match_id, number, data))
        tables_by_round[number].append(list(data["players"]))
    in_play: dict[int, list] = defaultdict(list)
    in_play_round: dict[int, int] = {}
    for match_id, number, player in Seat.objects.filter(
        match__tournament=tournament, match__tally__isnull=True
    ).values_list("match_id", "match__round__number", "player_id"):
        in_play[match_id].append(player)
        in_play_round[match_id] = number or 0
    for match_id, players in in_play.items():
        tables_by_round[in_play_round[match_id]].append(players)
    byes_by_round: dict[int, list] = defaultdict(list)
    for number, player in byes_played:
        byes_by_round[number].append(player)

    scores: dict[Hashable, float] = defaultdict(float)
    opponents: dict[Hashable, set] = defaultdict(set)
    byes: dict[Hashable, int] = defaultdict(int)
    floats: dict[Hashable, list] = defaultdict(list)
    large_tables: dict[Hashable, int] = defaultdict(int)
    smallest = tournament.round_sizes[0]
    for number in sorted(set(tables_by_round) | set(byes_by_round)):
        before = dict(scores)
        for players in tables_by_round.get(number, []):
            for p in players:
                opponents[p].update(q for q in players if q != p)
                if len(players) > smallest:
                    large_tables[p] += 1
                mine = before.get(p, 0)
                others = [before.get(q, 0) for q in players if q != p]
                if others and mine > max(others):
                    floats[p].append("down")
                elif others and mine < min(others):
                    floats[p].append("up")
                else:
                    floats[p].append(None)
        for p in byes_by_round.get(number, []):
            byes[p] += 1
            scores[p] += bye_points
            floats[p].append(None)
        for outcome in outcomes_by_round.get(number, []):
            for p in outcome.players:
                scores[p] += outcome.match_points(p, scoring, winner_points, params)
    return History(
        scores=dict(scores),
        opponents={p: frozenset(o) for p, o in opponents.items()},
        byes=dict(byes),
        floats={p: tuple(f) for p, f in floats.items()},
        large_tables=dict(large_tables),
    )


def _initial_order(tournament: Tournament, players: Sequence[int]) -> list[int]:
    """Seed order: the organiser's seeds, then the rating, then entry order."""
    seeds = dict(tournament.entries.values_list("player_id", "seed"))
    # The rating in the tournament's own game (a player has one per game).
    ratings = dict(
        Rating.objects.filter(player_id__in=players, game=tournament.game).values_list(
            "player_id", "ordinal"
        )
    )
    position = {p: i for i, p in enumerate(players)}
    return sorted(
        players,
        key=lambda p: (
            seeds.get(p) is None,
            seeds.get(p) or 0,
            -ratings.get(p, float("-inf")),
            position[p],
        ),
    )


def plan_round(tournament: Tournament, number: int) -> RoundPairing:
    """The pairing of round `number` (no writes)."""
    players = list(
        tournament.entries.filter(withdrawn=False)
        .order_by("seed", "id")
        .values_list("player_id", flat=True)
    )
    if tournament.stage_kind and number > (tournament.stage_after_round or number):
        # After a stage only who continued is paired (a final: its tables, as they are).
        players, final = _stage_players(tournament, number, players)
        if final is not None:
            return final
    sizes = tournament.round_sizes
    size = sizes[0]
    game = games.game_get(tournament.game)
    # Fixed pairs (Deberc at four): the pairs are the units (`pairing.pairs`).
    if tournament.entrants == Tournament.Entrants.PAIRS:
        return _plan_fixed_pairs(tournament, number, game)
    # Tables of three or four players each for themselves, of two; a size played in pairs
    # needs fixed pairs as the entrants.
    # (A table of four plays each for themselves when the tournament's conventions say so:
    # Deberc's `pairs: no`; the game decides.)
    paired = {
        s for s in sizes if game.plays_in_pairs(s, tournament.ruleset, tournament.conventions)
    }
    if paired:
        raise PairingError(
            "table_size_unsupported",
            _(
                "%(game)s at %(size)s is played in pairs: enter the players as fixed pairs "
                "(entrants: pairs) to pair its rounds."
            )
            % {"game": game.name, "size": min(paired)},
            "table_size",
        )
    if not set(sizes) <= {2, 3, 4}:
        raise PairingError(
            "table_size_unsupported",
            _(
                "Automatic pairing supports tables of two or three players, or four playing "
                "each for themselves."
            ),
            "table_size",
        )
    team_of = _teams_of(tournament)
    if team_of:
        # A withdrawn team's members are paired no more.
        players = [p for p in players if team_of.get(p, 0) is not None]
    if len(players) < size:
        raise PairingError(
            "too_few_players", _("Not enough players entered for one table."), "players"
        )
    ordered = _initial_order(tournament, players)
    tallies = load_tallies(tournament)
    byes_played = load_byes(tournament)
    history = tournament_history(tournament, tallies=tallies, byes_played=byes_played)
    if tournament.system == Tournament.System.ROUND_ROBIN:
        if len(sizes) > 1:
            raise PairingError(
                "mixed_sizes_round_robin",
                _("A round robin seats one table size: choose Swiss for mixed table sizes."),
                "table_sizes",
            )
        if size == 2:
            if team_of:  # teammates meet in the rounds of the cycle not played
                apart = _teammate_pairs(ordered, team_of)
                ordered = [_pk(p) for p in berger_order_apart(ordered, apart, tournament.rounds)]
            return berger_round(ordered, number)
        return _round_robin_groups(tournament, ordered, number, history, size, team_of)
    rank: dict[PlayerId, int]
    if number == 1 or (not history.scores and not history.opponents):
        rank = {p: i for i, p in enumerate(ordered)}
    else:
        standings = compute_tournament_standings(tournament, tallies=tallies, byes=byes_played)
        rank = {line.player: i for i, line in enumerate(standings)}
        for p in ordered:
            rank.setdefault(p, len(rank))
    competitors = [
        Competitor(
            id=p,
            score=history.scores.get(p, 0),
            rank=rank[p],
            opponents=history.opponents.get(p, frozenset()),
            byes=history.byes.get(p, 0),
            floats=history.floats.get(p, ()),
            large_tables=history.large_tables.get(p, 0),
            team=team_of.get(p),
        )
        for p in players
    ]
    if len(sizes) > 1:
        return pair_swiss_mixed(competitors, sizes)
    if size == 2:
        return pair_swiss_pairs(competitors)
    return pair_swiss_groups(competitors, size)


def _stage_players(
    tournament: Tournament, number: int, players: list[int]
) -> tuple[list[int], RoundPairing | None]:
    """Who plays round `number` after the stage (`tournaments.events.stages`), and for the final
    round its tables: the top of the qualification standing (rounds 1..k) on the round after
    k, then whoever that round placed (a cut; a final is the last round)."""
    from tournaments.events.stages import FINAL, final_groups, final_sizes

    after = tournament.stage_after_round or 0
    final = tournament.stage_kind == FINAL
    if final and number > after + 1:
        raise PairingError(
            "final_played",
            _("The final table was the last round: no round is paired after it."),
            "stage_after_round",
        )
    entered = set(players)
    if number > after + 1:  # a cut's later rounds: those round k+1 placed, still entered
        stage_round = tournament.round_set.get(number=after + 1)
        placed = set(
            Seat.objects.filter(match__round=stage_round).values_list("player_id", flat=True)
        )
        placed |= set(stage_round.byes.values_list("pk", flat=True))
        return [p for p in players if p in placed], None
    qualification = compute_tournament_standings(tournament, staged=False)
    order = [line.player for line in qualification if line.player in entered]
    if not final:
        return [_pk(p) for p in order[: tournament.stage_size or len(order)]], None
    tables = final_groups(order, final_sizes(tournament.stage_size, tournament.round_sizes))
    if not tables:
        raise PairingError(
            "too_few_players", _("Not enough players entered for the final table."), "players"
        )
    return [], RoundPairing(tables=tables, byes=[])


def _teams_of(tournament: Tournament) -> dict[int, int | None]:
    """A team event's {player: team} (None: the team withdrew); empty for other entrants."""
    if tournament.entrants != Tournament.Entrants.TEAMS:
        return {}
    return {
        player: (None if withdrawn else team)
        for player, team, withdrawn in tournament.entries.filter(team__isnull=False).values_list(
            "player_id", "team_id", "team__withdrawn"
        )
    }


def _teammate_pairs(players: Sequence[int], team_of: dict[int, int | None]) -> list[frozenset]:
    by_team: dict[int, list[int]] = defaultdict(list)
    for p in players:
        team = team_of.get(p)
        if team is not None:
            by_team[team].append(p)
    return [
        frozenset(pair)
        for members in by_team.values()
        for pair in itertools.combinations(members, 2)
    ]


def _plan_fixed_pairs(tournament: Tournament, number: int, game: games.Game) -> RoundPairing:
    """A round of fixed pairs: the pairs paired Swiss or round robin as units, each table of
    two pairs seated A1, B1, A2, B2 (`pairing.pairs`)."""
    if tournament.round_sizes != [min(game.pairs_at, default=0)]:
        raise PairingError(
            "table_size_unsupported",
            _("Fixed pairs play two pairs a table: choose the table size played in pairs."),
            "table_size",
        )
    entries = list(
        tournament.entries.filter(withdrawn=False)
        .order_by("seed", "id")
        .values_list("player_id", "team_id", "team__withdrawn", "team__name")
    )
    members: dict[int, list[int]] = defaultdict(list)
    names: dict[int, str] = {}
    for player, team, withdrawn, name in entries:
        if team is None:
            raise PairingError(
                "player_without_pair",
                _("Every player entered must be in a pair (players in none: %(n)d).")
                % {"n": sum(1 for e in entries if e[1] is None)},
                "entries",
            )
        if not withdrawn:
            members[team].append(player)
            names[team] = name
    for team, partners in members.items():
        if len(partners) != 2:
            raise PairingError(
                "pair_incomplete",
                _("The pair %(name)s does not have two players playing (it has %(n)d).")
                % {"name": names[team], "n": len(partners)},
                "entries",
            )
    seeds = dict(tournament.teams.values_list("pk", "seed"))
    units = sorted(members, key=lambda t: (seeds.get(t) is None, seeds.get(t) or 0, t))
    if len(units) < 2:
        raise PairingError(
            "too_few_players", _("Not enough players entered for one table."), "players"
        )
    if tournament.system == Tournament.System.ROUND_ROBIN:
        return pair_round_robin_fixed_pairs(units, members, number)
    tallies = load_tallies(tournament)
    byes_played = load_byes(tournament)
    history = tournament_history(tournament, tallies=tallies, byes_played=byes_played)
    unit_of = {p: t for t, partners in members.items() for p in partners}
    rank = {t: i for i, t in enumerate(units)}
    if number > 1 and (history.scores or history.opponents):
        standings = compute_tournament_standings(tournament, tallies=tallies, byes=byes_played)
        rank = {}
        for line in standings:
            unit = unit_of.get(line.player) if isinstance(line.player, int) else None
            if unit is not None:
                rank.setdefault(unit, len(rank))
        for t in units:
            rank.setdefault(t, len(rank))
    competitors = []
    for t in units:
        a, b = members[t]
        met = {unit_of.get(q) for p in (a, b) for q in history.opponents.get(p, ())}
        competitors.append(
            Competitor(
                id=t,
                # Partners score alike; a partner's late entry aside, the pair's mean.
                score=(history.scores.get(a, 0) + history.scores.get(b, 0)) / 2,
                rank=rank[t],
                opponents=frozenset(u for u in met if u is not None and u != t),
                byes=max(history.byes.get(a, 0), history.byes.get(b, 0)),
                floats=history.floats.get(a, ()),
            )
        )
    return pair_swiss_fixed_pairs(competitors, members)


def _round_robin_groups(
    tournament: Tournament,
    ordered: list[int],
    number: int,
    history: History,
    size: int,
    team_of: dict[int, int | None] | None = None,
) -> RoundPairing:
    """The schedule's round `number`, as long as the rounds played follow the schedule; else a
    round planned from the meetings really played (after a swap by hand or a withdrawal).
    Teammates (a team event) meet as little as the schedule allows."""
    apart = _teammate_pairs(ordered, team_of or {})
    schedule = groups_schedule(
        ordered, max(tournament.rounds, number), size, seed=tournament.pk, apart=apart
    )
    played = _played_tables(tournament)
    planned = {r: {frozenset(t) for t in schedule[r - 1].tables} for r in range(1, number)}
    if all(played.get(r, set()) == planned[r] for r in planned):
        return schedule[number - 1]
    met: Counter[frozenset] = Counter()
    for tables in played.values():
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                met[frozenset((a, b))] += 1
    return triples_round_from_history(
        ordered,
        met,
        Counter(history.byes),
        seed=f"{tournament.pk}:{number}",
        size=size,
        apart=apart,
    )


def _played_tables(tournament: Tournament) -> dict[int, set[frozenset]]:
    tables: dict[int, list] = defaultdict(list)
    rounds: dict[int, int] = {}
    for match_id, number, player in Seat.objects.filter(match__tournament=tournament).values_list(
        "match_id", "match__round__number", "player_id"
    ):
        tables[match_id].append(player)
        rounds[match_id] = number
    out: dict[int, set[frozenset]] = defaultdict(set)
    for match_id, players in tables.items():
        out[rounds[match_id]].add(frozenset(players))
    return out


def round_pair(*, tournament: Tournament) -> Round:
    """Pair the next round and write it (Round, Tables, Matches, Seats) in one transaction."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        last = tournament.round_set.order_by("-number").first()
        number = (last.number + 1) if last else 1
        if number > tournament.rounds:
            raise PairingError(
                "all_rounds_paired",
                _("All %(rounds)d rounds of this tournament are paired.")
                % {"rounds": tournament.rounds},
            )
        if last is not None:
            unfinished = Match.objects.filter(round=last).exclude(status=Match.Status.FINISHED)
            if unfinished.exists():
                raise PairingError(
                    "round_not_finished",
                    _("Round %(number)d still has matches in play.") % {"number": last.number},
                )
            if last.status != Round.Status.CLOSED:
                last.status = Round.Status.CLOSED
                last.closed_at = timezone.now()
                last.save(update_fields=["status", "closed_at"])
        pairing = plan_round(tournament, number)
        round_ = round_write(tournament=tournament, number=number, pairing=pairing)
        # A player entered since the last round gets a row (a bye scores once its round is
        # opened: round_open refreshes the standings).
        rows = StandingRow.objects.filter(tournament=tournament).count()
        stage_made = bool(tournament.stage_kind) and number == (
            (tournament.stage_after_round or 0) + 1
        )  # the qualification rank is recorded now (tournaments.events.stages)
        if pairing.byes or stage_made or rows != tournament.entries.count():
            standings_refresh(tournament=tournament)
        if tournament.status == Tournament.Status.DRAFT:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
    return round_


def round_write(
    *, tournament: Tournament, number: int, pairing: RoundPairing, status: str | None = None
) -> Round:
    """Write a paired round; seats and the first dealer drawn by a lot seeded per table."""
    round_ = Round.objects.create(
        tournament=tournament, number=number, status=status or Round.Status.PAIRED
    )
    if pairing.byes:
        round_.byes.set([_pk(p) for p in pairing.byes])
    tables = Table.objects.bulk_create(
        [Table(round=round_, number=k) for k in range(1, len(pairing.tables) + 1)],
        batch_size=1000,
    )
    first_deals = _first_deals(tournament)
    # Fixed pairs keep partners opposite (a table of two pairs is listed A1, B1, A2, B2).
    in_pairs = tournament.entrants == Tournament.Entrants.PAIRS
    draws = [
        (draw_pair_seats if in_pairs and len(players) == 4 else draw_seats)(
            players, seed=f"{tournament.pk}:{number}:{k}", first_deals=first_deals
        )
        for k, players in enumerate(pairing.tables, start=1)
    ]
    matches = Match.objects.bulk_create(
        [
            Match(
                tournament=tournament,
                round=round_,
                table=table,
                game=tournament.game,
                ruleset=tournament.ruleset,
                conventions=dict(tournament.conventions or {}),
                first_dealer_seat=draw.first_dealer_seat,
            )
            for table, draw in zip(tables, draws, strict=True)
        ],
        batch_size=1000,
    )
    Seat.objects.bulk_create(
        [
            Seat(match=match, position=position, player_id=_pk(player))
            for match, draw in zip(matches, draws, strict=True)
            for position, player in enumerate(draw.seats)
        ],
        batch_size=2000,
    )
    return round_


def _pk(player: PlayerId) -> int:
    """A player of a pairing as the Player's primary key (the manager pairs by primary key)."""
    assert isinstance(player, int)
    return player


def _first_deals(tournament: Tournament) -> dict[Hashable, int]:
    """How often each player dealt first in the tournament's matches so far."""
    rows = (
        Seat.objects.filter(match__tournament=tournament, position=F("match__first_dealer_seat"))
        .values("player_id")
        .annotate(n=Count("id"))
    )
    return {row["player_id"]: row["n"] for row in rows}


def round_swap(*, round_: Round, first: int, second: int, kind: str = "players") -> list[str]:
    """Swap two players (by player id) or two tables (by table number) before the round starts.

    Returns the warnings (a swap that makes a rematch is allowed, with a warning).
    """
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if round_.status != Round.Status.PAIRED:
            raise PairingError(
                "round_started", _("The round has started: its tables can no longer change.")
            )
        if kind == "tables":
            return _swap_tables(round_, first, second)
        if round_.tournament.entrants == Tournament.Entrants.PAIRS:
            return _swap_pairs(round_, first, second)
        return _swap_players(round_, first, second)


def _swap_pairs(round_: Round, first: int, second: int) -> list[str]:
    """Fixed pairs move as pairs: the two players' pairs change places, partners still
    opposite (the first partner of each pair by seat takes the other's first seat)."""
    if first == second:
        raise PairingError("same_player", _("Choose two different players."))
    if not (is_id(first) and is_id(second)):  # no player has such an id
        raise PairingError("unknown_player", _("Both players must be in this round."))
    team_of = _partners_of(round_.tournament)
    pair_a, pair_b = team_of.get(first), team_of.get(second)
    if pair_a is None or pair_b is None:
        raise PairingError("unknown_player", _("Both players must be in this round."))
    if pair_a == pair_b:
        raise PairingError("same_table", _("These players already sit at the same table."))
    members = [p for p, t in team_of.items() if t in (pair_a, pair_b)]
    position = dict(
        Seat.objects.filter(match__round=round_, player_id__in=members).values_list(
            "player_id", "position"
        )
    )
    byes = set(round_.byes.filter(pk__in=members).values_list("pk", flat=True))

    def in_round(pair: int) -> list[int]:
        playing = [p for p, t in team_of.items() if t == pair and (p in position or p in byes)]
        return sorted(playing, key=lambda p: (position.get(p, 0), p))

    a, b = in_round(pair_a), in_round(pair_b)
    if len(a) != 2 or len(b) != 2:
        raise PairingError("unknown_player", _("Both players must be in this round."))
    _swap_players(round_, a[0], b[0])
    return _swap_players(round_, a[1], b[1])


def _partners_of(tournament: Tournament) -> dict[int, int]:
    """{player: pair or team} of a tournament of fixed pairs or of teams."""
    return {
        player: team
        for player, team in tournament.entries.filter(team__isnull=False).values_list(
            "player_id", "team_id"
        )
        if team is not None
    }


def _swap_tables(round_: Round, first: int, second: int) -> list[str]:
    if not (is_id(first) and is_id(second)):  # no table has such a number
        raise PairingError("unknown_table", _("Choose two different tables of this round."))
    tables = {t.number: t for t in round_.tables.filter(number__in=(first, second))}
    if len(tables) != 2 or first == second:
        raise PairingError("unknown_table", _("Choose two different tables of this round."))
    a, b = tables[first], tables[second]
    # Renumber through a free number so the unique (round, number) constraint holds.
    spare = (round_.tables.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    a.number = spare
    a.save(update_fields=["number"])
    b.number = first
    b.save(update_fields=["number"])
    a.number = second
    a.save(update_fields=["number"])
    return []


def _swap_players(round_: Round, first: int, second: int) -> list[str]:
    if first == second:
        raise PairingError("same_player", _("Choose two different players."))
    if not (is_id(first) and is_id(second)):  # no player has such an id
        raise PairingError("unknown_player", _("Both players must be in this round."))
    seats = {
        s.player_id: s
        for s in Seat.objects.filter(match__round=round_, player_id__in=(first, second))
    }
    bye_ids = set(round_.byes.filter(pk__in=(first, second)).values_list("pk", flat=True))
    if len(seats) + len(bye_ids) != 2:
        raise PairingError("unknown_player", _("Both players must be in this round."))
    if len(seats) == 2 and seats[first].match_id == seats[second].match_id:
        raise PairingError("same_table", _("These players already sit at the same table."))
    if bye_ids:
        # A player with a bye takes the other's seat and the other gets the bye.
        seated_id = first if first in seats else second
        bye_id = second if seated_id == first else first
        seat = seats[seated_id]
        seat.player_id = bye_id
        seat.save(update_fields=["player"])
        round_.byes.remove(bye_id)
        round_.byes.add(seated_id)
        standings_refresh(tournament=round_.tournament)
        return _seating_warnings(round_, [seat.match_id])
    a, b = seats[first], seats[second]
    a_match, b_match = a.match_id, b.match_id
    # Two matches: move each seat to the other match (the per-match unique player holds).
    a_pos, b_pos = a.position, b.position
    Seat.objects.filter(pk__in=(a.pk, b.pk)).delete()
    Seat.objects.bulk_create(
        [
            Seat(match_id=b_match, position=b_pos, player_id=first),
            Seat(match_id=a_match, position=a_pos, player_id=second),
        ]
    )
    return _seating_warnings(round_, [a_match, b_match])


def _seating_warnings(round_: Round, match_ids: list[int]) -> list[str]:
    """A warning for every pair at these tables who already met earlier in the tournament,
    and, in a team event, for every two teammates seated at one table (the pairing keeps
    them apart; an organiser's swap may not)."""
    from tournaments.clubs.models import Player

    at_tables: dict[int, list] = defaultdict(list)
    for match_id, player in Seat.objects.filter(match_id__in=match_ids).values_list(
        "match_id", "player_id"
    ):
        at_tables[match_id].append(player)
    met: set[frozenset] = set()
    for together in _earlier_tables(round_):
        for p in together:
            for q in together:
                if p != q:
                    met.add(frozenset((p, q)))
    names = dict(
        Player.objects.filter(pk__in=[p for ps in at_tables.values() for p in ps]).values_list(
            "pk", "display_name"
        )
    )
    # Fixed partners sit together every round: that is no rematch. Teammates never should.
    entrants = round_.tournament.entrants
    partners: dict[int, int] = {}
    if entrants in (Tournament.Entrants.PAIRS, Tournament.Entrants.TEAMS):
        partners = _partners_of(round_.tournament)
    team_names: dict[int, str] = {}
    if entrants == Tournament.Entrants.TEAMS:
        team_names = dict(round_.tournament.teams.values_list("pk", "name"))
    warnings = []
    for players in at_tables.values():
        for i, p in enumerate(players):
            for q in players[i + 1 :]:
                if p in partners and partners.get(q) == partners[p]:
                    if team_names:
                        warnings.append(
                            _("Teammates at one table: %(a)s and %(b)s (%(team)s).")
                            % {
                                "a": names.get(p, p),
                                "b": names.get(q, q),
                                "team": team_names.get(partners[p], ""),
                            }
                        )
                    continue
                if frozenset((p, q)) in met:
                    warnings.append(
                        _("Rematch: %(a)s and %(b)s have already played each other.")
                        % {"a": names.get(p, p), "b": names.get(q, q)}
                    )
    return warnings


def _earlier_tables(round_: Round) -> list[set]:
    """The players of every table of the tournament's rounds before this one."""
    earlier: dict[Hashable, set] = defaultdict(set)
    for match_id, player in Seat.objects.filter(
        match__round__tournament_id=round_.tournament_id, match__round__number__lt=round_.number
    ).values_list("match_id", "player_id"):
        earlier[match_id].add(player)
    return list(earlier.values())


def pairing_warnings(round_: Round) -> list[str]:
    """Every rematch in a round, and every two teammates at one table (shown to the
    organiser on the round page); at mixed table sizes first why (`_mixed_sizes_review`)."""
    ids = list(Match.objects.filter(round=round_).values_list("id", flat=True))
    return _mixed_sizes_review(round_) + _seating_warnings(round_, ids)


def _mixed_sizes_review(round_: Round) -> list[str]:
    """At mixed table sizes, for a field small enough to search (`mixed.EXACT_LIMIT`): the
    round's repeat meetings against the fewest any seating of its players makes, and who sits
    at a larger table again because that avoided repeats (`mixed.seating_review`). Reviewed
    as the round is seated now, so an organiser's swap is reviewed too."""
    from tournaments.clubs.models import Player

    tournament = round_.tournament
    sizes = tournament.round_sizes
    if len(sizes) < 2 or tournament.entrants == Tournament.Entrants.PAIRS:
        return []
    by_match: dict[int, list] = defaultdict(list)
    for match_id, player in (
        Seat.objects.filter(match__round=round_)
        .order_by("match__table__number", "position")
        .values_list("match_id", "player_id")
    ):
        by_match[match_id].append(player)
    tables = list(by_match.values())
    seated = [p for t in tables for p in t]
    if not seated or len(seated) > EXACT_LIMIT:
        return []
    smallest = sizes[0]
    opponents: dict[Hashable, set] = defaultdict(set)
    large: Counter[Hashable] = Counter()
    for together in _earlier_tables(round_):
        for p in together:
            opponents[p].update(q for q in together if q != p)
            large[p] += int(len(together) > smallest)
    team_of = _teams_of(tournament)
    review = seating_review(
        [
            Competitor(
                id=p,
                opponents=frozenset(opponents[p]),
                large_tables=large[p],
                team=team_of.get(p),
            )
            for p in seated
        ],
        tables,
        smallest,
    )
    names: dict[Hashable, str] = dict(
        Player.objects.filter(pk__in=seated).values_list("pk", "display_name")
    )
    lines = []
    if review.repeats and review.repeats == review.fewest:
        lines.append(
            ngettext(
                "%(count)d repeat meeting: unavoidable, no seating of these %(players)d "
                "players at tables of %(tables)s has fewer.",
                "%(count)d repeat meetings: unavoidable, no seating of these %(players)d "
                "players at tables of %(tables)s has fewer.",
                review.repeats,
            )
            % {
                "count": review.repeats,
                "players": len(seated),
                "tables": " + ".join(str(n) for n in sorted(map(len, tables), reverse=True)),
            }
        )
    elif review.fewest is not None and review.repeats > review.fewest:
        lines.append(
            ngettext(
                "%(count)d repeat meeting, though a seating of these players with %(fewest)d "
                "exists.",
                "%(count)d repeat meetings, though a seating of these players with %(fewest)d "
                "exists.",
                review.repeats,
            )
            % {"count": review.repeats, "fewest": review.fewest}
        )
    if review.bent_for_repeats:
        size_of = {p: len(t) for t in tables for p in t}
        lines.append(
            _(
                "At a table of %(size)s again: %(names)s, though the players at smaller tables "
                "(%(fewer)s) have had fewer rounds there. That avoids repeat meetings: "
                "%(count)d instead of %(rotation)d if seated strictly in turn."
            )
            % {
                "size": "/".join(str(n) for n in sorted({size_of[p] for p in review.again})),
                "names": ", ".join(str(names.get(p, p)) for p in review.again),
                "fewer": ", ".join(str(names.get(p, p)) for p in review.fewer),
                "count": review.repeats,
                "rotation": review.by_rotation,
            }
        )
    return lines
