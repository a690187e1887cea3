"""A live poll's 304 before the view (issue 36): one cache read, none of the database.

An anonymous spectator's page polls its fragment every few seconds with the ETag it was last
given (htmx: `HX-Request`, `If-None-Match`), and nearly every poll is answered 304. The view's
way to that 304 reads the tournament, its round and the versions of the tables it shows
(`tournaments.live.cache.live_answer`): ten times a bare view's cost. This middleware answers
it from the cache instead, as soon as the request comes in:

- every tournament has a *generation* in the cache (`live:gen:<id>`): an opaque value, made
  anew (never counted: a value lost from the cache and made again never repeats an old one)
  whenever anything a live fragment shows may have changed: the tournament's change counter
  (`live_version_bump`), any write of one of its matches (`scoring.signals.match_written`: a
  deal, a correction, a table closed), the tournament deleted. It is made anew at once and
  again after the commit: a request that reads it between the two stores nothing that
  outlives the commit. A tournament without one gets its first when an answer of it is
  first kept (never for a request alone: an unknown id leaves nothing in the cache).
- every tournament also has a *frame* (`live:frame:<id>`), made anew with the generation by
  every change except a match's write: what frames the tables (the tournament, its rounds,
  entries, standings, publication) rather than a table's score. What the standings show is
  named by the frame alone.
- when the view answers an anonymous visitor's fragment (200 or 304, `live_keep`), the
  middleware keeps, under the fragment's URL, parameters and language, the generation and
  the frame it read *before* the view read anything, with the answer's ETag and what names
  its content (`live_scope`): a change committed after that read makes a new generation (and,
  but for a match's write, a new frame), so the kept ETag is only ever the one of what the
  view saw.
- the kept answer is *current* while the generation is; the standings' (named by the frame)
  while the frame is; a table's fragment also for `LIVE_COALESCE_SECONDS` (1 s) after its
  content was first seen, while the frame is: on a busy evening a deal lands every few
  milliseconds, and each would otherwise have every poll render the 70 KB of a round's
  tables anew. A spectator, who polls every 5 s, sees a score at most that much later; an
  organiser's change and a standings refresh (new frame) are seen on the next poll.
- a poll of a current answer gets its 304 at once when its `If-None-Match` is the kept ETag,
  else the view's stored answer (a 200 of the fragment's bytes as the view stored them), with
  the headers the view's own 304 or 200 had on its way out of the whole stack (kept from the
  first one the view gave in the request's shape: language, scheme, path, and for the API the
  `Accept` it negotiates; no fast answer in a shape the view has not answered so itself).

When the kept answer is not current (a table changed), the fragment's view is called from
here (`_view_answer`), once the stack has answered the request's shape itself (200 and 304):
the view renders for an anonymous visitor as it would at the end of the stack, and its answer
gets the headers the stack gave, without the sessions, authentication, messages and the rest
that such a request never needs (the view's answer stored and its ETag kept in one round
trip). Whatever the view answers but a 200 or 304 of its fragment (a tournament not shown to
the public: 404), the stack answers the request from the start.

The standings' API (`/api/v1/tournaments/<id>/standings/`) answers by the tournament's counter
too (`cache.version_answer`): an anonymous reader's poll of it (no credentials) is answered
the same way.

Only what an anonymous visitor is shown may be answered so: the fast path never fires for a
request with a session cookie, credentials or messages waiting (a signed-in user, a token, a
table card's session: their answers are the view's to give), for a page (it carries the
CSRF token), for anything but GET, nor when the stack would answer otherwise (the HTTPS
redirect, a host not allowed, a CSRF cookie to renew). An ETag is kept only after the view
showed its answer to an anonymous visitor (`live_keep`), so only a published tournament's;
unpublishing or deleting it makes a new generation. Whatever goes wrong with the cache, the
request takes the view's way.
"""

from __future__ import annotations

import hashlib
import logging
import re
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.core.signals import setting_changed
from django.db import transaction
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.urls import resolve
from django.utils.http import http_date, parse_etags
from django.utils.translation import get_language
from django_htmx.middleware import HtmxDetails

from config.cache import cache_set_each
from config.stack_steps import StackSteps

log = logging.getLogger("deberc.live")

# The live fragments' URLs (tournaments.live.urls): the overview, the standings, a round's
# tables, the big screen; and the standings' API, which answers by the same counter.
FRAGMENT_PATH = re.compile(r"/tournaments/([0-9]{1,18})/(?:standings/|screen/|rounds/[0-9]{1,9}/)?")
API_PATH = re.compile(r"/api/v1/tournaments/([0-9]{1,18})/standings/")
# The views of those fragments (tournaments.live.urls), which the fast path may call itself.
FRAGMENT_VIEWS = frozenset({"live_tournament", "live_standings", "live_round", "live_bigscreen"})
# The query parameters the live pages read (page of the standings or tables, a name search).
LIVE_PARAMS = ("page", "q")
# A query of a page number alone (a round's tables, the standings).
PAGE_QUERY = re.compile(r"page=[0-9]{1,6}")
GENERATION_KEY = "live:gen:"
# The tournament's frame (see the module's docstring): renewed with the generation by every
# change but a match's write.
FRAME_KEY = "live:frame:"
KEPT_KEY = "live:fast:"
# The view's stored answer of a fragment, under its ETag's opaque part (live.cache).
ANSWER_KEY = "live:answer:"
# What a kept answer's content is named by (`live_scope` of the view's response): the
# tournament's frame alone (the standings: current whatever the tables did), or the tables'
# matches too (a table's card: current while the generation is, or for LIVE_COALESCE_SECONDS
# after it was first seen, while the frame is).
SCOPE_FRAME = "frame"
SCOPE_TABLES = "tables"
# A generation outlives any kept ETag; one lost is made anew (never a value seen before).
GENERATION_SECONDS = 7 * 24 * 3600


def quoted(text: str) -> str:
    return f'"{text}"'


def live_params(request: HttpRequest) -> list[tuple[str, list[str]]]:
    """The query parameters a live answer reads (any other one would only fill the cache)."""
    return [(name, request.GET.getlist(name)) for name in LIVE_PARAMS if name in request.GET]


def digest(parts: Sequence[Any]) -> str:
    return hashlib.sha256(repr(tuple(parts)).encode()).hexdigest()[:40]


def etag_matches(request: HttpRequest, etag: str) -> bool:
    """If-None-Match compares weakly (RFC 9110): a proxy that compresses the answer sends the
    tag back weakened (nginx: `W/"…"`) or with its coding appended (Caddy: `"…-gzip"`)."""
    header = request.META.get("HTTP_IF_NONE_MATCH")
    if not header:
        return False
    if header.strip() == "*":
        return True
    ours = etag.strip('"')
    for tag in parse_etags(header):
        opaque = tag.removeprefix("W/").strip('"')
        if opaque == ours or opaque.split("-", 1)[0] == ours:
            return True
    return False


def last_modified_of(seen: Any) -> int | None:
    """`Last-Modified` of an answer whose version this process's cache first saw at `seen`:
    whole seconds, once at least a second ago (HTTP dates have whole seconds: an earlier one
    could stand for two versions); None before."""
    if not isinstance(seen, int | float) or time.time() - seen < 1:
        return None
    return int(seen)


def not_modified(etag: str, last_modified: int | None, cache_control: str) -> HttpResponse:
    response = HttpResponseNotModified()
    response["ETag"] = etag
    response["Cache-Control"] = cache_control
    if last_modified is not None:
        response["Last-Modified"] = http_date(last_modified)
    return response


# --- The generation -------------------------------------------------------------------------


def _generation_renew(tournament_id: int, frame: bool) -> None:
    generation_key = GENERATION_KEY + str(tournament_id)
    try:
        if frame:
            # Both in one MSET: no poll reads one of them new and the other old.
            made = {
                generation_key: uuid.uuid4().hex,
                FRAME_KEY + str(tournament_id): uuid.uuid4().hex,
            }
            cache.set_many(made, GENERATION_SECONDS)
        else:
            cache.set(generation_key, uuid.uuid4().hex, GENERATION_SECONDS)
    except Exception:
        # Without the cache the fast path cannot answer either (it reads the same cache);
        # a kept ETag expires within the live cache's seconds.
        log.warning("live: the generation of tournament %s was not renewed", tournament_id)


def live_generation_renew(*, tournament_id: int, frame: bool = True) -> None:
    """Whatever the tournament's live fragments show may have changed, in the caller's
    transaction: no poll is answered from a kept ETag of before (see the module's
    docstring): a new generation now, and another after the commit. `frame` False: only a
    match was written (a deal, a correction, a table closed), the frame is as it was."""
    _generation_renew(tournament_id, frame)
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(lambda: _generation_renew(tournament_id, frame))


def _coalesce_seconds() -> float:
    return float(getattr(settings, "LIVE_COALESCE_SECONDS", 1.0))


def _current(kept: Sequence[Any], generation: Any, frame: Any) -> bool:
    """Whether a kept answer (generation, ETag, first seen, frame, scope) may still be given
    (see the module's docstring)."""
    if generation is not None and kept[0] == generation:
        return True
    if frame is None or kept[3] != frame:
        return False
    if kept[4] == SCOPE_FRAME:
        return True
    seen = kept[2]
    return (
        kept[4] == SCOPE_TABLES
        and isinstance(seen, int | float)
        and 0 <= time.time() - seen < _coalesce_seconds()
    )


def _fragment_key(request: HttpRequest) -> str:
    # The path names the tournament; plain (it has digits and slashes only) with a page
    # number as its query (the round's tables poll `?page=1`), else with the parameters the
    # fragment reads.
    query = request.META.get("QUERY_STRING", "")
    if not query or PAGE_QUERY.fullmatch(query):
        return f"{KEPT_KEY}{get_language()}:{request.path}?{query}"
    return KEPT_KEY + digest((request.path, live_params(request), get_language()))


def answer_store(
    request: HttpRequest, response: HttpResponse, key: str, value: Any, seconds: int
) -> None:
    """Store a view's answer under `key`: at once, or, when this middleware will keep the
    answer's ETag (the request came through `LiveFastPathMiddleware._answer`), together with
    it on the answer's way out, in one round trip rather than two."""
    if "_live_fast" in request.__dict__:
        response.live_store = [(key, value, seconds)]  # type: ignore[attr-defined]
    else:
        cache.set(key, value, seconds)


# --- The middleware -------------------------------------------------------------------------

# The headers of the view's own 304 (with what every middleware added on its way out) by
# the request's shape (`_shape`): ETag and Last-Modified aside, a 304's headers depend on
# nothing else. A fast 304 is given only in a shape the view has answered so, and with its
# headers: the Vary, Cache-Control and security headers are the stack's, whatever it adds.
_HEADERS_KEPT: dict[tuple[Any, ...], dict[str, tuple[str, str]]] = {}
# The same of the view's 200 of a fragment (its length aside).
_HEADERS_KEPT_200: dict[tuple[Any, ...], dict[str, tuple[str, str]]] = {}
_PER_ANSWER = frozenset({"etag", "last-modified"})
_PER_ANSWER_200 = _PER_ANSWER | {"content-length"}
_HEADER_SHAPES_MAX = 4096


@receiver(setting_changed)
def _settings_changed(**_: Any) -> None:
    _HEADERS_KEPT.clear()
    _HEADERS_KEPT_200.clear()


def _shape(request: HttpRequest, api: bool) -> tuple[Any, ...]:
    # The API's content negotiation reads Accept (a 406 for what it cannot give).
    accept = request.META.get("HTTP_ACCEPT") if api else None
    return (api, get_language(), request.is_secure(), request.path_info, accept)


class LiveFastPathMiddleware:
    """An anonymous visitor's live poll answered 304 from one cache read (see the module's
    docstring). Early in MIDDLEWARE (after the health checks and the request log); the
    decisions of the middlewares it stands before (the HTTPS redirect, the host, the CSRF
    cookie, the language) are made here by their own steps first."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

        self.steps = StackSteps()
        self.blocking_cookies = frozenset({settings.SESSION_COOKIE_NAME, "messages"})

    def __call__(self, request: HttpRequest) -> HttpResponse:
        found = None
        api = False
        if request.method == "GET" and "HTTP_AUTHORIZATION" not in request.META:
            if request.META.get("HTTP_HX_REQUEST") == "true":
                found = FRAGMENT_PATH.fullmatch(request.path_info)
            if found is None:
                found = API_PATH.fullmatch(request.path_info)
                api = found is not None
        if found is None:
            return self.get_response(request)
        try:
            answer = self._answer(request, found.group(1), api)
        except Exception:
            # A host not allowed, the cache away...: the stack's way answers as it always does.
            log.debug("live: the fast path stood aside", exc_info=True)
            answer = None
        if answer is not None:
            return answer
        response = self._view_answer(request) if not api else None
        by_stack = response is None
        if response is None:
            response = self.get_response(request)
        kept = request.__dict__.pop("_live_fast", None)
        if kept is not None:
            # The view's stored answer (`answer_store`) and the ETag kept for it, in that
            # order (a poll that finds the ETag finds the bytes), in one round trip.
            writes = list(response.__dict__.pop("live_store", ()))
            if getattr(response, "live_keep", False):
                writes += self._keep(kept, response, by_stack=by_stack)
            if writes:
                try:
                    cache_set_each(writes)
                except Exception:
                    log.debug("live: a fragment's answer was not kept", exc_info=True)
        return response

    def _answer(self, request: HttpRequest, tournament_id: str, api: bool) -> HttpResponse | None:
        """The 304 when the kept answer is current and its ETag the one asked about, the
        view's stored fragment when it is current and another was asked about; else None,
        with what the view's answer is to be kept under (`request._live_fast`)."""
        if not self.blocking_cookies.isdisjoint(request.COOKIES):
            return None
        # What the stack decides before the view, in its order; whatever would answer
        # otherwise (the HTTPS redirect, a slash to add) or write a cookie (a CSRF cookie to
        # renew) leaves the request to it.
        if self.steps.stack_answers(request, csrf=True):
            return None
        key = _fragment_key(request)
        generation_key = GENERATION_KEY + tournament_id
        frame_key = FRAME_KEY + tournament_id
        shape = _shape(request, api)
        values = cache.get_many([generation_key, frame_key, key])
        # None: no generation (or frame) yet (made when an answer is kept, not by a request).
        generation = values.get(generation_key)
        frame = values.get(frame_key)
        kept = values.get(key)
        request._live_fast = (key, generation_key, generation, kept, shape, frame_key, frame)  # type: ignore[attr-defined]
        if not (isinstance(kept, tuple) and len(kept) == 5 and _current(kept, generation, frame)):
            return None
        last_modified = last_modified_of(kept[2])
        headers: dict[str, tuple[str, str]] | None
        if etag_matches(request, kept[1]):
            headers = _HEADERS_KEPT.get(shape)
            if headers is None:
                return None
            answer: HttpResponse = HttpResponseNotModified()
        else:
            headers = _HEADERS_KEPT_200.get(shape)
            # The API's answers are not stored (each is made by the view); a date to compare
            # without an ETag (If-Modified-Since) is the view's to judge.
            meta = request.META
            if (
                headers is None
                or api
                or ("HTTP_IF_MODIFIED_SINCE" in meta and "HTTP_IF_NONE_MATCH" not in meta)
            ):
                return None
            stored = cache.get(ANSWER_KEY + kept[1][1:-1])
            if not (isinstance(stored, tuple) and len(stored) == 2):
                return None
            answer = HttpResponse(stored[0], content_type=stored[1])
        # As Django's ResponseHeaders checked and stored them (its `_store`: lower-case name
        # -> (name, value)) in the view's answer: copied at once rather than checked again
        # one by one (a fifth of the fast path's CPU).
        answer.headers._store.update(headers)
        if answer.status_code == 200:
            answer["Content-Length"] = str(len(answer.content))
        answer["ETag"] = kept[1]
        if last_modified is not None:
            answer["Last-Modified"] = http_date(last_modified)
        return answer

    def _view_answer(self, request: HttpRequest) -> HttpResponse | None:
        """The fragment's view called here, when the kept answer was not current: an
        anonymous visitor's render needs none of the rest of the stack (a quarter of such a
        poll's CPU, bench/hotpath.py), whose decisions `_answer` made with its own steps.

        Only once the stack has answered this request's shape itself, 200 and 304 (its
        headers are kept, `_keep`): the view's answer gets them, so every security header,
        Vary and Content-Language is the stack's. The visitor is anonymous (no session
        cookie, no credentials: `_answer`), as AuthenticationMiddleware would find.
        Anything else (another answer, an error) and the stack answers from the start."""
        kept = request.__dict__.get("_live_fast")
        if kept is None:
            return None
        headers_200 = _HEADERS_KEPT_200.get(kept[4])
        headers_304 = _HEADERS_KEPT.get(kept[4])
        if headers_200 is None or headers_304 is None:
            return None
        try:
            match = resolve(request.path_info)
            if match.url_name not in FRAGMENT_VIEWS:
                return None
            # What the stack's middlewares would have set for this visitor.
            request.resolver_match = match
            request.user = AnonymousUser()
            request.htmx = HtmxDetails(request)  # type: ignore[attr-defined]
            response = match.func(request, *match.args, **match.kwargs)
        except Exception:
            # A tournament not shown to the public (404), a failure: the stack's to answer.
            log.debug("live: the fragment's view was left to the stack", exc_info=True)
            return None
        if not getattr(response, "live_keep", False):
            return None
        if type(response) is HttpResponse and response.status_code == 200:
            response.headers._store.update(headers_200)
            response["Content-Length"] = str(len(response.content))
        elif type(response) is HttpResponseNotModified:
            response.headers._store.update(headers_304)
        else:
            return None
        return response

    def _keep(
        self, kept: tuple[Any, ...], response: HttpResponse, *, by_stack: bool
    ) -> list[tuple[str, Any, int]]:
        """What keeps the view's ETag under the generation and frame read before the view
        (see the module's docstring): the cache's write, for the caller to make; and, of an
        answer the whole stack gave (`by_stack`), a 304's or 200's headers for its shape.
        Without a generation (or frame) then, one is made now only if none came meanwhile:
        one that came was made by a change the view may not have seen."""
        key, generation_key, generation, before, shape, frame_key, frame = kept
        etag = response.get("ETag")
        seen = getattr(response, "live_seen", None)
        scope = getattr(response, "live_scope", SCOPE_TABLES)
        if response.status_code not in (200, 304) or not etag:
            return []
        if by_stack and not response.cookies:
            not_modified = response.status_code == 304
            headers = _HEADERS_KEPT if not_modified else _HEADERS_KEPT_200
            per_answer = _PER_ANSWER if not_modified else _PER_ANSWER_200
            if len(headers) >= _HEADER_SHAPES_MAX:
                headers.clear()
            headers[shape] = {
                k: v for k, v in response.headers._store.items() if k not in per_answer
            }
        if generation is not None and before == (generation, etag, seen, frame, scope):
            return []
        # Kept no longer than the view keeps the version's first sight (its Last-Modified).
        seconds = int(getattr(settings, "LIVE_CACHE_SECONDS", 60))
        if isinstance(seen, int | float):
            seconds = min(seconds, int(seen + seconds * 10 - time.time()) - 1)
        if seconds <= 0:
            return []
        try:
            if generation is None:
                made = uuid.uuid4().hex
                if not cache.add(generation_key, made, GENERATION_SECONDS):
                    return []
                generation = made
            if frame is None:
                made = uuid.uuid4().hex
                # One that came meanwhile: kept without (current while the generation is).
                frame = made if cache.add(frame_key, made, GENERATION_SECONDS) else None
        except Exception:
            log.debug("live: a fragment's ETag was not kept", exc_info=True)
            return []
        return [(key, (generation, etag, seen, frame, scope), seconds)]
