"""The deal lane (scoring.middleware, issue 36): a new deal sent with a token is written before the
rest of the stack and DRF, with the stack's own answer, headers and all; anything else it
leaves to the stack, which answers as it always did, and nothing is counted or written twice."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from unittest import mock

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token

from scoring import fastsql, tokens
from scoring.api import MatchDealsView
from scoring.models import ApiTokenUse, Deal, IdempotencyKey, Match
from tests.factories import DEAL_BIG, DEAL_BYTE, DEAL_HANGING, DEAL_MADE, DEAL_VOID, make_evening

pytestmark = pytest.mark.django_db

LANE = "scoring.middleware.DealLaneMiddleware"
WITHOUT_LANE = [name for name in settings.MIDDLEWARE if name != LANE]


@pytest.fixture(autouse=True)
def _fresh_headers():
    # Each test learns the stack's headers anew (they are kept per process).
    from scoring import middleware as lane

    lane._HEADERS_KEPT.clear()
    yield
    lane._HEADERS_KEPT.clear()


def token_of(user) -> str:
    return tokens.token_issue(user=user).key


def post_deal(match, record, *, key, token, version=None, client=None, **extra):
    if version is None:
        version = Match.objects.get(pk=match.pk).version
    return (client or Client()).post(
        f"/api/v1/matches/{match.pk}/deals/",
        data=json.dumps(record | {"version": version}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token}",
        HTTP_IDEMPOTENCY_KEY=key,
        **extra,
    )


def the_stack_must_not_answer():
    """Inside it, a request the lane leaves to the stack fails the test."""
    return mock.patch.object(MatchDealsView, "post", side_effect=AssertionError("the stack"))


@contextmanager
def view_calls() -> Iterator[list[int]]:
    """The number of requests the view answered inside it (one item each)."""
    calls: list[int] = []
    real = MatchDealsView.post

    def post(self, request, *args, **kwargs):
        calls.append(1)
        return real(self, request, *args, **kwargs)

    with mock.patch.object(MatchDealsView, "post", post):
        yield calls


def headers_of(response) -> dict[str, str]:
    return {name.lower(): value for name, value in response.items() if name.lower() != "date"}


def test_a_deal_after_the_first_is_written_by_the_lane_with_the_stacks_headers():
    ev = make_evening()
    token = token_of(ev.scorer)
    first = post_deal(ev.match, DEAL_HANGING, key="k1", token=token)  # the stack's way
    assert first.status_code == 201
    with the_stack_must_not_answer():
        second = post_deal(ev.match, DEAL_MADE, key="k2", token=token)
    assert second.status_code == 201
    assert second.json()["version"] == Match.objects.get(pk=ev.match.pk).version
    assert [d.number for d in Deal.objects.filter(match=ev.match).order_by("number")] == [1, 2]
    expected = headers_of(first)
    expected["content-length"] = str(len(second.content))
    assert headers_of(second) == expected
    # The security headers are the stack's.
    assert second["X-Content-Type-Options"] == "nosniff"
    assert second["X-Frame-Options"] == "DENY"
    assert "Content-Security-Policy" in second


def test_the_lanes_answer_is_the_one_the_stack_gives():
    lane_ev, stack_ev = make_evening(), make_evening()
    lane_token, stack_token = token_of(lane_ev.scorer), token_of(stack_ev.scorer)
    answers = {}
    for name, ev, token, middleware in (
        ("lane", lane_ev, lane_token, settings.MIDDLEWARE),
        ("stack", stack_ev, stack_token, WITHOUT_LANE),
    ):
        with override_settings(MIDDLEWARE=middleware):
            client = Client()
            answers[name] = [
                post_deal(ev.match, record, key=f"k{n}", token=token, client=client)
                for n, record in enumerate((DEAL_HANGING, DEAL_MADE, DEAL_BYTE))
            ]
    for lane_answer, stack_answer in zip(answers["lane"], answers["stack"], strict=True):
        assert lane_answer.status_code == stack_answer.status_code == 201
        assert headers_of(lane_answer) == headers_of(stack_answer)
        lane_doc, stack_doc = lane_answer.json(), stack_answer.json()
        for doc in (lane_doc, stack_doc):  # the two evenings' own ids and usernames
            for name in ("id", "tournament", "scorer"):
                doc.pop(name, None)
        assert lane_doc == stack_doc


def test_a_retry_through_the_lane_replays_the_first_answer_and_writes_nothing():
    ev = make_evening()
    token = token_of(ev.scorer)
    post_deal(ev.match, DEAL_HANGING, key="k1", token=token)
    version = Match.objects.get(pk=ev.match.pk).version
    with the_stack_must_not_answer():
        first = post_deal(ev.match, DEAL_MADE, key="k2", token=token, version=version)
        retry = post_deal(ev.match, DEAL_MADE, key="k2", token=token, version=version)
    assert first.status_code == retry.status_code == 201
    assert retry.content == first.content
    assert Deal.objects.filter(match=ev.match).count() == 2
    assert IdempotencyKey.objects.filter(key="k2").count() == 1


def test_a_stale_version_is_left_to_the_view_which_answers_409_and_writes_nothing():
    ev = make_evening()
    token = token_of(ev.scorer)
    version = Match.objects.get(pk=ev.match.pk).version
    post_deal(ev.match, DEAL_HANGING, key="k1", token=token, version=version)
    with view_calls() as view:
        stale = post_deal(ev.match, DEAL_MADE, key="k2", token=token, version=version)
    assert len(view) == 1
    assert stale.status_code == 409
    assert stale.json()["errors"][0]["code"] == "stale_version"
    assert Deal.objects.filter(match=ev.match).count() == 1


@pytest.mark.parametrize(
    ("change", "status", "code"),
    [
        ({"record": {"trump": "Q"}}, 400, None),
        ({"key": ""}, 400, "required"),
        ({"key": "x" * 129}, 400, "required"),
        ({"body": b"[1, 2]"}, 400, "bad_format"),
        ({"body": b'{"version": 1, "trump": "H\\u0000"}'}, 400, "null_characters_not_allowed"),
        ({"body": b"{not json"}, 400, "parse_error"),
        ({"token": "0" * 40}, 401, None),
    ],
)
def test_a_refused_deal_gets_the_views_own_answer(change, status, code):
    ev = make_evening()
    token = token_of(ev.scorer)
    post_deal(ev.match, DEAL_HANGING, key="k1", token=token)  # the headers are known
    version = Match.objects.get(pk=ev.match.pk).version
    record = change.get("record", DEAL_MADE)
    body = change.get("body", json.dumps(record | {"version": version}).encode())
    answers = []
    for middleware in (settings.MIDDLEWARE, WITHOUT_LANE):
        with override_settings(MIDDLEWARE=middleware):
            answers.append(
                Client().post(
                    f"/api/v1/matches/{ev.match.pk}/deals/",
                    data=body,
                    content_type="application/json",
                    HTTP_AUTHORIZATION=f"Token {change.get('token', token)}",
                    HTTP_IDEMPOTENCY_KEY=change.get("key", "k2"),
                )
            )
    with_lane, without_lane = answers
    assert with_lane.status_code == without_lane.status_code == status
    assert with_lane.content == without_lane.content
    assert headers_of(with_lane) == headers_of(without_lane)
    if code is not None:
        assert with_lane.json()["errors"][0]["code"] == code
    assert Deal.objects.filter(match=ev.match).count() == 1


def test_a_match_the_scorer_may_not_see_or_score_is_404_or_403_as_before():
    ev = make_evening(published=False)
    scorer_token = token_of(ev.scorer)
    post_deal(ev.match, DEAL_HANGING, key="k1", token=scorer_token)
    stranger = post_deal(ev.match, DEAL_MADE, key="k2", token=token_of(ev.stranger))
    other = post_deal(ev.match, DEAL_MADE, key="k3", token=token_of(ev.other_scorer))
    assert stranger.status_code == 404
    assert other.status_code in (403, 404)
    assert Deal.objects.filter(match=ev.match).count() == 1


def test_an_expired_token_is_refused_as_expired_and_revoked():
    ev = make_evening()
    post_deal(ev.match, DEAL_HANGING, key="k1", token=token_of(ev.other_scorer))
    token = token_of(ev.scorer)
    long_ago = timezone.now() - tokens.token_ttl() - timedelta(days=1)
    Token.objects.filter(key=token).update(created=long_ago)
    ApiTokenUse.objects.filter(token_id=token).update(last_used_at=long_ago)
    response = post_deal(ev.match, DEAL_MADE, key="k2", token=token)
    assert response.status_code == 401
    assert response.json()["errors"][0]["code"] == "token_expired"
    assert not Token.objects.filter(key=token).exists()


@override_settings(
    REST_FRAMEWORK={**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"deals": "3/minute"}}
)
def test_a_deal_the_lane_counted_and_left_to_the_view_is_counted_once():
    ev = make_evening()
    token = token_of(ev.scorer)
    version = Match.objects.get(pk=ev.match.pk).version
    assert post_deal(ev.match, DEAL_HANGING, key="k1", token=token).status_code == 201
    # Counted by the lane, refused by the view (stale): the second of three.
    stale = post_deal(ev.match, DEAL_MADE, key="k2", token=token, version=version)
    assert stale.status_code == 409
    assert post_deal(ev.match, DEAL_MADE, key="k3", token=token).status_code == 201
    refused = post_deal(ev.match, DEAL_BYTE, key="k4", token=token)
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) >= 1
    assert Deal.objects.filter(match=ev.match).count() == 2


def test_the_lane_answers_in_the_scorers_language():
    ev = make_evening()
    token = token_of(ev.scorer)
    post_deal(ev.match, DEAL_HANGING, key="k1", token=token, HTTP_ACCEPT_LANGUAGE="uk")
    with the_stack_must_not_answer():
        answer = post_deal(ev.match, DEAL_MADE, key="k2", token=token, HTTP_ACCEPT_LANGUAGE="uk")
    assert answer.status_code == 201
    assert answer["Content-Language"] == "uk"
    # Another language's first deal is the stack's (its headers are not known yet).
    with view_calls() as view:
        ru = post_deal(ev.match, DEAL_BYTE, key="k3", token=token, HTTP_ACCEPT_LANGUAGE="ru")
    assert len(view) == 1
    assert ru["Content-Language"] == "ru"


def test_a_request_with_a_session_cookie_is_the_stacks():
    ev = make_evening()
    token = token_of(ev.scorer)
    post_deal(ev.match, DEAL_HANGING, key="k1", token=token)
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = "whatever"
    with view_calls() as view:
        answer = post_deal(ev.match, DEAL_MADE, key="k2", token=token, client=client)
    assert len(view) == 1
    assert answer.status_code == 201


def test_the_https_redirect_and_the_host_check_stay_the_stacks():
    ev = make_evening()
    token = token_of(ev.scorer)
    post_deal(ev.match, DEAL_HANGING, key="k1", token=token)
    with override_settings(SECURE_SSL_REDIRECT=True):
        assert post_deal(ev.match, DEAL_MADE, key="k2", token=token).status_code == 301
    bad_host = post_deal(ev.match, DEAL_MADE, key="k3", token=token, HTTP_HOST="evil.example")
    assert bad_host.status_code == 400
    assert Deal.objects.filter(match=ev.match).count() == 1


def test_the_request_log_names_the_scorer_and_the_match_of_a_lane_deal(caplog):
    ev = make_evening()
    token = token_of(ev.scorer)
    post_deal(ev.match, DEAL_HANGING, key="k1", token=token)
    with caplog.at_level(logging.INFO, logger="deberc.request"), the_stack_must_not_answer():
        post_deal(ev.match, DEAL_MADE, key="k2", token=token)
    lines = [r for r in caplog.records if getattr(r, "status", None) == 201]
    assert lines and lines[-1].user_id == ev.scorer.pk and lines[-1].match_id == ev.match.pk


def test_a_lane_deal_is_in_the_deals_history_under_its_scorer():
    ev = make_evening()
    token = token_of(ev.scorer)
    post_deal(ev.match, DEAL_HANGING, key="k1", token=token)
    with the_stack_must_not_answer():
        post_deal(ev.match, DEAL_MADE, key="k2", token=token)
    deal = Deal.objects.get(match=ev.match, number=2)
    assert deal.entered_by == ev.scorer
    assert deal.history.get().history_user == ev.scorer


# --- Any body: the lane's answer is the stack's --------------------------------------------

_RECORDS = st.sampled_from([DEAL_HANGING, DEAL_MADE, DEAL_BYTE, DEAL_VOID, DEAL_BIG])
_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


@st.composite
def deal_requests(draw: st.DrawFn) -> tuple[bytes, str, str]:
    """A body (a deal, a deal with a field spoilt, or any JSON or bytes), a version choice
    and an Idempotency-Key from a small set (retries and reuses happen)."""
    kind = draw(st.sampled_from(["deal", "spoilt", "json", "bytes"]))
    version = draw(st.sampled_from(["current", "stale", "missing", "text"]))
    key = draw(st.sampled_from(["a", "b", "c", "", " d "]))
    if kind == "bytes":
        return draw(st.binary(max_size=40)), version, key
    if kind == "json":
        return json.dumps(draw(_JUNK)).encode(), version, key
    record = dict(draw(_RECORDS))
    if kind == "spoilt":
        record[draw(st.sampled_from([*record, "extra"]))] = draw(_JUNK)
    return json.dumps(record).encode(), version, key


def without_length(response) -> dict[str, str]:
    return {k: v for k, v in headers_of(response).items() if k != "content-length"}


def comparable(response) -> object:
    """The answer's JSON without the evening's own ids and usernames (in the match document
    of a 201, and of a 409's `match`)."""
    doc = json.loads(response.content)
    for part in (doc, doc.get("match") if isinstance(doc, dict) else None):
        if isinstance(part, dict):
            for name in ("id", "tournament", "scorer"):
                part.pop(name, None)
    return doc


@hypothesis_settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests=st.lists(deal_requests(), min_size=1, max_size=6))
def test_for_any_request_the_lane_answers_as_the_stack_does(requests):
    # Two evenings in step: one through the lane, the other through the stack alone. The
    # deal throttle out of the way: its counts outlive each example's rolled-back users,
    # whose ids come again (the throttle has tests of its own, above).
    unthrottled = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"deals": None}}
    with transaction.atomic(), override_settings(REST_FRAMEWORK=unthrottled):
        lane_ev, stack_ev = make_evening(), make_evening()
        tokens_ = {"lane": token_of(lane_ev.scorer), "stack": token_of(stack_ev.scorer)}
        from scoring import middleware as lane

        lane._HEADERS_KEPT.clear()
        for body, version_choice, key in requests:
            answers = {}
            for name, ev, middleware in (
                ("lane", lane_ev, settings.MIDDLEWARE),
                ("stack", stack_ev, WITHOUT_LANE),
            ):
                current = Match.objects.get(pk=ev.match.pk).version
                payload = body
                if body.startswith(b"{") and body.endswith(b"}"):
                    doc = json.loads(body)
                    if isinstance(doc, dict):
                        version = {
                            "current": current,
                            "stale": current - 1,
                            "missing": None,
                            "text": str(current),
                        }[version_choice]
                        if version is not None:
                            doc["version"] = version
                        payload = json.dumps(doc).encode()
                with override_settings(MIDDLEWARE=middleware):
                    answers[name] = Client().post(
                        f"/api/v1/matches/{ev.match.pk}/deals/",
                        data=payload,
                        content_type="application/json",
                        HTTP_AUTHORIZATION=f"Token {tokens_[name]}",
                        HTTP_IDEMPOTENCY_KEY=key,
                    )
            with_lane, without_lane = answers["lane"], answers["stack"]
            assert with_lane.status_code == without_lane.status_code
            assert with_lane.status_code < 500
            # The two evenings' ids and usernames may differ in length.
            assert without_length(with_lane) == without_length(without_lane)
            assert comparable(with_lane) == comparable(without_lane)
            assert (
                Deal.objects.filter(match=lane_ev.match).count()
                == Deal.objects.filter(match=stack_ev.match).count()
            )
        transaction.set_rollback(True)


# --- One statement for the token and the match ---------------------------------------------


def test_the_token_and_the_match_are_read_in_one_statement_as_the_two_reads_give_them():
    ev = make_evening()
    token = token_of(ev.scorer)
    post_deal(ev.match, DEAL_HANGING, key="k1", token=token)
    found, read = fastsql.token_match_snapshot(token, ev.match.pk, "k1")
    assert found is not None and read is not None
    assert (found[0].pk, found[1], found[2]) == (
        (user := fastsql.token_user(token))[0].pk,
        user[1],
        user[2],
    )
    apart = fastsql.match_snapshot(ev.match.pk, ev.scorer.pk, "k1")
    assert apart is not None and apart.stored is not None
    assert read.rows == apart.rows
    assert read.stored == apart.stored  # the answer kept under the token's user's key
    assert read.match.version == apart.match.version
    assert read.match.tournament.pk == ev.tournament.pk
    # Another user's key is not theirs; a match or a token that is not there.
    assert fastsql.token_match_snapshot(token_of(ev.organiser), ev.match.pk, "k1")[1].stored is None
    assert fastsql.token_match_snapshot(token, 10**9, "k1") == (mock.ANY, None)
    assert fastsql.token_match_snapshot(token, 10**30, "k1")[1] is None
    assert fastsql.token_match_snapshot("f" * 40, ev.match.pk, "k1") == (None, None)


def test_a_lane_deal_makes_one_statement_fewer_than_the_stacks():
    counts = []
    for middleware in (settings.MIDDLEWARE, WITHOUT_LANE):
        ev = make_evening()  # each way its own match, at the same deal
        token = token_of(ev.scorer)
        with override_settings(MIDDLEWARE=middleware):
            first = post_deal(ev.match, DEAL_HANGING, key=f"{len(counts)}a", token=token)
            version = first.json()["version"]  # the lane knows the stack's headers now
            with CaptureQueriesContext(connection) as run:
                answer = post_deal(
                    ev.match, DEAL_MADE, key=f"{len(counts)}b", token=token, version=version
                )
        assert answer.status_code == 201
        counts.append(len(run.captured_queries))
    assert counts[0] == counts[1] - 1
