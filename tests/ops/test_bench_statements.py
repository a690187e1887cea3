"""bench/entry.py shows the database's time by statement during the load (pg_stat_statements),
each with its slowest execution: how the standings refresh's lock on finishing deals was
found. Without the module loaded it says how to load it, and the run goes on."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _bench_entry(monkeypatch: pytest.MonkeyPatch) -> Any:
    spec = importlib.util.spec_from_file_location("bench_entry", ROOT / "bench" / "entry.py")
    assert spec is not None and spec.loader is not None
    entry = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "bench_entry", entry)  # its dataclasses look it up
    spec.loader.exec_module(entry)
    return entry


def _kept() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SHOW shared_preload_libraries")
        return "pg_stat_statements" in cursor.fetchone()[0]


def test_the_bench_lists_the_statements_of_its_database(
    require_postgres: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    entry = _bench_entry(monkeypatch)
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
