"""Rulings speak the table's game (issue 18): a Preferans table offers Preferans' violations
(the renonce with its count) and cites Preferans articles; a Deberc table keeps its own; a
violation of the other game is refused with a coded, translated error."""

from __future__ import annotations

import json

import pytest
from rest_framework.authtoken.models import Token

from referee.models import Ruling
from scoring import services as scoring_services
from scoring.models import Deal
from tests.factories import make_match
from tests.referee.steps import rule

pytestmark = pytest.mark.django_db

DEBERC_ONLY = ("false_declaration", "illegal_question", "illegal_swap", "wrong_card_count")


@pytest.fixture
def pulka(evening):
    """A running Sochi pulka at the evening's tournament: C plays 6♠, A whists, B passes;
    C takes 6, A 3, B 1 (the game made, A writes 8 whists on C)."""
    match = make_match(size=3, conventions={})
    match.game, match.ruleset = "preferans", "sochi"
    match.save(update_fields=["game", "ruleset"])
    match.tournament.referees.add(evening["referee"])
    match.tournament.organisers.add(evening["organiser"])
    a, b, c = [seat.player.display_name for seat in match.seats.order_by("position")]
    scoring_services.deal_submit(
        match=match,
        record={
            "kind": "game",
            "declarer": c,
            "contract": "6S",
            "whist": {a: "whist", b: "pass"},
            "tricks": {a: 3, b: 1, c: 6},
        },
        user=evening["organiser"],
        idempotency_key="pulka-1",
        version=None,
    )
    match.refresh_from_db()
    assert match.result["deals"][0]["whists"] == {a: {c: 8}}
    return {**evening, "match": match, "names": (a, b, c)}


def _post(client, user, path, body):
    token = Token.objects.get_or_create(user=user)[0].key
    return client.post(
        path,
        json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token}",
        HTTP_ACCEPT_LANGUAGE="ru",
    )


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_preferans_table_offers_its_own_violations_with_a_count(client, pulka, lang):
    client.force_login(pulka["referee"])
    page = client.get(f"/referee/matches/{pulka['match'].pk}/rule/", HTTP_ACCEPT_LANGUAGE=lang)
    form = page.context["form"]
    # The empty choice first: the referee names the violation (issue 35).
    assert list(dict(form.fields["kind"].choices)) == ["", "renonce"]
    assert "count" in form.fields and "taken_by" not in form.fields
    html = page.content.decode()
    assert {"ru": "Ренонс (каждый", "uk": "Ренонс (кожен"}[lang] in html
    assert "вышка" not in html.lower() and "семёрк" not in html and "сімк" not in html
    # The score now is the pulka's whist balances, not Deberc's match totals.
    _a, _b, c = pulka["names"]
    assert f"{c}: <strong>5</strong>" in html


def test_a_renonce_ruling_on_preferans_saves_its_count_and_cites_preferans(client, pulka):
    a, _b, c = pulka["names"]
    match = pulka["match"]
    client.force_login(pulka["referee"])
    response = rule(
        client,
        match,
        {"deal": "1", "kind": "renonce", "violator": a, "count": "2", "explanation": "Ренонс"},
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 302, response.context and response.context["errors"]
    ruling = Ruling.objects.get(match=match)
    assert (ruling.kind, ruling.count) == ("renonce", 2)
    assert ruling.articles == ["preferans_scoring.violations"]
    assert Deal.objects.get(match=match, number=1).record["violation"] == {
        "player": a,
        "kind": "renonce",
        "count": 2,
    }
    match.refresh_from_db()
    # A defender's renonce (Kodex 31–32): the game counts as made, the violator writes
    # P × G per renonce into the mountain (2 × 2) and no whists.
    deal = match.result["deals"][0]
    assert deal["mountain"] == {a: 4} and deal["whists"] == {} and deal["pool"] == {c: 2}
    listing = client.get(
        f"/referee/tournaments/{match.tournament_id}/rulings/", HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    assert "× 2" in listing and "/rules/preferans_scoring.violations/" in listing


def test_a_deberc_violation_on_a_preferans_table_is_refused_in_the_users_language(client, pulka):
    a, _b, _c = pulka["names"]
    response = _post(
        client,
        pulka["referee"],
        f"/api/v1/matches/{pulka['match'].pk}/rulings/",
        {"deal": 1, "kind": "false_declaration", "violator": a},
    )
    assert response.status_code == 400
    [problem] = response.json()["errors"]
    assert (problem["field"], problem["code"]) == ("kind", "bad_violation")
    assert "не нарушение этой игры" in problem["message"]
    assert Ruling.objects.count() == 0


def test_the_api_records_a_preferans_renonce_with_its_count(client, pulka):
    _a, _b, c = pulka["names"]
    response = _post(
        client,
        pulka["referee"],
        f"/api/v1/matches/{pulka['match'].pk}/rulings/",
        {"deal": 1, "kind": "renonce", "violator": c, "count": 1},
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["ruling"]["count"] == 1
    assert body["ruling"]["articles"] == ["preferans_scoring.violations"]
    record = Deal.objects.get(match=pulka["match"], number=1).record
    assert record["violation"] == {"player": c, "kind": "renonce", "count": 1}


def test_a_deberc_table_keeps_its_violations_without_a_count(client, evening):
    client.force_login(evening["referee"])
    page = client.get(f"/referee/matches/{evening['match'].pk}/rule/", HTTP_ACCEPT_LANGUAGE="ru")
    form = page.context["form"]
    assert {"", *DEBERC_ONLY, "renonce", "senior_after_question", "late_senior"} == set(
        dict(form.fields["kind"].choices)
    )
    assert "count" not in form.fields and "taken_by" in form.fields
    assert "combination" in form.fields  # late_senior names the combination left out


def test_a_count_on_a_deberc_violation_is_refused(client, evening):
    anna, _boris = evening["names"]
    response = _post(
        client,
        evening["referee"],
        f"/api/v1/matches/{evening['match'].pk}/rulings/",
        {"deal": 1, "kind": "false_declaration", "violator": anna, "count": 2},
    )
    assert response.status_code == 400
    [problem] = response.json()["errors"]
    assert (problem["field"], problem["code"]) == ("count", "bad_count")
    assert Ruling.objects.count() == 0
