"""A player's page reads each match's running score where its game keeps it: for a pulka,
the whist balance if it ended now."""

from __future__ import annotations

import pytest

from scoring import services as scoring_services
from scoring.models import Match
from tests.factories import PREF_SIX_SPADES, make_preferans_evening
from tournaments.clubs.models import Player
from tournaments.live.leaderboard import player_record

pytestmark = pytest.mark.django_db


def test_a_preferans_players_match_shows_the_whist_balance() -> None:
    ev = make_preferans_evening()
    scoring_services.deal_submit(
        match=ev.match, record=PREF_SIX_SPADES, user=ev.scorer, idempotency_key=None, version=None
    )
    balance = Match.objects.get(pk=ev.match.pk).result["settlement"]["balance"]
    assert balance == {"Anna": -6, "Boris": 5, "Vera": 1}
    boris = Player.objects.get(club=ev.tournament.club, display_name="Boris")
    (line,) = player_record(boris)["matches"]
    assert line["total"] == 5
    assert line["opponent_totals"] == [-6, 1]
