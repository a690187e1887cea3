"""A live poll answered before the view with what the view stored (issue 36,
tournaments.live.fast): another spectator of the same fragment gets its bytes without a
query; the standings stand while the tournament's frame does, whatever the tables did; and on
a busy evening a table's fragment is rendered at most once a LIVE_COALESCE_SECONDS, never
hiding an organiser's change or a tournament made private."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache
from django.test import Client

from tests.tournaments.live.test_live_cache import HTMX, post_deal
from tournaments.live import fast
from tournaments.live.cache import live_version_bump

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]

PER_ANSWER = {"etag", "last-modified", "content-length", "date"}


def _headers(response) -> dict[str, str]:
    return {k.lower(): v for k, v in response.headers.items() if k.lower() not in PER_ANSWER}


@pytest.fixture
def clock(monkeypatch):
    """The time the cache's first sights and the fast path read (seconds, to move on)."""
    now = [time.time()]
    monkeypatch.setattr(time, "time", lambda: now[0])
    return now


@pytest.mark.parametrize("fragment", ["", "standings/", "rounds/1/", "screen/"])
def test_another_spectator_gets_the_stored_fragment_without_a_query(
    client, tournament, match, django_assert_num_queries, fragment
):
    url = f"/tournaments/{tournament.pk}/{fragment}"
    first = client.get(url, HTTP_ACCEPT_LANGUAGE="uk", **HTMX)
    assert first.status_code == 200
    for asked in ({}, {"HTTP_IF_NONE_MATCH": '"an-older-etag"'}):
        with django_assert_num_queries(0):
            other = Client().get(url, HTTP_ACCEPT_LANGUAGE="uk", **HTMX, **asked)
        assert other.status_code == 200
        assert other.wsgi_request.__dict__.get("resolver_match") is None  # not the view's
        assert other.content == first.content and other["ETag"] == first["ETag"]
        assert _headers(other) == _headers(first)
        assert int(other["Content-Length"]) == len(first.content)


def test_the_standings_stand_while_the_frame_does_whatever_the_tables_do(
    client,
    tournament,
    match,
    organiser,
    django_capture_on_commit_callbacks,
    django_assert_num_queries,
):
    url = f"/tournaments/{tournament.pk}/standings/"
    etag = client.get(url, **HTMX)["ETag"]
    client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)  # the view's 304: its headers kept
    post_deal(match, organiser, django_capture_on_commit_callbacks)  # a deal, no finish
    with django_assert_num_queries(0):
        answer = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert answer.status_code == 304
    # A standings refresh (or any organiser's change) bumps the counter: the frame is new.
    live_version_bump(tournament_id=tournament.pk, roster=False)
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_without_coalescing_the_next_poll_after_a_deal_shows_it(
    client, tournament, match, organiser, django_capture_on_commit_callbacks, settings
):
    settings.LIVE_COALESCE_SECONDS = 0
    url = f"/tournaments/{tournament.pk}/rounds/1/"
    etag = client.get(url, **HTMX)["ETag"]
    post_deal(match, organiser, django_capture_on_commit_callbacks)
    for asked in ({"HTTP_IF_NONE_MATCH": etag}, {}):
        answer = Client().get(url, **HTMX, **asked)
        assert answer.status_code == 200 and "1 deal" in answer.content.decode()


def test_a_busy_tables_fragment_is_rendered_at_most_once_a_coalescing_interval(
    client,
    tournament,
    match,
    organiser,
    django_capture_on_commit_callbacks,
    django_assert_num_queries,
    settings,
    clock,
):
    settings.LIVE_COALESCE_SECONDS = 1.0
    url = f"/tournaments/{tournament.pk}/rounds/1/"
    first = client.get(url, **HTMX)
    etag = first["ETag"]
    client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)  # the view's 304: its headers kept
    clock[0] += 0.4
    post_deal(match, organiser, django_capture_on_commit_callbacks)
    # Within the second: the fragment as rendered, to a poll that has it and to one that has not.
    with django_assert_num_queries(0):
        kept = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
        other = Client().get(url, **HTMX)
    assert kept.status_code == 304 and kept["ETag"] == etag
    assert other.status_code == 200 and other.content == first.content
    assert "1 deal" not in other.content.decode()
    # A second after it was first shown, the next poll has the deal.
    clock[0] += 0.7
    later = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert later.status_code == 200 and later["ETag"] != etag
    assert "1 deal" in later.content.decode()
    with django_assert_num_queries(0):
        assert client.get(url, HTTP_IF_NONE_MATCH=later["ETag"], **HTMX).status_code == 304


def test_an_organisers_change_is_never_coalesced(client, tournament, match, settings, clock):
    settings.LIVE_COALESCE_SECONDS = 60.0
    url = f"/tournaments/{tournament.pk}/"
    etag = client.get(url, **HTMX)["ETag"]
    client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    # A player renamed (the organiser's fix of a name on a table's card).
    player = match.seats.order_by("position").first().player
    player.display_name = "Ярослава Нова"
    player.save()
    renamed = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert renamed.status_code == 200 and "Ярослава Нова" in renamed.content.decode()


def test_a_tournament_made_private_or_deleted_is_never_answered_from_what_was_kept(
    client, tournament, match, settings, clock
):
    settings.LIVE_COALESCE_SECONDS = 60.0
    for fragment in ("", "standings/", "rounds/1/", "screen/"):
        url = f"/tournaments/{tournament.pk}/{fragment}"
        etag = client.get(url, **HTMX)["ETag"]
        client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    tournament.published = False
    tournament.save()
    for fragment in ("", "standings/", "rounds/1/", "screen/"):
        url = f"/tournaments/{tournament.pk}/{fragment}"
        assert client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX).status_code == 404
        assert Client().get(url, **HTMX).status_code == 404
    tournament.published = True
    tournament.save()
    url = f"/tournaments/{tournament.pk}/rounds/1/"
    assert client.get(url, **HTMX).status_code == 200
    tournament_id = tournament.pk
    tournament.delete()
    assert Client().get(f"/tournaments/{tournament_id}/rounds/1/", **HTMX).status_code == 404


def test_a_signed_in_viewer_or_a_date_without_an_etag_is_answered_by_the_view(
    client, tournament, match, organiser
):
    url = f"/tournaments/{tournament.pk}/rounds/1/"
    first = client.get(url, **HTMX)
    signed_in = Client()
    signed_in.force_login(organiser)
    theirs = signed_in.get(url, **HTMX)
    assert theirs.status_code == 200 and theirs["Cache-Control"] == "private, no-cache"
    assert theirs.wsgi_request.resolver_match is not None
    dated = Client().get(url, HTTP_IF_MODIFIED_SINCE="Sun, 29 Nov 2026 00:00:00 GMT", **HTMX)
    assert dated.wsgi_request.__dict__.get("resolver_match") is not None
    assert dated.content == first.content


def test_a_stored_fragment_lost_from_the_cache_is_the_views_to_answer(
    client, tournament, match, django_assert_num_queries
):
    url = f"/tournaments/{tournament.pk}/rounds/1/"
    first = client.get(url, **HTMX)
    cache.delete(fast.ANSWER_KEY + first["ETag"].strip('"'))
    again = Client().get(url, **HTMX)
    assert again.status_code == 200 and again.content == first.content
    assert again.wsgi_request.resolver_match is not None
    # ...and stores them again, though the ETag kept for them stands: the next spectator's
    # come from the cache.
    with django_assert_num_queries(0):
        third = Client().get(url, **HTMX)
    assert third.status_code == 200 and third.content == first.content
    assert third.wsgi_request.__dict__.get("resolver_match") is None
