"""The Redis cache's hot calls go down each thread's own connection (config.cache): the same
answers as Django's Redis cache, and a connection that dies never loses a call."""

from __future__ import annotations

import socket
from typing import Any


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
