"""The migrated test database, made once and copied for each test run on SQLite.

Every test process (each pytest-xdist worker) used to make its in-memory SQLite database by
running all the migrations: 6-8 s of CPU before its first database test, each run. The first
run to migrate saves the result to a file named after what decides it (every migration's
source, the models' names and permissions, Django's version); a run whose migrations are the
same copies that file into its in-memory database (SQLite's backup, a fraction of a second)
instead of migrating, then sends `post_migrate` as `migrate` ends with it, so that what the
apps fill in after every migrate (the content types and permissions, the rulebook from code:
referee/apps.py) is today's. A change to a migration is a new file name: that run migrates.

PostgreSQL (CI) migrates as before; so do a file-backed SQLite test database and a run with
DEBERC_TEST_DB_TEMPLATE=0.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ENABLED = os.environ.get("DEBERC_TEST_DB_TEMPLATE", "1").lower() not in ("0", "false", "no")


def _fingerprint(connection: Any) -> str:
    """What the migrated database depends on: the migrations' source, the models' names,
    verbose names and permissions (the content types and permissions), the columns of the
    models of apps without migrations (`migrate` makes their tables from the models: none
    has any today), Django's version."""
    import django
    from django.apps import apps
    from django.db.migrations.loader import MigrationLoader

    digest = hashlib.sha256(f"{django.__version__}\n{connection.vendor}\n".encode())
    loader = MigrationLoader(None, ignore_no_migrations=True)
    for key in sorted(loader.disk_migrations):
        module = sys.modules[loader.disk_migrations[key].__module__]
        digest.update(f"{key}\n".encode())
        digest.update(Path(module.__file__ or "").read_bytes())
    for model in sorted(apps.get_models(), key=lambda m: m._meta.label):
        meta = model._meta
        digest.update(
            repr(
                (meta.label, str(meta.verbose_name), meta.default_permissions, meta.permissions)
            ).encode()
        )
        if meta.app_label in loader.unmigrated_apps:
            columns = [(f.column, f.db_type(connection)) for f in meta.local_fields]
            digest.update(repr((meta.db_table, columns)).encode())
    return digest.hexdigest()[:20]


def _template_path(connection: Any) -> Path:
    return Path(tempfile.gettempdir()) / f"deberc-test-db-{_fingerprint(connection)}.sqlite3"


def _migrated_or_copied(call_command: Callable[..., Any]) -> Callable[..., Any]:
    """`call_command` as the test database's creation calls it, with its `migrate` of an
    in-memory SQLite database answered from the template (or run, and the template saved)."""

    def command(name: str, *args: Any, **options: Any) -> Any:
        from django.db import DEFAULT_DB_ALIAS, connections

        connection = connections[options.get("database") or DEFAULT_DB_ALIAS]
        if name != "migrate" or connection.vendor != "sqlite" or not connection.is_in_memory_db():
            return call_command(name, *args, **options)
        template = _template_path(connection)
        connection.ensure_connection()
        if template.exists():
            from django.apps import apps
            from django.core.management.sql import emit_post_migrate_signal

            source = sqlite3.connect(template)
            try:
                source.backup(connection.connection)
            finally:
                source.close()
            emit_post_migrate_signal(0, False, connection.alias, apps=apps, plan=[])
            return None
        result = call_command(name, *args, **options)
        # Saved under a name of this process's, then renamed: two workers may both migrate.
        partial = template.with_name(f"{template.name}.{os.getpid()}")
        target = sqlite3.connect(partial)
        try:
            connection.connection.backup(target)
        finally:
            target.close()
        os.replace(partial, template)
        return result

    return command


@contextlib.contextmanager
def migrated_from_template() -> Iterator[None]:
    """While the test databases are made (pytest-django's `django_db_setup`): their creation
    migrates through `_migrated_or_copied`."""
    if not ENABLED:
        yield
        return
    import django.core.management
    from django.db.backends.base.creation import BaseDatabaseCreation

    create_test_db = BaseDatabaseCreation.create_test_db

    def create_test_db_from_template(self: Any, *args: Any, **kwargs: Any) -> Any:
        # create_test_db imports call_command from django.core.management when it runs.
        call_command = django.core.management.call_command
        django.core.management.call_command = _migrated_or_copied(call_command)
        try:
            return create_test_db(self, *args, **kwargs)
        finally:
            django.core.management.call_command = call_command

    BaseDatabaseCreation.create_test_db = create_test_db_from_template  # type: ignore[method-assign]
    try:
        yield
    finally:
        BaseDatabaseCreation.create_test_db = create_test_db  # type: ignore[method-assign]
