"""Issue 13: Hypothesis fuzzes the organiser's tournament settings form (`POST
/tournaments/<id>/edit/` and `POST /tournaments/new/`, tournaments/events/views.py) with
random fields: the form's own names (tournaments/events/forms.py, one `conv_<name>` per convention)
with their choices, random text, out-of-range numbers and unicode, fields left out, unknown
fields. The page may refuse (the form again, with each of its errors shown) but never fails
(no 5xx: the test client raises what the view raised).
"""

from __future__ import annotations

from functools import cache

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.events.forms import TournamentForm

from .form_fuzzing import assert_named, where

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

MAX_EXAMPLES = 80

FUZZ = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

numbers = st.one_of(
    st.integers(min_value=-5, max_value=1000),
    st.sampled_from([-(2**63), 0, 2**15, 2**31, 2**63, 10**30]),
).map(str)
texts = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["", " ", "\x00", "off", "yes", "no", "1e3", "NaN", "٣", "Ч", "2026-13-45"]),
)


@cache
def _choices() -> dict[str, list[str]]:
    """Each field of the form with the values it offers (none for free fields)."""
    form = TournamentForm()
    return {
        name: [str(value) for value, _label in getattr(field, "choices", [])]
        for name, field in form.fields.items()
        if name != "club"
    }


@st.composite
def tournament_posts(draw: st.DrawFn, valid: dict[str, str]) -> dict[str, str]:
    """The form as the page shows it for `valid` with a few fields changed, or random fields."""
    choices = _choices()
    body = dict(valid) if draw(st.booleans()) else {}
    for name in draw(st.lists(st.sampled_from(sorted(choices)), max_size=6, unique=True)):
        offered = choices[name]
        value = st.sampled_from(offered) if offered else st.one_of(numbers, texts)
        body[name] = draw(st.one_of(value, numbers, texts))
    for name in draw(st.lists(st.sampled_from(sorted(valid)), max_size=2, unique=True)):
        body.pop(name, None)
    body.update(draw(st.dictionaries(st.text(min_size=1, max_size=10), texts, max_size=2)))
    return body


def _valid(ev) -> dict[str, str]:
    t = ev.tournament
    return {
        "name": t.name,
        "club": str(t.club_id),
        "game": t.game,
        "ruleset": t.ruleset,
        "table_size": str(t.table_size),
        "system": t.system,
        "rounds": str(t.rounds),
        "match_score": t.match_score,
        "conv_target": "301",
    }


def _check(response, body: dict[str, str]) -> None:
    """Saved (a redirect), or the form again with each of its problems."""
    if response.status_code != 302:
        assert response.status_code == 200, where(response.request["PATH_INFO"], body)
        assert_named(response, where(response.request["PATH_INFO"], body))


@pytest.fixture
def organiser_client(fuzz_evening) -> Client:
    client = Client()
    client.force_login(fuzz_evening.organiser)
    return client


@FUZZ
@given(data=st.data())
def test_it_answers_every_tournament_settings_post_without_a_server_error(
    organiser_client, fuzz_evening, data
):
    body = data.draw(tournament_posts(_valid(fuzz_evening)))
    _check(organiser_client.post(f"/tournaments/{fuzz_evening.tournament.pk}/edit/", body), body)


@FUZZ
@given(data=st.data())
def test_it_answers_every_new_tournament_post_without_a_server_error(
    organiser_client, fuzz_evening, data
):
    body = data.draw(tournament_posts(_valid(fuzz_evening)))
    _check(organiser_client.post("/tournaments/new/", body), body)
