"""The throttles' window as Redis counts it (config.throttles.RedisSlidingWindow): the same
limit and the same Retry-After as DRF's own throttle, in one round trip, and never more
requests through than the limit when several web threads ask at once."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory

from config.throttles import DealWriteThrottle


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    now = [1_800_000_000.0]
    monkeypatch.setattr(DealWriteThrottle, "timer", lambda self: now[0])
    return now


def five_a_minute(settings: Any) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "deals": "5/minute",
        },
    }


def deal_post(address: str = "10.0.0.1") -> Any:
    request = RequestFactory().post("/api/v1/matches/1/deals/", REMOTE_ADDR=address)
    request.user = AnonymousUser()
    return request


def test_the_sixth_of_five_a_minute_is_refused_and_told_when_to_come_back(
    redis_cache: Any, clock: list[float], settings: Any
) -> None:
    five_a_minute(settings)
    for second in range(5):
        clock[0] = 1_800_000_000.0 + second
        assert DealWriteThrottle().allow_request(deal_post(), None)
    clock[0] = 1_800_000_010.0
    refused = DealWriteThrottle()
    assert not refused.allow_request(deal_post(), None)
    # DRF's answer: the oldest request leaves the window 50 s from now; one request can come.
    assert refused.wait() == pytest.approx(50.0)
    assert DealWriteThrottle().allow_request(deal_post("10.0.0.2"), None)


def test_the_window_slides(redis_cache: Any, clock: list[float], settings: Any) -> None:
    five_a_minute(settings)
    for second in range(5):
        clock[0] = 1_800_000_000.0 + second
        assert DealWriteThrottle().allow_request(deal_post(), None)
    clock[0] = 1_800_000_060.0  # the first request has just left the window
    assert DealWriteThrottle().allow_request(deal_post(), None)
    assert not DealWriteThrottle().allow_request(deal_post(), None)


def test_it_is_one_round_trip_to_redis(
    redis_cache: Any, clock: list[float], settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    five_a_minute(settings)
    assert DealWriteThrottle().allow_request(deal_post(), None)  # the script is loaded once
    from redis.connection import AbstractConnection

    commands: list[str] = []
    original = AbstractConnection.send_command

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        commands.append(str(args[0]))
        return original(self, *args, **kwargs)

    # Whichever way the cache sends it (its thread's own connection or redis-py's client).
    monkeypatch.setattr(AbstractConnection, "send_command", counted)
    assert DealWriteThrottle().allow_request(deal_post(), None)
    assert commands == ["EVALSHA"]


def test_threads_at_once_never_get_more_than_the_limit_through(
    redis_cache: Any, clock: list[float], settings: Any
) -> None:
    five_a_minute(settings)
    gate = threading.Barrier(12)
    answers: list[bool] = []

    def ask() -> None:
        gate.wait()
        answers.append(DealWriteThrottle().allow_request(deal_post(), None))

    threads = [threading.Thread(target=ask) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [False] * 7 + [True] * 5
