"""Reads of a tournament's pairs and teams (issue 19, item 2): the teams with their members,
and the team standings beside the individual ones.

A team's score is the sum of its members' match points, and its tiebreak the sum of their
game points (Preferans: their whist balances; Deberc: their match totals). A fixed pair's
partners sit on one side of every table and score the same, so a pair's score is its
partners' (their mean), never twice it. Read from the stored standings (`StandingRow`): a
fixed number of queries whatever the number of teams, nothing recomputed.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tournaments.events.models import Entry, Team, Tournament
from tournaments.standings.models import StandingRow

# --- the ranking: plain data in, ranked lines out --------------------------------------------


@dataclass
class TeamLine:
    team: int
    name: str
    match_points: float = 0
    game_points: float = 0
    won: int = 0
    withdrawn: bool = False
    rank: int = 0
    shared: bool = False
    members: list[dict[str, Any]] = field(default_factory=list)


def _whole(value: float) -> float:
    return int(value) if float(value).is_integer() else round(value, 2)


def team_lines(
    teams: Iterable[tuple[int, str, bool]],
    members: Iterable[tuple[int, int, str]],
    rows: Mapping[int, Mapping[str, Any]],
    *,
    pairs: bool = False,
) -> list[TeamLine]:
    """Rank the teams: `teams` (id, name, withdrawn), `members` (team id, player id, name),
    `rows` each player's standing figures (`match_points`, `game_points`, `won`). Teams by
    match points, then game points (both the members' sum; a pair's, its partners' mean);
    teams equal in both share their rank, listed by name."""
    lines = {
        team_id: TeamLine(team_id, name, withdrawn=withdrawn) for team_id, name, withdrawn in teams
    }
    counts: Counter[int] = Counter()
    for team_id, player_id, player_name in members:
        line = lines.get(team_id)
        if line is None:
            continue
        row = rows.get(player_id) or {}
        points = row.get("match_points") or 0
        line.match_points += points
        line.game_points += row.get("game_points") or 0
        line.won += row.get("won") or 0
        line.members.append({"player_id": player_id, "player": player_name, "match_points": points})
        counts[team_id] += 1
    for line in lines.values():
        if pairs and counts[line.team]:
            line.match_points /= counts[line.team]
            line.game_points /= counts[line.team]
            line.won = round(line.won / counts[line.team])
        line.match_points = _whole(line.match_points)
        line.game_points = _whole(line.game_points)
        line.members.sort(key=lambda m: (-m["match_points"], m["player"]))
    ordered = sorted(lines.values(), key=lambda t: (-t.match_points, -t.game_points, t.name))
    by_score: Counter[tuple[float, float]] = Counter(
        (t.match_points, t.game_points) for t in ordered
    )
    previous: tuple[float, float] | None = None
    for place, line in enumerate(ordered, start=1):
        score = (line.match_points, line.game_points)
        line.rank = ordered[place - 2].rank if score == previous else place
        line.shared = by_score[score] > 1
        previous = score
    return ordered


# --- the reads ---------------------------------------------------------------------------------


def has_teams(tournament: Tournament) -> bool:
    """Whether the tournament's entrants are pairs or teams."""
    return tournament.entrants in (Tournament.Entrants.PAIRS, Tournament.Entrants.TEAMS)


def team_standings_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """The ranked pairs or teams as the API and the pages show them (three queries whatever
    the number of teams): rank, its label ("3–4" when shared), the team, its match points and
    game points (the members' sum; a pair's, its partners'), its members with theirs."""
    if not has_teams(tournament):
        return []
    teams = list(Team.objects.filter(tournament=tournament).values_list("id", "name", "withdrawn"))
    members = list(
        Entry.objects.filter(tournament=tournament, team__isnull=False)
        .order_by("seed", "id")
        .values_list("team_id", "player_id", "player__display_name")
    )
    rows = {
        row["player_id"]: row
        for row in StandingRow.objects.filter(tournament=tournament).values(
            "player_id", "match_points", "game_points", "won"
        )
    }
    lines = team_lines(teams, members, rows, pairs=tournament.entrants == Tournament.Entrants.PAIRS)
    shared = Counter(line.rank for line in lines)
    return [
        {
            "rank": line.rank,
            "rank_label": (
                f"{line.rank}–{line.rank + shared[line.rank] - 1}"
                if shared[line.rank] > 1
                else str(line.rank)
            ),
            "shared": line.shared,
            "team": line.name,
            "team_id": line.team,
            "match_points": line.match_points,
            "game_points": line.game_points,
            "won": line.won,
            "withdrawn": line.withdrawn,
            "members": line.members,
        }
        for line in lines
    ]


def team_names_by_player(tournament: Tournament) -> dict[int, str]:
    """Each member's pair or team name, by player id (empty in a tournament of players)."""
    if not has_teams(tournament):
        return {}
    return dict(
        Entry.objects.filter(tournament=tournament, team__isnull=False).values_list(
            "player_id", "team__name"
        )
    )


def with_team_names(
    tournament: Tournament, rows: Sequence[dict[str, Any]]
) -> Sequence[dict[str, Any]]:
    """The individual standings' rows, each with its player's pair or team (`team`: its
    name, None for none) in a tournament of pairs or teams; unchanged otherwise."""
    names = team_names_by_player(tournament)
    if names:
        for row in rows:
            row["team"] = names.get(row.get("player_id"))  # type: ignore[arg-type]
    return rows


def team_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """The tournament's pairs or teams in seed order, each with its members (entry id,
    player id, name, withdrawn): two queries."""
    members: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for entry in (
        Entry.objects.filter(tournament=tournament, team__isnull=False)
        .order_by("seed", "id")
        .values("id", "team_id", "player_id", "player__display_name", "withdrawn")
    ):
        members[entry["team_id"]].append(
            {
                "entry": entry["id"],
                "player_id": entry["player_id"],
                "player": entry["player__display_name"],
                "withdrawn": entry["withdrawn"],
            }
        )
    return [
        {
            "id": team.pk,
            "name": team.name,
            "seed": team.seed,
            "withdrawn": team.withdrawn,
            "members": members.get(team.pk, []),
        }
        for team in Team.objects.filter(tournament=tournament).order_by("seed", "id")
    ]
