"""An anonymous spectator's changed fragment rendered by its view called from the fast path
(issue 36, tournaments.live.fast `_view_answer`): the same bytes and headers the whole stack
gives, in each language and over HTTPS; a 304 as the stack's; and anything the stack would
answer otherwise (a tournament the public may not see) left to the stack."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from tests.tournaments.live.test_live_cache import HTMX, post_deal
from tournaments.live import fast

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]

FRAGMENTS = ("", "standings/", "rounds/1/", "screen/")
PER_ANSWER = {"etag", "last-modified", "date"}


def _headers(response) -> dict[str, str]:
    return {k.lower(): v for k, v in response.headers.items() if k.lower() not in PER_ANSWER}


def _by_the_stack(response) -> bool:
    # SessionMiddleware gives every request it sees a session; the fast path's view call
    # gives none.
    return hasattr(response.wsgi_request, "session")


def _shapes_kept(client: Client, url: str, **asked):
    """A spectator's first poll and its 304, both through the stack: the 200's and the 304's
    headers of this shape are kept. Their ETag, and the stack's 304."""
    first = client.get(url, **HTMX, **asked)
    assert first.status_code == 200 and _by_the_stack(first)
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HTMX, **asked)
    assert again.status_code == 304 and _by_the_stack(again)
    return first["ETag"], again


@pytest.mark.parametrize("fragment", FRAGMENTS)
@pytest.mark.parametrize(
    "asked",
    [{"HTTP_ACCEPT_LANGUAGE": "uk"}, {"HTTP_ACCEPT_LANGUAGE": "ru", "secure": True}],
    ids=["uk", "ru-https"],
)
def test_a_changed_fragment_rendered_by_the_view_is_the_stacks_answer(
    client,
    tournament,
    match,
    organiser,
    settings,
    django_capture_on_commit_callbacks,
    fragment,
    asked,
):
    settings.LIVE_COALESCE_SECONDS = 0
    settings.SECURE_HSTS_SECONDS = 3600
    url = f"/tournaments/{tournament.pk}/{fragment}"
    etag, _ = _shapes_kept(client, url, **asked)
    post_deal(match, organiser, django_capture_on_commit_callbacks)
    if fragment == "standings/":
        # The standings stand while the frame does: an organiser's change makes a new one.
        tournament.name = "Зимовий кубок"
        tournament.save()
    rendered = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX, **asked)
    assert rendered.status_code == 200 and rendered["ETag"] != etag
    assert not _by_the_stack(rendered)
    # What the stack gives for the same (its headers no longer kept: no fast answer).
    fast._HEADERS_KEPT.clear()
    fast._HEADERS_KEPT_200.clear()
    stacked = Client().get(url, HTTP_IF_NONE_MATCH=etag, **HTMX, **asked)
    assert _by_the_stack(stacked)
    assert stacked.status_code == 200 and stacked["ETag"] == rendered["ETag"]
    assert stacked.content == rendered.content
    assert _headers(rendered) == _headers(stacked)
    assert "cookie" not in rendered["Vary"].lower()
    if asked.get("secure"):
        assert "Strict-Transport-Security" in rendered


def test_a_fragment_the_view_finds_unchanged_gets_the_stacks_304(client, tournament, match):
    url = f"/tournaments/{tournament.pk}/rounds/1/"
    etag, stacked = _shapes_kept(client, url)
    # The ETag the fast path kept is lost (expired, evicted): the view judges.
    cache.delete_many([f"{fast.KEPT_KEY}{language}:{url}?" for language in ("en", "ru", "uk")])
    answer = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert answer.status_code == 304 and not _by_the_stack(answer)
    assert _headers(answer) == _headers(stacked) and answer["ETag"] == etag


def test_a_tournament_made_private_is_the_stacks_to_refuse(client, tournament, match):
    url = f"/tournaments/{tournament.pk}/screen/"
    etag, _ = _shapes_kept(client, url)
    tournament.published = False
    tournament.save()
    refused = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert refused.status_code == 404 and _by_the_stack(refused)
    assert etag.strip('"') not in refused.content.decode()


def test_a_signed_in_viewer_never_has_the_view_called_early(
    client, tournament, match, organiser, django_capture_on_commit_callbacks
):
    url = f"/tournaments/{tournament.pk}/rounds/1/"
    etag, _ = _shapes_kept(client, url)
    post_deal(match, organiser, django_capture_on_commit_callbacks)
    signed_in = Client()
    signed_in.force_login(organiser)
    answer = signed_in.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert answer.status_code == 200 and _by_the_stack(answer)
    assert answer["Cache-Control"] == "private, no-cache"
