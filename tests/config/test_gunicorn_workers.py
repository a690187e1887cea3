"""A gunicorn worker, once loaded, keeps its modules out of Python's full collections
(config/gunicorn.py): a full collection no longer walks the whole site with the GIL held."""

from __future__ import annotations

import gc
import importlib
import sys
from collections.abc import Iterator

import pytest

gunicorn_config = importlib.import_module("config.gunicorn")


@pytest.fixture
def restored_interpreter(monkeypatch) -> Iterator[None]:
    """post_worker_init changes the whole process: put the test process back as it was. Its
    warm-up (tests/config/test_warmup.py) is left out."""
    monkeypatch.setenv("GUNICORN_WARM_UP", "0")
    threshold = gc.get_threshold()
    interval = sys.getswitchinterval()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)
    sys.setswitchinterval(interval)


def test_a_loaded_worker_leaves_the_site_out_of_full_collections(restored_interpreter):
    gc.collect()
    walked_before = len(gc.get_objects(generation=2))

    gunicorn_config.post_worker_init(object())

    # What the site had loaded is frozen: a full collection now walks only what requests
    # make afterwards, a small part of it.
    assert gc.get_freeze_count() >= walked_before
    assert len(gc.get_objects(generation=2)) < walked_before // 10


def test_young_collections_come_every_ten_thousand_objects(restored_interpreter):
    gunicorn_config.post_worker_init(object())

    assert gc.get_threshold()[0] == gunicorn_config.YOUNG_COLLECTION_THRESHOLD == 10_000
    assert sys.getswitchinterval() == pytest.approx(0.001)


def test_garbage_made_after_the_freeze_is_still_collected(restored_interpreter):
    gunicorn_config.post_worker_init(object())

    class Node:
        partner: Node | None = None

    first, second = Node(), Node()
    first.partner, second.partner = second, first  # a cycle: only the collector frees it
    count = sum(isinstance(o, Node) for o in gc.get_objects())
    del first, second

    gc.collect()

    assert sum(isinstance(o, Node) for o in gc.get_objects()) == count - 2


class _Worker:
    """What post_worker_init sees of a gunicorn worker: its heartbeat and the master's
    timeout (half of config/gunicorn.py's `timeout`, as the arbiter passes it)."""

    timeout = gunicorn_config.timeout / 2

    def __init__(self) -> None:
        self.touched = 0

    def notify(self) -> None:
        self.touched += 1


def test_the_heartbeat_file_is_touched_once_a_second_not_on_every_turn(
    restored_interpreter: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [1000.0]
    monkeypatch.setattr(gunicorn_config.time, "monotonic", lambda: clock[0])
    worker = _Worker()
    gunicorn_config.post_worker_init(worker)

    for _ in range(500):  # a busy second's turns of the worker's loop
        worker.notify()
        clock[0] += 0.0019
    assert worker.touched == 1

    clock[0] += 0.1
    worker.notify()
    assert worker.touched == 2  # a second after the last touch: the master still sees it


def test_the_heartbeat_stays_well_inside_the_masters_timeout(
    restored_interpreter: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [0.0]
    monkeypatch.setattr(gunicorn_config.time, "monotonic", lambda: clock[0])
    worker = _Worker()
    worker.timeout = 2.0  # a short timeout: touched at least every quarter of it
    gunicorn_config.post_worker_init(worker)

    while clock[0] < 10:
        worker.notify()
        clock[0] += 0.01
    assert worker.touched >= 10 / 0.5 - 1
