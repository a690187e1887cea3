"""Issue 13: Hypothesis fuzzes the organiser's scorer assignment form (`POST /tournaments/<id>/
rounds/<n>/scorers/`, tournaments/events/forms.py ScorerAssignmentForm: one user select per table,
named `r<round id>-table_<table id>`): the tables' fields and one of a table that is not in
the round, with real user ids, ids no user has, ids beyond 64 bits, random text; fields left
out, unknown or repeated.

Every answer: no server error; the organiser is sent back to the round, which says what
became of the post (scorers assigned, or why not), or, for a value that is no candidate's
(issue 35 item 19: a table's select, or the name typed beside it), is shown the page again
(400) with each refusal at its field (its code and message) and the post's round said.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from .form_fuzzing import MESSAGE, any_value, flash, form_posts, fuzz_settings, where

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

MAX_EXAMPLES = 40
FUZZ = fuzz_settings(MAX_EXAMPLES)


@pytest.fixture
def organiser_client(fuzz_evening) -> Client:
    client = Client()
    client.force_login(fuzz_evening.organiser)
    return client


@FUZZ
@given(data=st.data())
def test_it_answers_every_scorer_assignment_post_without_a_server_error(
    organiser_client, fuzz_evening, data
):
    ev = fuzz_evening
    prefix = f"r{ev.round.pk}"
    users = [str(user.pk) for user in ev.users.values()]
    value = st.one_of(st.sampled_from([*users, ""]), any_value)
    names = st.one_of(
        st.sampled_from([user.username for user in ev.users.values()] + [""]), any_value
    )
    tables = [ev.table.pk, ev.other_table.pk, ev.other_match.pk + 1000]
    fields = {f"{prefix}-table_{pk}": value for pk in tables}
    fields.update({f"{prefix}-table_{pk}_name": names for pk in tables})
    valid = {
        f"{prefix}-table_{ev.table.pk}": str(ev.scorer.pk),
        f"{prefix}-table_{ev.other_table.pk}": str(ev.other_scorer.pk),
    }
    body = data.draw(form_posts(fields, valid))
    url = f"/tournaments/{ev.tournament.pk}/rounds/{ev.round.number}/scorers/"
    answer = organiser_client.post(url, body)
    if answer.status_code != 400:
        flash(organiser_client, answer, where(url, body))
        return
    page = answer.content.decode()
    refusals = REFUSAL.findall(page)
    assert refusals, where(url, body)
    for field, code, message in refusals:
        assert field.startswith(f"{prefix}-table_") and code and message.strip(), where(url, body)
    assert [level for level, _text in MESSAGE.findall(page)] == ["error"], where(url, body)


REFUSAL = re.compile(
    r'<p class="error" id="[^"]+" role="alert" data-field="([^"]+)" data-code="([^"]+)">'
    r"([^<]*)</p>"
)
