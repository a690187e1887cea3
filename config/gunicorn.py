"""gunicorn settings for the site: `gunicorn -c config/gunicorn.py config.wsgi:application`.

Threaded workers (gthread), because of what a tournament evening looks like (bench/entry.py
measures it): a scorer's phone sends a deal every half minute or so on a connection it keeps
open, and a deal spends a good part of its time waiting for PostgreSQL. Sync workers close the
connection after every request and sit idle during each wait; threads keep connections alive
and let another request run meanwhile. Each thread holds its own database connection (Django
keeps it for CONN_MAX_AGE), so workers × threads must stay under PostgreSQL's max_connections.

Every setting can be changed from the environment (or on the command line, which wins).
"""

from __future__ import annotations

import gc
import os
import sys
import time

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", os.cpu_count() or 2))
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
worker_class = "gthread"
# Seconds an idle kept-alive connection stays open (a phone between two deals reconnects
# when it is gone; behind a proxy, keep this above the proxy's upstream keepalive timeout).
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "75"))
backlog = 2048
timeout = 30
graceful_timeout = 30
# The heartbeat: each worker touches a file on every turn of its loop, hundreds of times a
# second under load. On a disk-backed /tmp that is a metadata write each time (3 % of a busy
# worker's samples in bench/entry.py); in memory it costs next to nothing (gunicorn's docs
# advise /dev/shm where it exists).
worker_tmp_dir = os.environ.get("GUNICORN_TMP_DIR") or (
    "/dev/shm" if os.path.isdir("/dev/shm") else None
)


def post_worker_init(worker: object) -> None:
    # Each worker does what its first request would otherwise do (config/warmup.py: the URL
    # configuration, the templates, the catalogues, the rule search's index) before it
    # accepts a connection; GUNICORN_WARM_UP=0 leaves it to the first requests. Before the
    # freeze below, so that what it loads is frozen too.
    if os.environ.get("GUNICORN_WARM_UP", "1").lower() not in ("0", "false", "no"):
        from config.warmup import warm_up

        warm_up()
    # A thread back from PostgreSQL waits for the GIL for up to the switch interval (5 ms
    # by default) while another thread runs Python; a deal makes three such waits. A shorter
    # interval puts the answer out sooner at a small cost in switches.
    sys.setswitchinterval(float(os.environ.get("GUNICORN_SWITCH_INTERVAL", "0.001")))
    heartbeat_throttle(worker)
    settle_garbage_collector()


# The most often a worker touches its heartbeat file (seconds; never more than a quarter of the
# time the master gives it).
HEARTBEAT_SECONDS = 1.0


def heartbeat_throttle(worker: object) -> None:
    """Touch the heartbeat file at most once a second instead of on every turn of the loop.

    A gthread worker's main thread turns its loop twice a request or more (the connection
    readable, the answer's callback), and each turn calls `notify()`: a `utime` of the
    heartbeat file, 5-6 % of a loaded worker's Python samples in bench/entry.py (py-spy).
    The master only kills a worker whose file is older than `timeout` (30 s), so one touch a
    second tells it as much. A worker without `notify` (a test's stand-in) is left alone."""
    touch = getattr(worker, "notify", None)
    if touch is None:
        return
    every = min(HEARTBEAT_SECONDS, float(getattr(worker, "timeout", 0) or 4) / 4)
    last = [float("-inf")]

    def notify() -> None:
        now = time.monotonic()
        if now - last[0] >= every:
            last[0] = now
            touch()

    worker.notify = notify  # type: ignore[attr-defined]


# Collect the young generation every 10,000 new container objects, not Python's 700: each
# young collection promotes the objects of the requests then running into the older
# generations, and those promotions are what bring on the full collections. Fewer young
# collections, fewer full ones. One young collection of 10,000 objects takes 0.3-0.5 ms.
YOUNG_COLLECTION_THRESHOLD = 10_000


def settle_garbage_collector() -> None:
    """Keep Python's cyclic garbage collector from stopping a worker for tens of milliseconds.

    A loaded worker holds some 120,000 objects (modules, classes, URL patterns, settings) for
    its whole life. Python's full collection walks them all with the GIL held, and none of the
    worker's threads answers meanwhile: in bench/entry.py, 12 full collections a run of
    50-190 ms each. Loaded once (the URL configuration imports every view) and then frozen,
    they are left out of every collection; what requests make is still collected. With the
    threshold above as well: 2 full collections a run, of 28-49 ms."""
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018  (the URL configuration imports every view)
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, 10, 10)
