"""bench/entry.py shows the database's time by statement during the load (pg_stat_statements),
each with its slowest execution: how the standings refresh's lock on finishing deals was
found. Without the module loaded it says how to load it, and the run goes on."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from django.db import connection

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _kept() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SHOW shared_preload_libraries")
        return "pg_stat_statements" in cursor.fetchone()[0]


def test_the_bench_lists_the_statements_of_its_database(
    require_postgres: None, monkeypatch: pytest.MonkeyPatch, bench_entry: Any
) -> None:
    entry = bench_entry
    params = connection.get_connection_params()
    monkeypatch.setenv(
        "BENCH_POSTGRES", f"postgres://{params['user']}@{params['host']}:{params['port']}"
    )
    db = connection.settings_dict["NAME"]
    kept = entry.statements_reset(db)
    assert kept == _kept()
    if not kept:
        return  # not loaded on this server: the bench says so (checked above) and goes on
    with psycopg.connect(entry.pg_url(db), autocommit=True) as conn:
        for _ in range(3):
            conn.execute("SELECT count(*) FROM pg_class WHERE relname = %s", ("x",))
    lines = entry.statements_report(db)
    line = next(line for line in lines if "relname" in line)
    assert "3 × mean" in line and "max" in line
