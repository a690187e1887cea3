"""A spectator's poll that renders a changed fragment (issue 36, "round trips that can be
one"): the round's tables read in three statements (the tournament, the round's frame, the
changed cards with their seats), and Redis in three round trips (what the fast path keeps, the
version's first sight with the stored answer, and the new answer stored with its ETag); and
what it stored answers the next spectators, without a query."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.tournaments.live.test_live_cache import HTMX, post_deal

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]


def _changed(client, url, match, organiser, callbacks) -> str:
    """A poll of `url` whose answer the fast path kept, then a deal at a shown table: the
    ETag the spectator holds, which no longer names what the page shows."""
    etag = client.get(url, **HTMX)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX).status_code == 304
    post_deal(match, organiser, callbacks)
    return etag


def test_a_changed_round_is_rendered_from_three_statements_and_stored_for_the_next(
    client,
    tournament,
    match,
    organiser,
    settings,
    django_capture_on_commit_callbacks,
    django_assert_num_queries,
):
    settings.LIVE_COALESCE_SECONDS = 0  # every change rendered at once
    url = f"/tournaments/{tournament.pk}/rounds/1/"
    etag = _changed(client, url, match, organiser, django_capture_on_commit_callbacks)
    with django_assert_num_queries(3):
        changed = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert changed.status_code == 200 and changed["ETag"] != etag
    page = changed.content.decode()
    assert "1 deal" in page
    # Every seat of the changed table, clockwise, as its match has them.
    names = [seat.player.display_name for seat in match.seats.order_by("position")]
    card = page[page.index(f"/matches/{match.pk}/") :]
    assert all(name in card for name in names)
    assert [card.index(name) for name in names] == sorted(card.index(name) for name in names)
    # Stored with its ETag: the next spectators get these bytes, or their 304, with no query.
    with django_assert_num_queries(0):
        other = Client().get(url, HTTP_IF_NONE_MATCH='"an-older-one"', **HTMX)
        again = client.get(url, HTTP_IF_NONE_MATCH=changed["ETag"], **HTMX)
    assert other.status_code == 200 and other.content == changed.content
    assert again.status_code == 304


@pytest.mark.parametrize(("fragment", "redis"), [("rounds/1/", 3), ("", 4), ("screen/", 4)])
def test_a_changed_fragment_takes_three_or_four_round_trips_to_redis(
    redis_cache: Any,
    redis_round_trips: list[int],
    client,
    tournament,
    match,
    organiser,
    settings,
    django_capture_on_commit_callbacks,
    fragment,
    redis,
):
    settings.LIVE_COALESCE_SECONDS = 0
    url = f"/tournaments/{tournament.pk}/{fragment}"
    etag = _changed(client, url, match, organiser, django_capture_on_commit_callbacks)
    sent = redis_round_trips
    sent[0] = 0  # counted from here
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert changed.status_code == 200 and "1 deal" in changed.content.decode()
    # The overview and the big screen also read the top of the standings they show.
    assert sent[0] == redis
    sent[0] = 0
    other = Client().get(url, HTTP_IF_NONE_MATCH='"an-older-one"', **HTMX)
    assert other.status_code == 200 and other.content == changed.content
    assert sent[0] == 2
