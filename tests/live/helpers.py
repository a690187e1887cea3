"""Helpers for the live tests."""

from __future__ import annotations

import random

from scoring.games.deberc.simulation import play_match
from scoring.models import Deal, Match
from scoring.selectors import scoresheet_for, seat_names
from tournaments.models import MatchTally
from tournaments.standings import standings_refresh, tally_data


def play_round(round_, seed: int = 1) -> None:
    """Play every match of a round with believable deals scored by the engine."""
    rng = random.Random(seed)
    for match in Match.objects.filter(round=round_).select_related("tournament", "round"):
        names = seat_names(match)
        deals, result = play_match(scoresheet_for(match, names, []), rng)
        store_finished(match, names, deals, result)
    standings_refresh(tournament=round_.tournament)


def store_finished(match: Match, names: list[str], deals: list, result: dict) -> None:
    """Store a match played to its end: its deals, its result and winners, and its tally
    (what the standings read)."""
    Deal.objects.bulk_create(
        Deal(match=match, number=k, record=r) for k, r in enumerate(deals, start=1)
    )
    winner = result["winner"]
    match.result = result
    match.status = Match.Status.FINISHED
    match.winner_seats = [names.index(w) for w in ([winner] if isinstance(winner, str) else winner)]
    match.save()
    MatchTally.objects.create(
        match=match,
        tournament=match.tournament,
        round_number=match.round.number,
        data=tally_data(match),
    )
