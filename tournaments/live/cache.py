"""The live pages never slow the tables (issue 22): change counters, cached fragments and
conditional requests.

What a live page shows is named by a *version*: the tournament's change counter
(`LiveVersion`, bumped in the same transaction as the standings refresh and every organiser's
act: the receivers below) and, for the tables a page shows, each match's own `version` (bumped
by every deal write, in the deal's statement). A page's cache key and its strong ETag are
made of the URL, the language and that version, so a fragment cached before a change is
committed is never served after it: the next request reads the new version and misses.

- Anonymous visitors share the cached fragments and pages (a page is stored with a placeholder
  for the CSRF token, filled in for each visitor); a signed-in user's answer is never stored.
- Every answer has a strong ETag and `Cache-Control: no-cache` (the browser, and so htmx's
  polling, revalidates each time); a matching `If-None-Match` gets 304. `Last-Modified` is the
  first time this process's cache saw the version, sent once it is a second old (HTTP dates
  have whole seconds: an earlier one could stand for two versions).
- The fragments are the same for every visitor who may see the tournament, so they carry no
  `Vary: Cookie` (the middleware takes off what the session middleware adds).
- The read API (match document, leaderboard, rules) gets a strong ETag from its body and 304
  from the middleware; the standings API from the tournament's version, before any work.
- An anonymous visitor's poll whose ETag is still current gets its 304 before the view, from
  the cache alone (tournaments.live.fast): every change counted here, and every write of a
  match, also renews the tournament's generation there.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.cache import patch_vary_headers
from django.utils.http import http_date, parse_http_date_safe
from django.utils.translation import get_language

from config.cache import cache_add_get_many
from scoring.models import Match, Seat
from scoring.signals import match_written
from tournaments.clubs.models import Club, Player
from tournaments.discipline.models import Card
from tournaments.events.models import Entry, Round, RoundEvent, Table, Team, Tournament
from tournaments.live.fast import (
    ANSWER_KEY,
    SCOPE_FRAME,
    SCOPE_TABLES,
    answer_store,
    digest,
    etag_matches,
    last_modified_of,
    live_generation_renew,
    live_params,
    not_modified,
    quoted,
)
from tournaments.live.models import LiveVersion

# A safety net: a stored answer expires this many seconds after it was stored, whatever the
# version says (settings.LIVE_CACHE_SECONDS overrides).
CACHE_SECONDS = 60
# What a stored page has where each visitor's CSRF token goes.
CSRF_PLACEHOLDER = "live-csrf-placeholder-4b1d"
# The read API's answers that get an ETag from their body (resolver names).
API_ETAG_VIEWS = frozenset({"api-match", "api-leaderboard", "api-rules", "api-rule"})


# --- The change counter ---------------------------------------------------------------------


def live_version_bump(*, tournament_id: int, create: bool = True, roster: bool = True) -> None:
    """Count one change of the tournament, in the caller's transaction. `create` False (a
    deletion) only counts on an existing counter: the tournament may be going too. `roster`
    False (the standings refresh) leaves the table cards' part of the counter (`roster`) as
    it is: the refresh changes the standings, never a table's card.

    The tournament's row is locked first (FOR NO KEY UPDATE: rows pointing at it may still be
    written), as the standings refresh locks it before it bumps: two transactions can never
    hold the counter and the tournament the other way round (no deadlock)."""
    tournaments = Tournament.objects.filter(pk=tournament_id)
    if transaction.get_connection().in_atomic_block:
        tournaments = tournaments.select_for_update(no_key=True)
    if tournaments.values_list("pk", flat=True).first() is None:
        return
    counts: dict[str, Any] = {"version": F("version") + 1}
    if roster:
        counts["roster"] = F("roster") + 1
    if not LiveVersion.objects.filter(tournament_id=tournament_id).update(**counts) and create:
        LiveVersion.objects.bulk_create(
            [LiveVersion(tournament_id=tournament_id, version=0)], ignore_conflicts=True
        )
        LiveVersion.objects.filter(tournament_id=tournament_id).update(**counts)
    # The fast path's kept ETags of the tournament's fragments are of before (live.fast):
    # renewed after the write (and after its commit).
    live_generation_renew(tournament_id=tournament_id)


def live_version_of(tournament: Tournament) -> str:
    """The tournament's counter (0 before its first change) with its making's time (a
    tournament made again under a deleted one's id starts a new count); reads
    `tournament.live` when the caller selected it with the tournament."""
    try:
        count = tournament.live.version
    except LiveVersion.DoesNotExist:
        count = 0
    return f"{tournament.created_at.timestamp()}:{count}"


def live_roster_of(tournament: Tournament) -> str:
    """What a table card shows beside its match (names, seats, scorers, links) counted as
    `live_version_of` counts the whole tournament, less the standings refreshes: a card is
    kept across them, and its match's own version names its score."""
    try:
        count = tournament.live.roster
    except LiveVersion.DoesNotExist:
        count = 0
    return f"{tournament.created_at.timestamp()}:{count}"


def _bump_many(tournament_ids: Iterable[int | None], *, create: bool = True) -> None:
    for tournament_id in {t for t in tournament_ids if t is not None}:
        live_version_bump(tournament_id=tournament_id, create=create)


def _round_tournament(round_id: int | None) -> list[int]:
    if round_id is None:
        return []
    return list(Round.objects.filter(pk=round_id).values_list("tournament_id", flat=True))


def _match_tournament(match_id: int | None) -> list[int | None]:
    if match_id is None:
        return []
    return list(Match.objects.filter(pk=match_id).values_list("tournament_id", flat=True))


def _tournaments_of(instance: Any) -> list[int | None]:
    """The tournaments whose live pages show `instance`."""
    if isinstance(instance, Tournament):
        return [instance.pk]
    if isinstance(instance, Entry | Match | Team | Card):
        return [instance.tournament_id]
    if isinstance(instance, Round):
        return [instance.tournament_id]
    if isinstance(instance, Table | RoundEvent):
        return list(_round_tournament(instance.round_id))
    if isinstance(instance, Seat):
        return _match_tournament(instance.match_id)
    if isinstance(instance, Player):
        return list(
            Entry.objects.filter(player_id=instance.pk).values_list("tournament_id", flat=True)
        )
    if isinstance(instance, Club):
        # Every page of the club's tournaments names the club.
        return list(Tournament.objects.filter(club_id=instance.pk).values_list("pk", flat=True))
    return []


_WATCHED = (Tournament, Entry, Round, Table, RoundEvent, Match, Seat, Player, Team, Card, Club)


@receiver(post_save, dispatch_uid="tournaments.live.cache.saved")
def _saved(sender: Any, instance: Any, raw: bool = False, **_: Any) -> None:
    if raw or not isinstance(instance, _WATCHED):
        return
    _bump_many(_tournaments_of(instance))


@receiver(post_delete, dispatch_uid="tournaments.live.cache.deleted")
def _deleted(sender: Any, instance: Any, **_: Any) -> None:
    if not isinstance(instance, _WATCHED) or isinstance(instance, Tournament):
        return
    _bump_many(_tournaments_of(instance), create=False)


@receiver(post_delete, sender=Tournament, dispatch_uid="tournaments.live.cache.tournament_gone")
def _tournament_deleted(sender: Any, instance: Tournament, **_: Any) -> None:
    # Its fragments are gone: no kept ETag answers for them (live.fast).
    live_generation_renew(tournament_id=instance.pk)


@receiver(match_written, dispatch_uid="tournaments.live.cache.match_written")
def _match_written(sender: Any, match: Match, **_: Any) -> None:
    # A deal, a correction, a table closed: the match's version, which the tables' fragments
    # show, changed without a save signal (scoring writes in SQL of its own). The frame (the
    # standings among it) is as it was: a finished match's refresh bumps the counter.
    if match.tournament_id is not None:
        live_generation_renew(tournament_id=match.tournament_id, frame=False)


@receiver(m2m_changed, sender=Round.byes.through, dispatch_uid="tournaments.live.cache.byes")
def _byes_changed(sender: Any, instance: Any, action: str, **_: Any) -> None:
    if action.startswith("post_") and isinstance(instance, Round):
        _bump_many([instance.tournament_id])


# --- Answers ------------------------------------------------------------------------------


# The answers' shared pieces live in tournaments.live.fast (the fast 304 makes the same).
_quoted = quoted
_params = live_params
_digest = digest
_etag_matches = etag_matches
_not_modified = not_modified


def _first_seen(digest: str, *, also: str | None = None) -> tuple[float | None, Any]:
    """When this process's cache first saw the version (the answer's Last-Modified, once a
    second old: `fast.last_modified_of`), and the value of the key `also` read with it, in
    the same round trip (None when absent)."""
    key = "live:seen:" + digest
    # Added unless there, and read back with `also`: the first sight's time, whoever made it.
    found = cache_add_get_many(
        key, time.time(), _cache_seconds() * 10, [key, also] if also else [key]
    )
    first = found.get(key)
    return (first if isinstance(first, int | float) else None), found.get(also) if also else None


def _not_modified_since(request: HttpRequest, last_modified: int | None) -> bool:
    if last_modified is None or request.META.get("HTTP_IF_NONE_MATCH"):
        return False
    since = parse_http_date_safe(request.META.get("HTTP_IF_MODIFIED_SINCE", ""))
    return since is not None and last_modified <= since


def _cache_seconds() -> int:
    return int(getattr(settings, "LIVE_CACHE_SECONDS", CACHE_SECONDS))


def live_answer(
    request: HttpRequest,
    *,
    version: Sequence[Any],
    render: Callable[[dict[str, Any]], HttpResponse],
    fragment: bool,
    frame_only: bool = False,
) -> HttpResponse:
    """Answer a live page or fragment whose content `version` names (with the URL and the
    language), from the cache when it can: 304 to a matching conditional request, the stored
    answer to an anonymous visitor, else `render(extra_context)` (stored for anonymous
    visitors). A fragment is the same for every visitor; a page only for anonymous ones (a
    signed-in user's page has their name and links: never stored, no validator).
    `frame_only`: the version is the tournament's counter alone, no table's match (the
    standings): the fast path may answer it for as long as the tournament's frame stands."""
    anonymous = not request.user.is_authenticated
    if not fragment and not anonymous:
        response = render({})
        response["Cache-Control"] = "private, no-cache"
        return response
    digest = _digest(
        (
            "fragment" if fragment else "page",
            request.path,
            _params(request),
            get_language(),
            *version,
        )
    )
    # A page has the visitor's CSRF token in it: their copy is valid while their cookie is.
    csrf_cookie = "" if fragment else request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    etag = _quoted(_digest((digest, csrf_cookie)) if csrf_cookie else digest)
    # A visitor with messages waiting (kept in a cookie or the session) gets them on a page.
    storable = anonymous and (
        fragment or not ({"messages", settings.SESSION_COOKIE_NAME} & set(request.COOKIES))
    )
    key = ANSWER_KEY + digest
    validated = bool(fragment or csrf_cookie)
    matches = validated and _etag_matches(request, etag)
    # The stored answer is read with the version's first sight (one round trip), unless the
    # answer is a 304 anyway.
    seen, stored = _first_seen(digest, also=key if storable and not matches else None)
    last_modified = last_modified_of(seen)
    cache_control = "no-cache" if anonymous else "private, no-cache"
    if matches or (validated and _not_modified_since(request, last_modified)):
        return _finish(
            _not_modified(etag, last_modified, cache_control), fragment, anonymous, seen, frame_only
        )
    if isinstance(stored, tuple) and len(stored) == 2:
        content, content_type = stored
        response = HttpResponse(content, content_type=content_type)
        if not fragment:
            response.content = content.replace(
                CSRF_PLACEHOLDER.encode(), get_token(request).encode()
            )
    else:
        response = render({"csrf_token": CSRF_PLACEHOLDER} if storable and not fragment else {})
        if storable and response.status_code == 200:
            made = (response.content, response["Content-Type"])
            answer_store(request, response, key, made, _cache_seconds())
            if not fragment:
                response.content = response.content.replace(
                    CSRF_PLACEHOLDER.encode(), get_token(request).encode()
                )
    if response.status_code == 200:
        response["ETag"] = etag
        if last_modified is not None:
            response["Last-Modified"] = http_date(last_modified)
    response["Cache-Control"] = cache_control
    return _finish(response, fragment, anonymous, seen, frame_only)


def _finish(
    response: HttpResponse, fragment: bool, anonymous: bool, seen: float | None, frame_only: bool
) -> HttpResponse:
    # The same for every anonymous visitor: the middleware drops the session's Vary: Cookie,
    # and the fast path (tournaments.live.fast) keeps its ETag with the version's first sight.
    # Marks of our own on the response, for the middlewares (not HttpResponse fields).
    response.live_public = fragment and anonymous  # type: ignore[attr-defined]
    response.live_keep = fragment and anonymous  # type: ignore[attr-defined]
    response.live_seen = seen  # type: ignore[attr-defined]
    response.live_scope = SCOPE_FRAME if frame_only else SCOPE_TABLES  # type: ignore[attr-defined]
    return response


def version_answer(
    request: HttpRequest, *, version: Sequence[Any], render: Callable[[], HttpResponse]
) -> HttpResponse:
    """An API read whose content `version` names with the URL and the language: 304 to a
    matching `If-None-Match`, else `render()` with the ETag. The body may differ by user
    (what they may see), so the user is in the version when signed in. `version` is the
    tournament's counter (`live_version_of`) and names: the fast path answers an anonymous
    reader's poll for as long as the tournament's frame stands."""
    user = request.user
    who = user.pk if user.is_authenticated else None
    etag = _quoted(_digest((request.path, _params(request), get_language(), who, *version)))
    cache_control = "no-cache" if who is None else "private, no-cache"
    if _etag_matches(request, etag):
        response: HttpResponse = _not_modified(etag, None, cache_control)
    else:
        response = render()
        if response.status_code == 200:
            response["ETag"] = etag
    response["Cache-Control"] = cache_control
    # An anonymous reader's ETag may answer the next polls before the view (live.fast).
    response.live_keep = who is None  # type: ignore[attr-defined]
    response.live_seen = None  # type: ignore[attr-defined]
    response.live_scope = SCOPE_FRAME  # type: ignore[attr-defined]
    return response


class LiveHeadersMiddleware:
    """Before the session middleware (it sees the answer after it):

    - takes `Cookie` off the Vary of an answer the live views marked as the same for every
      anonymous visitor;
    - gives the read API's GET answers (match document, leaderboard, rules) a strong ETag
      from their body and answers a matching `If-None-Match` with 304.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if getattr(response, "live_public", False) and response.has_header("Vary"):
            vary = [v.strip() for v in response["Vary"].split(",")]
            kept = [v for v in vary if v and v.lower() != "cookie"]
            del response["Vary"]
            if kept:
                patch_vary_headers(response, kept)
        if (
            request.method in ("GET", "HEAD")
            and response.status_code == 200
            and not response.streaming
            and not response.has_header("ETag")
            and getattr(request.resolver_match, "url_name", None) in API_ETAG_VIEWS
        ):
            etag = _quoted(hashlib.sha256(response.content).hexdigest()[:40])
            if "Cache-Control" not in response:
                response["Cache-Control"] = "no-cache"
            if _etag_matches(request, etag):
                not_modified = _not_modified(etag, None, response["Cache-Control"])
                if response.has_header("Vary"):
                    not_modified["Vary"] = response["Vary"]
                return not_modified
            response["ETag"] = etag
        return response
