"""Reads of the club leaderboard [рейтинг-лист] and a player's page: who may see which players and
matches, the rows, the player's record and rating chart."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet, Window
from django.db.models.functions import RowNumber
from django.utils.translation import gettext

from config.collation import sorted_by_name
from config.ids import is_id
from scoring import games
from scoring.models import Deal, Match, Seat
from tournaments.clubs.models import Club, Player
from tournaments.clubs.permissions import visible_tournaments
from tournaments.events.models import Entry, Tournament
from tournaments.events.selectors import score_figures
from tournaments.federations.models import FederationClub
from tournaments.games import parts_for
from tournaments.people.models import ClubPlayer
from tournaments.people.selectors import on_club_roll
from tournaments.reports.data import MatchDeals
from tournaments.standings.models import Rating, RatingEvent


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


# The leaderboards a visitor reads are kept in the cache (the rankings, not the names: those
# are read fresh for the at most `limit` players shown), under a key that names everything a
# ranking is computed from (`LeaderboardScope.stamp`): a new key for any change, never a
# stale ranking. The time only bounds the memory of rankings no longer asked for.
LEADERBOARD_CACHE_SECONDS = 600
LEADERBOARD_LIMIT = 200

# A ranking's line: (player id, ordinal, mu, sigma, matches), as its visitor may see them.
RankingLine = tuple[int, float, float, float, int]


@dataclass(frozen=True)
class LeaderboardScope:
    """What a visitor may see of the ratings, and the stamp of their leaderboards' data.

    `everything`: a superuser's view (every rating as it is). Otherwise the rated matches of
    `tournaments` (the ids of the tournaments the visitor may see) and, when `standalone`
    (staff), the matches of no tournament. Two visitors share a cached ranking only when they
    share the scope, and then they see the same ranking anyway: a signed-in person's ranking
    is never another's, since it is keyed by what they may see, not by who they are.

    `stamp` digests the scope with each of its tournaments' live counters
    (live.cache.live_version_bump: publication, an entry, a seat, a match made or deleted, a
    player or club renamed) and the ratings' state (`_ratings_state`)."""

    everything: bool
    standalone: bool
    tournaments: tuple[int, ...]
    stamp: str


def _ratings_state() -> tuple[Any, ...]:
    """The ratings as they are now, in one statement: every rating write inserts events (an
    event's id is never given twice: a replay's are new ones), a deletion (a match's, a
    player's, a replay's) lowers their count, and a rating row's upsert moves its
    `updated_at`. Events and ratings are never updated in place but by these."""
    from django.db import connection

    q = connection.ops.quote_name
    event, rating = q(RatingEvent._meta.db_table), q(Rating._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT (SELECT COUNT(*) FROM {event}), (SELECT MAX(id) FROM {event}), "
            f"(SELECT COUNT(*) FROM {rating}), (SELECT MAX(updated_at) FROM {rating})"
        )
        row = cursor.fetchone()
    return tuple(str(value) for value in row)


def leaderboard_scope(user: Any = None) -> LeaderboardScope:
    """`user`'s scope of the ratings (anonymous: the public's), in two queries whatever the
    data: the tournaments they may see with their live counters, and the ratings' state."""
    if _sees_everything(user):
        return LeaderboardScope(True, True, (), _stamp(("everything", _ratings_state())))
    standalone = bool(user is not None and user.is_authenticated and user.is_staff)
    seen = list(visible_tournaments(user).order_by("pk").values_list("pk", "live__version"))
    # Read after the scope: a ranking is then never older than the state it is stored under.
    state = _ratings_state()
    return LeaderboardScope(
        False,
        standalone,
        tuple(pk for pk, _version in seen),
        _stamp(("tournaments", standalone, tuple(seen), state)),
    )


def _stamp(parts: Any) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:40]


def _visible_rated_matches(scope: LeaderboardScope) -> Q:
    """The matches (Match rows) whose ratings `scope` sees: those of its tournaments, and the
    stand-alone ones for staff (as `_visible_matches`, from the ids the stamp names)."""
    visible = Q(tournament_id__in=scope.tournaments)
    return visible | Q(tournament__isnull=True) if scope.standalone else visible


def _ranking(
    scope: LeaderboardScope, club_id: int | None, limit: int, key: str
) -> list[RankingLine]:
    """The best `limit` players of one game as `scope` sees them: a superuser their ratings;
    anyone else each player with the rating after their last rated match that they may see,
    and the number of those matches (a match of a draft moves nothing the public reads).
    Only a player rated in this game is listed, and only the player's id and figures are
    read (a narrow sort: the names are read for the shown lines only)."""
    rated = Rating.objects.filter(game=key)
    if club_id is not None:
        # The club's players: its own and those of other clubs on its roll (people).
        rated = rated.filter(on_club_roll(club_id, "player"))
    if scope.everything:
        return list(
            rated.order_by("-ordinal", "player_id").values_list(
                "player_id", "ordinal", "mu", "sigma", "matches"
            )[:limit]
        )
    # Each player's last visible rating event and how many there are: one pass over the
    # visible events with two window functions (issue 31: four subqueries a rated player
    # took seconds with a 3,000-player field).
    by_player = [F("player_id")]
    events = (
        RatingEvent.objects.filter(
            game=key,
            match__in=Match.objects.filter(_visible_rated_matches(scope)).values("pk"),
            player__in=rated.values("player_id"),
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
        .order_by("-ordinal", "player_id")
        .values_list("player_id", "ordinal", "mu", "sigma", "counted")
    )
    return list(events[:limit])


def federation_scope(scope: LeaderboardScope, federation_id: int) -> LeaderboardScope:
    """`scope` narrowed to a federation's matches: those of the tournaments of its clubs
    (joined) that the visitor may see. One query (the federation's tournaments' ids); its
    clubs joining or leaving give another stamp."""
    ids = set(
        Tournament.objects.filter(
            club__federation_links__federation_id=federation_id,
            club__federation_links__joined_at__isnull=False,
        ).values_list("pk", flat=True)
    )
    seen = ids if scope.everything else ids & set(scope.tournaments)
    kept = tuple(sorted(seen))
    return LeaderboardScope(
        False, False, kept, _stamp((scope.stamp, "federation", federation_id, kept))
    )


def leaderboard_rows(
    club_id: int | None = None,
    limit: int = LEADERBOARD_LIMIT,
    *,
    user: Any = None,
    game: str | None = None,
    scope: LeaderboardScope | None = None,
    federation_id: int | None = None,
) -> list[dict[str, Any]]:
    """Players by their rating in one game (default: the default game's), of every club or
    one, or of a federation's clubs (their matches in its clubs' tournaments), as `user` may
    see them (anonymous: the public; `scope` when the caller has it). Two games' ratings are
    never ranked in one list. A person who plays for several clubs is one line: one rating
    per game, whatever club's tournaments it was earned in.

    The ranking is computed once per scope and data (`LeaderboardScope`), then read from the
    cache; the names and clubs are read for the shown players at each call."""
    key = _rating_game(game)
    if club_id is not None and not is_id(club_id):
        # An id no club can have (e.g. beyond 64 bits) is a club with no players.
        return []
    if federation_id is not None and not is_id(federation_id):
        return []
    scope = scope or leaderboard_scope(user)
    if federation_id is not None:
        scope = federation_scope(scope, federation_id)
    cache_key = "leaderboard:rows:" + _stamp((scope.stamp, key, club_id, limit))
    ranking = cache.get(cache_key)
    if ranking is None:
        ranking = _ranking(scope, club_id, limit, key)
        cache.set(cache_key, ranking, LEADERBOARD_CACHE_SECONDS)
    names = {
        pk: (name, club)
        for pk, name, club in Player.objects.filter(
            pk__in=[line[0] for line in ranking]
        ).values_list("pk", "display_name", "club__name")
    }
    rows = []
    # A player deleted since the ranking was read (its key changes then) is left out.
    shown = [line for line in ranking if line[0] in names]
    for rank, (player_id, value, mu, sigma, matches) in enumerate(shown, start=1):
        name, club = names[player_id]
        rows.append(
            {
                "rank": rank,
                "player": name,
                "player_id": player_id,
                "club": club,
                "game": key,
                "rating": round(value, 2),
                "mu": round(mu, 3),
                "sigma": round(sigma, 3),
                "matches": matches,
            }
        )
    return rows


def leaderboard_clubs(
    user: Any = None,
    game: str | None = None,
    *,
    scope: LeaderboardScope | None = None,
    federation_id: int | None = None,
) -> list[Club]:
    """The clubs the leaderboard's filter offers, by name: those with a player `user` may see
    (entered or seated in a tournament they may see, as `players_visible`) rated (in `game`,
    when given), the player's home club and the clubs whose roll they are on; of a
    federation's clubs only, when given. Computed once per scope and data, as the rankings."""
    scope = scope or leaderboard_scope(user)
    if federation_id is not None:
        scope = federation_scope(scope, federation_id)
    cache_key = "leaderboard:clubs:" + _stamp((scope.stamp, game))
    club_ids = cache.get(cache_key)
    if club_ids is None:
        rated = Rating.objects.all() if game is None else Rating.objects.filter(game=game)
        players = Player.objects.filter(pk__in=rated.values("player_id"))
        if not scope.everything:
            players = players.filter(
                Exists(
                    Entry.objects.filter(player=OuterRef("pk"), tournament_id__in=scope.tournaments)
                )
                | Exists(
                    Seat.objects.filter(
                        player=OuterRef("pk"),
                        match__in=Match.objects.filter(_visible_rated_matches(scope)).values("pk"),
                    )
                )
            )
        club_ids = set(players.values_list("club_id", flat=True))
        club_ids.update(
            ClubPlayer.objects.filter(player__in=players).values_list("club_id", flat=True)
        )
        if federation_id is not None:
            club_ids &= set(
                FederationClub.objects.filter(
                    federation_id=federation_id, joined_at__isnull=False
                ).values_list("club_id", flat=True)
            )
        club_ids = sorted(club_ids)
        cache.set(cache_key, club_ids, LEADERBOARD_CACHE_SECONDS)
    return sorted_by_name(Club.objects.filter(pk__in=club_ids), lambda c: c.name)


PLAYER_TOURNAMENTS_SHOWN = 100


def player_tournaments(player: Player, *, user: Any = None) -> list[Any]:
    """The tournaments of every club the player is entered or seated in that `user` may see
    (a draft only to the people with a role in it), newest first, with their club: one query."""
    return list(
        visible_tournaments(user)
        .filter(
            Exists(Entry.objects.filter(tournament=OuterRef("pk"), player=player))
            | Exists(Seat.objects.filter(match__tournament=OuterRef("pk"), player=player))
        )
        .select_related("club")
        .order_by("-created_at", "-pk")[:PLAYER_TOURNAMENTS_SHOWN]
    )


def player_clubs(player: Player) -> list[str]:
    """The clubs the player plays for: their home club first, then the others' rolls."""
    others = ClubPlayer.objects.filter(player=player).values_list("club__name", flat=True)
    return [player.club.name, *sorted_by_name(list(others), str)]


def player_visible(player: Player, *, user: Any = None) -> bool:
    """Whether `user` may see this player at all (their page 404s otherwise)."""
    return players_visible(user).filter(pk=player.pk).exists()


def _names_and(names: Sequence[str]) -> str:
    """A side's names in words: "Anna", "Anna and Cleo" (a pair), in the reader's language."""
    if len(names) < 2:
        return "".join(names)
    return gettext("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


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
    seated: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for match_id, position, other_name in (
        Seat.objects.filter(match_id__in=match_ids)
        .order_by("position")
        .values_list("match_id", "position", "player__display_name")
    ):
        seated[match_id].append((position, other_name))
        if other_name != player.display_name:
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
        # Partners (Deberc's pairs) are not opponents: one name and one score per side.
        table = seated.get(match.pk, [])
        sides = game.seat_sides(len(table), match.ruleset, match.conventions)
        own_side = sides[seat.position] if seat.position < len(sides) else seat.position
        partners = [n for (p, n) in table if sides[p] == own_side and p != seat.position]
        opposing: dict[int, list[str]] = defaultdict(list)
        for position, other_name in table:
            if sides[position] != own_side:
                opposing[sides[position]].append(other_name)
        matches.append(
            {
                "id": match.pk,
                "game": game.key,
                "game_name": str(game.name),
                "tournament": match.tournament.name if match.tournament else "",
                "tournament_id": match.tournament_id,
                "round": match.round.number if match.round else None,
                "table": match.table.number if match.table else None,
                "partners": partners,
                "opponents": [_names_and(names) for names in opposing.values()],
                "total": totals.get(name, 0),
                "opponent_totals": [totals.get(names[0], 0) for names in opposing.values()],
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
