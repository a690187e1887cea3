"""`manage.py restore FILE`: replace the whole database with a backup made by
`manage.py backup`; see tournaments.reports.backups. Stop the web processes and the worker first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.reports import backups


class Command(BaseCommand):
    help = (
        "Replace the whole database with a backup made by `manage.py backup` "
        "(stop the web processes and the Celery worker first)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="a file written by manage.py backup")
        parser.add_argument("--database", default="default", help="database alias")
        parser.add_argument(
            "--noinput",
            "--no-input",
            action="store_false",
            dest="interactive",
            help="do not ask for confirmation",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        alias: str = options["database"]
        label = backups.database_label(alias)
        if options["interactive"]:
            answer = input(f"This replaces everything in the {label} with {path}. Type 'yes': ")
            if answer.strip().lower() != "yes":
                raise CommandError("Restore cancelled.")
        try:
            backups.restore(path, alias)
        except backups.BackupError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"{label} restored from {path}")
