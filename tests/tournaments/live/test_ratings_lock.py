"""Rating a batch (the live queue) and replaying every rating (the reports queue) run on
different workers: on PostgreSQL they take turns, so the replay never wipes a batch nor a
batch rates again what the replay wrote."""

from __future__ import annotations

import threading

import psycopg
import pytest
from django.db import connection

from tournaments.standings import ratings

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_batch_waits_while_the_ratings_are_replayed(require_postgres) -> None:
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    other = psycopg.connect(**{k: v for k, v in params.items() if v is not None}, autocommit=True)
    try:
        # Another worker is replaying: it holds the ratings' lock.
        other.execute("SELECT pg_advisory_lock(%s)", [ratings._RATINGS_LOCK])
        done = threading.Event()

        def batch() -> None:
            from django.db import connections

            try:
                ratings._rate_in_order([10**9])  # a match that does not exist: rates nothing
                ratings.ratings_recompute()
            finally:
                connections.close_all()
                done.set()

        worker = threading.Thread(target=batch, daemon=True)
        worker.start()
        assert not done.wait(1.0), "the batch did not wait for the replay"
        other.execute("SELECT pg_advisory_unlock(%s)", [ratings._RATINGS_LOCK])
        assert done.wait(10.0), "the batch did not go on once the replay was over"
    finally:
        other.close()
