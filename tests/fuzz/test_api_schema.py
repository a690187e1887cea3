"""The OpenAPI schema tells the truth (issue 17, item 21), the parts a client generated from it
relies on first; tests/fuzz/test_api_fuzz.py runs every schemathesis check against it."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(client) -> dict[str, Any]:
    response = client.get("/api/schema/")
    assert response.status_code == 200
    return yaml.safe_load(response.content)


def operation(schema: dict[str, Any], method: str, path: str) -> dict[str, Any]:
    return schema["paths"][path][method]


@pytest.mark.parametrize("debug", [True, False])
@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/no-such-thing/",
        "/api/v1/matches/abc/",  # no route takes a word for an id
        "/api/v1/tournaments/null,null/rounds/",
        "/api/v1/matches/1/deals/x/",
    ],
)
def test_every_api_path_answers_a_json_404_even_with_debug_on(client, settings, url, debug):
    settings.DEBUG = debug
    response = client.get(url)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == {
        "errors": [{"field": None, "code": "not_found", "message": "Not found."}]
    }


def test_a_site_page_keeps_its_html_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/v1/rules/"),
        ("get", "/api/v1/rules/{article_id}/"),
        ("post", "/api/v1/score-match/"),
        ("post", "/api/v1/referee/legal-cards/"),
    ],
)
def test_public_operations_need_no_credentials(schema, method, path):
    security = operation(schema, method, path).get("security")
    # No requirement at all, or the empty one among them: anyone may call it.
    assert security is None or {} in security, security


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/v1/leaderboard/"),
        ("get", "/api/v1/matches/{match_id}/rulings/"),
        ("get", "/api/v1/tournaments/{tournament_id}/rulings/"),
        ("get", "/api/v1/tournaments/{tournament_id}/matches/"),
        ("get", "/api/v1/tournaments/{tournament_id}/rounds/"),
    ],
)
def test_lists_are_documented_as_lists(schema, method, path):
    content = operation(schema, method, path)["responses"]["200"]["content"]
    assert content["application/json"]["schema"]["type"] == "array"


def test_a_new_deal_is_the_strict_object_of_the_scoresheet_format(schema):
    body = operation(schema, "post", "/api/v1/matches/{match_id}/deals/")["requestBody"]
    assert list(body["content"]) == ["application/json"]  # nested parts: no form encoding
    deberc, preferans = body["content"]["application/json"]["schema"]["anyOf"]
    for deal in (deberc, preferans):
        assert deal["additionalProperties"] is False
        assert "version" in deal["required"]
    assert "declarer" in deberc["required"]  # a void deal says `"declarer": null`
    assert {"trump", "points", "last_trick", "declarations"} <= set(deberc["properties"])
    assert {"kind", "contract", "whist", "tricks"} <= set(preferans["properties"])


def test_refusals_are_documented_with_the_error_shape(schema):
    errors = schema["components"]["schemas"]["Errors"]
    item = schema["components"]["schemas"]["Error"]
    assert errors["required"] == ["errors"]
    assert set(item["required"]) == {"field", "code", "message"}
    deals = operation(schema, "post", "/api/v1/matches/{match_id}/deals/")["responses"]
    for code in ("400", "401", "404", "413"):
        assert code in deals, code
