"""Anonymous heavy reads are throttled (issue 17, item 7): eight anonymous exports of a
3,000-player tournament at once stalled the scorers. A whole tournament's export, its deals as
CSV and a report's file count in one bucket per address (scope `anon_heavy`), whichever door
(API or page); over the rate the answer is the API's JSON 429 with Retry-After. Signed-in
users are not counted; other reads are not either."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.factories import make_evening

pytestmark = pytest.mark.django_db


@pytest.fixture
def three_a_minute(settings: Any) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "anon_heavy": "3/minute",
        },
    }


def test_the_default_rate_lets_a_person_download_a_few(settings: Any) -> None:
    rate = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["anon_heavy"]
    count, period = rate.split("/")
    assert int(count) >= 5 and period.startswith("min")


def assert_throttled(response: Any) -> None:
    assert response.status_code == 429, response.status_code
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["errors"][0]["code"] == "throttled"
    assert int(response["Retry-After"]) >= 1


@pytest.mark.parametrize(
    "path", ["/api/v1/tournaments/{t}/export/", "/tournaments/{t}/export.json"]
)
def test_anonymous_exports_are_throttled(three_a_minute: None, path: str) -> None:
    ev = make_evening()
    url = path.format(t=ev.tournament.pk)
    client = Client()
    for _ in range(3):
        assert client.get(url).status_code == 200
    assert_throttled(client.get(url))
    # Another address is not.
    assert Client(REMOTE_ADDR="10.1.2.3").get(url).status_code == 200


def test_the_doors_share_one_bucket(three_a_minute: None) -> None:
    ev = make_evening()
    t = ev.tournament.pk
    client = Client()
    assert client.get(f"/api/v1/tournaments/{t}/export/").status_code == 200
    assert client.get(f"/tournaments/{t}/export.json").status_code == 200
    assert client.get(f"/api/v1/tournaments/{t}/deals.csv").status_code == 200
    assert_throttled(client.get(f"/tournaments/{t}/deals.csv"))
    assert_throttled(client.get(f"/api/v1/tournaments/{t}/export/"))
    # Light reads are not counted.
    assert client.get(f"/api/v1/tournaments/{t}/").status_code == 200
    assert client.get(f"/api/v1/matches/{ev.match.pk}/").status_code == 200


def test_report_downloads_count_too(three_a_minute: None) -> None:
    import uuid

    client = Client()
    for _ in range(3):
        # An unknown job: refused, but the download was asked for (a script probing ids).
        assert client.get(f"/api/v1/jobs/{uuid.uuid4()}/download/").status_code in (401, 404)
    assert_throttled(client.get(f"/api/v1/jobs/{uuid.uuid4()}/download/"))


def test_signed_in_users_are_not_throttled(three_a_minute: None) -> None:
    ev = make_evening()
    client = Client()
    client.force_login(ev.organiser)
    for _ in range(6):
        assert client.get(f"/api/v1/tournaments/{ev.tournament.pk}/export/").status_code == 200
