"""Reads for the live pages and their API: standings, a round's tables with live scores, the
current round. (The leaderboard and a player's page: `live.leaderboard`.) Everything here reads
stored rows (StandingRow, Match.result); nothing recomputes a rule or rebuilds the standings
on a page view.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from config.collation import sorted_by_name
from config.ids import is_id
from scoring import games
from scoring.models import Deal, Match, Seat
from tournaments.clubs.models import Club, Player
from tournaments.events.models import Round, Tournament
from tournaments.events.selectors import score_figures, score_result_part
from tournaments.live.models import LiveVersion
from tournaments.standings.models import StandingRow
from tournaments.standings.ranking import ROW_FIELDS, rank_label
from tournaments.standings.services import (
    BASE_FIGURES,
    TIEBREAK_FIGURES,
    tournament_tiebreaks,
)


def standings_rows(
    tournament: Tournament, *, offset: int = 0, limit: int | None = None
) -> list[dict[str, Any]]:
    """The ranked rows as the API and the page show them (one query, plain dicts).

    A shared rank reads "3–4": the size of each shared rank is counted over the ranks of the
    whole table (one more narrow query when the page is a slice).
    """
    qs = (
        StandingRow.objects.filter(tournament=tournament)
        .order_by("rank", "player__display_name", "player_id")
        .values(*ROW_FIELDS, "penalty", "disqualified", "player_id", "player__display_name")
    )
    rows = list(qs[offset : offset + limit] if limit is not None else qs)
    if limit is None:
        shared = Counter(row["rank"] for row in rows)
    else:
        ranks = [row["rank"] for row in rows if row["rank_shared"]]
        shared = (
            Counter(
                StandingRow.objects.filter(tournament=tournament, rank__in=set(ranks)).values_list(
                    "rank", flat=True
                )
            )
            if ranks
            else Counter()
        )
    names = tournament_tiebreaks(tournament)
    return [
        {
            "rank": row["rank"],
            "rank_label": rank_label(row["rank"], shared[row["rank"]] if row["rank_shared"] else 1),
            "shared": row["rank_shared"],
            "player": row["player__display_name"],
            "player_id": row["player_id"],
            "match_points": row["match_points"],
            "tiebreaks": {name: row["tiebreaks"].get(name) for name in names},
            "played": row["played"],
            "won": row["won"],
            "bytes": row["bytes"],
            # Stages: the rank at the end of the qualification (None before, or no stage).
            "qualification_rank": row["qualification_rank"],
            # Discipline: match points taken off (second yellow cards), disqualified.
            "penalty": row["penalty"],
            "disqualified": row["disqualified"],
        }
        for row in rows
    ]


def _column(figure: Any) -> dict[str, Any]:
    return {"name": figure.key, "label": figure.label, "short": figure.short}


def tiebreak_columns(tournament: Tournament) -> list[dict[str, Any]]:
    """The tiebreak columns in the organiser's order: key, abbreviation and full name."""
    return [_column(TIEBREAK_FIGURES[name]) for name in tournament_tiebreaks(tournament)]


def base_columns() -> dict[str, dict[str, Any]]:
    """The columns every standings table has (match points, played, won), by key."""
    return {key: _column(figure) for key, figure in BASE_FIGURES.items()}


def _live_tournament_plan() -> tuple[str, list[tuple[Any, list[str], list[Any]]]]:
    """The statement reading a tournament with its club and live counter, and per model its
    columns' attnames and conversions (built once per database vendor)."""
    from django.db import connection

    from scoring import fastsql

    plan = _live_tournament_plans.get(connection.vendor)
    if plan is not None:
        return plan
    q = connection.ops.quote_name
    parts: list[tuple[Any, list[str], list[Any]]] = []
    columns: list[str] = []
    for model, alias in ((Tournament, "t"), (Club, "c"), (LiveVersion, "lv")):
        fields = list(model._meta.concrete_fields)
        attnames = [f.attname for f in fields]
        parts.append((model, attnames, fastsql.converters(model, attnames)))
        columns += [f"{alias}.{q(str(f.column))}" for f in fields]
    statement = (
        f"SELECT {', '.join(columns)} FROM {q(Tournament._meta.db_table)} t "
        f"INNER JOIN {q(Club._meta.db_table)} c ON c.{q('id')} = t.{q('club_id')} "
        f"LEFT OUTER JOIN {q(LiveVersion._meta.db_table)} lv "
        f"ON lv.{q('tournament_id')} = t.{q('id')} WHERE t.{q('id')} = %s"
    )
    plan = _live_tournament_plans[connection.vendor] = (statement, parts)
    return plan


_live_tournament_plans: dict[str, tuple[str, list[tuple[Any, list[str], list[Any]]]]] = {}


def tournament_for_live(tournament_id: int) -> Tournament | None:
    """The tournament with its club and its live counter (`tournament.live`), as
    `select_related("club", "live")` gives it, in one prepared statement: a live poll reads
    it first, and the ORM's building of that three-table query was a third of a poll's CPU
    (issue 22). None when there is no such tournament."""
    from django.db import connection

    from scoring import fastsql

    if not is_id(tournament_id):
        return None
    statement, parts = _live_tournament_plan()
    with fastsql.cursor() as cur:
        fastsql.execute(cur, "live_tournament", lambda: statement, [tournament_id])
        row = cur.fetchone()
    if row is None:
        return None
    objects: list[Any] = []
    start = 0
    for model, attnames, conversions in parts:
        values = fastsql.convert(list(row[start : start + len(attnames)]), conversions)
        start += len(attnames)
        objects.append(
            model.from_db(connection.alias, attnames, values) if values[0] is not None else None
        )
    tournament, club, live = objects
    Tournament._meta.get_field("club").set_cached_value(tournament, club)
    Tournament._meta.get_field("live").set_cached_value(tournament, live)
    if live is not None:
        LiveVersion._meta.get_field("tournament").set_cached_value(live, tournament)
    return tournament


_LIST_ALL = 2**31 - 1  # LIMIT of "all the rows" in a prepared statement (either database)


def _ids_in(column: str) -> str:
    """`column` is one of a list of ids given as ONE parameter (`_ids_param`), so the
    statement keeps one shape whatever the number of ids (prepared once)."""
    from django.db import connection

    if connection.vendor == "postgresql":
        return f"{column} = ANY(%s)"
    return f"{column} IN (SELECT value FROM json_each(%s))"


def _ids_param(ids: Sequence[int]) -> Any:
    from django.db import connection

    ids = [int(i) for i in ids]
    if connection.vendor == "postgresql":
        return ids
    return orjson.dumps(ids).decode()


def _json_text(column: str) -> str:
    """A JSON column as text (orjson reads it faster than the driver's JSON loader)."""
    from django.db import connection

    return f"{column}::text" if connection.vendor == "postgresql" else column


def _json_part(column: str, path: Sequence[str | int]) -> str:
    """A part of a JSON column as JSON text (null when absent). The path is the code's own
    (a game's `score_path`), never a visitor's: checked, then written into the statement."""
    from django.db import connection

    for key in path:
        if not (isinstance(key, int) or re.fullmatch(r"[a-z_]+", key)):
            raise ValueError(f"not a JSON path key: {key!r}")
    if connection.vendor == "postgresql":
        steps = "".join(f" -> {key}" if isinstance(key, int) else f" -> '{key}'" for key in path)
        return f"({column}{steps})::text"
    steps = "".join(f"[#{key}]" if isinstance(key, int) else f".{key}" for key in path)
    return f"({column} -> '${steps}')"


def _live_sql(name: str) -> str:
    """The live round's statements (built once per database vendor from the models' names):
    every poll after a change runs them, and the ORM's building of them cost more CPU than
    rendering the card they feed (issue 22)."""
    from scoring import fastsql
    from tournaments.events.models import Table

    q = fastsql.q
    match, table, seat = (q(m._meta.db_table) for m in (Match, Table, Seat))
    player, deal = q(Player._meta.db_table), q(Deal._meta.db_table)
    user = q(Table._meta.get_field("scorer").related_model._meta.db_table)

    def build() -> str:
        if name.startswith("live_shown"):
            return _shown_select(name.endswith("in_play_first"), "%s")
        if name.startswith("live_cards:"):
            # Only what a card shows of the result (a finished pulka's document is many KB,
            # and a round's API reads every table): the game's score, who deals next and the
            # last deal's hanging pools.
            score = _json_part("m.result", name.split(":", 1)[1].split("."))
            next_dealer = _json_part("m.result", ["next_dealer"])
            hanging = _json_part("m.result", ["deals", -1, "hanging"])
            # The seats with their players, in the same row (one round trip, not two).
            seats = _json_rows(
                f"SELECT s.position, s.player_id, p.display_name FROM {seat} s "
                f"INNER JOIN {player} p ON p.id = s.player_id WHERE s.match_id = m.id",
                ("position", "player_id", "display_name"),
            )
            return (
                f"SELECT m.id, m.status, m.first_dealer_seat, {_json_text('m.winner_seats')}, "
                f"t.number, u.username, {score}, {next_dealer}, {hanging}, "
                f"(SELECT COUNT(*) FROM {deal} d WHERE d.match_id = m.id AND d.status = %s), "
                f"(SELECT COUNT(*) FROM {deal} d WHERE d.match_id = m.id AND d.status = %s), "
                f"{seats} "
                f"FROM {match} m INNER JOIN {table} t ON t.id = m.table_id "
                f"LEFT OUTER JOIN {user} u ON u.id = t.scorer_id WHERE {_ids_in('m.id')}"
            )
        raise KeyError(name)

    return fastsql.sql(name, build)


def _live_rows(name: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    from scoring import fastsql

    with fastsql.cursor() as cur:
        fastsql.execute(cur, name, lambda: _live_sql(name), params)
        return list(cur.fetchall())


def round_tables_shown(
    round_: Round,
    *,
    limit: int | None = None,
    offset: int = 0,
    in_play_first: bool = False,
    player_name: str = "",
) -> list[tuple[int, int, str]]:
    """The matches a round's page shows, in order, as (id, version, status): the tables are
    chosen before anything is counted (the deals of 24 shown tables, not of the whole round),
    and the versions name what the page shows (every deal write bumps its match's)."""
    if not player_name:
        # Every live poll reads these: one prepared statement.
        name = "live_shown_in_play_first" if in_play_first else "live_shown"
        rows = _live_rows(name, [round_.pk, _LIST_ALL if limit is None else limit, offset])
        return [(int(i), int(v), str(s)) for i, v, s, _place in rows]
    base = Match.objects.filter(round=round_, table__isnull=False)
    base = base.filter(
        pk__in=Seat.objects.filter(
            match__round=round_, player__display_name__icontains=player_name
        ).values("match_id")
    )
    qs = base.order_by(*(["-status"] if in_play_first else []), "table__number").values_list(
        "id", "version", "status"
    )
    return list(qs[offset : offset + limit] if limit is not None else qs[offset:])


def _json_value(value: Any) -> Any:
    return orjson.loads(value) if isinstance(value, str | bytes | bytearray) else value


def round_tables(
    round_: Round,
    *,
    limit: int | None = None,
    offset: int = 0,
    in_play_first: bool = False,
    player_name: str = "",
    scorer_shown: bool = False,
    shown: Sequence[tuple[int, int, str]] | None = None,
) -> list[dict[str, Any]]:
    """Each table of a round with its players (clockwise) and the live match score.

    One prepared statement for any number of tables: the matches with their table, scorer,
    result, counts of counted and pending deals (through the deals' match index) and seats.
    The card shows from the result the running totals, who deals next and the hanging pools,
    and marks a deal waiting for confirmation.
    `limit` with `in_play_first` gives the overview's first tables still in play;
    `player_name` finds a player's table.
    `shown`: the tables `round_tables_shown` chose (the caller read them for its version).
    """
    if shown is None:
        shown = round_tables_shown(
            round_,
            limit=limit,
            offset=offset,
            in_play_first=in_play_first,
            player_name=player_name,
        )
    order = {match_id: k for k, (match_id, _version, _status) in enumerate(shown)}
    if not order:
        return []
    # The running score each player has (Deberc's match totals, Preferans' balances).
    game = games.game_get(round_.tournament.game)
    ids = _ids_param(list(order))
    cards = "live_cards:" + ".".join(game.score_path)
    statuses = [Deal.Status.COUNTED.value, Deal.Status.PENDING.value]
    matches = sorted(_live_rows(cards, [*statuses, ids]), key=lambda m: order[m[0]])
    out: list[dict[str, Any]] = []
    for row in matches:
        match_id, status, first_dealer, winner_seats, number, scorer = row[:6]
        figures, next_dealer, pools, n_deals, n_pending, seats = row[6:]
        # Clockwise: by position (a JSON aggregate's order is the database's).
        seated = sorted(_json_value(seats) or [], key=lambda seat: seat[0])
        figures = _json_value(figures)
        hanging = 0
        if status != Match.Status.FINISHED and n_deals:
            hanging = sum(pool.get("points", 0) for pool in _json_value(pools) or [])
        # The game's score summary, as the organiser's tables page shows it.
        totals = score_figures(game, score_result_part(game, figures))
        winners = set(_json_value(winner_seats) or [])
        out.append(
            {
                "number": number,
                "match_id": match_id,
                "status": status,
                "finished": status == Match.Status.FINISHED,
                "deals": n_deals,
                # Deals entered and waiting for an opponent's confirmation (not counted yet).
                "pending": n_pending,
                "next_dealer": _json_value(next_dealer) if n_deals else None,
                "hanging": hanging,
                # The public sees no username (permissions.can_see_usernames).
                "scorer": scorer if scorer_shown else None,
                "first_dealer_seat": first_dealer,
                "players": [
                    {
                        "id": player_id,
                        "name": name,
                        "seat": position,
                        "total": totals.get(name, 0),
                        "winner": position in winners,
                        "first_dealer": position == first_dealer,
                    }
                    for position, player_id, name in seated
                ],
            }
        )
    return out


def round_document(
    round_: Round, warnings: Sequence[str] = (), *, scorer_shown: bool = False
) -> dict[str, Any]:
    """A round as the API returns it: its tables (with players and match ids), byes and the
    round clock (`ends_at`, ISO 8601, null without a time limit)."""
    return {
        "number": round_.number,
        "status": round_.status,
        "ends_at": round_.ends_at.isoformat() if round_.ends_at else None,
        "byes": [{"id": p.pk, "name": p.display_name} for p in round_.byes.all()],
        "tables": round_tables(round_, scorer_shown=scorer_shown),
        "warnings": list(warnings),
    }


# A live page's round (`round_frame`): the round players watch (`number` None: the open one,
# else the latest) or the round of that number, in a tournament.
_FRAME_WATCHED = "watched"
_FRAME_NUMBERED = "numbered"


def _shown_select(in_play_first: bool, round_column: str) -> str:
    """The matches a round's page shows, in order (`round_tables_shown`), with their place
    `k` in it, as a statement of their own or inside the round's frame."""
    from scoring import fastsql
    from tournaments.events.models import Table

    match, table = fastsql.q(Match._meta.db_table), fastsql.q(Table._meta.db_table)
    order = "m.status DESC, t.number" if in_play_first else "t.number"
    return (
        f"SELECT m.id, m.version, m.status, ROW_NUMBER() OVER (ORDER BY {order}) AS k "
        f"FROM {match} m INNER JOIN {table} t ON t.id = m.table_id "
        f"WHERE m.round_id = {round_column} ORDER BY {order} LIMIT %s OFFSET %s"
    )


def _json_rows(select: str, columns: Sequence[str]) -> str:
    """The rows of `select` as one JSON array of arrays (text), `[]` for none: in the
    database's own JSON functions (a frame's lists come in its one row)."""
    from django.db import connection

    listed = ", ".join(f"x.{c}" for c in columns)
    if connection.vendor == "postgresql":
        rows = f"COALESCE(json_agg(json_build_array({listed})), '[]')::text"
        return f"(SELECT {rows} FROM ({select}) x)"
    return f"(SELECT json_group_array(json_array({listed})) FROM ({select}) x)"


def _frame_plan(kind: str, in_play_first: bool) -> tuple[str, str, list[str], list[Any]]:
    """The frame's statement's name and text (built once per database vendor and shape), the
    round's attnames and their conversions."""
    from django.db import connection

    from scoring import fastsql
    from tournaments.events.models import Table

    name = f"live_frame:{kind}:{'in_play_first' if in_play_first else 'by_table'}"
    plan = _frame_plans.get((connection.vendor, name))
    if plan is not None:
        return plan
    # Built once per vendor and shape; every poll after that only looks the plan up.
    fields = list(Round._meta.concrete_fields)
    attnames = [f.attname for f in fields]
    q = fastsql.q
    table = q(Table._meta.db_table)
    byes = Round.byes.through
    player = q(Player._meta.db_table)
    bye_select = (
        f"SELECT p.id, p.display_name, ROW_NUMBER() OVER (ORDER BY p.display_name) AS k "
        f"FROM {q(byes._meta.db_table)} b INNER JOIN {player} p ON p.id = b.player_id "
        f"WHERE b.round_id = r.id"
    )
    where = "r.tournament_id = %s"
    tail = ""
    if kind == _FRAME_NUMBERED:
        where += " AND r.number = %s"
    else:
        # The open round, else the latest.
        tail = " ORDER BY CASE WHEN r.status = %s THEN 0 ELSE 1 END, r.number DESC LIMIT 1"
    statement = (
        f"SELECT {', '.join('r.' + q(str(f.column)) for f in fields)}, "
        f"(SELECT COUNT(*) FROM {table} tc WHERE tc.round_id = r.id), "
        f"{_json_rows(_shown_select(in_play_first, 'r.id'), ('k', 'id', 'version', 'status'))}, "
        f"{_json_rows(bye_select, ('k', 'id', 'display_name'))} "
        f"FROM {q(Round._meta.db_table)} r WHERE {where}{tail}"
    )
    plan = _frame_plans[(connection.vendor, name)] = (
        name,
        statement,
        attnames,
        fastsql.converters(Round, attnames),
    )
    return plan


_frame_plans: dict[tuple[str, str], tuple[str, str, list[str], list[Any]]] = {}


@dataclass(frozen=True)
class RoundFrame:
    """A live page's round as its poll reads it, in one prepared statement (issue 36: the
    round, its tables' count, the tables shown and the byes were four reads a poll):

    - `round`: the round, knowing its tournament;
    - `tables`: how many tables it has;
    - `shown`: the matches the page shows, in order, as (id, version, status)
      (`round_tables_shown`: the versions name what the page shows);
    - `byes`: who sits out, as (player id, name), in name order.
    """

    round: Round
    tables: int
    shown: list[tuple[int, int, str]]
    byes: list[tuple[int, str]]


def _ordered(value: Any) -> list[list[Any]]:
    # Each element leads with its place (`k`): a JSON aggregate's order is the database's.
    return [item[1:] for item in sorted(_json_value(value) or [], key=lambda item: item[0])]


def round_frame(
    tournament: Tournament,
    *,
    number: Any = None,
    limit: int | None = None,
    offset: int = 0,
    in_play_first: bool = False,
) -> RoundFrame | None:
    """The round a live page shows (`number`, or None for the round players watch: the
    open one, else the latest) with its tables' count, the `limit` tables shown from
    `offset` (`in_play_first`: those still in play first) and its byes; None when there is
    no such round."""
    from django.db import connection

    from scoring import fastsql

    params: list[Any] = [_LIST_ALL if limit is None else max(0, limit), max(0, offset)]
    params.append(tournament.pk)
    if number is None:
        kind = _FRAME_WATCHED
        params.append(Round.Status.OPEN)
    else:
        try:
            number = int(number)
        except (TypeError, ValueError):
            return None
        if not 0 < number < 2**31:
            return None
        kind = _FRAME_NUMBERED
        params.append(number)
    name, statement, attnames, conversions = _frame_plan(kind, in_play_first)
    with fastsql.cursor() as cur:
        fastsql.execute(cur, name, lambda: statement, params)
        row = cur.fetchone()
    if row is None:
        return None
    count = len(attnames)
    round_ = Round.from_db(
        connection.alias, attnames, fastsql.convert(list(row[:count]), conversions)
    )
    Round._meta.get_field("tournament").set_cached_value(round_, tournament)
    tables, shown, byes = row[count:]
    return RoundFrame(
        round=round_,
        tables=int(tables),
        shown=[(int(i), int(v), str(s)) for i, v, s in _ordered(shown)],
        byes=[(int(i), str(n)) for i, n in _ordered(byes)],
    )


def current_round(tournament: Tournament) -> Round | None:
    """The round players are watching: the open one, else the latest (`round_frame`)."""
    frame = round_frame(tournament, limit=0)
    return frame.round if frame else None


def round_bye_groups(
    byes: Sequence[tuple[int, str]], teams: Mapping[int, str]
) -> list[dict[str, Any]]:
    """Who sits out the round (its byes: (player id, name), `RoundFrame.byes`), as the big
    screen names them: `{name, members}`, a pair or team once with its members who sit out
    (`teams`: each member's pair or team, `standings.teams.team_names_by_player`), a player
    of none alone (no members); pairs and teams first, each list in its names' order."""
    grouped: dict[str, list[str]] = {}
    alone: list[str] = []
    for player_id, name in byes:
        team = teams.get(player_id)
        if team:
            grouped.setdefault(team, []).append(name)
        else:
            alone.append(name)
    return [
        *(
            {"name": team, "members": sorted_by_name(grouped[team])}
            for team in sorted_by_name(grouped)
        ),
        *({"name": name, "members": []} for name in sorted_by_name(alone)),
    ]
