"""A referee's renonce ruling at a Kharkov table (`renonce_penalty: take_trick`, seed 001:
"игрок заметивший это, имеет право забрать у этого игрока одну любую взятку"): the ruling
names the opponent who took a trick, the deal is scored as played (no card byte), and the
organiser can overturn it like any ruling."""

from __future__ import annotations

import json

import pytest
from rest_framework.authtoken.models import Token

from scoring import services as scoring_services
from scoring.models import Deal, Match
from tests.factories import UserFactory, make_match

pytestmark = pytest.mark.django_db


def _api(client, user, method, path, body):
    token = Token.objects.get_or_create(user=user)[0].key
    return getattr(client, method)(
        path, json.dumps(body), content_type="application/json", HTTP_AUTHORIZATION=f"Token {token}"
    )


@pytest.fixture
def kharkov():
    referee = UserFactory(username="referee_kh")
    organiser = UserFactory(username="organiser_kh")
    match = make_match()
    Match.objects.filter(pk=match.pk).update(ruleset="kharkov", conventions={})
    match.refresh_from_db()
    match.tournament.referees.add(referee)
    match.tournament.organisers.add(organiser)
    names = [seat.player.display_name for seat in match.seats.order_by("position")]
    scoring_services.deal_submit(
        match=match,
        record={
            "trump": "H",
            "declarer": names[0],
            "points": {names[0]: 80, names[1]: 60},
            "last_trick": names[0],
        },
        user=organiser,
        idempotency_key="deal-1",
        version=None,
    )
    return {"match": match, "names": names, "referee": referee, "organiser": organiser}


def test_the_renonce_ruling_names_who_took_the_trick_and_brings_no_byte(client, kharkov):
    anna, boris = kharkov["names"]
    match = kharkov["match"]
    path = f"/api/v1/matches/{match.pk}/rulings/"
    ruling = {"deal": 1, "kind": "renonce", "violator": boris}
    # Without the opponent who took the trick the engine cannot score it.
    refused = _api(client, kharkov["referee"], "post", path, ruling)
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "missing_field"
    made = _api(client, kharkov["referee"], "post", path, {**ruling, "taken_by": anna})
    assert made.status_code == 201, made.content
    deal = Deal.objects.get(match=match, number=1)
    assert deal.record["violation"] == {"player": boris, "kind": "renonce", "taken_by": anna}
    match.refresh_from_db()
    assert match.result["deals"][0]["outcome"] == "made"
    assert match.result["match"] == {anna: 90, boris: 60}
    ruling_id = made.json()["ruling"]["id"]
    back = _api(
        client,
        kharkov["organiser"],
        "post",
        f"/api/v1/rulings/{ruling_id}/overturn/",
        {"reason": "Nobody noticed in time."},
    )
    assert back.status_code == 200, back.content
    assert "violation" not in Deal.objects.get(match=match, number=1).record


def test_the_ruling_form_offers_the_trick_taker(client, kharkov):
    client.force_login(kharkov["referee"])
    html = client.get(f"/referee/matches/{kharkov['match'].pk}/rule/").content.decode()
    assert 'name="taken_by"' in html
