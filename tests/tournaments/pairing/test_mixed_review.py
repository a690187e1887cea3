"""The pairing page of a seven-player Preferans evening tells the organiser why round 2 has
repeat meetings, and why two players sit at the four again (issue 35, item 11)."""

from __future__ import annotations

import html

import pytest

from scoring.models import Seat
from tests.factories import ClubFactory, EntryFactory, make_organiser, signed_in, tournament_post
from tournaments.events.models import Tournament
from tournaments.pairing.manager import pairing_warnings, plan_round, round_pair, round_write

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    """Seven players at [3, 4]: round 1 paired (in play: its tables count as meetings) and
    round 2 paired from it; the organiser who runs it."""
    club = ClubFactory(name="Преф-клуб")
    organiser = make_organiser(club, "review-org")
    answer = tournament_post(
        organiser, name="Семеро", club=club.pk, game="preferans", table_sizes=[3, 4], rounds=3
    )
    assert answer.status_code == 201, answer.content
    tournament = Tournament.objects.get(pk=answer.json()["id"])
    for seed in range(1, 8):
        EntryFactory(tournament=tournament, seed=seed)
    first = round_pair(tournament=tournament)
    second = round_write(tournament=tournament, number=2, pairing=plan_round(tournament, 2))
    return tournament, organiser, first, second


def _seated(round_) -> dict[int, set[int]]:
    tables: dict[int, set[int]] = {}
    for match, player in Seat.objects.filter(match__round=round_).values_list(
        "match_id", "player_id"
    ):
        tables.setdefault(match, set()).add(player)
    return {len(t): t for t in tables.values()}


def _page(tournament, organiser, language: str) -> str:
    answer = signed_in(organiser, language).get(f"/tournaments/{tournament.pk}/pairing/")
    assert answer.status_code == 200
    return html.unescape(answer.content.decode())


def test_round_two_is_explained_on_the_pairing_page(evening):
    tournament, organiser, first, second = evening
    before, now = _seated(first), _seated(second)
    again = now[4] & before[4]
    assert len(again) == 2  # two of round 1's four sit at the four again
    names = dict(tournament.entries.values_list("player_id", "player__display_name"))
    warnings = pairing_warnings(second)
    assert warnings[0] == (
        "3 repeat meetings: unavoidable, no seating of these 7 players at tables of 4 + 3 "
        "has fewer."
    )
    assert warnings[1].startswith("At a table of 4 again: ")
    assert all(names[p] in warnings[1] for p in again)
    [fewer] = now[3] - before[4]
    assert f"({names[fewer]})" in warnings[1]
    assert warnings[1].endswith(
        "That avoids repeat meetings: 3 instead of 6 if seated strictly in turn."
    )
    # Then each repeat meeting, as before.
    assert sum(w.startswith("Rematch:") for w in warnings) == 3
    page = _page(tournament, organiser, "en")
    assert "unavoidable, no seating of these 7 players" in page
    assert "3 instead of 6 if seated strictly in turn" in page


@pytest.mark.parametrize(
    ("language", "repeats", "again"),
    [
        ("ru", "3 повторные встречи: их не избежать", "Снова за столом на 4: "),
        ("uk", "3 повторні зустрічі: їх не уникнути", "Знову за столом на 4: "),
    ],
)
def test_the_explanation_in_russian_and_ukrainian(evening, language, repeats, again):
    tournament, organiser, _, _ = evening
    page = _page(tournament, organiser, language)
    assert repeats in page
    assert again in page


def test_a_swap_back_to_the_rotation_is_reviewed_as_avoidable(evening):
    """The organiser seats the round by the rotation (round 1's three at the four): the page
    says the repeats could be fewer, and no longer that anyone sits at the four again."""
    from tournaments.pairing.manager import round_swap

    tournament, organiser, first, second = evening
    before, now = _seated(first), _seated(second)
    # Swap round 1's four still at the four with round 1's three still at the three, until
    # the four holds round 1's three (and one of its four).
    stayed = sorted(now[4] & before[4])
    moved = sorted(now[3] - before[4])
    round_swap(round_=second, first=stayed[0], second=moved[0])
    warnings = pairing_warnings(second)
    assert warnings[0] == "6 repeat meetings, though a seating of these players with 3 exists."
    assert not any(w.startswith("At a table of") for w in warnings)
    assert "though a seating of these players with 3 exists" in _page(tournament, organiser, "en")


def test_round_one_says_nothing(evening):
    _, _, first, _ = evening
    assert pairing_warnings(first) == []
