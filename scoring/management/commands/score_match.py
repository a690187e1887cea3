"""`python manage.py score_match FILE [FILE ...]`: score scoresheets (`-` reads stdin).

Prints one result document per file, one per line; exit status 0 when all are valid, 2 when
any is invalid (its line then holds {"errors": [...]}), as scoresheet-format.md says.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.engine import ScoresheetError, score_match


def _read(path: str) -> Any:
    if path == "-":
        return json.load(sys.stdin)
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


class Command(BaseCommand):
    help = "Score Deberc scoresheets (JSON) and print their results, one per line."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "files", nargs="+", metavar="FILE", help="scoresheet files, - for stdin"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        invalid = False
        for path in options["files"]:
            try:
                document: Any = score_match(_read(path))
            except ScoresheetError as error:
                document, invalid = {"errors": error.errors}, True
            except (OSError, ValueError) as error:  # unreadable file or not JSON
                code = "bad_format" if isinstance(error, ValueError) else "unreadable_file"
                document = {
                    "errors": [
                        {"deal": None, "field": None, "code": code, "message": f"{path}: {error}"}
                    ]
                }
                invalid = True
            self.stdout.write(json.dumps(document, ensure_ascii=False))
        if invalid:
            sys.exit(2)
