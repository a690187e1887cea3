"""A live page's round in one statement (issue 36, `live.selectors.round_frame`): the round
players watch (or the one asked for), how many tables it has, the tables a page shows in its
order and who sits out: what the four separate reads a poll made gave, in one."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.models import Match
from tests.factories import PlayerFactory, TournamentFactory
from tests.tournaments.live.test_live_cache import HTMX
from tournaments.events.models import Round, Table
from tournaments.live import fast
from tournaments.live.selectors import current_round, round_frame

pytestmark = pytest.mark.django_db


def _shown(round_: Round, *, in_play_first: bool = False) -> list[tuple[int, int, str]]:
    order = [*(["-status"] if in_play_first else []), "table__number"]
    return list(
        Match.objects.filter(round=round_, table__isnull=False)
        .order_by(*order)
        .values_list("id", "version", "status")
    )


def test_the_frame_is_the_open_round_with_its_tables_count_shown_tables_and_byes(
    tournament, match, django_assert_num_queries
):
    round_ = match.round
    with django_assert_num_queries(1):
        frame = round_frame(tournament)
        assert frame is not None
        assert frame.round.tournament is tournament  # no second read of the tournament
    assert frame.round == round_ and frame.round.status == Round.Status.OPEN
    assert frame.tables == Table.objects.filter(round=round_).count() == 3
    assert frame.shown == _shown(round_)
    byes = list(round_.byes.order_by("display_name").values_list("pk", "display_name"))
    assert frame.byes == byes and len(byes) == 1


@pytest.mark.parametrize("in_play_first", [False, True])
@pytest.mark.parametrize(("limit", "offset"), [(None, 0), (0, 0), (1, 0), (2, 1), (5, 2)])
def test_the_tables_shown_are_the_pages_in_its_order(
    tournament, match, in_play_first, limit, offset
):
    # One table finished: a page of tables still in play first shows it last.
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    frame = round_frame(tournament, limit=limit, offset=offset, in_play_first=in_play_first)
    assert frame is not None
    every = _shown(match.round, in_play_first=in_play_first)
    assert frame.shown == every[offset : None if limit is None else offset + limit]
    assert frame.tables == 3
    if in_play_first and limit is None:
        assert frame.shown[-1][0] == match.pk


def test_without_an_open_round_the_latest_is_watched(tournament, match):
    round_ = match.round
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)
    older = Round.objects.create(tournament=tournament, number=0, status=Round.Status.CLOSED)
    assert round_frame(tournament).round == round_  # type: ignore[union-attr]
    assert current_round(tournament) == round_
    # An open round is watched, however old.
    Round.objects.filter(pk=older.pk).update(status=Round.Status.OPEN)
    assert current_round(tournament) == older


def test_a_round_by_number_and_numbers_that_name_none(tournament, match):
    assert round_frame(tournament, number=1).round == match.round  # type: ignore[union-attr]
    assert round_frame(tournament, number="1").round == match.round  # type: ignore[union-attr]
    for number in (2, 0, -1, "x", 2**31, "1e3", 10**40):
        assert round_frame(tournament, number=number) is None
    # Another tournament's round 1 is not this one's.
    assert round_frame(TournamentFactory(), number=1) is None


def test_a_tournament_without_rounds_has_no_frame(tournament):
    assert round_frame(tournament) is None
    assert current_round(tournament) is None


def test_the_byes_come_in_their_names_order(tournament, match):
    round_ = match.round
    names = ["Юрій", "Андрій", "Єва", "Ігор", "Борис"]
    round_.byes.add(*[PlayerFactory(display_name=name) for name in names])
    frame = round_frame(tournament, number=1)
    assert frame is not None
    expected = list(round_.byes.order_by("display_name").values_list("pk", "display_name"))
    assert frame.byes == expected and len(expected) == len(names) + 1


def test_a_round_poll_reads_its_round_in_one_statement(client, tournament, match):
    """The round page's poll: the tournament, then the frame; nothing else before the
    tables' cards (the round, its count, its tables' versions and its byes were four)."""
    url = f"/tournaments/{tournament.pk}/rounds/1/"
    assert client.get(url, **HTMX).status_code == 200  # the cards are kept from here on
    # As a match's write does: the fast path no longer answers, the view reads.
    fast.live_generation_renew(tournament_id=tournament.pk, frame=False)
    with CaptureQueriesContext(connection) as queries:
        answer = client.get(url, **HTMX)
    assert answer.status_code == 200
    statements = [q["sql"] for q in queries.captured_queries]
    frames = [s for s in statements if "ROW_NUMBER()" in s]
    assert len(frames) == 1
    table = Table._meta.db_table
    assert not [s for s in statements if "COUNT(" in s and "ROW_NUMBER()" not in s], statements
    assert not [s for s in statements if "byes" in s and "ROW_NUMBER()" not in s], statements
    assert not [s for s in statements if f'FROM "{table}"' in s and s not in frames], statements


@pytest.mark.parametrize("page", ["99", "abc", "0", "-3", "1" + "0" * 30])
def test_a_page_past_the_last_or_not_a_number_shows_the_tables_of_the_page_shown(
    client, tournament, match, page
):
    answer = client.get(f"/tournaments/{tournament.pk}/rounds/1/?page={page}")
    assert answer.status_code == 200
    text = answer.content.decode()
    for number in (1, 2, 3):
        assert f"Table {number}" in text or f"Стіл {number}" in text
