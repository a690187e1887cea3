"""A browser test writes to the database while its live server reads it (the fixture
`one_sqlite_connection_with_the_live_server` in tests/conftest.py): on SQLite's in-memory
test database a second connection made that write fail now and then with "database table is
locked", a test failing for nothing its page did."""

from __future__ import annotations

import os
import threading

from django.db import DEFAULT_DB_ALIAS, connections

from tests.factories import UserFactory


def _server_reading(live_server, started: threading.Event, done: threading.Event) -> None:
    """What a live server's request thread does: take the server's connection (if it shares
    one) and read a table, the statement left open until the test has written."""
    shared = live_server.thread.connections_override.get(DEFAULT_DB_ALIAS)
    if shared is not None:
        connections[DEFAULT_DB_ALIAS] = shared
    cursor = connections[DEFAULT_DB_ALIAS].cursor()
    try:
        cursor.execute("SELECT id, first_name FROM auth_user ORDER BY id")
        cursor.fetchone()
        started.set()
        done.wait(10)
        cursor.fetchall()
    finally:
        cursor.close()
        if shared is None:
            connections[DEFAULT_DB_ALIAS].close()


def test_a_write_inside_playwright_while_the_server_reads_the_same_table(live_server):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from django.contrib.auth.models import User
    from playwright.sync_api import sync_playwright

    first, second = UserFactory(), UserFactory()
    started, done = threading.Event(), threading.Event()
    reader = threading.Thread(target=_server_reading, args=(live_server, started, done))
    with sync_playwright():
        reader.start()
        try:
            assert started.wait(10)
            # Playwright's sync API runs this in a context of its own: the write goes
            # through the connection the server reads with, not a second one.
            User.objects.filter(pk=second.pk).update(first_name="Оксана")
        finally:
            done.set()
            reader.join(10)
    assert User.objects.get(pk=second.pk).first_name == "Оксана"
    assert User.objects.get(pk=first.pk).first_name == first.first_name
