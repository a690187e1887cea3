"""The worked Deberc scoresheets in tests/data/examples/ score exactly as worked out by hand.

Each `NAME.json` there whose `format` is `deberc-scoresheet/1` is scored and compared, whole,
with `NAME.result.json` (docs/scoresheet-format.md, docs/deberc-rules.md). Files of other
formats in the folder (Preferans, `preferans-*.json`) have their own tests.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoring.games.deberc.engine import score_match
from tests.paths import TESTS

EXAMPLES = TESTS / "data" / "examples"
DEBERC_FORMAT = "deberc-scoresheet/1"


def _deberc_records() -> list[Path]:
    records = []
    for path in sorted(EXAMPLES.glob("*.json")):
        if path.name.endswith(".result.json"):
            continue
        record = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(record, dict) and record.get("format") == DEBERC_FORMAT:
            records.append(path)
    return records


RECORDS = _deberc_records()


def test_the_worked_examples_are_there():
    names = {path.stem for path in RECORDS}
    assert {"moscow-2p-card-by-card", "moscow-2p-hanging", "online-3p-closing"} <= names, (
        f"Deberc examples missing in {EXAMPLES}: found {sorted(names)}"
    )
    for path in RECORDS:
        assert path.with_name(path.stem + ".result.json").is_file(), f"no result for {path.name}"


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_it_scores_the_example_as_worked_out_by_hand(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    expected = json.loads(path.with_name(path.stem + ".result.json").read_text(encoding="utf-8"))
    assert score_match(record) == expected
