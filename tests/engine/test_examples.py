"""The sample scoresheets shared with the spec score exactly as worked out by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoring.engine import score_match

EXAMPLES = Path(__file__).resolve().parents[2].parent / "shared" / "examples"
RECORDS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".result.json"))


def test_the_shared_examples_are_there():
    assert len(RECORDS) >= 3, f"no examples found in {EXAMPLES}"


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_it_scores_the_shared_example_as_worked_out_by_hand(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    expected = json.loads(path.with_name(path.stem + ".result.json").read_text(encoding="utf-8"))
    assert score_match(record) == expected
