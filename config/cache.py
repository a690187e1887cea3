"""The Redis cache backend with its client kept (issue 22).

Django's `RedisCache` builds a new `redis.Redis` client object for every cache call (about
0.2 ms of CPU each on the 2-vCPU guest: the client's constructor takes some forty options);
a deal makes two calls (its throttle), a live poll two or three. The client only wraps the
connection pool, which Django already keeps (per thread, as it keeps the cache object), so one
client per pool serves every call of that thread."""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class KeptClientRedisCacheClient(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(  # type: ignore[attr-defined]
                connection_pool=pool
            )
        return client


class KeptClientRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = KeptClientRedisCacheClient
