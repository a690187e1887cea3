"""Back up and restore the whole database (`manage.py backup FILE`, `manage.py restore FILE`).

PostgreSQL: pg_dump's custom format (`pg_dump -Fc`), restored by pg_restore in one
transaction (`--clean --if-exists --single-transaction`): a restore that fails leaves the
database as it was. The connection comes from DATABASES (DATABASE_URL), the password through
PGPASSWORD, never on a command line.

SQLite: a consistent copy made by SQLite's online backup API (safe while the site writes,
WAL included), restored the same way into the live database file.

A restore replaces everything: stop the web processes and the Celery worker first.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db import DEFAULT_DB_ALIAS, connections


class BackupError(Exception):
    """A backup or restore that could not be done; the message says why."""


def is_postgres(alias: str = DEFAULT_DB_ALIAS) -> bool:
    return connections[alias].vendor == "postgresql"


def database_label(alias: str = DEFAULT_DB_ALIAS) -> str:
    settings_dict = connections[alias].settings_dict
    return f"{connections[alias].vendor} database {settings_dict['NAME']}"


def backup(path: Path, alias: str = DEFAULT_DB_ALIAS) -> None:
    """Write the whole database to `path` (replaced only once the copy is complete)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    # Into a temporary file next to the target, then renamed: a failed backup never leaves a
    # truncated file under the name of a good one.
    fd, partial_name = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    os.close(fd)
    partial = Path(partial_name)
    try:
        if is_postgres(alias):
            _pg_dump(partial, alias)
        else:
            _sqlite_copy(alias, partial)
        partial.replace(path)
    finally:
        partial.unlink(missing_ok=True)


def restore(path: Path, alias: str = DEFAULT_DB_ALIAS) -> None:
    """Replace the whole database with the backup in `path`."""
    path = Path(path)
    if not path.is_file():
        raise BackupError(f"{path}: no such file")
    if is_postgres(alias):
        # pg_restore drops and recreates the tables: this process must not hold them open.
        connections[alias].close()
        _pg_restore(path, alias)
    else:
        _sqlite_restore(path, alias)
    # Cached rows from before the restore would now be wrong.
    ContentType.objects.clear_cache()


# --- PostgreSQL ------------------------------------------------------------------------------


def _pg_environment(alias: str) -> dict[str, str]:
    """libpq's variables for the connection in DATABASES (PGPASSWORD keeps the password off
    the command line, where other users of the host could read it)."""
    settings_dict: dict[str, Any] = connections[alias].settings_dict
    options = settings_dict.get("OPTIONS") or {}
    variables = {
        "PGHOST": settings_dict.get("HOST") or "",
        "PGPORT": str(settings_dict.get("PORT") or ""),
        "PGUSER": settings_dict.get("USER") or "",
        "PGPASSWORD": settings_dict.get("PASSWORD") or "",
        "PGDATABASE": settings_dict["NAME"],
        "PGSSLMODE": options.get("sslmode", ""),
    }
    return {**os.environ, **{key: value for key, value in variables.items() if value}}


def _pg_tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise BackupError(f"{name} not found: install the PostgreSQL client (postgresql-client)")
    return found


def _run(command: list[str], alias: str) -> None:
    finished = subprocess.run(
        command, env=_pg_environment(alias), capture_output=True, text=True, check=False
    )
    if finished.returncode != 0:
        raise BackupError(f"{Path(command[0]).name} failed: {finished.stderr.strip()}")


def _pg_dump(path: Path, alias: str) -> None:
    _run(
        [
            _pg_tool("pg_dump"),
            "--format=custom",
            "--no-owner",
            "--no-privileges",
            "--file",
            str(path),
        ],
        alias,
    )


def _pg_restore(path: Path, alias: str) -> None:
    _run(
        [
            _pg_tool("pg_restore"),
            "--clean",
            "--if-exists",
            "--no-owner",
            "--no-privileges",
            "--single-transaction",
            "--exit-on-error",
            "--dbname",
            connections[alias].settings_dict["NAME"],
            str(path),
        ],
        alias,
    )


# --- SQLite ----------------------------------------------------------------------------------


def _raw_sqlite(alias: str) -> sqlite3.Connection:
    connection = connections[alias]
    connection.ensure_connection()
    return connection.connection


def _sqlite_copy(alias: str, path: Path) -> None:
    source = _raw_sqlite(alias)
    target = sqlite3.connect(path)
    try:
        source.backup(target)
    finally:
        target.close()


def _sqlite_restore(path: Path, alias: str) -> None:
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        _check_sqlite_backup(source, path)
        connection = connections[alias]
        if connection.in_atomic_block:
            raise BackupError("cannot restore inside a transaction")
        source.backup(_raw_sqlite(alias))
    finally:
        source.close()


def _check_sqlite_backup(source: sqlite3.Connection, path: Path) -> None:
    """Refuse a file that is not a database of this site before anything is overwritten."""
    try:
        (state,) = source.execute("PRAGMA quick_check").fetchone()
        tables = {row[0] for row in source.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path}: not an SQLite database ({exc})") from exc
    if state != "ok":
        raise BackupError(f"{path}: damaged SQLite database ({state})")
    if "django_migrations" not in tables:
        raise BackupError(f"{path}: not a Deberc Desk database (no django_migrations table)")
    _check_text_lengths(source, path, tables)


def _check_text_lengths(source: sqlite3.Connection, path: Path, tables: set[str]) -> None:
    """Refuse a backup holding a text longer than its field (SQLite does not enforce
    `max_length`; a name stored so would later break a page, a report or a move to
    PostgreSQL): the message names the model's field, the row and the bound."""
    from django.apps import apps
    from django.db import models

    for model in apps.get_models():
        table = model._meta.db_table
        if table not in tables:
            continue
        pk = model._meta.pk.column
        for field in model._meta.concrete_fields:
            if not isinstance(field, models.CharField) or not field.max_length:
                continue
            try:
                row = source.execute(
                    f'SELECT "{pk}", length("{field.column}") FROM "{table}" '
                    f'WHERE length("{field.column}") > ? LIMIT 1',
                    (field.max_length,),
                ).fetchone()
            except sqlite3.OperationalError:
                continue  # a column of another migration state: the migrations decide
            if row is not None:
                raise BackupError(
                    f"{path}: {model._meta.label}.{field.name} of row {row[0]} has {row[1]} "
                    f"characters, at most {field.max_length}; nothing was restored"
                )
