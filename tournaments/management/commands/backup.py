"""`manage.py backup FILE`: the whole database into FILE (pg_dump -Fc on PostgreSQL, an SQLite
copy on SQLite); see tournaments.reports.backups."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.reports import backups


class Command(BaseCommand):
    help = "Back up the whole database into FILE (PostgreSQL: pg_dump -Fc; SQLite: a copy)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="where to write the backup")
        parser.add_argument("--database", default="default", help="database alias")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        alias: str = options["database"]
        try:
            backups.backup(path, alias)
        except backups.BackupError as exc:
            raise CommandError(str(exc)) from exc
        size = path.stat().st_size
        self.stdout.write(f"{backups.database_label(alias)} backed up to {path} ({size} bytes)")
