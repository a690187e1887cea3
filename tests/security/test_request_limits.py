"""Bodies bounded on every door (issue 17, items 6 and 17): a deal's body at most
DEAL_BODY_MAX_BYTES (the API's deal writes and the scorer pages' posts), any other API body at
most API_BODY_MAX_BYTES, the import its own larger IMPORT_BODY_MAX_BYTES, each refused with a
JSON 413 `too_large`; JSON nested deeper than 64 levels is `too_deep` and an integer beyond 64
bits `number_too_large` (400), never a 500, on every JSON door."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from scoring.models import Deal, IdempotencyKey, Match
from tests.factories import DEAL_MADE, make_club_organiser, make_evening, make_preferans_evening

pytestmark = pytest.mark.django_db

SHEET = {
    "format": "deberc-scoresheet/1",
    "ruleset": "moscow",
    "players": ["Anna", "Boris"],
    "first_dealer": "Anna",
    "deals": [DEAL_MADE],
}


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user=user)
    return client


def _deal_body(match, record: dict) -> str:
    return json.dumps({**record, "version": Match.objects.get(pk=match.pk).version})


def _post_raw(client, url: str, body: str, **headers):
    return client.generic("POST", url, body, content_type="application/json", **headers)


def _only_error(response) -> dict:
    assert response["Content-Type"].startswith("application/json")
    errors = response.json()["errors"]
    assert len(errors) == 1
    return errors[0]


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


# --- size ------------------------------------------------------------------------------------


def test_a_deal_body_over_16_kb_is_a_json_413_and_nothing_is_stored():
    ev = make_evening()
    body = _deal_body(ev.match, {"declarer": None, "junk": "x" * (20 * 1024)})
    response = _post_raw(
        _client(ev.scorer),
        f"/api/v1/matches/{ev.match.pk}/deals/",
        body,
        HTTP_IDEMPOTENCY_KEY="big-1",
    )
    assert response.status_code == 413
    error = _only_error(response)
    assert error["field"] is None and error["code"] == "too_large"
    assert not Deal.objects.filter(match=ev.match).exists()
    assert not IdempotencyKey.objects.exists()


def test_a_correction_body_over_16_kb_is_a_json_413():
    ev = make_evening()
    client = _client(ev.scorer)
    url = f"/api/v1/matches/{ev.match.pk}/deals/"
    assert _post_raw(client, url, _deal_body(ev.match, DEAL_MADE), HTTP_IDEMPOTENCY_KEY="k")
    body = _deal_body(ev.match, {**DEAL_MADE, "reason": "r" * (20 * 1024)})
    response = client.generic("PUT", f"{url}1/", body, content_type="application/json")
    assert response.status_code == 413
    assert _only_error(response)["code"] == "too_large"


def test_another_api_body_over_its_limit_is_a_json_413(settings):
    settings.API_BODY_MAX_BYTES = 4096
    body = json.dumps({**SHEET, "padding": "x" * 8192})
    response = _post_raw(APIClient(), "/api/v1/score-match/", body)
    assert response.status_code == 413
    assert _only_error(response)["code"] == "too_large"


def test_the_import_keeps_its_own_larger_limit(settings):
    settings.API_BODY_MAX_BYTES = 1024
    settings.IMPORT_BODY_MAX_BYTES = 64 * 1024
    ev = make_evening()
    make_club_organiser(ev.organiser, ev.tournament.club)
    client = _client(ev.organiser)
    url = f"/api/v1/tournaments/{ev.tournament.pk}/import/"
    sheets = [SHEET | {"players": [f"P{i}a", f"P{i}b"]} for i in range(8)]
    for sheet in sheets:
        sheet["first_dealer"] = sheet["players"][0]
        a, b = sheet["players"]
        sheet["deals"] = [{"trump": "S", "declarer": b, "points": {a: 40, b: 90}, "last_trick": b}]
    body = json.dumps({"scoresheets": sheets})
    assert 1024 < len(body) < 64 * 1024
    response = _post_raw(client, url, body)
    assert response.status_code == 201, response.content
    too_big = json.dumps({"scoresheets": sheets, "padding": "x" * (64 * 1024)})
    assert len(too_big) > 64 * 1024
    response = _post_raw(client, url, too_big)
    assert response.status_code == 413
    assert _only_error(response)["code"] == "too_large"


def test_a_scorer_page_post_over_16_kb_is_a_json_413():
    ev = make_evening()
    client = Client()
    client.force_login(ev.scorer)
    response = client.post(
        f"/matches/{ev.match.pk}/deal/",
        {"void": "1", "junk": "x" * (20 * 1024)},
    )
    assert response.status_code == 413
    error = _only_error(response)
    assert error["field"] is None and error["code"] == "too_large"
    assert not Deal.objects.filter(match=ev.match).exists()


def test_a_preferans_scorer_page_post_over_16_kb_is_a_json_413():
    ev = make_preferans_evening()
    client = Client()
    client.force_login(ev.scorer)
    response = client.post(
        f"/matches/{ev.match.pk}/deal/",
        {"contract": "allpass", "junk": "x" * (20 * 1024)},
    )
    assert response.status_code == 413
    assert _only_error(response)["code"] == "too_large"


# --- depth and integers --------------------------------------------------------------------


def test_json_nested_too_deep_is_a_400_on_the_anonymous_scorer():
    for depth in (65, 990, 100_000):
        response = _post_raw(APIClient(), "/api/v1/score-match/", _deep(depth))
        assert response.status_code == 400, depth
        assert _only_error(response)["code"] == "too_deep"
    # The limit is on depth, not on JSON: 64 levels reach the engine (which refuses a list).
    response = _post_raw(APIClient(), "/api/v1/score-match/", _deep(64))
    assert response.status_code == 400
    assert _only_error(response)["code"] == "bad_format"


def test_an_integer_beyond_64_bits_in_a_deal_is_a_400_and_nothing_is_stored():
    ev = make_evening()
    body = _deal_body(ev.match, {"declarer": None}).replace("}", ', "x": 1' + "0" * 20 + "}")
    response = _post_raw(
        _client(ev.scorer),
        f"/api/v1/matches/{ev.match.pk}/deals/",
        body,
        HTTP_IDEMPOTENCY_KEY="int-1",
    )
    assert response.status_code == 400
    assert _only_error(response)["code"] == "number_too_large"
    assert not Deal.objects.filter(match=ev.match).exists()


@pytest.mark.parametrize("number", ["9223372036854775808", "-9223372036854775809", "1e999"])
def test_numbers_no_column_holds_are_refused_anywhere_in_the_body(number):
    body = json.dumps(SHEET).replace('"first_dealer"', f'"n": [{{"k": {number}}}], "first_dealer"')
    response = _post_raw(APIClient(), "/api/v1/score-match/", body)
    assert response.status_code == 400
    assert _only_error(response)["code"] == "number_too_large"


def test_the_largest_64_bit_integer_is_still_a_number():
    record = {**SHEET, "conventions": {"target": 2**63 - 1}}
    response = APIClient().post("/api/v1/score-match/", record, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "bad_convention"


def test_the_import_refuses_deep_json_and_huge_integers():
    ev = make_evening()
    make_club_organiser(ev.organiser, ev.tournament.club)
    client = _client(ev.organiser)
    url = f"/api/v1/tournaments/{ev.tournament.pk}/import/"
    before = Match.objects.count()
    deep = _post_raw(client, url, json.dumps({"scoresheets": [SHEET], "x": json.loads(_deep(80))}))
    assert deep.status_code == 400 and _only_error(deep)["code"] == "too_deep"
    body = json.dumps({"scoresheets": [SHEET]}).replace("90", "9" * 30)
    huge = _post_raw(client, url, body)
    assert huge.status_code == 400 and _only_error(huge)["code"] == "number_too_large"
    assert Match.objects.count() == before


def test_the_command_line_reads_json_as_the_api_does(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text(_deep(5000), encoding="utf-8")
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("score_match", str(path), stdout=out)
    assert exit_.value.code == 2
    assert json.loads(out.getvalue())["errors"][0]["code"] == "too_deep"
