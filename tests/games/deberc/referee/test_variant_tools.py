"""The referee's Deberc tools and rulings for the variants of issue 34: `combination_tie:
first_declared` in "whose combinations count?", the `late_senior` ruling (a senior combination
announced after a junior one, seed 000 l.30) on a match and in the deal check."""

from __future__ import annotations

import json

import pytest
from rest_framework.authtoken.models import Token

from referee.games.deberc import tools
from referee.games.deberc.tools import ToolError
from scoring import services as scoring_services
from scoring.models import Deal, Match
from tests.referee.test_deal_check_rulings import HANDS, TRICKS


def test_first_declared_gives_a_tie_to_the_declarer_who_leads():
    # rules §4 worked example: A deals; from the eldest B, C, A. B terz:KS, C terz:KC, neither
    # in trump; C declares. eldest → B; first_declared (Kharkov: the declarer leads) → C.
    args = {
        "trump": "H",
        "players": ["B", "C", "A"],
        "declarations": {"B": ["terz:KS"], "C": ["terz:KC"]},
        "ruleset": "kharkov",
        "lang": "en",
    }
    eldest = tools.combinations_check(**args, declarer="C")
    assert (eldest["combinations_to"], eldest["decided_by"]) == ("B", "eldest")
    first = tools.combinations_check(
        **args, declarer="C", conventions={"combination_tie": "first_declared"}
    )
    assert (first["combinations_to"], first["decided_by"]) == ("C", "first_declared")
    assert "combination_tie: first_declared" in first["explanation"]
    assert "conventions.combination_tie" in first["articles"]
    with pytest.raises(ToolError) as caught:
        tools.combinations_check(**args, declarer="Zoe")
    assert [(e["field"], e["code"]) for e in caught.value.errors] == [
        ("declarer", "unknown_player")
    ]


def test_the_deal_check_refuses_a_late_senior_the_player_did_not_declare():
    args = {
        "players": ["Anna", "Boris"],
        "dealer": "Boris",
        "trump": "H",
        "declarer": "Anna",
        "declarations": {},
        "hands": HANDS,
        "tricks": TRICKS,
        "conventions": {"first_lead": "declarer"},
        "lang": "en",
    }
    with pytest.raises(ToolError) as caught:
        tools.deal_check(**args, late_senior_by="Anna", late_combination="fifty:AC")
    assert [(e["field"], e["code"]) for e in caught.value.errors] == [
        ("violation.combination", "bad_violation")
    ]
    with pytest.raises(ToolError) as caught:
        tools.deal_check(**args, late_senior_by="Anna")
    assert [(e["field"], e["code"]) for e in caught.value.errors] == [
        ("violation.combination", "missing_field")
    ]
    with pytest.raises(ToolError) as caught:
        tools.deal_check(
            **args, how_high_by="Boris", late_senior_by="Anna", late_combination="fifty:AC"
        )
    assert [(e["field"], e["code"]) for e in caught.value.errors] == [
        ("late_senior_by", "bad_violation")
    ]


def _post(client, user, path, body):
    token = Token.objects.get_or_create(user=user)[0].key
    return client.post(
        path,
        json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token}",
        HTTP_ACCEPT_LANGUAGE="uk",
    )


@pytest.mark.django_db
def test_a_late_senior_ruling_leaves_the_combination_out(client, evening):
    match, (anna, boris) = evening["match"], evening["names"]
    # Deal 2 (rules §4 worked example): Anna terz:QS and fifty:AC, Boris terz:KD; Boris
    # declares; Anna 60, Boris 72 and the last trick. As declared: Anna's fifty wins: 130 : 82.
    scoring_services.deal_submit(
        match=match,
        record={
            "trump": "H",
            "declarer": boris,
            "declarations": {anna: ["terz:QS", "fifty:AC"], boris: ["terz:KD"]},
            "points": {anna: 60, boris: 72},
            "last_trick": boris,
        },
        user=evening["organiser"],
        idempotency_key="deal-2",
        version=None,
    )
    match.refresh_from_db()
    assert match.result["deals"][1]["totals"] == {anna: 130, boris: 82}
    path = f"/api/v1/matches/{match.pk}/rulings/"
    # A combination on a ruling that names none is refused at its field.
    wrong = _post(
        client,
        evening["referee"],
        path,
        {"deal": 2, "kind": "renonce", "violator": anna, "combination": "fifty:AC"},
    )
    assert wrong.status_code == 400
    assert [(e["field"], e["code"]) for e in wrong.json()["errors"]] == [
        ("combination", "bad_violation")
    ]
    ruled = _post(
        client,
        evening["referee"],
        path,
        {"deal": 2, "kind": "late_senior", "violator": anna, "combination": "fifty:AC"},
    )
    assert ruled.status_code == 201, ruled.content
    record = Deal.objects.get(match=match, number=2).record
    assert record["violation"] == {"player": anna, "kind": "late_senior", "combination": "fifty:AC"}
    match = Match.objects.get(pk=match.pk)
    # Without the fifty: Boris's terz:KD beats Anna's terz:QS: 60 : 72 + 10 + 20.
    assert match.result["deals"][1]["totals"] == {anna: 60, boris: 102}
