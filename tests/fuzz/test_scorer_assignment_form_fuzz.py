"""Issue 13: Hypothesis fuzzes the organiser's scorer assignment form (`POST /tournaments/<id>/
rounds/<n>/scorers/`, tournaments/events/forms.py ScorerAssignmentForm: one user select per table,
named `r<round id>-table_<table id>`): the tables' fields and one of a table that is not in
the round, with real user ids, ids no user has, ids beyond 64 bits, random text; fields left
out, unknown or repeated.

Every answer: no server error; the organiser is sent back to the round, which says what
became of the post (scorers assigned, or why not).
"""

from __future__ import annotations

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from .form_fuzzing import any_value, flash, form_posts, fuzz_settings, where

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
    tables = [ev.table.pk, ev.other_table.pk, ev.other_match.pk + 1000]
    fields = {f"{prefix}-table_{pk}": value for pk in tables}
    valid = {
        f"{prefix}-table_{ev.table.pk}": str(ev.scorer.pk),
        f"{prefix}-table_{ev.other_table.pk}": str(ev.other_scorer.pk),
    }
    body = data.draw(form_posts(fields, valid))
    url = f"/tournaments/{ev.tournament.pk}/rounds/{ev.round.number}/scorers/"
    flash(organiser_client, organiser_client.post(url, body), where(url, body))
