"""`python manage.py score_match FILE [FILE ...]`: score scoresheets (`-` reads stdin).

Each record's `format` names its game (`deberc-scoresheet/1`, `preferans-scoresheet/1`): the
games registry routes it to that game's engine. Prints one result document per file, one per
line; exit status 0 when all are valid, 2 when any is invalid (its line then holds
{"errors": [...]}), as docs/scoresheet-format.md says.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.games import SCORING_ERRORS, record_score


def _read(path: str) -> Any:
    if path == "-":
        return json.load(sys.stdin)
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


class Command(BaseCommand):
    help = "Score scoresheets (JSON) of any game, by their format, and print their results."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "files", nargs="+", metavar="FILE", help="scoresheet files, - for stdin"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        invalid = False
        for path in options["files"]:
            try:
                document: Any = record_score(_read(path))
            except SCORING_ERRORS as error:
                document, invalid = {"errors": error.errors}, True  # type: ignore[attr-defined]
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
