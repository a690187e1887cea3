"""Deal posting is throttled per user (scope `deals`): a scorer never meets the limit, a script
gone wild gets 429 with the API's coded error."""

from __future__ import annotations

import json
from itertools import count

import pytest
from rest_framework.throttling import SimpleRateThrottle

from tests.factories import DEAL_HANGING, make_evening

pytestmark = pytest.mark.django_db

_keys = count(1)


@pytest.fixture
def frozen_clock(monkeypatch, settings):
    """Every request of the test falls in the same window, however slow the machine. The
    window is a minute, not the default second: the cache forgets a throttle's history after
    one window of real time (a Redis TTL cannot be frozen), and a loaded machine may take
    more than a second for the test's requests."""
    monkeypatch.setattr(SimpleRateThrottle, "timer", lambda self: 1_800_000_000.0)
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "deals": "10/minute",
        },
    }


@pytest.fixture
def evening(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return make_evening()


def post_deal(client, match_id: int, version: int, key: str | None = None):
    return client.post(
        f"/api/v1/matches/{match_id}/deals/",
        data=json.dumps({**DEAL_HANGING, "version": version}),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=key or f"throttle-{next(_keys)}",
    )


def current_version(client, match_id: int) -> int:
    return client.get(f"/api/v1/matches/{match_id}/").json()["version"]


def test_a_scorer_may_post_ten_deals_a_second(settings):
    assert settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["deals"] == "10/second"


def test_it_throttles_the_eleventh_deal_post_in_a_window(client, evening, frozen_clock):
    client.force_login(evening.scorer)
    match_id = evening.match.pk
    version = current_version(client, match_id)
    first = post_deal(client, match_id, version, key="same-deal")
    assert first.status_code == 201
    # A client resending the same deal in a tight loop counts as well.
    for _ in range(9):
        assert post_deal(client, match_id, version, key="same-deal").status_code == 201
    response = post_deal(client, match_id, version, key="same-deal")
    assert response.status_code == 429
    (error,) = response.json()["errors"]
    assert error["code"] == "throttled"
    assert error["field"] is None
    assert error["message"]
    assert int(response["Retry-After"]) >= 1


def test_it_counts_each_user_on_their_own(client, evening, frozen_clock):
    client.force_login(evening.scorer)
    version = current_version(client, evening.match.pk)
    for _ in range(11):
        post_deal(client, evening.match.pk, version, key="scorer-one")
    assert post_deal(client, evening.match.pk, version, key="scorer-one").status_code == 429
    other = type(client)()
    other.force_login(evening.other_scorer)
    other_version = current_version(other, evening.other_match.pk)
    answer = other.post(
        f"/api/v1/matches/{evening.other_match.pk}/deals/",
        data=json.dumps({"declarer": None, "version": other_version}),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="scorer-two",
    )
    assert answer.status_code == 201


def test_it_does_not_count_reading_the_match(client, evening, frozen_clock):
    client.force_login(evening.scorer)
    for _ in range(20):
        assert client.get(f"/api/v1/matches/{evening.match.pk}/").status_code == 200
    version = current_version(client, evening.match.pk)
    assert post_deal(client, evening.match.pk, version).status_code == 201


def test_it_lets_a_scorer_at_a_real_pace_through(client, evening, monkeypatch):
    """A deal every second for 15 deals (a real table takes half a minute a deal)."""
    clock = iter(1_800_000_000.0 + second for second in range(100))
    monkeypatch.setattr(SimpleRateThrottle, "timer", lambda self: next(clock))
    client.force_login(evening.scorer)
    for _ in range(15):
        version = current_version(client, evening.match.pk)
        response = client.post(
            f"/api/v1/matches/{evening.match.pk}/deals/",
            data=json.dumps({"declarer": None, "version": version}),
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY=f"pace-{next(_keys)}",
        )
        assert response.status_code == 201, response.content


def test_it_follows_a_rate_set_by_the_settings(client, evening, frozen_clock, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"deals": "2/second"},
    }
    client.force_login(evening.scorer)
    version = current_version(client, evening.match.pk)
    assert post_deal(client, evening.match.pk, version, key="k").status_code == 201
    assert post_deal(client, evening.match.pk, version, key="k").status_code == 201
    assert post_deal(client, evening.match.pk, version, key="k").status_code == 429


def test_it_documents_the_throttle_in_the_schema(client):
    schema = client.get("/api/schema/?format=json").json()
    responses = schema["paths"]["/api/v1/matches/{match_id}/deals/"]["post"]["responses"]
    assert "429" in responses
    token = schema["paths"]["/api/v1/auth/token/"]["post"]["responses"]
    assert "429" in token
