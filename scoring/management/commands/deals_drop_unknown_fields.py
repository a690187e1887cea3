"""`python manage.py deals_drop_unknown_fields [--apply]`: list (and with --apply drop) the
keys stored deals hold that their game's format does not know.

Deals are refused with `unknown_field` since issue 17; a deal stored before then with a
misspelt or junk key would now be refused when its match is re-scored, so that no deal could
be added to that match. Run it once after upgrading (without --apply it only lists).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.services import deals_unknown_fields_drop


class Command(BaseCommand):
    help = "List (and with --apply drop) unknown keys in stored deals."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--apply", action="store_true", help="drop them (else only list)")

    def handle(self, *args: Any, **options: Any) -> None:
        found = deals_unknown_fields_drop(apply=options["apply"])
        for match, number, field in found:
            self.stdout.write(f"match {match} deal {number}: {field}")
        verb = "dropped" if options["apply"] else "found (run with --apply to drop them)"
        self.stdout.write(f"{len(found)} unknown field(s) {verb}")
