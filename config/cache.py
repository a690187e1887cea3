"""The Redis cache backend with its client kept (issue 22) and its own connection (issue 36).

Django's `RedisCache` builds a new `redis.Redis` client object for every cache call (about
0.2 ms of CPU each on the 2-vCPU guest: the client's constructor takes some forty options);
a deal makes two calls (its throttle), a live poll two or three. The client only wraps the
connection pool, which Django already keeps (per thread, as it keeps the cache object), so one
client per pool serves every call of that thread.

The calls a request makes most (get, get_many, set, add) go further: straight down this
thread's own connection to the one server (Django keeps a cache object per thread, so the
connection is never shared), without redis-py's client and pool around each command, whose
retries, metrics and pool bookkeeping cost four times the command itself (bench/hotpath.py:
0.09 ms of CPU for a two-key `get_many`, 0.02 ms on the connection). Whenever that connection
fails, it is dropped and the call goes the client's way, with its retries, as before."""

from __future__ import annotations

import hashlib
import os
import pickle
from typing import Any, cast

from django.core.cache import cache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient, RedisSerializer
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError
from redis.exceptions import TimeoutError as RedisTimeoutError

_CONNECTION_FAILED = (RedisConnectionError, RedisTimeoutError, OSError)


class RedisValues(RedisSerializer):
    """Django's serializer (integers as digits, anything else pickled) read without raising
    and catching an error for each pickled value (Django tries `int()` first)."""

    def loads(self, data: Any) -> Any:
        if data[:1] == b"\x80":  # a pickle's first byte (protocol 2 and later)
            return pickle.loads(data)
        return super().loads(data)


class KeptClientRedisCacheClient(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("serializer", RedisValues)
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}
        self._own: Any = None
        self._own_pid = 0

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(  # type: ignore[attr-defined]
                connection_pool=pool
            )
        return client

    def _command(self, *args: Any) -> Any:
        """One command on this thread's own connection; raises one of _CONNECTION_FAILED
        (the connection dropped) when it cannot."""
        own = self._command_connection()
        try:
            own.send_command(*args)
            return own.read_response()
        except _CONNECTION_FAILED:
            self._own = None
            own.disconnect()
            raise

    def _command_connection(self) -> Any:
        """This thread's own connection (made anew in a forked process)."""
        own = self._own
        if own is None or self._own_pid != os.getpid():
            pool = self._get_connection_pool(True)  # type: ignore[attr-defined]
            own = self._own = pool.connection_class(**pool.connection_kwargs)
            self._own_pid = os.getpid()
        return own

    def _direct(self) -> bool:
        # One server only: with replicas the reads go to them (Django's way).
        return len(self._servers) == 1  # type: ignore[attr-defined]

    def get(self, key: Any, default: Any) -> Any:
        if self._direct():
            try:
                value = self._command("GET", key)
            except _CONNECTION_FAILED:
                return super().get(key, default)
            return default if value is None else self._serializer.loads(value)  # type: ignore[attr-defined]
        return super().get(key, default)

    def get_many(self, keys: Any) -> dict[Any, Any]:
        keys = list(keys)
        if self._direct() and keys:
            try:
                values = self._command("MGET", *keys)
            except _CONNECTION_FAILED:
                return super().get_many(keys)
            loads = self._serializer.loads  # type: ignore[attr-defined]
            return {k: loads(v) for k, v in zip(keys, values, strict=True) if v is not None}
        return super().get_many(keys)

    def set(self, key: Any, value: Any, timeout: Any) -> None:
        if self._direct() and timeout != 0:
            data = self._serializer.dumps(value)  # type: ignore[attr-defined]
            try:
                if timeout is None:
                    self._command("SET", key, data)
                else:
                    self._command("SET", key, data, "EX", int(timeout))
                return
            except _CONNECTION_FAILED:
                pass
        super().set(key, value, timeout)

    def add(self, key: Any, value: Any, timeout: Any) -> bool:
        if self._direct() and timeout != 0:
            data = self._serializer.dumps(value)  # type: ignore[attr-defined]
            try:
                if timeout is None:
                    return bool(self._command("SET", key, data, "NX"))
                return bool(self._command("SET", key, data, "EX", int(timeout), "NX"))
            except _CONNECTION_FAILED:
                pass
        return super().add(key, value, timeout)

    def _commands(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        """Several commands on this thread's own connection in one round trip (sent together,
        answered in order, as redis-py's pipeline without its transaction). Raises what
        stopped it (one of _CONNECTION_FAILED, or an error answer), the connection dropped."""
        own = self._command_connection()
        try:
            own.send_packed_command(own.pack_commands(commands))
            return [own.read_response() for _ in commands]
        except BaseException:
            # Whatever stopped the reading (a connection failed, an error reply) may have
            # left answers unread on it: it is dropped.
            self._own = None
            own.disconnect()
            raise

    def add_get_many(self, key: Any, value: Any, timeout: Any, keys: list[Any]) -> dict[Any, Any]:
        """`add(key, value, timeout)` then `get_many(keys)`, in one round trip."""
        if self._direct() and timeout:
            data = self._serializer.dumps(value)  # type: ignore[attr-defined]
            try:
                _added, values = self._commands(
                    [("SET", key, data, "EX", int(timeout), "NX"), ("MGET", *keys)]
                )
            except _CONNECTION_FAILED:
                pass
            else:
                loads = self._serializer.loads  # type: ignore[attr-defined]
                return {k: loads(v) for k, v in zip(keys, values, strict=True) if v is not None}
        self.add(key, value, timeout)
        return self.get_many(keys)

    def set_each(self, items: list[tuple[Any, Any, Any]]) -> None:
        """`set(key, value, timeout)` of each item, in order, in one round trip."""
        if self._direct() and all(t is not None and t > 0 for _key, _value, t in items):
            dumps = self._serializer.dumps  # type: ignore[attr-defined]
            commands = [("SET", key, dumps(value), "EX", int(t)) for key, value, t in items]
            try:
                self._commands(commands)
                return
            except _CONNECTION_FAILED:
                pass
        for key, value, timeout in items:
            self.set(key, value, timeout)

    def script_run(self, source: str, keys: list[Any], args: list[Any]) -> Any:
        """A Lua script's answer (EVALSHA, loaded once into a Redis that lacks it), one
        round trip as a rule."""
        sha = _SCRIPT_SHAS.get(source)
        if sha is None:
            sha = _SCRIPT_SHAS[source] = hashlib.sha1(source.encode()).hexdigest()
        if self._direct():
            try:
                try:
                    return self._command("EVALSHA", sha, len(keys), *keys, *args)
                except NoScriptError:
                    self._command("SCRIPT", "LOAD", source)
                    return self._command("EVALSHA", sha, len(keys), *keys, *args)
            except _CONNECTION_FAILED:
                pass
        client = self.get_client(write=True)
        return client.register_script(source)(keys=keys, args=args, client=client)


# The SHA1 of each script run (what EVALSHA names it by).
_SCRIPT_SHAS: dict[str, str] = {}


class KeptClientRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = KeptClientRedisCacheClient

    @property
    def _kept(self) -> KeptClientRedisCacheClient:
        return cast(KeptClientRedisCacheClient, self._cache)

    def add_get_many(self, key: str, value: Any, timeout: int, keys: list[str]) -> dict[str, Any]:
        """`add(key, value, timeout)` then `get_many(keys)`, in one round trip."""
        made = {self.make_and_validate_key(k): k for k in keys}
        found = self._kept.add_get_many(
            self.make_and_validate_key(key), value, self.get_backend_timeout(timeout), list(made)
        )
        return {made[k]: v for k, v in found.items()}

    def set_each(self, items: list[tuple[str, Any, int]]) -> None:
        """`set(key, value, timeout)` of each item, in order, in one round trip."""
        self._kept.set_each(
            [(self.make_and_validate_key(k), v, self.get_backend_timeout(t)) for k, v, t in items]
        )


def cache_add_get_many(key: str, value: Any, timeout: int, keys: list[str]) -> dict[str, Any]:
    """In the default cache, `add(key, value, timeout)` then `get_many(keys)`: one round trip
    to the site's Redis (a live answer's first sight and its stored bytes, read together)."""
    add_get_many = getattr(cache, "add_get_many", None)
    if add_get_many is not None:
        return add_get_many(key, value, timeout, keys)
    cache.add(key, value, timeout)
    return cache.get_many(keys)


def cache_set_each(items: list[tuple[str, Any, int]]) -> None:
    """In the default cache, `set(key, value, timeout)` of each item in order (each timeout in
    seconds, above 0): one round trip to the site's Redis (a live answer stored with the ETag
    the fast path keeps for it)."""
    set_each = getattr(cache, "set_each", None)
    if set_each is not None:
        set_each(items)
        return
    for key, value, timeout in items:
        cache.set(key, value, timeout)
