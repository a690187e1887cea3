"""Issue 17, item 12: an empty form unassigned everyone.

A CSRF-valid POST to `/tournaments/<id>/rounds/<n>/scorers/` with no fields set every
table's scorer to none. The form changes only the tables it was sent; "nobody" is an explicit
choice (the select's value `none`), never what a missing or empty field means.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import make_evening
from tournaments.events.forms import NOBODY
from tournaments.events.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def ev(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return make_evening()


def _post(ev, data: dict) -> None:
    client = Client(enforce_csrf_checks=False)
    client.force_login(ev.organiser)
    answer = client.post(
        f"/tournaments/{ev.tournament.pk}/rounds/{ev.round.number}/scorers/", data, follow=True
    )
    assert answer.status_code == 200


def _scorers(ev) -> dict[int, int | None]:
    return dict(Table.objects.filter(round=ev.round).values_list("number", "scorer_id"))


def _field(ev, table) -> str:
    return f"r{ev.round.pk}-table_{table.pk}"


def test_an_empty_post_changes_no_table(ev):
    before = _scorers(ev)
    assert before == {1: ev.scorer.pk, 2: ev.other_scorer.pk}
    _post(ev, {})
    assert _scorers(ev) == before


def test_an_empty_value_changes_nothing_either(ev):
    _post(ev, {_field(ev, ev.table): "", _field(ev, ev.other_table): ""})
    assert _scorers(ev) == {1: ev.scorer.pk, 2: ev.other_scorer.pk}


def test_only_the_tables_sent_change(ev):
    _post(ev, {_field(ev, ev.other_table): str(ev.scorer.pk)})
    assert _scorers(ev) == {1: ev.scorer.pk, 2: ev.scorer.pk}


def test_nobody_is_an_explicit_choice(ev):
    _post(ev, {_field(ev, ev.table): NOBODY})
    assert _scorers(ev) == {1: None, 2: ev.other_scorer.pk}


def test_the_select_offers_nobody_and_shows_it_for_a_table_without_a_scorer(ev):
    Table.objects.filter(pk=ev.table.pk).update(scorer=None)
    client = Client()
    client.force_login(ev.organiser)
    page = client.get(f"/tournaments/{ev.tournament.pk}/matches/").content.decode()
    select = page[page.index(f'name="{_field(ev, ev.table)}"') :].split("</select>")[0]
    assert f'<option value="{NOBODY}" selected>' in select
    assert '<option value="" ' not in select  # no value that means "nobody" by omission
    other = page[page.index(f'name="{_field(ev, ev.other_table)}"') :].split("</select>")[0]
    assert f'<option value="{ev.other_scorer.pk}" selected>' in other
