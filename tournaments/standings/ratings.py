"""Player ratings [рейтинг] with openskill (Plackett–Luce), across all clubs' tournaments, one
rating per game: a player has a Deberc rating and a Preferans rating, each moved only by the
matches of tournaments of that game (`Rating.game`, `RatingEvent.game`).

Each finished tournament match is one rated game: the winner (winning pair) ranks first, the
others by their match totals (equal totals share a rank). `rate_match` applies one match (the
Celery task runs it after the deal that finished the match commits); `ratings_recompute`
replays every finished match from scratch in the order they finished, which is also what a
correction of an already rated match triggers, as ratings are sequential.

The leaderboard orders by the ordinal (mu − 3·sigma): a conservative rating that a new player
has to earn by playing, rather than a lucky first evening.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from django.core.cache import cache
from django.db import connection, transaction
from django.utils import timezone
from openskill.models import PlackettLuce

from scoring import games
from tournaments.standings.models import MatchTally, Rating, RatingEvent

MODEL = PlackettLuce()


# Set while a "rate the pending matches" task is queued and not started (one serves many
# matches finishing together); the task clears it first.
RATE_PENDING_QUEUED = "deberc:rate-pending-queued"


def rating_game(key: str | None) -> str:
    """The registry's key of the game a tournament's matches are rated in."""
    return games.game_get(key).key


def match_ranks(data: dict[str, Any]) -> tuple[list[list[Any]], list[float]]:
    """Teams (one per side) and their ranks for openskill: lower rank is better."""
    sides: dict[int, list[Any]] = {}
    side_total: dict[int, int] = {}
    for player, total, side in zip(data["players"], data["totals"], data["sides"], strict=True):
        sides.setdefault(side, []).append(player)
        side_total[side] = max(side_total.get(side, total), total)
    winners = set(data["winners"])
    keys = sorted(sides)
    # Winners first; then by match total; equal totals share the rank.
    order = sorted(keys, key=lambda s: (not any(p in winners for p in sides[s]), -side_total[s]))
    ranks: dict[int, int] = {}
    for position, side in enumerate(order, start=1):
        previous = order[position - 2] if position > 1 else None
        same = (
            previous is not None
            and not any(p in winners for p in sides[side] + sides[previous])
            and side_total[side] == side_total[previous]
        )
        ranks[side] = ranks[previous] if same and previous is not None else position
    return [sides[s] for s in keys], [ranks[s] for s in keys]


def rate_sides(
    current: dict[Any, tuple[float, float]], data: dict[str, Any]
) -> dict[Any, tuple[float, float]]:
    teams, ranks = match_ranks(data)
    default = MODEL.rating()
    rated = MODEL.rate(
        [
            [MODEL.rating(*current.get(p, (default.mu, default.sigma))) for p in team]
            for team in teams
        ],
        ranks=ranks,
    )
    return {
        player: (rating.mu, rating.sigma)
        for team, new_team in zip(teams, rated, strict=True)
        for player, rating in zip(team, new_team, strict=True)
    }


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


# Rating a batch (the live queue's task) and replaying every rating (the reports queue's) run
# on different workers: one at a time, or a batch could rate a match the replay has just
# written again (the unique event would refuse it, and the batch would be retried) or the
# replay could wipe a batch that read the ratings before it.
_RATINGS_LOCK = 0x5261_7469  # "Rati": this project's advisory lock key for the ratings


def _ratings_lock() -> None:
    """Serialise rating writes until the transaction ends (PostgreSQL's advisory lock; SQLite
    writes one transaction at a time anyway)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_RATINGS_LOCK])


def rate_match(*, match_id: int) -> bool:
    """Apply one finished match to its players' ratings (once: a second call does nothing)."""
    return _rate_in_order([match_id]) == 1


def ratings_rate_pending() -> int:
    """Rate every finished match not rated yet, in the order they finished: the one task that
    the matches finishing together on a busy evening share. Returns the matches rated."""
    pending = (
        MatchTally.objects.exclude(match_id__in=RatingEvent.objects.values("match_id"))
        .order_by("match__finished_at", "match_id")
        .values_list("match_id", flat=True)
    )
    return _rate_in_order(list(pending))


def _rate_in_order(match_ids: Sequence[int]) -> int:
    """Apply these finished matches one after the other, each once (a match rated already, or
    no longer finished, is skipped), in one transaction with a few statements whatever their
    number: the players' rating rows locked, then written by one upsert, the events by one
    insert. Returns the matches rated."""
    if not match_ids:
        return 0
    with transaction.atomic():
        _ratings_lock()
        tallies = {
            match_id: (data, finished_at, rating_game(game))
            for match_id, data, finished_at, game in MatchTally.objects.filter(
                match_id__in=match_ids
            ).values_list("match_id", "data", "match__finished_at", "tournament__game")
        }
        rated = set(
            RatingEvent.objects.filter(match_id__in=match_ids).values_list("match_id", flat=True)
        )
        todo = [m for m in dict.fromkeys(match_ids) if m in tallies and m not in rated]
        if not todo:
            return 0
        # Every player's rating in each game the batch rates, locked: (game, player) → row.
        by_game: dict[str, set[Any]] = {}
        for match_id in todo:
            data, _finished_at, game = tallies[match_id]
            by_game.setdefault(game, set()).update(data["players"])
        rows = {
            (r.game, r.player_id): r
            for game, players in by_game.items()
            for r in Rating.objects.select_for_update().filter(game=game, player_id__in=players)
        }
        current = {key: (r.mu, r.sigma) for key, r in rows.items()}
        played = {key: r.matches for key, r in rows.items()}
        events: list[RatingEvent] = []
        now = timezone.now()
        for match_id in todo:
            data, finished_at, game = tallies[match_id]
            updated = _rate_in_game(current, game, data)
            for player, (mu, sigma) in updated.items():
                played[(game, player)] = played.get((game, player), 0) + 1
                events.append(
                    RatingEvent(
                        player_id=player,
                        match_id=match_id,
                        game=game,
                        mu=mu,
                        sigma=sigma,
                        ordinal=ordinal(mu, sigma),
                        rated_at=finished_at or now,
                    )
                )
        touched = {(event.game, event.player_id) for event in events}
        Rating.objects.bulk_create(
            [
                Rating(
                    player_id=player,
                    game=game,
                    mu=current[(game, player)][0],
                    sigma=current[(game, player)][1],
                    ordinal=ordinal(*current[(game, player)]),
                    matches=played[(game, player)],
                    updated_at=now,
                )
                for game, player in sorted(touched)
            ],
            update_conflicts=True,
            unique_fields=["player", "game"],
            update_fields=["mu", "sigma", "ordinal", "matches", "updated_at"],
        )
        RatingEvent.objects.bulk_create(events)
    return len(todo)


# A replay's progress, for the pages that start one (a federation's): shared by every
# process through the cache (Redis when deployed).
REPLAY_PROGRESS = "deberc:ratings-replay:progress"
REPLAY_PROGRESS_EVERY = 2000  # matches between two progress writes


def replay_progress() -> dict[str, Any] | None:
    """The running or the last rating replay: {"done", "total", "started", "finished",
    "seconds"} (finished and seconds None while it runs), or None if none ran lately."""
    return cache.get(REPLAY_PROGRESS)


def ratings_recompute() -> int:
    """Replay every finished match from scratch, in the order they finished, whatever club's
    tournament they were in (one rating per person and game); returns the matches rated. Its
    progress is readable meanwhile (`replay_progress`)."""
    started = time.time()

    def progress(done: int, total: int) -> None:
        cache.set(
            REPLAY_PROGRESS,
            {"done": done, "total": total, "started": started, "finished": None, "seconds": None},
            None,
        )

    with transaction.atomic():
        _ratings_lock()
        rated = _replay_all(progress)
    finished = time.time()
    cache.set(
        REPLAY_PROGRESS,
        {
            "done": rated,
            "total": rated,
            "started": started,
            "finished": finished,
            "seconds": round(finished - started, 2),
        },
        None,
    )
    return rated


def _rate_in_game(
    current: dict[tuple[str, Any], tuple[float, float]], game: str, data: dict[str, Any]
) -> dict[Any, tuple[float, float]]:
    """Rate one match of `game` against the players' ratings in that game only; `current`,
    keyed by (game, player), takes the new ratings. Returns them by player."""
    in_game = {p: current[(game, p)] for p in data["players"] if (game, p) in current}
    updated = rate_sides(in_game, data)
    current.update({(game, p): rating for p, rating in updated.items()})
    return updated


def _replay_all(progress: Callable[[int, int], None] | None = None) -> int:
    tallies: Sequence[tuple[int, dict[str, Any], datetime | None, str]] = list(
        MatchTally.objects.order_by("match__finished_at", "match_id").values_list(
            "match_id", "data", "match__finished_at", "tournament__game"
        )
    )
    now = timezone.now()
    current: dict[tuple[str, Any], tuple[float, float]] = {}
    played: dict[tuple[str, Any], int] = {}
    events: list[RatingEvent] = []
    total = len(tallies)
    for done, (match_id, data, finished_at, key) in enumerate(tallies):
        if progress is not None and done % REPLAY_PROGRESS_EVERY == 0:
            progress(done, total)
        game = rating_game(key)
        updated = _rate_in_game(current, game, data)
        for player, (mu, sigma) in updated.items():
            played[(game, player)] = played.get((game, player), 0) + 1
            events.append(
                RatingEvent(
                    player_id=player,
                    match_id=match_id,
                    game=game,
                    mu=mu,
                    sigma=sigma,
                    ordinal=ordinal(mu, sigma),
                    rated_at=finished_at or now,
                )
            )
    with transaction.atomic():
        RatingEvent.objects.all().delete()
        Rating.objects.all().delete()
        Rating.objects.bulk_create(
            [
                Rating(
                    player_id=p,
                    game=game,
                    mu=mu,
                    sigma=sigma,
                    ordinal=ordinal(mu, sigma),
                    matches=played[(game, p)],
                )
                for (game, p), (mu, sigma) in current.items()
            ],
            batch_size=1000,
        )
        RatingEvent.objects.bulk_create(events, batch_size=2000)
    return len(tallies)
