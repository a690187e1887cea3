"""Deal writes are throttled per user (scope `deals`), one bucket for every door: the API's new
deals, corrections, confirmations and closes, and the scorer page's own posts (the form, the
correction form, confirm, withdraw, close). A scorer never meets the limit; a script gone wild
gets 429 with a coded error (the API's shape; on the page `data-code="throttled"` at the form)
and Retry-After."""

from __future__ import annotations

import json
from itertools import count

import pytest
from rest_framework.throttling import SimpleRateThrottle

from scoring.models import Deal, IdempotencyKey, Match
from tests.factories import DEAL_HANGING, DEAL_VOID, make_evening

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


# --- the scorer's page ----------------------------------------------------------------------

# Anna declares hearts and hangs, as the scorer types it on the page's form.
FORM_HANGING = {
    "trump": "H",
    "declarer": "0",
    "points_0": "66",
    "points_1": "76",
    "last_trick": "0",
}


def page_post(client, match_id: int, fields: dict[str, str], *, version: int, key: str):
    data = {**fields, "version": str(version), "idempotency_key": key}
    return client.post(f"/matches/{match_id}/deal/", data)


def version_of(match_id: int) -> int:
    return Match.objects.get(pk=match_id).version


def assert_page_throttled(response) -> None:
    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1
    body = response.content.decode()
    assert 'data-code="throttled"' in body
    assert "Too many deals sent at once" in body


def test_it_throttles_a_script_posting_deals_through_the_scorer_page(client, evening, frozen_clock):
    client.force_login(evening.scorer)
    match_id = evening.match.pk
    version = version_of(match_id)
    first = page_post(client, match_id, FORM_HANGING, version=version, key="page-script")
    assert first.status_code == 302
    for _ in range(9):  # the same deal again and again, as a loop would send it
        page_post(client, match_id, FORM_HANGING, version=version, key="page-script")
    response = page_post(client, match_id, FORM_HANGING, version=version + 1, key="page-next")
    assert_page_throttled(response)
    # Refused before anything was written: one deal, and no key kept for the refused post.
    assert Deal.objects.filter(match_id=match_id).count() == 1
    assert not IdempotencyKey.objects.filter(key="page-next").exists()
    # What the scorer typed is still on the form, to save again.
    assert 'value="66"' in response.content.decode()


def test_it_keeps_the_form_with_htmx_and_says_why(client, evening, frozen_clock):
    client.force_login(evening.scorer)
    match_id = evening.match.pk
    version = version_of(match_id)
    for n in range(10):
        page_post(client, match_id, {"void": "1"}, version=version + n, key=f"void-{n}")
    response = client.post(
        f"/matches/{match_id}/deal/",
        {**FORM_HANGING, "version": str(version + 10), "idempotency_key": "htmx"},
        HTTP_HX_REQUEST="true",
    )
    # htmx swaps only successful answers: the sheet comes back with the message at the form.
    assert response.status_code == 200
    body = response.content.decode()
    assert 'data-code="throttled"' in body
    assert 'data-testid="errors"' in body
    assert Deal.objects.filter(match_id=match_id).count() == 10


def test_the_page_and_the_api_share_one_bucket_per_user(client, evening, frozen_clock):
    client.force_login(evening.scorer)
    match_id = evening.match.pk
    for _ in range(5):
        assert post_deal(client, match_id, version_of(match_id)).status_code == 201
    version = version_of(match_id)
    for _ in range(5):
        page_post(client, match_id, {"void": "1"}, version=version, key="page-half")
    assert post_deal(client, match_id, version_of(match_id)).status_code == 429
    assert_page_throttled(
        page_post(client, match_id, {"void": "1"}, version=version_of(match_id), key="more")
    )


def test_a_scorer_at_a_human_pace_is_never_throttled_on_the_page(client, evening, monkeypatch):
    """A deal every second for 15 deals, at the default rate (a real table: one in 30 s)."""
    clock = iter(1_800_000_000.0 + second for second in range(100))
    monkeypatch.setattr(SimpleRateThrottle, "timer", lambda self: next(clock))
    client.force_login(evening.scorer)
    match_id = evening.match.pk
    for n in range(15):
        response = page_post(
            client, match_id, {"void": "1"}, version=version_of(match_id), key=f"human-{n}"
        )
        assert response.status_code == 302, response.content.decode()[:500]
    assert Deal.objects.filter(match_id=match_id).count() == 15


def test_it_throttles_a_correction_through_the_api(client, evening, frozen_clock):
    client.force_login(evening.scorer)
    match_id = evening.match.pk
    for _ in range(10):
        post_deal(client, match_id, version_of(match_id), key="before-correction")
    response = client.put(
        f"/api/v1/matches/{match_id}/deals/1/",
        data=json.dumps(DEAL_VOID),
        content_type="application/json",
    )
    assert response.status_code == 429
    (error,) = response.json()["errors"]
    assert error["code"] == "throttled"
    assert int(response["Retry-After"]) >= 1
    assert Deal.objects.get(match_id=match_id, number=1).record["declarer"] == "Anna"


def test_it_throttles_a_correction_through_the_page(client, evening, frozen_clock):
    client.force_login(evening.scorer)
    match_id = evening.match.pk
    for _ in range(10):
        post_deal(client, match_id, version_of(match_id), key="before-page-correction")
    response = client.post(
        f"/matches/{match_id}/deals/1/edit/", {"void": "1", "reason": "typo at the table"}
    )
    assert_page_throttled(response)
    assert "typo at the table" in response.content.decode()
    assert Deal.objects.get(match_id=match_id, number=1).record["declarer"] == "Anna"


@pytest.mark.parametrize(
    "path",
    ["/matches/{id}/withdraw/", "/matches/{id}/close/", "/matches/{id}/deals/1/confirm/"],
    ids=["withdraw", "close", "confirm"],
)
def test_the_pages_other_deal_writes_count_too(client, evening, frozen_clock, path):
    client.force_login(evening.organiser)
    match_id = evening.match.pk
    for _ in range(10):
        post_deal(client, match_id, version_of(match_id), key="organiser-deal")
    response = client.post(path.format(id=match_id))
    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1
    body = response.content.decode()
    assert 'data-code="throttled"' in body
    # A button's refusal says nothing was changed (there is no deal to save again).
    assert "Too many changes at once: nothing was changed." in body
    assert Deal.objects.filter(match_id=match_id).count() == 1


@pytest.mark.parametrize(
    ("path", "method"),
    [
        ("/api/v1/matches/{match_id}/deals/{number}/", "put"),
        ("/api/v1/matches/{match_id}/deals/{number}/confirm/", "post"),
        ("/api/v1/matches/{match_id}/close/", "post"),
    ],
)
def test_it_documents_the_throttle_of_every_deal_write(client, path, method):
    schema = client.get("/api/schema/?format=json").json()
    assert "429" in schema["paths"][path][method]["responses"]
