"""Issue 13: Hypothesis fuzzes the Preferans scorer page's deal form (scoring/games/preferans/page/
forms.py), posted to the scorer routes shared with Deberc (`POST /matches/<id>/deal/` and
`POST /matches/<id>/deals/<n>/edit/`) at a three- and a four-handed table: the form's own
names (`contract`, `declarer`, `whist_<i>`, `tricks_<i>`, `dealer`, `violation_*`; one seat
more than the table has) with their choices, random, out-of-range and unicode values, fields
left out, unknown or repeated, with and without htmx.

Every answer: no server error; a refusal (400, 409, 422, or htmx's 200 with errors) shows
the page again with each of its problems (429: the deal throttle, lifted here but for a
refusal still named).
"""

from __future__ import annotations

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from scoring.games.preferans.page.forms import ALLPASS, CHOICES, MISERE, contract_codes

from .form_fuzzing import (
    any_value,
    assert_sheet_named,
    choices_of,
    form_posts,
    fuzz_settings,
    numbers,
    texts,
    where,
)

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

MAX_EXAMPLES = 100
FUZZ = fuzz_settings(MAX_EXAMPLES)

SEATS = 4  # the four-handed table's; one more is fuzzed
seats = st.one_of(st.sampled_from(["0", "1", "2", "3", "4", "-1", " 1 ", "１", ""]), any_value)


def _fields() -> dict[str, st.SearchStrategy[str]]:
    fields: dict[str, st.SearchStrategy[str]] = {
        "contract": choices_of([*contract_codes(), MISERE, ALLPASS, "6 S", "11NT", "0H"]),
        "declarer": seats,
        "dealer": seats,
        "violation_player": seats,
        "violation_count": st.one_of(st.sampled_from(["0", "1", "2", "10", "11"]), numbers),
        "version": any_value,
        "idempotency_key": st.one_of(st.text(max_size=200), st.uuids().map(str)),
        "reason": texts,
    }
    for i in range(SEATS + 1):
        fields[f"whist_{i}"] = choices_of([code for code, _label in CHOICES])
        fields[f"tricks_{i}"] = st.one_of(st.sampled_from(["0", "1", "5", "10", "11"]), numbers)
    return fields


FIELDS = _fields()

# The next deal each table's engine accepts (Boris deals the second deal).
VALID = {
    # Vera plays 7♥ two down against both whisting.
    "match": {
        "contract": "7H",
        "declarer": "2",
        "whist_0": "whist",
        "whist_1": "whist",
        "tricks_0": "3",
        "tricks_1": "2",
    },
    # Boris sits out; Vera makes 6♠ against Anna whisting, Gleb passing.
    "four_match": {
        "contract": "6S",
        "declarer": "2",
        "dealer": "1",
        "whist_0": "whist",
        "whist_3": "pass",
        "tricks_0": "3",
        "tricks_2": "6",
    },
}

# The first deal of each table as it was entered (Anna dealt; at four she sat out).
FIRST = {
    "match": {
        "contract": "6S",
        "declarer": "1",
        "whist_0": "pass",
        "whist_2": "whist",
        "tricks_0": "1",
        "tricks_1": "6",
    },
    "four_match": {
        "contract": "6S",
        "declarer": "1",
        "dealer": "0",
        "whist_2": "whist",
        "whist_3": "pass",
        "tricks_1": "6",
        "tricks_2": "3",
    },
}

REFUSALS = (400, 409, 422, 429)


@pytest.fixture
def scorer_client(preferans_fuzz_evening) -> Client:
    client = Client()
    client.force_login(preferans_fuzz_evening.scorer)
    return client


def _check(response, url: str, body, htmx: bool) -> None:
    assert response.status_code < 500
    refused = response.status_code in REFUSALS or (htmx and response.status_code == 200)
    if refused and (response.status_code != 200 or response.context.get("errors")):
        assert_sheet_named(response, where(url, body))
    else:
        assert response.status_code in (200, 302, 404), where(url, body)


@FUZZ
@given(data=st.data(), table=st.sampled_from(sorted(VALID)), htmx=st.booleans())
def test_it_answers_every_preferans_deal_post_without_a_server_error(
    scorer_client, preferans_fuzz_evening, data, table, htmx
):
    body = data.draw(form_posts(FIELDS, VALID[table]))
    url = f"/matches/{getattr(preferans_fuzz_evening, table).pk}/deal/"
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    _check(scorer_client.post(url, body, **headers), url, body, htmx)


@FUZZ
@given(data=st.data(), table=st.sampled_from(sorted(VALID)), number=st.sampled_from([1, 1, 1, 2]))
def test_it_answers_every_preferans_correction_post_without_a_server_error(
    scorer_client, preferans_fuzz_evening, data, table, number
):
    body = data.draw(form_posts(FIELDS, FIRST[table]))
    url = f"/matches/{getattr(preferans_fuzz_evening, table).pk}/deals/{number}/edit/"
    _check(scorer_client.post(url, body), url, body, htmx=False)
