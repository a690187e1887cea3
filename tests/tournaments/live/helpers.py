"""Helpers for the live tests."""

from __future__ import annotations

import random

from scoring.games.deberc.simulation import play_match
from scoring.models import Deal, Match
from scoring.selectors import scoresheet_for, seat_names
from tournaments.standings.models import MatchTally
from tournaments.standings.services import standings_refresh
from tournaments.standings.tallies import tally_data


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


def open_round_scored_by(tournament, scorer) -> tuple[Match, list[str]]:
    """The tournament's first round paired and open, its first table scored by `scorer`:
    that table's match and its players' names (what the browser tests watch)."""
    from tournaments.events.models import Round
    from tournaments.pairing.manager import round_pair

    round_ = round_pair(tournament=tournament)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.OPEN)
    match = Match.objects.filter(round=round_).order_by("table__number").first()
    assert match is not None and match.table is not None
    match.table.scorer = scorer
    match.table.save()
    return match, seat_names(match)


def deberc_deal_enter(match: Match, names: list[str], points: int, *, scorer) -> None:
    """A made deal of a 2-player Deberc match at its scorer's hand: `points` of 130 to the
    first seat, who declared, trumps spades and takes the last trick."""
    from scoring import services as scoring_services

    scoring_services.deal_submit(
        match=Match.objects.get(pk=match.pk),
        record={
            "trump": "S",
            "declarer": names[0],
            "points": {names[0]: points, names[1]: 130 - points},
            "last_trick": names[0],
        },
        user=scorer,
        idempotency_key=None,
        version=None,
    )
