"""Issue 13: Hypothesis fuzzes the organiser's scoresheet import form (`POST /tournaments/<id>/
import/`, multipart `files`): no file, files that are not JSON or not UTF-8, JSON of the wrong
shape, and the example scoresheets (both games) with a few parts changed: a placement (round,
table) out of range, a key replaced by any JSON value, a player renamed everywhere in the
sheet (so that it still scores) to a long, blank, unicode or NUL-holding name.

Every answer: no server error; the organiser is sent back to the matches, which say what
became of the upload (matches imported, or why not).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from .form_fuzzing import EDGE_NUMBERS, flash, fuzz_settings, texts, where

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

MAX_EXAMPLES = 60
FUZZ = fuzz_settings(MAX_EXAMPLES)

EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "examples"
SHEETS = [
    json.loads((EXAMPLES / name).read_text())
    for name in ("moscow-2p-hanging.json", "online-3p-closing.json", "preferans-sochi-4-deals.json")
]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.sampled_from(EDGE_NUMBERS)
    | st.integers(min_value=-3, max_value=12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | texts,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=6,
)
names = st.one_of(
    texts,
    st.integers(min_value=79, max_value=300).map(lambda n: "Ж" * n),
    st.sampled_from(["", "   ", "a\x00b", "Анна", "<b>Anna</b>"]),
)


@st.composite
def sheets(draw: st.DrawFn) -> Any:
    """An example scoresheet with a few parts changed."""
    sheet = copy.deepcopy(draw(st.sampled_from(SHEETS)))
    if draw(st.booleans()):
        old = draw(st.sampled_from(sheet["players"]))
        text = json.dumps(sheet, ensure_ascii=False).replace(
            json.dumps(old, ensure_ascii=False), json.dumps(draw(names), ensure_ascii=False)
        )
        sheet = json.loads(text)
    for key in ("round", "table"):
        if draw(st.booleans()):
            sheet[key] = draw(st.one_of(st.integers(min_value=0, max_value=4), json_values))
    keys = ["players", "first_dealer", "ruleset", "format", "conventions", "deals", "scorer"]
    for key in draw(st.lists(st.sampled_from(keys), max_size=2, unique=True)):
        sheet[key] = draw(json_values)
    return sheet


@st.composite
def uploads(draw: st.DrawFn) -> list[bytes]:
    """What each uploaded file holds: one sheet, a list, {"scoresheets": [...]}, or not JSON."""
    contents = []
    for _ in range(draw(st.integers(min_value=0, max_value=2))):
        kind = draw(st.sampled_from(["sheet", "list", "wrapped", "json", "text", "bytes"]))
        if kind == "sheet":
            doc: Any = draw(sheets())
        elif kind == "list":
            doc = draw(st.lists(st.one_of(sheets(), json_values), max_size=3))
        elif kind == "wrapped":
            doc = {"scoresheets": draw(st.one_of(st.lists(sheets(), max_size=2), json_values))}
        elif kind == "json":
            doc = draw(json_values)
        else:
            raw = draw(st.text(max_size=40)).encode() if kind == "text" else draw(st.binary())
            contents.append(raw)
            continue
        contents.append(json.dumps(doc, ensure_ascii=False).encode())
    return contents


@pytest.fixture
def organiser_client(fuzz_evening) -> Client:
    client = Client()
    client.force_login(fuzz_evening.organiser)
    return client


@FUZZ
@given(contents=uploads())
def test_it_answers_every_scoresheet_import_without_a_server_error(
    organiser_client, fuzz_evening, contents
):
    files = [
        SimpleUploadedFile(f"sheet-{i}.json", content, content_type="application/json")
        for i, content in enumerate(contents)
    ]
    url = f"/tournaments/{fuzz_evening.tournament.pk}/import/"
    response = organiser_client.post(url, {"files": files})
    flash(organiser_client, response, where(url, [c[:200] for c in contents]))
