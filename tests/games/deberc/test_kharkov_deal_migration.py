"""The data migration of Kharkov's deal (scoring 0007_kharkov_deal_pinned, issue 34): a
Kharkov match of 2 or 3 players stored before the kharkov preset dealt 10 cards goes on
dealing 9; a finished one keeps the result it was closed with."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.apps import apps

from scoring import services
from scoring.models import Match, Seat
from tests.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

migration = importlib.import_module("scoring.migrations.0007_kharkov_deal_pinned")


def nine_tricks(names: list[str]) -> dict[str, Any]:
    # 2 players of 9 cards: A 30 in 3 tricks, B 100 in 6; B declares and makes.
    return {
        "trump": "H",
        "declarer": names[1],
        "points": {names[0]: 30, names[1]: 100},
        "last_trick": names[1],
        "tricks": {names[0]: 3, names[1]: 6},
    }


def kharkov_match(size: int = 2, ruleset: str = "kharkov", **conventions: Any) -> Match:
    """A friendly match (no tournament) as stored before the change."""
    match = Match.objects.create(game="deberc", ruleset=ruleset, conventions=conventions)
    for position in range(size):
        Seat.objects.create(match=match, position=position, player=PlayerFactory())
    return match


def names_of(match: Match) -> list[str]:
    return [seat.player.display_name for seat in match.seats.order_by("position")]


def submit(match: Match, record: dict[str, Any]) -> None:
    services.deal_submit(
        match=match,
        record=record,
        user=UserFactory(is_staff=True),
        idempotency_key=None,
        version=match.version,
    )


def test_an_open_kharkov_match_made_before_keeps_dealing_nine_cards() -> None:
    before = kharkov_match()
    names = names_of(before)
    # Under the new preset its 9-trick deals would be refused.
    with pytest.raises(services.DealRejected) as refused:
        submit(before, nine_tricks(names))
    assert [p["code"] for p in refused.value.errors] == ["tricks_sum"]

    migration.pin_nine_cards(apps, None)

    before.refresh_from_db()
    assert before.conventions == {"deal_after_trump": 3}
    submit(before, nine_tricks(names))
    before.refresh_from_db()
    assert before.result["deals"][0]["recorded"] == {names[0]: 30, names[1]: 110}


def test_a_finished_match_keeps_its_result_and_other_matches_are_not_touched() -> None:
    finished = kharkov_match(3, target=301)
    closed_with = {"format": "deberc-result/1", "finished": True, "match": {"x": 1}}
    Match.objects.filter(pk=finished.pk).update(
        status=Match.Status.FINISHED, result=closed_with, reason="target"
    )
    own_choice = kharkov_match(2, deal_after_trump=4)
    pairs = kharkov_match(4)
    moscow = kharkov_match(2, ruleset="moscow")

    migration.pin_nine_cards(apps, None)

    finished.refresh_from_db()
    assert finished.conventions == {"target": 301, "deal_after_trump": 3}
    assert (finished.status, finished.result, finished.reason) == (
        "finished",
        closed_with,
        "target",
    )
    for match, conventions in ((own_choice, {"deal_after_trump": 4}), (pairs, {}), (moscow, {})):
        match.refresh_from_db()
        assert match.conventions == conventions
    # Back: the pin goes, an own choice stays.
    migration.unpin(apps, None)
    finished.refresh_from_db()
    own_choice.refresh_from_db()
    assert (finished.conventions, own_choice.conventions) == (
        {"target": 301},
        {"deal_after_trump": 4},
    )
