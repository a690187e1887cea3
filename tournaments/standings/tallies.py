"""Match tallies [итоги матчей]: a finished match's figures stored for the standings
(`MatchTally`), read back with the byes, and the refresh of the standings they queue.

Below `standings.services` (the calculation and the stored rows), so that the discipline and
the evening's services, which the calculation reads, can record a match or queue a refresh
without importing it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from scoring import games
from tournaments.standings.ranking import (
    MatchOutcome,
    PlayerId,
    Tally,
    outcome_from_figures,
)


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


REFRESH_QUEUED_KEY = "deberc:standings-refresh-queued:{}"


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

    from config.jobs import job_task

    def enqueue() -> None:
        if cache.add(REFRESH_QUEUED_KEY.format(tournament_id), 1, timeout=60):
            # A short delay lets the matches that finish meanwhile share this refresh: at a
            # busy evening the worker refreshes a tournament about once a second, not once
            # per finished match (eager mode runs it at once).
            job_task("tournaments.tasks.refresh_standings_task").apply_async(
                (tournament_id,), countdown=settings.STANDINGS_REFRESH_DELAY
            )

    transaction.on_commit(enqueue)
