"""Issue 13: Hypothesis fuzzes the scorer page's deal form (`POST /matches/<id>/deal/`) and
the correction form (`POST /matches/<id>/deals/<n>/edit/`) with random fields: the form's own
names (scoring/games/deberc/page/forms.py) with random, numeric, out-of-range and unicode
values, fields left out, unknown fields, repeated fields, with and without htmx. The page may
refuse (400, 409, 422) but never fails (no 5xx: the test client raises what the view
raised), and a refusal shows each of its problems on the page.

Derandomized and bounded (MAX_EXAMPLES per test, no deadline) so that CI runs the same cases
in a few seconds.
"""

from __future__ import annotations

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.games.deberc.page.forms import (
    COMBINATIONS,
    DECLARATION_SLOTS,
    RANKS,
    SUITS,
    VIOLATIONS,
)

from .form_fuzzing import assert_sheet_named, where

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

MAX_EXAMPLES = 120

FUZZ = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    # One evening for every example of a test: what an example entered is the next one's match.
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)

SEATS = 2  # make_evening's matches are two-player (Anna, Boris)

# Anything a phone, a script or a hand-made request may send in a field.
numbers = st.one_of(
    st.integers(min_value=-5, max_value=200),
    st.sampled_from([-(2**63), -1, 0, 2**31, 2**63 - 1, 2**63, 10**30]),
    st.integers(),
).map(str)
texts = st.one_of(
    st.text(max_size=20),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=40),
    st.sampled_from(["", " ", "\x00", "٣", "１２", "1e3", "0x10", "NaN", "-0", "½", "♥", "Ч"]),
)
seats = st.one_of(st.sampled_from(["0", "1", "2", "-1", "-3", "99", " 1 ", "１"]), numbers, texts)


def _choices(values: list[str]) -> st.SearchStrategy[str]:
    upper_lower = values + [v.lower() for v in values] + [v.upper() for v in values]
    return st.one_of(st.sampled_from(upper_lower), texts)


def _field_values() -> dict[str, st.SearchStrategy[str]]:
    fields: dict[str, st.SearchStrategy[str]] = {
        "trump": _choices([code for code, _symbol, _label in SUITS] + ["♥", "Ч"]),
        "declarer": seats,
        "last_trick": seats,
        "void": st.sampled_from(["", "1", "on", "0"]),
        "closing_player": seats,
        "closing_points": numbers,
        "violation_player": seats,
        "violation_kind": _choices([code for code, _label in VIOLATIONS] + ["bolt"]),
        "version": st.one_of(numbers, texts),
        "idempotency_key": st.one_of(st.text(max_size=200), st.uuids().map(str)),
        "reason": texts,
    }
    for i in range(SEATS + 1):  # one seat more than the table has
        fields[f"points_{i}"] = st.one_of(numbers, texts)
        fields[f"tricks_{i}"] = st.one_of(numbers, texts)
        fields[f"bella_{i}"] = st.sampled_from(["", "1", "on"])
        for slot in range(DECLARATION_SLOTS + 1):
            fields[f"decl_{i}_{slot}_kind"] = _choices([code for code, _label in COMBINATIONS])
            fields[f"decl_{i}_{slot}_rank"] = _choices(RANKS)
            fields[f"decl_{i}_{slot}_suit"] = _choices([code for code, _s, _l in SUITS])
    return fields


FIELDS = _field_values()


# A deal the engine accepts (Anna declares hearts and hangs): the near-valid posts start from
# it and change a few fields, so that they get past the form to the engine and the write.
VALID = {"trump": "H", "declarer": "0", "points_0": "66", "points_1": "76", "last_trick": "0"}


@st.composite
def deal_posts(draw: st.DrawFn) -> tuple[dict[str, list[str]], bool]:
    """A POST body (field → one or more values: some fields missing, some unknown, some
    repeated), either from scratch or a valid deal with a few fields changed, and whether it
    comes from htmx."""
    body: dict[str, list[str]] = {}
    if draw(st.booleans()):
        body = {name: [value] for name, value in VALID.items()}
        for name in draw(st.lists(st.sampled_from(sorted(VALID)), max_size=2, unique=True)):
            del body[name]
        # The free text a valid deal carries as it came: it must be storable (no NUL on
        # PostgreSQL), whatever it holds.
        for name in ("reason", "idempotency_key"):
            if draw(st.booleans()):
                body[name] = [draw(texts)]
        size = 3
    else:
        size = len(FIELDS)
    names = draw(st.lists(st.sampled_from(sorted(FIELDS)), max_size=size, unique=True))
    for name in names:
        body[name] = draw(st.lists(FIELDS[name], min_size=1, max_size=2))
    extra = draw(st.dictionaries(st.text(min_size=1, max_size=12), texts, max_size=3))
    for name, value in extra.items():
        body.setdefault(name, [value])
    return body, draw(st.booleans())


def _post(client: Client, url: str, body: dict[str, list[str]], htmx: bool):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(url, body, **headers)


def _check(response, url: str, body: dict[str, list[str]], htmx: bool) -> None:
    """No server error; a refusal (400, 409, 422, 429, or htmx's 200 with errors) shows the
    sheet or the correction form again with each of its problems."""
    assert response.status_code < 500
    if response.status_code in (400, 409, 422, 429) or (
        htmx and response.status_code == 200 and response.context.get("errors")
    ):
        assert_sheet_named(response, where(url, body))
    else:
        assert response.status_code in (200, 302, 404), where(url, body)


@pytest.fixture
def scorer_client(fuzz_evening) -> Client:
    client = Client()
    client.force_login(fuzz_evening.scorer)
    return client


@FUZZ
@given(post=deal_posts())
def test_it_answers_every_deal_form_post_without_a_server_error(scorer_client, fuzz_evening, post):
    body, htmx = post
    url = f"/matches/{fuzz_evening.match.pk}/deal/"
    _check(_post(scorer_client, url, body, htmx), url, body, htmx)


@FUZZ
@given(post=deal_posts(), number=st.sampled_from([1, 2]))
def test_it_answers_every_correction_form_post_without_a_server_error(
    scorer_client, fuzz_evening, post, number
):
    body, htmx = post
    url = f"/matches/{fuzz_evening.match.pk}/deals/{number}/edit/"
    _check(_post(scorer_client, url, body, htmx), url, body, htmx)
