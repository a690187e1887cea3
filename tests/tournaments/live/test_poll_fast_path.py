"""An anonymous spectator's live poll is answered 304 before the view (issue 36,
tournaments.live.fast): without a database query, with the headers the view's own 304 has,
never after a change, never for a tournament the visitor may not see, and never to a
signed-in viewer."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from tests.tournaments.live.test_live_cache import HTMX, post_deal
from tournaments.live import fast

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]


FRAGMENTS = ("", "standings/", "rounds/1/", "screen/")


def _headers(response) -> dict[str, str]:
    return {name.lower(): value for name, value in response.headers.items()}


def _first_etag(client: Client, url: str) -> str:
    first = client.get(url, **HTMX)
    assert first.status_code == 200
    return first["ETag"]


@pytest.mark.parametrize("fragment", FRAGMENTS)
def test_an_unchanged_fragment_gets_its_304_with_no_query_and_the_views_headers(
    client, tournament, match, django_assert_num_queries, fragment
):
    url = f"/tournaments/{tournament.pk}/{fragment}"
    etag = client.get(url, HTTP_ACCEPT_LANGUAGE="uk", **HTMX)["ETag"]
    # What the view itself answers (nothing kept yet for the fast path)...
    cache.clear()
    slow = client.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_ACCEPT_LANGUAGE="uk", **HTMX)
    assert slow.status_code == 304
    # ...and the fast path, from the ETag it kept then: no query at all, the same headers.
    with django_assert_num_queries(0):
        fast = client.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_ACCEPT_LANGUAGE="uk", **HTMX)
    assert fast.status_code == 304
    assert _headers(fast) == _headers(slow)
    assert fast["ETag"] == etag and fast["Cache-Control"] == "no-cache"
    assert fast["Content-Language"] == "uk"
    assert "cookie" not in fast["Vary"].lower() and "accept-language" in fast["Vary"].lower()


def test_the_fast_304_has_the_headers_of_an_https_request_too(
    client, tournament, match, django_assert_num_queries, settings
):
    settings.SECURE_HSTS_SECONDS = 3600
    url = f"/tournaments/{tournament.pk}/rounds/1/"
    etag = client.get(url, secure=True, **HTMX)["ETag"]
    cache.clear()
    slow = client.get(url, HTTP_IF_NONE_MATCH=etag, secure=True, **HTMX)
    with django_assert_num_queries(0):
        fast = client.get(url, HTTP_IF_NONE_MATCH=etag, secure=True, **HTMX)
    assert fast.status_code == slow.status_code == 304
    assert "strict-transport-security" in _headers(fast)
    assert _headers(fast) == _headers(slow)


def test_a_proxys_weakened_or_coded_etag_is_answered_too(
    client, tournament, match, django_assert_num_queries
):
    url = f"/tournaments/{tournament.pk}/"
    etag = _first_etag(client, url)
    client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    for sent in (f"W/{etag}", etag[:-1] + '-gzip"'):
        with django_assert_num_queries(0):
            assert client.get(url, HTTP_IF_NONE_MATCH=sent, **HTMX).status_code == 304


def test_a_deal_after_the_last_poll_gets_the_new_fragment_then_its_304(
    client,
    tournament,
    match,
    organiser,
    django_capture_on_commit_callbacks,
    django_assert_num_queries,
):
    url = f"/tournaments/{tournament.pk}/rounds/1/"
    etag = _first_etag(client, url)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX).status_code == 304

    post_deal(match, organiser, django_capture_on_commit_callbacks)

    changed = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert "1 deal" in changed.content.decode()
    with django_assert_num_queries(0):
        again = client.get(url, HTTP_IF_NONE_MATCH=changed["ETag"], **HTMX)
    assert again.status_code == 304
    # The old ETag is old for good.
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX).status_code == 200


def test_an_organisers_change_is_seen_on_the_next_poll_even_before_its_commit_is_known(
    client, tournament, match
):
    # Inside the test's transaction no commit callback runs: the generation made at the
    # write itself is what the next poll sees.
    url = f"/tournaments/{tournament.pk}/"
    etag = _first_etag(client, url)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX).status_code == 304
    tournament.name = "Зимовий кубок"
    tournament.save()
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert changed.status_code == 200


def test_an_unpublished_or_deleted_tournament_is_never_answered_from_a_kept_etag(
    client, tournament, match
):
    url = f"/tournaments/{tournament.pk}/standings/"
    etag = _first_etag(client, url)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX).status_code == 304

    tournament.published = False
    tournament.save()
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX).status_code == 404

    tournament.published = True
    tournament.save()
    etag = _first_etag(client, url)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX).status_code == 304
    tournament_id = tournament.pk
    tournament.delete()
    answer = client.get(f"/tournaments/{tournament_id}/standings/", HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert answer.status_code == 404


def test_a_draft_seen_by_its_organiser_gives_strangers_no_304(client, tournament, match, organiser):
    tournament.published = False
    tournament.save()
    url = f"/tournaments/{tournament.pk}/rounds/1/"
    staff = Client()
    staff.force_login(organiser)
    shown = staff.get(url, **HTMX)
    assert shown.status_code == 200
    assert staff.get(url, HTTP_IF_NONE_MATCH=shown["ETag"], **HTMX).status_code == 304
    # A stranger holding the organiser's ETag learns nothing, not even "unchanged".
    assert client.get(url, HTTP_IF_NONE_MATCH=shown["ETag"], **HTMX).status_code == 404


def test_a_signed_in_viewer_is_answered_by_the_view_in_their_own_scope(
    client, tournament, match, organiser, django_assert_num_queries
):
    url = f"/tournaments/{tournament.pk}/"
    etag = _first_etag(client, url)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)["Cache-Control"] == "no-cache"
    signed_in = Client()
    signed_in.force_login(organiser)
    answer = signed_in.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    # Their answer is private (the view's), never the anonymous visitors' shared 304.
    assert answer.status_code == 304
    assert answer["Cache-Control"] == "private, no-cache"


def test_a_page_or_a_visitor_with_messages_waiting_never_takes_the_fast_path(
    client, tournament, match
):
    url = f"/tournaments/{tournament.pk}/"
    etag = _first_etag(client, url)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX).status_code == 304
    # The whole page has another ETag (it is not the fragment): the view answers it in full.
    page = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert page.status_code == 200 and b"<html" in page.content
    client.cookies["messages"] = "something waiting"
    with_messages = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert with_messages.status_code == 304
    assert with_messages.wsgi_request.__dict__.get("resolver_match") is not None  # the view's


def test_polls_of_a_tournament_that_does_not_exist_leave_nothing_in_the_cache(client, tournament):
    for number in range(tournament.pk + 1, tournament.pk + 20):
        answer = client.get(f"/tournaments/{number}/", HTTP_IF_NONE_MATCH='"x"', **HTMX)
        assert answer.status_code == 404
        assert cache.get(f"{fast.GENERATION_KEY}{number}") is None


def test_a_host_not_allowed_is_refused_as_without_the_fast_path(client, tournament, match):
    url = f"/tournaments/{tournament.pk}/"
    etag = _first_etag(client, url)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX).status_code == 304
    refused = client.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_HOST="evil.example", **HTMX)
    assert refused.status_code == 400


def test_when_the_fast_paths_read_fails_the_view_answers(client, tournament, match, monkeypatch):
    url = f"/tournaments/{tournament.pk}/"
    etag = _first_etag(client, url)

    class Away:
        def __getattr__(self, name):
            raise ConnectionError("the cache is away")

    monkeypatch.setattr(fast, "cache", Away())
    answer = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert answer.status_code == 304 and answer["ETag"] == etag
    assert answer.wsgi_request.resolver_match is not None  # the view's answer


def test_a_deal_committed_while_the_view_renders_is_never_hidden_by_a_304(
    client, tournament, match, organiser, monkeypatch, django_capture_on_commit_callbacks
):
    """The ETag kept is the view's, under the generation read before the view read the
    tables: a deal that lands between the view's reads and the keeping makes the next poll
    a 200."""
    from tournaments.live import views

    url = f"/tournaments/{tournament.pk}/rounds/1/"
    real = views.live_answer
    landed = []

    def deal_lands_meanwhile(request, **kwargs):
        # The view has read the tables' versions (kwargs["version"]); now a deal commits.
        if not landed:
            landed.append(True)
            post_deal(match, organiser, django_capture_on_commit_callbacks)
        return real(request, **kwargs)

    monkeypatch.setattr(views, "live_answer", deal_lands_meanwhile)
    first = client.get(url, **HTMX)
    assert first.status_code == 200 and landed
    monkeypatch.setattr(views, "live_answer", real)
    # Its ETag names the versions read before the deal: the next poll is the view's 200.
    after = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HTMX)
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert "1 deal" in after.content.decode()


def test_the_fast_304_says_last_modified_as_the_view_does(
    client, tournament, match, monkeypatch, django_assert_num_queries
):
    import time

    url = f"/tournaments/{tournament.pk}/standings/"
    etag = _first_etag(client, url)
    later = time.time() + 5
    monkeypatch.setattr(time, "time", lambda: later)
    # Nothing changed, but the kept ETag is of an older generation: the view answers.
    fast.live_generation_renew(tournament_id=tournament.pk)
    slow = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    with django_assert_num_queries(0):
        quick = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert slow.status_code == quick.status_code == 304
    assert slow.wsgi_request.resolver_match is not None
    assert "Last-Modified" in quick
    assert _headers(quick) == _headers(slow)


# --- The standings' API -------------------------------------------------------------------


def test_an_anonymous_readers_standings_poll_gets_its_304_with_no_query(
    client, tournament, match, django_assert_num_queries
):
    url = f"/api/v1/tournaments/{tournament.pk}/standings/"
    first = client.get(url)
    assert first.status_code == 200
    slow = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert slow.status_code == 304 and slow.wsgi_request.resolver_match is not None
    with django_assert_num_queries(0):
        fast = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert fast.status_code == 304
    assert _headers(fast) == _headers(slow)
    # The standings refreshed: the view's 200 with the new rows.
    tournament.name = "Зимовий кубок"
    tournament.save()
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_a_token_or_another_accept_is_answered_by_the_view(client, tournament, match, organiser):
    from rest_framework.authtoken.models import Token

    url = f"/api/v1/tournaments/{tournament.pk}/standings/"
    etag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304  # the fast one
    token = Token.objects.create(user=organiser)
    signed = client.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_AUTHORIZATION=f"Token {token.key}")
    # The organiser's answer is their own (their scope in its ETag), never the anonymous 304.
    assert signed.status_code == 200 and signed["ETag"] != etag
    assert signed["Cache-Control"] == "private, no-cache"
    # A type the API does not give is refused as ever, not answered 304.
    xml = client.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_ACCEPT="application/xml")
    assert xml.wsgi_request.resolver_match is not None
    assert xml.status_code == client.get(url, HTTP_ACCEPT="application/xml").status_code


def test_an_unpublished_tournaments_standings_are_not_answered_from_a_kept_etag(
    client, tournament, match
):
    url = f"/api/v1/tournaments/{tournament.pk}/standings/"
    etag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    tournament.published = False
    tournament.save()
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 404
