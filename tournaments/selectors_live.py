"""Reads for the live pages and their API: standings, a round's tables with live scores, a
player's record, the leaderboard. Everything here reads stored rows (StandingRow, Match.result,
Rating); nothing recomputes a rule or rebuilds the standings on a page view."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

import orjson
from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet, Window
from django.db.models.functions import RowNumber

from config.ids import is_id
from scoring import games
from scoring.models import Deal, Match, Seat

from .games import parts_for
from .models import (
    Club,
    Entry,
    LiveVersion,
    Player,
    Rating,
    RatingEvent,
    Round,
    StandingRow,
    Tournament,
)
from .permissions import visible_tournaments
from .ranking import ROW_FIELDS, rank_label
from .reports.data import MatchDeals
from .selectors import score_figures, score_result_part
from .standings import BASE_FIGURES, TIEBREAK_FIGURES, tournament_tiebreaks


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
    from tournaments.models import Table

    q = fastsql.q
    match, table, seat = (q(m._meta.db_table) for m in (Match, Table, Seat))
    player, deal = q(Player._meta.db_table), q(Deal._meta.db_table)
    user = q(Table._meta.get_field("scorer").related_model._meta.db_table)

    def build() -> str:
        if name.startswith("live_shown"):
            order = "m.status DESC, t.number" if name.endswith("in_play_first") else "t.number"
            return (
                f"SELECT m.id, m.version, m.status FROM {match} m "
                f"INNER JOIN {table} t ON t.id = m.table_id WHERE m.round_id = %s "
                f"ORDER BY {order} LIMIT %s OFFSET %s"
            )
        if name == "live_tables_count":
            return f"SELECT COUNT(*) FROM {table} WHERE round_id = %s"
        if name.startswith("live_cards:"):
            # Only what a card shows of the result (a finished pulka's document is many KB,
            # and a round's API reads every table): the game's score, who deals next and the
            # last deal's hanging pools.
            score = _json_part("m.result", name.split(":", 1)[1].split("."))
            next_dealer = _json_part("m.result", ["next_dealer"])
            hanging = _json_part("m.result", ["deals", -1, "hanging"])
            return (
                f"SELECT m.id, m.status, m.first_dealer_seat, {_json_text('m.winner_seats')}, "
                f"t.number, u.username, {score}, {next_dealer}, {hanging}, "
                f"(SELECT COUNT(*) FROM {deal} d WHERE d.match_id = m.id AND d.status = %s) "
                f"FROM {match} m INNER JOIN {table} t ON t.id = m.table_id "
                f"LEFT OUTER JOIN {user} u ON u.id = t.scorer_id WHERE {_ids_in('m.id')}"
            )
        if name == "live_seats":
            return (
                f"SELECT s.match_id, s.position, s.player_id, p.display_name FROM {seat} s "
                f"INNER JOIN {player} p ON p.id = s.player_id WHERE {_ids_in('s.match_id')} "
                "ORDER BY s.match_id, s.position"
            )
        raise KeyError(name)

    return fastsql.sql(name, build)


def _live_rows(name: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    from scoring import fastsql

    with fastsql.cursor() as cur:
        fastsql.execute(cur, name, lambda: _live_sql(name), params)
        return list(cur.fetchall())


def round_tables_count(round_: Round) -> int:
    """How many tables the round has (one prepared statement: every live poll counts them)."""
    return int(_live_rows("live_tables_count", [round_.pk])[0][0])


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
        return [(int(i), int(v), str(s)) for i, v, s in rows]
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

    Two prepared statements for any number of tables: the matches (with their table, scorer,
    result and count of counted deals, through the deals' match index) and their seats. The
    card shows from the result the running totals, who deals next and the hanging pools.
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
    matches = sorted(_live_rows(cards, [Deal.Status.COUNTED.value, ids]), key=lambda m: order[m[0]])
    seats: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
    for match_id, position, player_id, name in _live_rows("live_seats", [ids]):
        seats[match_id].append((position, player_id, name))
    out: list[dict[str, Any]] = []
    for row in matches:
        match_id, status, first_dealer, winner_seats, number, scorer = row[:6]
        figures, next_dealer, pools, n_deals = row[6:]
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
                    for position, player_id, name in seats[match_id]
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


def _rounds_plan() -> tuple[str, list[str], list[Any]]:
    from django.db import connection

    from scoring import fastsql

    plan = _rounds_plans.get(connection.vendor)
    if plan is None:
        q = connection.ops.quote_name
        fields = list(Round._meta.concrete_fields)
        attnames = [f.attname for f in fields]
        statement = (
            f"SELECT {', '.join(q(str(f.column)) for f in fields)} "
            f"FROM {q(Round._meta.db_table)} WHERE {q('tournament_id')} = %s "
            f"ORDER BY {q('number')} DESC LIMIT 5"
        )
        plan = _rounds_plans[connection.vendor] = (
            statement,
            attnames,
            fastsql.converters(Round, attnames),
        )
    return plan


_rounds_plans: dict[str, tuple[str, list[str], list[Any]]] = {}


def current_round(tournament: Tournament) -> Round | None:
    """The round players are watching: the open one, else the latest. (The last five rounds
    in one prepared statement, each knowing its tournament: every live poll reads them, and
    the ORM's building of the query was a tenth of a poll's CPU.)"""
    from django.db import connection

    from scoring import fastsql

    statement, attnames, conversions = _rounds_plan()
    with fastsql.cursor() as cur:
        fastsql.execute(cur, "live_current_round", lambda: statement, [tournament.pk])
        rows = cur.fetchall()
    rounds = [
        Round.from_db(connection.alias, attnames, fastsql.convert(list(row), conversions))
        for row in rows
    ]
    link = Round._meta.get_field("tournament")
    for round_ in rounds:
        link.set_cached_value(round_, tournament)
    for round_ in rounds:
        if round_.status == Round.Status.OPEN:
            return round_
    return rounds[0] if rounds else None


def round_for_live(tournament: Tournament, number: Any) -> Round | None:
    """The tournament's round `number`, knowing its tournament, in one prepared statement (the
    round page's every poll reads it); None when there is none."""
    from django.db import connection

    from scoring import fastsql

    try:
        number = int(number)
    except (TypeError, ValueError):
        return None
    if not 0 < number < 2**31:
        return None
    statement, attnames, conversions = _rounds_plan()
    by_number = statement.split(" ORDER BY ")[0].replace(
        "WHERE", f"WHERE {connection.ops.quote_name('number')} = %s AND", 1
    )
    with fastsql.cursor() as cur:
        fastsql.execute(cur, "live_round_by_number", lambda: by_number, [number, tournament.pk])
        row = cur.fetchone()
    if row is None:
        return None
    round_ = Round.from_db(connection.alias, attnames, fastsql.convert(list(row), conversions))
    Round._meta.get_field("tournament").set_cached_value(round_, tournament)
    return round_


def _sees_everything(user: Any) -> bool:
    return bool(user is not None and user.is_authenticated and user.is_superuser)


def _visible_matches(user: Any) -> Q:
    """The matches (Match rows) of tournaments `user` may see; a stand-alone match (no
    tournament) is staff's only, as permissions.can_view_match says."""
    in_visible = Q(tournament__in=visible_tournaments(user).values("pk"))
    if user is not None and user.is_authenticated and user.is_staff:
        return in_visible | Q(tournament__isnull=True)
    return in_visible


def players_visible(user: Any) -> QuerySet[Player]:
    """The players `user` may see: those entered or seated in a tournament `user` may see.
    A player who plays only in a draft is nobody to the public."""
    if _sees_everything(user):
        return Player.objects.all()
    return Player.objects.filter(
        Exists(
            Entry.objects.filter(
                player=OuterRef("pk"), tournament__in=visible_tournaments(user).values("pk")
            )
        )
        | Exists(
            Seat.objects.filter(
                player=OuterRef("pk"),
                match__in=Match.objects.filter(_visible_matches(user)).values("pk"),
            )
        )
    )


# A leaderboard line's figures as this visitor may see them: (ordinal, mu, sigma, matches).
Shown = tuple[float, float, float, int]


def _rating_game(game: str | None) -> str:
    """A game's registry key: the leaderboard's and the ratings' `game` (default: the first)."""
    return games.game_get(game).key


def leaderboard_games() -> list[games.Game]:
    """The games the leaderboard's filter offers: every registered game, the default first."""
    return games.games_all()


def leaderboard_game(value: str | None) -> games.Game:
    """The game a leaderboard asks for (`?game=`): a registered game's key, else the default
    game (an unknown key is not an error on the page: it shows the default game's ratings)."""
    known = {game.key: game for game in games.games_all()}
    return known.get(str(value or ""), games.game_default())


def leaderboard(
    club_id: int | None = None, limit: int = 200, *, user: Any = None, game: str | None = None
) -> list[tuple[Rating, Shown]]:
    """Players by their rating in one game (default: the default game's), as `user` may see
    them (anonymous: the public). Two games' ratings are never ranked in one list.

    Everyone but a superuser sees only the players of tournaments they may see, and each with
    the rating after their last rated match in such a tournament and the number of those
    matches: a match of a draft tournament moves nothing the public can read."""
    key = _rating_game(game)
    qs = Rating.objects.filter(game=key).select_related("player", "player__club")
    if club_id is not None:
        # An id no club can have (e.g. beyond 64 bits) is a club with no players.
        qs = qs.filter(player__club_id=club_id) if is_id(club_id) else qs.none()
    if _sees_everything(user):
        return [
            (rating, (rating.ordinal, rating.mu, rating.sigma, rating.matches))
            for rating in qs.order_by("-ordinal", "player_id")[:limit]
        ]
    # Each player's last rating event among the matches `user` may see, and how many there
    # are: one pass over the visible events with two window functions (issue 31: four
    # subqueries a rated player took seconds with a 3,000-player field).
    by_player = [F("player_id")]
    events = (
        RatingEvent.objects.filter(
            game=key,
            match__in=Match.objects.filter(_visible_matches(user)).values("pk"),
            # Only a player rated in this game is listed (as the ratings above).
            player__in=qs.values("player_id"),
        )
        .annotate(
            nth=Window(
                RowNumber(),
                partition_by=by_player,
                order_by=[F("rated_at").desc(), F("id").desc()],
            ),
            counted=Window(Count("id"), partition_by=by_player),
        )
        .filter(nth=1)
        .select_related("player", "player__club")
        .order_by("-ordinal", "player_id")
    )
    return [
        (
            Rating(
                player=event.player,
                game=key,
                mu=event.mu,
                sigma=event.sigma,
                ordinal=event.ordinal,
                matches=event.counted,
            ),
            (event.ordinal, event.mu, event.sigma, event.counted),
        )
        for event in events[:limit]
    ]


def leaderboard_rows(
    club_id: int | None = None,
    limit: int = 200,
    *,
    user: Any = None,
    game: str | None = None,
) -> list[dict[str, Any]]:
    key = _rating_game(game)
    rows = []
    for k, (rating, (value, mu, sigma, matches)) in enumerate(
        leaderboard(club_id, limit, user=user, game=key), start=1
    ):
        rows.append(
            {
                "rank": k,
                "player": rating.player.display_name,
                "player_id": rating.player_id,
                "club": rating.player.club.name,
                "game": key,
                "rating": round(value, 2),
                "mu": round(mu, 3),
                "sigma": round(sigma, 3),
                "matches": matches,
            }
        )
    return rows


def leaderboard_clubs(user: Any = None, game: str | None = None) -> QuerySet[Club]:
    """The clubs the leaderboard's filter offers: those with a player `user` may see rated
    (in `game`, when given)."""
    rated = Rating.objects.all() if game is None else Rating.objects.filter(game=game)
    return Club.objects.filter(
        pk__in=players_visible(user).filter(pk__in=rated.values("player_id")).values("club_id")
    ).order_by("name")


def player_visible(player: Player, *, user: Any = None) -> bool:
    """Whether `user` may see this player at all (their page 404s otherwise)."""
    return players_visible(user).filter(pk=player.pk).exists()


def player_record(player: Player, *, user: Any = None) -> dict[str, Any]:
    """A player's matches and figures as `user` may see them (anonymous: the public), read
    from the engine's results and the deal records of the matches of tournaments `user` may
    see only: a draft's matches count in no figure, nor in the rating shown.

    - matches, win rate: won / finished matches, over every game;
    - `games`: one section per game the player played, in the registry's order: the game's
      own figures (its tournament parts' statistics: Deberc's points per deal, bytes and
      combinations; Preferans' contracts by level, misères, whists, all-passes, balance), the
      player's rating in that game and its history.
    """
    seats_qs = Seat.objects.filter(player=player)
    if not _sees_everything(user):
        seats_qs = seats_qs.filter(
            match__in=Match.objects.filter(_visible_matches(user)).values("pk")
        )
    seats = list(
        seats_qs.select_related(
            "match", "match__tournament", "match__round", "match__table"
        ).order_by("-match__created_at")
    )
    match_ids = [seat.match_id for seat in seats]
    others: dict[int, list[str]] = defaultdict(list)
    for match_id, other_name in (
        Seat.objects.filter(match_id__in=match_ids)
        .exclude(player=player)
        .order_by("position")
        .values_list("match_id", "player__display_name")
    ):
        others[match_id].append(other_name)
    name = player.display_name
    matches: list[dict[str, Any]] = []
    finished = won = 0
    for seat in seats:
        match = seat.match
        game = games.game_get(match.game)
        is_finished = match.status == Match.Status.FINISHED
        is_winner = seat.position in (match.winner_seats or [])
        # Each game's running score, as its table cards show it (Deberc the match totals,
        # Preferans the whist balances).
        totals = score_figures(game, match.result or {})
        finished += is_finished
        won += is_finished and is_winner
        matches.append(
            {
                "id": match.pk,
                "game": game.key,
                "game_name": str(game.name),
                "tournament": match.tournament.name if match.tournament else "",
                "tournament_id": match.tournament_id,
                "round": match.round.number if match.round else None,
                "table": match.table.number if match.table else None,
                "opponents": others.get(match.pk, []),
                "total": totals.get(name, 0),
                "opponent_totals": [totals.get(o, 0) for o in others.get(match.pk, [])],
                "finished": is_finished,
                "won": is_finished and is_winner,
            }
        )
    events_qs = RatingEvent.objects.filter(player=player)
    if not _sees_everything(user):
        events_qs = events_qs.filter(match_id__in=match_ids)
    events = list(
        events_qs.order_by("rated_at", "id").values("game", "ordinal", "mu", "sigma", "rated_at")
    )
    return {
        "matches": matches,
        "finished": finished,
        "won": won,
        "win_rate": won / finished if finished else None,
        "games": _player_games(player, seats, others, events, user=user),
    }


def _player_games(
    player: Player,
    seats: Sequence[Seat],
    others: dict[int, list[str]],
    events: Sequence[Mapping[str, Any]],
    *,
    user: Any,
) -> list[dict[str, Any]]:
    """A section per game the player has a match or a rating in: the game's own figures over
    those matches, the rating in that game and its history."""
    name = player.display_name
    records: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for match_id, record in (
        Deal.objects.filter(match_id__in=[s.match_id for s in seats], status=Deal.Status.COUNTED)
        .order_by("match_id", "number")
        .values_list("match_id", "record")
    ):
        records[match_id].append(record)
    by_game: dict[str, list[MatchDeals]] = defaultdict(list)
    for seat in reversed(seats):  # in play order
        match = seat.match
        by_game[games.game_get(match.game).key].append(
            MatchDeals(
                round_number=match.round.number if match.round else 0,
                players=[name, *others.get(match.pk, [])],
                records=records.get(match.pk, []),
                result=match.result or {},
            )
        )
    history: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for event in events:
        history[event["game"]].append(event)
    stored = {r.game: r for r in Rating.objects.filter(player=player)}
    sections = []
    for game in games.games_all():
        played = by_game.get(game.key, [])
        rated = history.get(game.key, [])
        if not played and not rated:
            continue
        statistics = parts_for(game).statistics
        figures = statistics.collect(played).get(name) or statistics.empty(name)
        rating = stored.get(game.key)
        if not _sees_everything(user):
            # The rating after the last match this visitor may see (none: no rating shown).
            rating = (
                Rating(
                    player=player,
                    game=game.key,
                    ordinal=rated[-1]["ordinal"],
                    mu=rated[-1]["mu"],
                    sigma=rated[-1]["sigma"],
                    matches=len(rated),
                )
                if rated
                else None
            )
        sections.append(
            {
                "key": game.key,
                "name": str(game.name),
                "matches": len(played),
                "figures": statistics.page(figures),
                "rating": rating,
                "rating_history": rated,
                "chart": rating_chart(rated),
            }
        )
    return sections


def _svg_number(value: float) -> str:
    """A number as SVG and JavaScript read it, whatever the page's language ("28.0", never
    the Russian "28,0")."""
    return f"{value:.1f}"


def rating_chart(
    events: Sequence[Mapping[str, Any]], width: int = 640, height: int = 220
) -> dict[str, Any]:
    """Points of an inline SVG line chart of the rating (ordinal) after each rated match.

    Coordinates are strings in the locale-independent notation (`_svg_number`): a template
    in Russian or Ukrainian would otherwise write "28,0", which no SVG parser takes. The
    values shown to a reader (`low`, `high`, each point's `value`) stay numbers, formatted in
    the reader's language by the template."""
    if not events:
        return {}
    values = [e["ordinal"] for e in events]
    low, high = min(values), max(values)
    if high - low < 1:
        low, high = low - 1, high + 1
    pad = 28
    step = (width - 2 * pad) / max(1, len(values) - 1)

    def y(v: float) -> float:
        return round(height - pad - (v - low) / (high - low) * (height - 2 * pad), 1)

    points = [(round(pad + k * step, 1), y(v)) for k, v in enumerate(values)]
    return {
        "width": width,
        "height": height,
        "polyline": " ".join(f"{_svg_number(x)},{_svg_number(yy)}" for x, yy in points),
        "points": [
            {"x": _svg_number(x), "y": _svg_number(yy), "value": round(v, 2)}
            for (x, yy), v in zip(points, values, strict=True)
        ],
        "low": round(low, 1),
        "high": round(high, 1),
        "y_low": _svg_number(y(low)),
        "y_high": _svg_number(y(high)),
        "pad": pad,
        "last": round(values[-1], 2),
        # For a script: the ratings after each match, as JSON (json_script), never localised.
        "values": [round(v, 2) for v in values],
    }
