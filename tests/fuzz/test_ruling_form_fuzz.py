"""Issue 13: Hypothesis fuzzes the referee's ruling form (`POST /referee/matches/<id>/rule/`,
referee/forms.py RulingForm) and the organiser's overturn form (`POST /referee/rulings/<id>/
overturn/`, OverturnForm): the forms' own names (deal, kind, violator, explanation, cited
articles; the reason) with their choices, random, long and unicode text, fields left out,
unknown or repeated.

Every answer: no server error; a ruling refused shows the form again (200) with each of its
problems, a ruling recorded redirects to the rulings; an overturn redirects to the rulings,
which say what became of it (overturned, or why not).
"""

from __future__ import annotations

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from referee import services
from referee.games import parts_of
from referee.models import Ruling

from .form_fuzzing import (
    any_value,
    assert_named,
    choices_of,
    flash,
    form_posts,
    fuzz_settings,
    problems,
    texts,
    where,
)

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

MAX_EXAMPLES = 60
FUZZ = fuzz_settings(MAX_EXAMPLES)

long_texts = st.one_of(
    texts,
    st.integers(min_value=60, max_value=700).map(lambda n: "ж" * n),
    st.text(min_size=90, max_size=120),
)
FIELDS = {
    "deal": choices_of(["1", "2", "3", "0"]),
    "kind": choices_of([*(k.key for k in parts_of("deberc").violation_kinds), "bolt"]),
    "violator": choices_of(["Anna", "Boris", "anna ", "Vera"]),
    "explanation": long_texts,
    "articles": st.one_of(
        st.sampled_from(["play.renonce, violations.card_byte", "scoring.byte", "no.such", ","]),
        any_value,
    ),
}
# The confirmation step's fields (issue 35): the form shows what a ruling changes first.
STEP = {
    "confirmed": choices_of(["on", "true"]),
    "repeat": choices_of(["on"]),
    "version": st.one_of(st.integers(min_value=0, max_value=60).map(str), any_value),
    "back": choices_of(["1"]),
}
VALID = {"deal": "2", "kind": "renonce", "violator": "Boris", "explanation": "fuzz"}


@pytest.fixture
def staff(fuzz_evening) -> dict[str, Client]:
    clients = {}
    for role in ("referee", "organiser"):
        clients[role] = Client()
        clients[role].force_login(fuzz_evening.users[role])
    return clients


def _answered(client: Client, ev, url: str, body: dict) -> object:
    """One post's answer checked: recorded (a redirect to the rulings, saying so), refused
    with each problem named, the confirmation step of a well-made ruling (nothing recorded
    yet), or the form again after "change the ruling". Returns the confirmation step's
    preview, if that was the answer."""
    recorded = Ruling.objects.count()
    response = client.post(url, body)
    if response.status_code == 302:
        assert response["Location"] == f"/referee/tournaments/{ev.tournament.pk}/rulings/"
        assert "success" in [level for level, _text in flash(client, response, where(url, body))]
        return None
    assert response.status_code == 200, where(url, body)
    assert Ruling.objects.count() == recorded, where(url, body)
    if problems(response):
        assert_named(response, where(url, body))
        return None
    html = response.content.decode()
    preview = response.context.get("preview")
    if preview is None:
        assert "back" in body and 'data-testid="ruling-form"' in html, where(url, body)
    else:
        assert 'data-testid="ruling-confirm"' in html, where(url, body)
    return preview


@FUZZ
@given(
    data=st.data(),
    role=st.sampled_from(["referee", "organiser"]),
    confirm=st.booleans(),
)
def test_it_answers_every_ruling_post_without_a_server_error(
    staff, fuzz_evening, data, role, confirm
):
    body = data.draw(form_posts({**FIELDS, **STEP}, VALID))
    url = f"/referee/matches/{fuzz_evening.match.pk}/rule/"
    preview = _answered(staff[role], fuzz_evening, url, body)
    if preview is not None and confirm:
        # The referee confirms what the step showed (said again if it was a duplicate).
        confirmed = {**body, "confirmed": ["on"], "version": [str(preview.version)]}
        confirmed.pop("back", None)
        if preview.alike:
            confirmed["repeat"] = ["on"]
        _answered(staff[role], fuzz_evening, url, confirmed)


def _standing_ruling(ev) -> Ruling:
    """A ruling not yet overturned (the evening's; once overturned, a new one on deal 2)."""
    ruling = Ruling.objects.filter(match=ev.match, overturned=False).order_by("-pk").first()
    if ruling is None:
        ruling, _document = services.ruling_record(
            match=ev.match,
            deal_number=2,
            kind="renonce",
            violator_name="Boris",
            explanation="fuzz",
            articles=[],
            user=ev.referee,
        )
    return ruling


@FUZZ
@given(data=st.data(), role=st.sampled_from(["organiser", "organiser", "referee"]))
def test_it_answers_every_overturn_post_without_a_server_error(staff, fuzz_evening, data, role):
    body = data.draw(form_posts({"reason": long_texts}, {"reason": "a mistake"}))
    url = f"/referee/rulings/{_standing_ruling(fuzz_evening).pk}/overturn/"
    response = staff[role].post(url, body)
    if role == "referee":
        assert response.status_code == 403, where(url, body)  # only an organiser overturns
        return
    flash(staff[role], response, where(url, body))
