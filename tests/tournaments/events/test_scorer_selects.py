"""Issue 35, item 19: the tables page's scorer selects. Every table's select offers who may
score (the club's members, the staff, the scorers) with its scorer chosen, as before; the
candidates are read once for the page, not once per select (a club of 3,000 members made a
page of four rounds take a minute)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.factories import PlayerFactory, RoundFactory, TableFactory, make_evening, make_match
from tournaments.events.models import Round
from tournaments.events.selectors import scorer_candidates

pytestmark = pytest.mark.django_db


def tables_page(night) -> tuple[str, int]:
    client = Client()
    client.force_login(night.organiser)
    with CaptureQueriesContext(connection) as queries:
        answer = client.get(f"/tournaments/{night.tournament.pk}/matches/")
    assert answer.status_code == 200
    return answer.content.decode(), len(queries)


def select_of(page: str, table_id: int) -> list[tuple[str, str, bool]]:
    """(value, label, selected) of each option of a table's scorer select."""
    found = re.search(rf'<select name="r\d+-table_{table_id}"[^>]*>(.*?)</select>', page, re.S)
    assert found, table_id
    return [
        (value, label, bool(selected))
        for value, selected, label in re.findall(
            r'<option value="([^"]*)"( selected)?>([^<]*)</option>', found.group(1)
        )
    ]


def test_each_select_offers_every_candidate_with_its_tables_scorer_chosen():
    night = make_evening()
    for n in range(3):
        PlayerFactory(club=night.tournament.club, user=None, display_name=f"Guest {n}")
    page, _queries = tables_page(night)
    candidates = list(scorer_candidates(night.tournament))
    expected = [("none", "— nobody —")] + [(str(u.pk), u.username) for u in candidates]
    scored = select_of(page, night.table.pk)
    assert [(value, label) for value, label, _ in scored] == expected
    assert [value for value, _, selected in scored if selected] == [str(night.scorer.pk)]
    other = select_of(page, night.other_table.pk)
    assert [value for value, _, selected in other if selected] == [str(night.other_scorer.pk)]
    night.other_table.scorer = None
    night.other_table.save()
    page, _queries = tables_page(night)
    nobody = select_of(page, night.other_table.pk)
    assert [value for value, _, selected in nobody if selected] == ["none"]


def test_the_page_reads_as_many_queries_for_three_rounds_of_ten_tables_as_for_one_of_two():
    night = make_evening()
    _page, small = tables_page(night)
    for number in range(3, 11):
        make_match(table=TableFactory(round=night.round, number=number))
    for number in (2, 3):
        rnd = RoundFactory(tournament=night.tournament, number=number, status=Round.Status.PAIRED)
        for table in range(1, 11):
            make_match(table=TableFactory(round=rnd, number=table, scorer=night.scorer))
    page, large = tables_page(night)
    assert page.count('<select name="r') == 30
    assert large == small, (small, large)
