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

from config.parsers import json_loads
from scoring.games import SCORING_ERRORS, record_score


def _read(path: str) -> Any:
    """The file's JSON, read as the HTTP door reads a body (config.parsers.json_loads): no
    deeper than 64 levels, no integer beyond 64 bits."""
    if path == "-":
        return json_loads(sys.stdin.read())
    with open(path, encoding="utf-8") as handle:
        return json_loads(handle.read())


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
                document, invalid = {"errors": error.errors}, True
            except (OSError, ValueError) as error:  # unreadable file or not JSON
                # Not JSON: bad_format, or the parser's too_deep / number_too_large.
                code = (
                    getattr(error, "code", "bad_format")
                    if isinstance(error, ValueError)
                    else "unreadable_file"
                )
                document = {
                    "errors": [
                        {"deal": None, "field": None, "code": code, "message": f"{path}: {error}"}
                    ]
                }
                invalid = True
            self.stdout.write(json.dumps(document, ensure_ascii=False))
        if invalid:
            sys.exit(2)
