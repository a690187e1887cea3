"""The Redis cache's hot calls go down each thread's own connection (config.cache): the same
answers as Django's Redis cache, a batch of them in one round trip, and a connection that dies
never loses a call."""

from __future__ import annotations

import socket
from typing import Any

import pytest


def test_the_calls_answer_as_djangos_redis_cache_does(redis_cache: Any) -> None:
    redis_cache.set("number", 7)
    redis_cache.set("things", ("a", 1.5, None), 30)
    assert redis_cache.get("number") == 7 and redis_cache.get("things") == ("a", 1.5, None)
    assert redis_cache.get("nothing", "default") == "default"
    assert redis_cache.get_many(["number", "nothing", "things"]) == {
        "number": 7,
        "things": ("a", 1.5, None),
    }
    assert redis_cache.add("number", 8) is False and redis_cache.get("number") == 7
    assert redis_cache.add("fresh", "x", 30) is True and redis_cache.get("fresh") == "x"
    assert redis_cache.get_or_set("made", lambda: "once") == "once"
    redis_cache.set("number", 9, 0)  # a timeout of 0 deletes, as Django's does
    assert redis_cache.get("number") is None
    # Expiry is Redis's: the keys written with a timeout have one.
    client = redis_cache._cache.get_client()
    assert 0 < client.ttl(redis_cache.make_key("things")) <= 30
    assert client.ttl(redis_cache.make_key("made")) > 0


def test_a_connection_that_died_is_replaced_and_no_call_is_lost(redis_cache: Any) -> None:
    redis_cache.set("kept", "value")
    own = redis_cache._cache._own
    assert own is not None
    # The server went away under it (a restart, an idle timeout).
    own._sock.shutdown(socket.SHUT_RDWR)
    assert redis_cache.get("kept") == "value"
    redis_cache.set("after", 1)
    assert redis_cache.get_many(["kept", "after"]) == {"kept": "value", "after": 1}
    assert redis_cache._cache._own is not own


def test_an_add_with_reads_and_many_sets_each_take_one_round_trip(
    redis_cache: Any, redis_round_trips: list[int]
) -> None:
    from config.cache import cache_add_get_many, cache_set_each

    redis_cache.set("other", {"bytes": b"\x80"})
    sent = redis_round_trips
    sent[0] = 0  # counted from here
    # Added when absent, read back with the other keys; a second add leaves the first value.
    assert cache_add_get_many("seen", 1.5, 30, ["seen", "other", "nothing"]) == {
        "seen": 1.5,
        "other": {"bytes": b"\x80"},
    }
    assert cache_add_get_many("seen", 2.5, 30, ["seen"]) == {"seen": 1.5}
    cache_set_each([("answer", (b"<div>", "text/html"), 60), ("kept", ("g", '"e"'), 5)])
    assert sent[0] == 3
    assert redis_cache.get_many(["answer", "kept"]) == {
        "answer": (b"<div>", "text/html"),
        "kept": ("g", '"e"'),
    }
    # Each with its own expiry.
    client = redis_cache._cache.get_client()
    assert 0 < client.ttl(redis_cache.make_key("seen")) <= 30
    assert 5 < client.ttl(redis_cache.make_key("answer")) <= 60
    assert 0 < client.ttl(redis_cache.make_key("kept")) <= 5


def test_a_batch_on_a_connection_that_died_is_not_lost(redis_cache: Any) -> None:
    from config.cache import cache_add_get_many, cache_set_each

    redis_cache.set("kept", "value")
    redis_cache._cache._own._sock.shutdown(socket.SHUT_RDWR)
    cache_set_each([("a", 1, 30), ("b", 2, 30)])
    assert redis_cache.get_many(["a", "b"]) == {"a": 1, "b": 2}
    redis_cache._cache._own._sock.shutdown(socket.SHUT_RDWR)
    assert cache_add_get_many("c", 3, 30, ["c", "kept"]) == {"c": 3, "kept": "value"}


def test_an_error_answer_in_a_batch_leaves_no_answer_unread_for_the_next_call(
    redis_cache: Any,
) -> None:
    from redis.exceptions import ResponseError

    redis_cache.set_many({"kept": "value", "other": "another"})
    # The first command is refused (an expiry that is no number), the second not read then.
    with pytest.raises(ResponseError):
        redis_cache._cache._commands(
            [("SET", "x", "v", "EX", "not-a-number"), ("GET", redis_cache.make_key("other"))]
        )
    assert redis_cache.get("kept") == "value"
    assert redis_cache.get_many(["kept", "x"]) == {"kept": "value"}
