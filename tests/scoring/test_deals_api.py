"""The scoring API: deal submission with Idempotency-Key and version, corrections, history,
the scoresheet export and the stateless score-match endpoint."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from scoring.models import Deal, IdempotencyKey, Match
from tests.factories import DEAL_BYTE, DEAL_HANGING, DEAL_MADE, make_evening

pytestmark = pytest.mark.django_db


@pytest.fixture
def ev():
    return make_evening()


@pytest.fixture
def scorer(ev):
    client = APIClient()
    client.force_authenticate(user=ev.scorer)
    return client


def post_deal(client, ev, record, *, key="key-1", version=None, **extra):
    if version is None:
        version = Match.objects.get(pk=ev.match.pk).version
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key is not None else {}
    return client.post(
        f"/api/v1/matches/{ev.match.pk}/deals/",
        data=json.dumps(record | {"version": version}),
        content_type="application/json",
        **headers,
        **extra,
    )


def test_a_deal_is_answered_with_the_match_and_its_new_totals(scorer, ev):
    response = post_deal(scorer, ev, DEAL_HANGING)
    assert response.status_code == 201
    body = response.json()
    assert body["players"] == ["Anna", "Boris"]
    assert body["match"] == {"Anna": 0, "Boris": 76}
    assert body["hanging"] == [{"points": 76, "eligible": ["Anna", "Boris"]}]
    assert body["next_dealer"] == "Boris"
    assert body["finished"] is False and body["winner"] is None and body["reason"] is None
    assert body["version"] == Match.objects.get(pk=ev.match.pk).version
    assert body["deals"][0]["outcome"] == "hanging"


def test_a_retry_gets_the_first_response_byte_for_byte_and_no_second_deal(scorer, ev):
    version = Match.objects.get(pk=ev.match.pk).version
    first = post_deal(scorer, ev, DEAL_MADE, key="abc", version=version)
    retry = post_deal(scorer, ev, DEAL_MADE, key="abc", version=version)
    assert first.status_code == retry.status_code == 201
    assert retry.content == first.content
    assert Deal.objects.filter(match=ev.match).count() == 1
    assert IdempotencyKey.objects.filter(key="abc").count() == 1


def test_a_reused_key_with_another_body_is_422(scorer, ev):
    version = Match.objects.get(pk=ev.match.pk).version
    post_deal(scorer, ev, DEAL_MADE, key="abc", version=version)
    response = post_deal(scorer, ev, DEAL_BYTE, key="abc", version=version)
    assert response.status_code == 422
    assert response.json()["errors"][0]["code"] == "idempotency_key_reused"
    assert Deal.objects.filter(match=ev.match).count() == 1


def test_a_stale_version_is_409_with_the_current_match(scorer, ev):
    version = Match.objects.get(pk=ev.match.pk).version
    post_deal(scorer, ev, DEAL_MADE, key="a", version=version)
    response = post_deal(scorer, ev, DEAL_BYTE, key="b", version=version)
    assert response.status_code == 409
    body = response.json()
    assert body["errors"][0]["code"] == "stale_version"
    assert body["match"]["version"] == version + 1
    assert body["match"]["match"] == {"Anna": 40, "Boris": 100}
    assert Deal.objects.filter(match=ev.match).count() == 1


def test_an_invalid_deal_is_400_with_every_error(scorer, ev):
    response = post_deal(
        scorer,
        ev,
        {
            "trump": "X",
            "declarer": "Zed",
            "points": {"Anna": 100, "Boris": 100},
            "last_trick": "Anna",
        },
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {e["code"] for e in errors} >= {"bad_card", "impossible_points", "unknown_player"}
    assert all(e["deal"] == 1 and e["message"] for e in errors)
    assert Deal.objects.filter(match=ev.match).count() == 0


def test_errors_are_in_the_users_language(scorer, ev):
    response = post_deal(
        scorer,
        ev,
        {
            "trump": "X",
            "declarer": "Anna",
            "points": {"Anna": 40, "Boris": 90},
            "last_trick": "Anna",
        },
        HTTP_ACCEPT_LANGUAGE="uk",
    )
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["code"] == "bad_card"
    assert "карт" in error["message"].lower()


def test_the_idempotency_key_and_version_are_required(scorer, ev):
    assert post_deal(scorer, ev, DEAL_MADE, key=None).status_code == 400
    response = scorer.post(
        f"/api/v1/matches/{ev.match.pk}/deals/",
        DEAL_MADE,
        format="json",
        HTTP_IDEMPOTENCY_KEY="x",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "version"


def test_a_correction_rescores_and_the_history_shows_who_changed_what(scorer, ev):
    post_deal(scorer, ev, DEAL_MADE, key="1")
    post_deal(scorer, ev, DEAL_MADE, key="2")
    referee = APIClient()
    referee.force_authenticate(user=ev.referee)
    corrected = {
        "trump": "S",
        "declarer": "Boris",
        "points": {"Anna": 90, "Boris": 40},
        "last_trick": "Anna",
        "reason": "figures swapped",
    }
    response = referee.put(f"/api/v1/matches/{ev.match.pk}/deals/1/", corrected, format="json")
    assert response.status_code == 200
    assert response.json()["match"] == {"Anna": 180, "Boris": 100}
    history = scorer.get(f"/api/v1/matches/{ev.match.pk}/history/").json()["history"]
    deal1 = [h for h in history if h["number"] == 1]
    assert [h["action"] for h in deal1] == ["created", "changed"]
    assert deal1[0]["user"] == ev.scorer.username
    assert deal1[1]["user"] == ev.referee.username
    assert deal1[1]["reason"] == "figures swapped"
    assert deal1[1]["previous"] == DEAL_MADE
    assert deal1[1]["record"]["points"] == {"Anna": 90, "Boris": 40}


def test_correcting_a_deal_that_does_not_exist_is_404(scorer, ev):
    response = scorer.put(f"/api/v1/matches/{ev.match.pk}/deals/7/", DEAL_MADE, format="json")
    assert response.status_code == 404


def test_the_scoresheet_export_scores_back_to_the_same_result(scorer, ev):
    for i, record in enumerate((DEAL_HANGING, DEAL_MADE, DEAL_BYTE)):
        post_deal(scorer, ev, record, key=str(i))
    sheet = APIClient().get(f"/api/v1/matches/{ev.match.pk}/scoresheet/").json()
    scored = APIClient().post("/api/v1/score-match/", sheet, format="json")
    assert scored.status_code == 200
    assert scored.json() == Match.objects.get(pk=ev.match.pk).result


def test_score_match_returns_400_with_the_engines_errors():
    response = APIClient().post(
        "/api/v1/score-match/",
        {
            "format": "deberc-scoresheet/1",
            "ruleset": "moscow",
            "players": ["A"],
            "first_dealer": "A",
            "deals": [],
        },
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "bad_players"


def test_the_schema_still_builds(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/v1/matches/{match_id}/deals/" in response.content
