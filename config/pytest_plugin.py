"""The test run's environment, set before pytest-django reads the settings.

Loaded by pytest itself (`-p config.pytest_plugin` in pyproject.toml's addopts), while it
parses its arguments: earlier than any conftest.py, which pytest-django's settings loading
comes before. The suite runs as a development machine does (`DEBUG=1`, as `make test` and
`make run` set it), so that the development SECRET_KEY is accepted; pytest-django still runs
every test with `settings.DEBUG = False`. A DEBUG set in the environment wins.
"""

from __future__ import annotations

import os

os.environ.setdefault("DEBUG", "1")
# The suite's polls show a deal on the very next poll (a test that counts on a second's
# coalescing sets LIVE_COALESCE_SECONDS itself: tests/tournaments/live/test_poll_coalescing.py).
os.environ.setdefault("LIVE_COALESCE_SECONDS", "0")


def _redis_url_of_worker(url: str, worker: str) -> str:
    """With pytest-xdist (`-n 2`), each worker's own Redis database (the given one, then the
    next ones): each test empties the cache, and the workers' databases number their rows
    alike, so one shared cache would let a worker read, or empty, another's entries."""
    if not url or not worker.startswith("gw"):
        return url
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    index = (base + int(worker[2:])) % 16
    return urlunsplit(parts._replace(path=f"/{index}"))


os.environ["REDIS_URL"] = _redis_url_of_worker(
    os.environ.get("REDIS_URL", ""), os.environ.get("PYTEST_XDIST_WORKER", "")
)
if not os.environ["REDIS_URL"]:
    del os.environ["REDIS_URL"]
