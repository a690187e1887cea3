"""Preferans standings: match points by place at the table (or the whist balance, as the
organiser chooses), the sum of the balances, first places, Buchholz and head-to-head, byes
worth the table's average — from finished pulkas, through the games registry."""

from __future__ import annotations

import pytest

from scoring import games
from scoring import services as scoring_services
from scoring.games.preferans.engine import score_pulka
from tests.factories import PREF_SIX_SPADES, make_preferans_evening
from tournaments.standings.models import MatchTally, StandingRow
from tournaments.standings.services import (
    compute_standings,
    standings_refresh,
    tournament_bye_points,
)
from tournaments.standings.tallies import outcome_from_result, tally_data

PREFERANS = games.game_get("preferans")


def pulka(players, deals, **conventions):
    return score_pulka(
        {
            "format": PREFERANS.record_format,
            "ruleset": "sochi",
            "conventions": conventions,
            "players": list(players),
            "first_dealer": players[0],
            "deals": deals,
        }
    )


ONE_DEAL = {"end": "fixed_deals", "fixed_deals": 1}


def six_spades(declarer, whister, passer):
    """`declarer` makes 6♠, `whister` whists with 3 tricks, `passer` passes with 1."""
    return {
        "kind": "game",
        "declarer": declarer,
        "contract": "6S",
        "whist": {whister: "whist", passer: "pass"},
        "tricks": {declarer: 6, whister: 3, passer: 1},
    }


def outcome(match_id, round_number, seats, result):
    return outcome_from_result(
        match_id=match_id, round_number=round_number, players=seats, result=result
    )


def test_points_by_place_from_the_balances():
    # Anna deals; Boris makes 6♠ against Vera: balances Anna −6, Boris +5, Vera +1.
    result = pulka(["Anna", "Boris", "Vera"], [six_spades("Boris", "Vera", "Anna")], **ONE_DEAL)
    assert result["settlement"]["balance"] == {"Anna": -6, "Boris": 5, "Vera": 1}
    out = outcome(1, 1, ("a", "b", "v"), result)
    assert out.totals == (-6, 5, 1)
    assert out.winners == frozenset({"b"})
    assert [out.match_points(p, "places") for p in "abv"] == [0, 2, 1]
    assert [out.match_points(p, "balance") for p in "abv"] == [-6, 5, 1]


def test_tied_places_share_their_points():
    # Pools to 2: everybody writes a 6 (not whisted) and the pulka ends all square.
    deals = [
        {"kind": "game", "declarer": d, "contract": "6S", "whist": w}
        for d, w in (
            ("Boris", {"Vera": "pass", "Anna": "pass"}),
            ("Vera", {"Anna": "pass", "Boris": "pass"}),
            ("Anna", {"Boris": "pass", "Vera": "pass"}),
        )
    ]
    result = pulka(["Anna", "Boris", "Vera"], deals, pool_target=2)
    assert result["finished"]
    out = outcome(1, 1, ("a", "b", "v"), result)
    assert [out.match_points(p, "places") for p in "abv"] == [1, 1, 1]
    assert out.winners == frozenset("abv")  # a shared first place is a first place each


def test_four_players_score_three_two_one_nothing():
    # Gleb deals and sits out; Boris makes 6♠ against Vera, Anna passes.
    result = pulka(
        ["Gleb", "Anna", "Boris", "Vera"], [six_spades("Boris", "Vera", "Anna")], **ONE_DEAL
    )
    out = outcome(1, 1, ("g", "a", "b", "v"), result)
    points = {p: out.match_points(p, "places") for p in "gabv"}
    # Balances: Gleb −5, Anna −5, Boris +7, Vera +3 (the mountains' average is 19.5):
    # Boris 3, Vera 2, and Gleb and Anna share the last two places' 1 + 0.
    assert out.totals == (-5, -5, 7, 3)
    assert points == {"g": 0.5, "a": 0.5, "b": 3, "v": 2}
    assert out.sides == (0, 1, 2, 3)  # four individuals, not two pairs


def test_standings_rank_by_places_then_balance_buchholz_wins_head_to_head():
    # Each table: the declarer makes 6♠ against a responsible whister with 3 tricks; the
    # first dealer (first seat) gets the unit the rounding leaves: −6/+5/+1 when the passer
    # deals first, +6/−7/+1 when the declarer does.
    r1 = [
        outcome(
            1, 1, ("a", "b", "v"), pulka(["a", "b", "v"], [six_spades("b", "v", "a")], **ONE_DEAL)
        ),
        outcome(
            2, 1, ("d", "e", "f"), pulka(["d", "e", "f"], [six_spades("d", "f", "e")], **ONE_DEAL)
        ),
    ]
    r2 = [
        outcome(
            3, 2, ("b", "a", "d"), pulka(["b", "a", "d"], [six_spades("a", "d", "b")], **ONE_DEAL)
        ),
        outcome(
            4, 2, ("e", "f", "v"), pulka(["e", "f", "v"], [six_spades("f", "v", "e")], **ONE_DEAL)
        ),
    ]
    lines = compute_standings(
        players="abvdef",
        outcomes=r1 + r2,
        tiebreaks=["balance", "buchholz", "wins", "head_to_head"],
        scoring="places",
    )
    table = {line.player: line for line in lines}
    # Places: a 0+2, b 2+0, v 1+1, d 2+1, e 0+0, f 1+2.
    assert {p: table[p].match_points for p in "abvdef"} == {
        "a": 2, "b": 2, "v": 2, "d": 3, "e": 0, "f": 3,
    }  # fmt: skip
    assert {p: table[p].game_points for p in "abvdef"} == {
        "a": -1, "b": -1, "v": 2, "d": 7, "e": -13, "f": 6,
    }  # fmt: skip
    # d and f tie on 3 points; the balance puts d first (Buchholz: d met e, f, b, a =
    # 0 + 3 + 2 + 2 = 7, f met d, e, e, v = 3 + 0 + 0 + 2 = 5).
    assert [line.player for line in lines[:2]] == ["d", "f"]
    assert table["d"].tiebreaks["buchholz"] == 7 and table["f"].tiebreaks["buchholz"] == 5
    # v leads the 2-point group on balance; a and b tie on balance (−1) and Buchholz
    # (a: b, v, b, d = 2 + 2 + 2 + 3; b: a, v, a, d = the same) and wins (1 each);
    # head-to-head: b scored 2 against a in round 1, a 2 against b in round 2: still tied.
    assert lines[2].player == "v"
    assert table["a"].rank == table["b"].rank == 4 and table["a"].rank_shared
    assert table["a"].tiebreaks["head_to_head"] == table["b"].tiebreaks["head_to_head"] == 2
    assert table["e"].rank == 6


def test_balance_scoring_ranks_by_the_whist_balance():
    r1 = [
        outcome(
            1, 1, ("a", "b", "v"), pulka(["a", "b", "v"], [six_spades("b", "v", "a")], **ONE_DEAL)
        )
    ]
    lines = compute_standings(players="abv", outcomes=r1, tiebreaks=["places"], scoring="balance")
    assert [(line.player, line.match_points, line.tiebreaks["places"]) for line in lines] == [
        ("b", 5, 2),
        ("v", 1, 1),
        ("a", -6, 0),
    ]


def test_a_bye_scores_the_tables_average():
    assert PREFERANS.bye_points("places", "sochi", {}, 3) == 1
    assert PREFERANS.bye_points("places", "sochi", {}, 4) == 1.5
    assert PREFERANS.bye_points("balance", "sochi", {}, 3) == 0
    lines = compute_standings(players="abcd", outcomes=[], byes=[(1, "d")], bye_points=1.5)
    assert {line.player: line.match_points for line in lines}["d"] == 1.5


@pytest.mark.django_db
def test_finished_pulkas_make_the_stored_standings():
    ev = make_preferans_evening(conventions=ONE_DEAL)
    scoring_services.deal_submit(
        match=ev.match, record=PREF_SIX_SPADES, user=ev.scorer, idempotency_key=None, version=None
    )
    ev.match.refresh_from_db()
    assert ev.match.winner_seats == [1]  # Boris, first place
    tally = MatchTally.objects.get(match=ev.match)
    assert tally.data["totals"] == [-6, 5, 1]
    assert tally.data["points"] == {"places": [0, 2, 1], "balance": [-6, 5, 1]}
    assert tally.data == tally_data(ev.match.__class__.objects.get(pk=ev.match.pk))
    standings_refresh(tournament=ev.tournament)
    rows = {
        row.player.display_name: row
        for row in StandingRow.objects.filter(tournament=ev.tournament).select_related("player")
    }
    assert rows["Boris"].rank == 1 and rows["Boris"].match_points == 2
    # Anna's −6 ranks her below table 2, not yet finished (0 points, balance 0).
    assert rows["Vera"].rank == 2 and rows["Anna"].rank == 6
    assert rows["Boris"].game_points == 5 and rows["Boris"].won == 1
    assert rows["Boris"].tiebreaks["balance"] == 5
    # The organiser switches to the balance: the standings recount from the same tallies.
    from tournaments.events import setup

    setup.tournament_update(tournament=ev.tournament, user=ev.organiser, match_score="balance")
    assert (
        StandingRow.objects.get(tournament=ev.tournament, player__display_name="Anna").match_points
        == -6
    )


@pytest.mark.django_db
def test_a_shared_place_is_stored_as_a_half():
    ev = make_preferans_evening(conventions={"pool_target": 2})
    for declarer, whist in (
        ("Boris", {"Vera": "pass", "Anna": "pass"}),
        ("Vera", {"Anna": "pass", "Boris": "pass"}),
    ):
        scoring_services.deal_submit(
            match=ev.match,
            record={"kind": "game", "declarer": declarer, "contract": "6S", "whist": whist},
            user=ev.scorer,
            idempotency_key=None,
            version=None,
        )
    # Anna makes her 6♠ against two whisters with 2 tricks each: each writes 4 on her, and
    # every pool is full: Anna −8, Boris +4, Vera +4.
    scoring_services.deal_submit(
        match=ev.match,
        record={
            "kind": "game",
            "declarer": "Anna",
            "contract": "6S",
            "whist": {"Boris": "whist", "Vera": "whist"},
            "tricks": {"Anna": 6, "Boris": 2, "Vera": 2},
        },
        user=ev.scorer,
        idempotency_key=None,
        version=None,
    )
    standings_refresh(tournament=ev.tournament)
    points = dict(
        StandingRow.objects.filter(
            tournament=ev.tournament, player__display_name__in=["Anna", "Boris", "Vera"]
        ).values_list("player__display_name", "match_points")
    )
    assert points == {"Boris": 1.5, "Vera": 1.5, "Anna": 0}
    assert tournament_bye_points(ev.tournament) == 1
