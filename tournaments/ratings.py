"""Player ratings [рейтинг] with openskill (Plackett–Luce), across all clubs' tournaments.

Each finished tournament match is one rated game: the winner (winning pair) ranks first, the
others by their match totals (equal totals share a rank). `rate_match` applies one match (the
Celery task runs it after the deal that finished the match commits); `ratings_recompute`
replays every finished match from scratch in the order they finished, which is also what a
correction of an already rated match triggers, as ratings are sequential.

The leaderboard orders by the ordinal (mu − 3·sigma): a conservative rating that a new player
has to earn by playing, rather than a lucky first evening.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from openskill.models import PlackettLuce

from .models import MatchTally, Rating, RatingEvent

MODEL = PlackettLuce()


def match_ranks(data: dict[str, Any]) -> tuple[list[list[Any]], list[int]]:
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
        ranks[side] = ranks[previous] if same else position
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
            match_id: (data, finished_at)
            for match_id, data, finished_at in MatchTally.objects.filter(
                match_id__in=match_ids
            ).values_list("match_id", "data", "match__finished_at")
        }
        rated = set(
            RatingEvent.objects.filter(match_id__in=match_ids).values_list("match_id", flat=True)
        )
        todo = [m for m in dict.fromkeys(match_ids) if m in tallies and m not in rated]
        if not todo:
            return 0
        players = {p for m in todo for p in tallies[m][0]["players"]}
        rows = {
            r.player_id: r for r in Rating.objects.select_for_update().filter(player_id__in=players)
        }
        current = {p: (r.mu, r.sigma) for p, r in rows.items()}
        played = {p: r.matches for p, r in rows.items()}
        events: list[RatingEvent] = []
        now = timezone.now()
        for match_id in todo:
            data, finished_at = tallies[match_id]
            updated = rate_sides(current, data)
            current.update(updated)
            for player, (mu, sigma) in updated.items():
                played[player] = played.get(player, 0) + 1
                events.append(
                    RatingEvent(
                        player_id=player,
                        match_id=match_id,
                        mu=mu,
                        sigma=sigma,
                        ordinal=ordinal(mu, sigma),
                        rated_at=finished_at or now,
                    )
                )
        touched = {event.player_id for event in events}
        Rating.objects.bulk_create(
            [
                Rating(
                    player_id=player,
                    mu=current[player][0],
                    sigma=current[player][1],
                    ordinal=ordinal(*current[player]),
                    matches=played[player],
                    updated_at=now,
                )
                for player in sorted(touched)
            ],
            update_conflicts=True,
            unique_fields=["player"],
            update_fields=["mu", "sigma", "ordinal", "matches", "updated_at"],
        )
        RatingEvent.objects.bulk_create(events)
    return len(todo)


def ratings_recompute() -> int:
    """Replay every finished match from scratch; returns the number of matches rated."""
    with transaction.atomic():
        _ratings_lock()
        return _replay_all()


def _replay_all() -> int:
    tallies: Sequence[tuple[int, dict[str, Any], datetime | None]] = list(
        MatchTally.objects.order_by("match__finished_at", "match_id").values_list(
            "match_id", "data", "match__finished_at"
        )
    )
    now = timezone.now()
    current: dict[Any, tuple[float, float]] = {}
    played: dict[Any, int] = {}
    events: list[RatingEvent] = []
    for match_id, data, finished_at in tallies:
        updated = rate_sides(current, data)
        current.update(updated)
        for player, (mu, sigma) in updated.items():
            played[player] = played.get(player, 0) + 1
            events.append(
                RatingEvent(
                    player_id=player,
                    match_id=match_id,
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
                    mu=mu,
                    sigma=sigma,
                    ordinal=ordinal(mu, sigma),
                    matches=played[p],
                )
                for p, (mu, sigma) in current.items()
            ],
            batch_size=1000,
        )
        RatingEvent.objects.bulk_create(events, batch_size=2000)
    return len(tallies)
