"""The API and the command line take issue 21's fields (`low_points`, a renonce's `taken_by`
and `trick`, `senior_after_question`) and Odessa's forced deal: they pass the record to the
engine, store it as given, and answer its errors at their fields."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from scoring.models import Match
from tests.factories import DEAL_HANGING, make_evening
from tests.paths import TESTS

pytestmark = pytest.mark.django_db

EXAMPLES = TESTS / "data" / "examples"


@pytest.fixture
def ev():
    return make_evening()


@pytest.fixture
def scorer(ev):
    client = APIClient()
    client.force_authenticate(user=ev.scorer)
    return client


def post_deal(client, match, record, key):
    version = Match.objects.get(pk=match.pk).version
    return client.post(
        f"/api/v1/matches/{match.pk}/deals/",
        data=json.dumps(record | {"version": version}),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=key,
    )


def test_score_match_takes_a_card_by_card_renonce_that_takes_a_trick():
    sheet = json.loads((EXAMPLES / "kharkov-2p-take-trick.json").read_text(encoding="utf-8"))
    response = APIClient().post("/api/v1/score-match/", sheet, format="json")
    assert response.status_code == 200
    assert response.json()["deals"][0]["totals"] == {"Anna": 74, "Boris": 44}
    # The trick of the trump jack (trick 2) may not be taken: 400 naming the field.
    sheet["deals"][0]["violation"]["trick"] = 2
    response = APIClient().post("/api/v1/score-match/", sheet, format="json")
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [
        ("violation.trick", "bad_violation")
    ]


def test_the_deal_api_stores_a_forced_deal_and_refuses_another_declarer(scorer, ev):
    Match.objects.filter(pk=ev.match.pk).update(ruleset="odessa", conventions={})
    assert post_deal(scorer, ev.match, DEAL_HANGING, "a").status_code == 201
    match = Match.objects.get(pk=ev.match.pk)
    assert match.result["deals"][0]["hanging"][-1]["forced"] == "Anna"
    boris = {
        "trump": "D",
        "declarer": "Boris",
        "points": {"Anna": 40, "Boris": 90},
        "last_trick": "Boris",
    }
    response = post_deal(scorer, ev.match, boris, "b")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "forced_declarer"
    redeal = post_deal(scorer, ev.match, {"low_points": "Boris"}, "c")
    assert redeal.status_code == 201
    assert Match.objects.get(pk=ev.match.pk).deals.get(number=2).record == {"low_points": "Boris"}


def test_the_command_line_scores_the_forced_example():
    out = io.StringIO()
    call_command("score_match", str(EXAMPLES / "odessa-2p-forced.json"), stdout=out)
    assert json.loads(out.getvalue())["match"] == {"Олена": 0, "Taras": 464}
