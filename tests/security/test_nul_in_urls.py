"""A NUL character in a URL (issue 17, item 16): `/rules/%00/` was a 500 on PostgreSQL (a
DataError: PostgreSQL refuses a NUL inside a string). A NUL or a malformed article id in the
path is a 404 (the API's JSON error under /api/), a NUL in a query parameter (a search, a
filter) a 400, and no string with a NUL ever reaches the database, on either database."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.factories import make_evening

pytestmark = pytest.mark.django_db

NOT_FOUND = [
    "/api/v1/rules/%00/",
    "/api/v1/rules/play.renonce%00/",
    "/api/v1/rules/%00play.renonce/",
    "/rules/%00/",
    "/rules/a%00b/",
]
# Ids that are no article: refused without a query (a 404, as for any unknown id).
MALFORMED_IDS = ["..", "Play.Renonce", "play..renonce", "x" * 300, "play.renonce%20", "%C3%A9"]


def _nul_in_queries(queries: list[dict[str, Any]]) -> list[str]:
    return [q["sql"] for q in queries if "\x00" in q["sql"] or "\\x00" in q["sql"]]


@pytest.fixture
def evening() -> Any:
    return make_evening()


def _get(url: str) -> tuple[Any, list[str]]:
    client = Client(raise_request_exception=False)
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    return response, _nul_in_queries(captured.captured_queries)


@pytest.mark.parametrize("url", NOT_FOUND)
def test_a_nul_in_the_path_is_not_found_and_never_queried(url: str) -> None:
    response, queried = _get(url)
    assert response.status_code == 404, (url, response.content[:300])
    assert not queried, queried
    if url.startswith("/api/"):
        assert response["Content-Type"].startswith("application/json")
        assert response.json()["errors"][0]["code"] == "not_found"


@pytest.mark.parametrize("article_id", MALFORMED_IDS)
@pytest.mark.parametrize("prefix", ["/api/v1/rules/", "/rules/"])
def test_a_malformed_article_id_is_not_found(prefix: str, article_id: str) -> None:
    client = Client(raise_request_exception=False)
    with CaptureQueriesContext(connection) as captured:
        response = client.get(f"{prefix}{article_id}/")
    assert response.status_code == 404, response.content[:300]
    assert not [q for q in captured.captured_queries if "referee_article" in q["sql"]]


def test_a_real_article_is_still_found() -> None:
    from referee.services import rulebook_sync

    rulebook_sync()
    assert Client().get("/api/v1/rules/play.renonce/").status_code == 200
    assert Client().get("/rules/play.renonce/").status_code == 200


def query_urls(evening: Any) -> list[str]:
    t = evening.tournament.pk
    return [
        "/api/v1/rules/?q=%00",
        "/api/v1/rules/?q=renonce%00",
        "/api/v1/rules/?section=%00",
        "/api/v1/rules/?game=%00",
        "/api/v1/rules/?lang=%00",
        "/rules/?q=%00",
        "/rules/?q=%00&partial=1",
        f"/tournaments/{t}/rounds/1/?q=%00",
        f"/tournaments/{t}/rounds/1/?q=Anna%00",
        f"/api/v1/tournaments/{t}/matches/?status=%00",
        f"/api/v1/tournaments/{t}/matches/?round=1%00",
        "/api/v1/leaderboard/?club=%00",
        "/leaderboard/?club=%00",
        "/referee/legal-cards/?table=%00",
        "/?%00=1",
    ]


def test_a_nul_in_a_query_parameter_is_a_bad_request(evening: Any) -> None:
    for url in query_urls(evening):
        response, queried = _get(url)
        assert response.status_code == 400, (url, response.status_code)
        assert not queried, (url, queried)
        if url.startswith("/api/"):
            assert response.json()["errors"][0]["code"] == "bad_request", url


def test_on_postgresql_no_nul_url_is_a_server_error(require_postgres: None, evening: Any) -> None:
    """Where the DataError happened: every URL above answers, none with a 500."""
    for url in [*NOT_FOUND, *query_urls(evening)]:
        response, _queried = _get(url)
        assert response.status_code in (400, 404), (url, response.status_code)
