"""`python manage.py purge_idempotency_keys [--days 14]`: drop old Idempotency-Key answers."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from scoring.services import idempotency_keys_purge


class Command(BaseCommand):
    help = "Delete stored deal-submission answers (Idempotency-Key) older than --days."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--days", type=int, default=14)

    def handle(self, *args: Any, **options: Any) -> None:
        deleted = idempotency_keys_purge(older_than_days=options["days"])
        self.stdout.write(f"Deleted {deleted} stored answers older than {options['days']} days.")
