"""`python manage.py score_match FILE [FILE ...]` prints one result per file, one per line."""

from __future__ import annotations

import io
import json
import sys

import pytest
from django.core.management import call_command

from tests.paths import TESTS

EXAMPLES = TESTS / "data" / "examples"


def _run(*args: str, stdin: str | None = None) -> tuple[int, list[dict]]:
    out = io.StringIO()
    code = 0
    old_stdin = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        call_command("score_match", *args, stdout=out)
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    finally:
        sys.stdin = old_stdin
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_it_prints_one_result_per_file_and_exits_0():
    files = [str(EXAMPLES / "moscow-2p-hanging.json"), str(EXAMPLES / "online-3p-closing.json")]
    code, lines = _run(*files)
    assert code == 0
    assert [line["match"] for line in lines] == [
        {"Олена": 354, "Taras": 270},
        {"Anna": 310, "Boris": 102, "Vera": 115},
    ]


def test_it_reads_standard_input_for_a_dash():
    record = (EXAMPLES / "moscow-2p-card-by-card.json").read_text(encoding="utf-8")
    code, lines = _run("-", stdin=record)
    assert code == 0
    assert lines[0]["match"] == {"Ivan": 79, "Petro": 75}


def test_it_exits_2_and_prints_the_errors_of_an_invalid_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(
            {
                "format": "deberc-scoresheet/1",
                "ruleset": "moscow",
                "players": ["A", "B"],
                "first_dealer": "C",
                "deals": [],
            }
        )
    )
    good = EXAMPLES / "moscow-2p-hanging.json"
    code, lines = _run(str(good), str(bad))
    assert code == 2
    assert "errors" not in lines[0]
    assert lines[1]["errors"][0]["code"] == "unknown_player"


@pytest.mark.parametrize("content", ["{not json", "[1, 2"])
def test_it_reports_a_file_that_is_not_json(tmp_path, content):
    bad = tmp_path / "broken.json"
    bad.write_text(content)
    code, lines = _run(str(bad))
    assert code == 2
    assert lines[0]["errors"][0]["code"] == "bad_format"
