"""A referee's "how high?" ruling (seed 000: a player who asked "вышка?" and then declared a
senior combination loses their combinations, and the deal is played and scored, no byte):
the ruling kind `senior_after_question` exists on the ruling API and form, annuls the
asker's combinations, and the organiser can overturn it."""

from __future__ import annotations

import json

import pytest
from rest_framework.authtoken.models import Token

from referee.forms import RulingForm
from scoring import services as scoring_services
from scoring.models import Deal
from tests.factories import UserFactory, make_match

pytestmark = pytest.mark.django_db


def _api(client, user, path, body):
    token = Token.objects.get_or_create(user=user)[0].key
    return client.post(
        path, json.dumps(body), content_type="application/json", HTTP_AUTHORIZATION=f"Token {token}"
    )


@pytest.fixture
def table():
    referee = UserFactory(username="referee_hh")
    organiser = UserFactory(username="organiser_hh")
    match = make_match()
    match.tournament.referees.add(referee)
    match.tournament.organisers.add(organiser)
    anna, boris = (seat.player.display_name for seat in match.seats.order_by("position"))
    scoring_services.deal_submit(
        match=match,
        record={
            "trump": "H",
            "declarer": anna,
            "declarations": {anna: ["fifty:KS"]},
            "points": {anna: 80, boris: 60},
            "last_trick": anna,
        },
        user=organiser,
        idempotency_key="deal-1",
        version=None,
    )
    return match, anna, boris, referee, organiser


def test_the_askers_combinations_are_annulled_and_nobody_is_in_byte(client, table):
    match, anna, boris, referee, organiser = table
    match.refresh_from_db()
    assert match.result["match"] == {anna: 140, boris: 60}
    made = _api(
        client,
        referee,
        f"/api/v1/matches/{match.pk}/rulings/",
        {"deal": 1, "kind": "senior_after_question", "violator": anna},
    )
    assert made.status_code == 201, made.content
    match.refresh_from_db()
    deal = match.result["deals"][0]
    assert deal["outcome"] == "made"
    # The fifty is gone; the cards and the last trick still count.
    assert match.result["match"] == {anna: 90, boris: 60}
    assert made.json()["ruling"]["articles"][0] == "combinations.how_high"
    back = _api(
        client,
        organiser,
        f"/api/v1/rulings/{made.json()['ruling']['id']}/overturn/",
        {"reason": "The question came after the declaration."},
    )
    assert back.status_code == 200, back.content
    assert "violation" not in Deal.objects.get(match=match, number=1).record
    match.refresh_from_db()
    assert match.result["match"] == {anna: 140, boris: 60}


def test_the_ruling_form_offers_the_kind():
    from referee.games import parts_of

    form = RulingForm(
        deals=[1], players=["Anna", "Boris"], kinds=parts_of("deberc").violation_kinds
    )
    assert "senior_after_question" in dict(form.fields["kind"].choices)
