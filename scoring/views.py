"""The scorer's pages: one page per table (phone in portrait, one hand), the correction form,
the confirmation of pending deals and the history of changes.

Views stay thin and the same for every game: the match's game's scorer page (through the
registry, `scoring.games`: `Game.scorer_page`) turns fields into a deal and draws the sheet,
`scoring.services` writes the deal through the game's engine, `scoring.selectors` reads the
match back. With htmx the deal form
swaps only the sheet (`#sheet`); without JavaScript it posts and redirects.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from config.htmx import is_htmx
from config.parsers import body_limited
from config.throttles import deal_write_wait
from scoring import access as perms
from scoring import games, selectors, services

from .errors import localise
from .games.base import ScorerPage
from .models import Match


def _match(request: HttpRequest, match_id: int) -> Match:
    try:
        match = selectors.match_for_read(match_id)
    except Match.DoesNotExist as exc:
        raise Http404 from exc
    if not perms.can_view_match(request.user, match):
        raise Http404
    return match


def scorer_page(match: Match) -> ScorerPage:
    """The match's game's scorer page (scoring.games: `Game.scorer_page`): its templates, its
    deal form, its sheet. The views below are the same for every game."""
    return games.game_get(match.game).scorer_page()


def _engine_errors(
    errors: list[dict[str, Any]], names: list[str], number: int | None, page: ScorerPage
) -> dict[str, list[str]]:
    """Engine errors at their fields, in the user's language; an error of another deal than
    the one on the form (a correction that breaks a later deal) says which deal. `page` is
    the game's scorer page (its fields and messages)."""
    out: dict[str, list[str]] = {}
    for err in errors:
        message = page.error_message(err)
        deal = err.get("deal")
        if number is not None and deal is not None and deal != number:
            key = "__all__"
            message = _("Deal %(deal)s: %(message)s") % {"deal": deal, "message": message}
        else:
            key = page.engine_error_key(err, names)
        out.setdefault(key, []).append(message)
    return out


def _merge(
    local: dict[str, list[str]], engine: list[dict[str, Any]], names: list[str], page: ScorerPage
) -> dict[str, list[str]]:
    """The form's own errors plus the engine's, one message per field: where the form already
    complains (e.g. no trump chosen), the engine's echo of it is left out."""
    merged = {key: list(texts) for key, texts in local.items()}
    for key, texts in _engine_errors(engine, names, None, page).items():
        if key not in local and not (
            key == "declarations" and any(k.startswith("declarations_") for k in local)
        ):
            merged.setdefault(key, []).extend(texts)
    return merged


def _page_context(request: HttpRequest, match: Match) -> dict[str, Any]:
    """What the whole page adds around the game's sheet, outside the part htmx swaps: the
    round's clock (when the organiser set one), whether this user may close the table on
    time, and whether the page tells the organiser how many deals wait in its offline queue
    (only a page that may enter the match's deals: a spectator's has no queue to report)."""
    ends_at = match.round.ends_at if match.round is not None else None
    game = games.game_get(match.game)
    closable = game.closes_on_time(match.ruleset, match.conventions)
    user = request.user
    settled = perms.match_is_settled(match)
    at_table = closable and perms.can_correct_deal(user, match)
    # The referee and the organiser call time; the scorer closes once the round's time is up
    # (services.match_close says the same): before that the button waits hidden, and the
    # page's clock (static/js/site.js) shows it when the countdown reaches zero.
    any_time = settled or perms.can_close_any_time(user, match)
    can_close = at_table and match.status != Match.Status.FINISHED and not match.closed
    return {
        "round_ends_at": ends_at,
        "round_ends_at_iso": ends_at.isoformat() if ends_at else "",
        # A closed round's clock counts down no more: the page says the round is closed.
        "round_closed": settled,
        "closes_on_time": closable,
        "can_close": can_close and (any_time or perms.round_time_is_up(match) or bool(ends_at)),
        "close_waits_for_time": can_close and not any_time and not perms.round_time_is_up(match),
        "can_reopen": at_table and match.closed and (settled or perms.can_reopen(user, match)),
        # A closed round's change, and a reopening, are kept with their reason.
        "close_needs_reason": settled,
        "reports_queue": perms.can_enter_deal(user, match),
    }


def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(request, match_id)
    page = scorer_page(match)
    context = page.sheet_context(request, match)
    context.update(_page_context(request, match))
    return render(request, page.PAGE_TEMPLATE, context)


@require_POST
@body_limited("DEAL_BODY_MAX_BYTES")
def match_close(request: HttpRequest, match_id: int) -> HttpResponse:
    """Time is up: the table plays out the deal in progress, then the scorer closes the match
    (its game then ends it after its last deal). `reopen` undoes a close made by mistake."""
    match = _match(request, match_id)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={match_page_url(match)}")
    wait = deal_write_wait(request)
    if wait is not None:
        return _throttled(
            request, match, scorer_page(match), wait, message=throttled_button_message(wait)
        )
    closed = request.POST.get("reopen") is None
    try:
        services.match_close(match=match, user=request.user, closed=closed, reason=_reason(request))
    except services.DealRejected as exc:
        for err in exc.errors:
            messages.error(request, localise(err, games.game_get(match.game))["message"])
    except PermissionDenied as exc:
        raise Http404 from exc
    else:
        messages.success(
            request, _("The table is closed on time.") if closed else _("The table is open again.")
        )
    return redirect(match_page_url(match))


def _render_sheet(
    request: HttpRequest, context: dict[str, Any], status: int = 200, page: ScorerPage | None = None
) -> HttpResponse:
    page = page or scorer_page(context["match"])
    if is_htmx(request):
        # htmx swaps only successful answers, and only the sheet.
        return render(request, page.SHEET_TEMPLATE, context, status=200)
    context = {**_page_context(request, context["match"]), **context}
    return render(request, page.PAGE_TEMPLATE, context, status=status)


def throttled_message(wait: int) -> str:
    return ngettext(
        "Too many deals sent at once: this one was not saved. Wait %(seconds)d second and "
        "save it again.",
        "Too many deals sent at once: this one was not saved. Wait %(seconds)d seconds and "
        "save it again.",
        wait,
    ) % {"seconds": wait}


def throttled_button_message(wait: int) -> str:
    """The same refusal for the buttons (confirm, withdraw, close): nothing to save again."""
    return ngettext(
        "Too many changes at once: nothing was changed. Wait %(seconds)d second and try again.",
        "Too many changes at once: nothing was changed. Wait %(seconds)d seconds and try again.",
        wait,
    ) % {"seconds": wait}


def _throttled(
    request: HttpRequest,
    match: Match,
    page: ScorerPage,
    wait: int,
    *,
    values: dict[str, Any] | None = None,
    editing: int | None = None,
    message: str | None = None,
) -> HttpResponse:
    """A deal write refused by the per-user deal throttle (config.throttles, shared with the
    API): nothing was written. The form comes back as it was typed with the reason above it,
    429 with Retry-After (the offline queue waits that long and sends the deal again) and the
    error's code on the message (`data-code="throttled"`) for a script that reads it."""
    ctx = page.sheet_context(
        request,
        match,
        values=values,
        errors={"__all__": [message or throttled_message(wait)]},
        editing=editing,
    )
    ctx["error_code"] = "throttled"
    if editing is not None:
        response = render(request, page.EDIT_TEMPLATE, ctx, status=429)
    else:
        response = _render_sheet(request, ctx, 429, page)
    response["Retry-After"] = str(wait)
    return response


@require_POST
@body_limited("DEAL_BODY_MAX_BYTES")
def deal_create(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(request, match_id)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={match_page_url(match)}")
    # Counted before the permission check, as the API's throttle is: a script hammering a
    # table it may not write to counts too. Answered after the parse: the form keeps its values.
    wait = deal_write_wait(request)
    if not perms.can_enter_deal(request.user, match):
        raise PermissionDenied
    names = selectors.seat_names(match)
    page = scorer_page(match)
    form = page.parse_deal(request.POST, names)
    if wait is not None:
        return _throttled(request, match, page, wait, values=form.values)
    if not form.is_valid:
        # Show the engine's verdict on the rest of the deal too: every problem at once.
        checked = services.deal_check(match=match, record=form.record)
        errors = _merge(form.errors, checked, names, page)
        ctx = page.sheet_context(request, match, values=form.values, errors=errors)
        return _render_sheet(request, ctx, 400, page)
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        version = None
    try:
        services.deal_submit(
            match=match,
            record=form.record,
            user=request.user,
            idempotency_key=submission_key(request),
            version=version,
        )
    except services.DealRejected as exc:
        ctx = page.sheet_context(
            request, match, values=form.values, errors=_engine_errors(exc.errors, names, None, page)
        )
        return _render_sheet(request, ctx, 400, page)
    except services.StaleVersion:
        match.refresh_from_db()
        ctx = page.sheet_context(
            request,
            match,
            values=form.values,
            errors={"__all__": [_("Someone entered a deal meanwhile: the sheet was reloaded.")]},
        )
        return _render_sheet(request, ctx, 409, page)
    except services.IdempotencyMismatch:
        ctx = page.sheet_context(
            request,
            match,
            values=form.values,
            errors={"__all__": [_("This submission was already used for another deal.")]},
        )
        return _render_sheet(request, ctx, 422, page)
    if is_htmx(request):
        match.refresh_from_db()
        ctx = page.sheet_context(request, match)
        ctx["saved"] = saved_text(ctx["doc"])
        return render(request, page.SHEET_TEMPLATE, ctx)
    return redirect(match_page_url(match))


def saved_text(doc: dict[str, Any]) -> str:
    """ "Deal 3 saved.": what the sheet swapped in after a save says, and a screen reader with
    it (the page's focus and its figures change without a reload, which says nothing)."""
    numbers = [record["number"] for record in doc.get("records") or []]
    return _("Deal %(number)s saved.") % {"number": max(numbers)} if numbers else ""


def submission_key(request: HttpRequest) -> str | None:
    """The submission's Idempotency-Key: the header (as the API takes it; the offline queue
    sends it) or the form's hidden field. A retry with the same key writes no second deal
    (services.deal_submit keeps the first answer under it)."""
    key = request.headers.get("Idempotency-Key") or request.POST.get("idempotency_key") or ""
    key = key.replace("\x00", "")  # PostgreSQL stores no NUL character
    return key.strip()[:128] or None


def _reason(request: HttpRequest) -> str:
    """The reason typed for a correction or a withdrawal: at most 100 characters, without NUL
    characters (PostgreSQL stores none; a fuzzed form sent one)."""
    return (request.POST.get("reason") or "").replace("\x00", "").strip()[:100]


def match_page_url(match: Match) -> str:
    return reverse("scoring:match", args=[match.pk])


@require_http_methods(["GET", "POST"])
@body_limited("DEAL_BODY_MAX_BYTES")
def deal_edit(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    match = _match(request, match_id)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={request.get_full_path()}")
    if not perms.can_correct_deal(request.user, match):
        raise PermissionDenied
    deal = match.deals.filter(number=number).first()
    if deal is None:
        raise Http404
    names = selectors.seat_names(match)
    page = scorer_page(match)
    if request.method == "GET":
        values = page.values_from_record(deal.record, names)
        ctx = page.sheet_context(request, match, values=values, editing=number)
        ctx["reason_required"] = perms.match_is_settled(match)
        return render(request, page.EDIT_TEMPLATE, ctx)
    form = page.parse_deal(request.POST, names)
    wait = deal_write_wait(request)
    if wait is not None:
        values = {**form.values, "reason": _reason(request)}
        return _throttled(request, match, page, wait, values=values, editing=number)
    errors = dict(form.errors)
    if not form.is_valid:
        checked = services.deal_check(match=match, record=form.record, number=number)
        errors = _merge(errors, checked, names, page)
    reason = _reason(request)
    if form.is_valid:
        try:
            services.deal_correct(
                match=match, number=number, record=form.record, user=request.user, reason=reason
            )
        except services.DealRejected as exc:
            errors = _engine_errors(exc.errors, names, number, page)
        else:
            messages.success(request, _("Deal %(number)s corrected.") % {"number": number})
            return redirect(match_page_url(match))
    ctx = page.sheet_context(request, match, values=form.values, errors=errors, editing=number)
    ctx["reason_required"] = perms.match_is_settled(match)
    return render(request, page.EDIT_TEMPLATE, ctx, status=400)


@require_POST
@body_limited("DEAL_BODY_MAX_BYTES")
def deal_confirm(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    match = _match(request, match_id)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={match_page_url(match)}")
    wait = deal_write_wait(request)
    if wait is not None:
        return _throttled(
            request, match, scorer_page(match), wait, message=throttled_button_message(wait)
        )
    try:
        services.deal_confirm(match=match, number=number, user=request.user)
    except services.DealNotFound as exc:
        raise Http404 from exc
    except services.DealRejected as exc:
        for err in exc.errors:
            messages.error(request, localise(err, games.game_get(match.game))["message"])
    else:
        messages.success(request, _("Deal %(number)s confirmed.") % {"number": number})
    return redirect(match_page_url(match))


@require_POST
@body_limited("DEAL_BODY_MAX_BYTES")
def deal_dispute(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    """A player disputes a deal waiting for their confirmation: the referee is called (the
    deal still does not count)."""
    match = _match(request, match_id)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={match_page_url(match)}")
    wait = deal_write_wait(request)
    if wait is not None:
        return _throttled(
            request, match, scorer_page(match), wait, message=throttled_button_message(wait)
        )
    try:
        services.deal_dispute(
            match=match, number=number, user=request.user, reason=_reason(request)
        )
    except services.DealNotFound as exc:
        raise Http404 from exc
    except services.DealRejected as exc:
        for err in exc.errors:
            messages.error(request, localise(err, games.game_get(match.game))["message"])
    else:
        messages.success(
            request,
            _("Deal %(number)s is disputed: the referee is called to the table.")
            % {"number": number},
        )
    return redirect(match_page_url(match))


@require_POST
@body_limited("DEAL_BODY_MAX_BYTES")
def deal_withdraw(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(request, match_id)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={match_page_url(match)}")
    wait = deal_write_wait(request)
    if wait is not None:
        return _throttled(
            request, match, scorer_page(match), wait, message=throttled_button_message(wait)
        )
    try:
        services.deal_withdraw(match=match, user=request.user, reason=_reason(request))
    except services.DealNotFound as exc:
        raise Http404 from exc
    except services.DealRejected as exc:
        for err in exc.errors:
            messages.error(request, localise(err, games.game_get(match.game))["message"])
    else:
        messages.success(request, _("The last deal was withdrawn."))
    return redirect(match_page_url(match))


def match_history(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(request, match_id)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={request.get_full_path()}")
    if not perms.can_view_history(request.user, match):
        raise PermissionDenied
    names = selectors.seat_names(match)
    page = scorer_page(match)
    entries = []
    for item in selectors.deal_history(
        match, users_shown=perms.can_see_usernames(request.user, match)
    ):
        confirmed = item["action"] == "changed" and item["reason"] == services.CONFIRMED
        # The codes kept as reasons by default say what the entry's words say already, in
        # the reader's language: a confirmation, a withdrawal without a typed reason.
        coded = confirmed or (item["action"] == "deleted" and item["reason"] == "withdrawn")
        entries.append(
            {
                **item,
                "action": "confirmed" if confirmed else item["action"],
                "reason": "" if coded else item["reason"],
                "when": datetime.fromisoformat(item["at"]),
                "summary": page.deal_summary(item["record"], names),
            }
        )
    for dispute in selectors.match_disputes(match):
        entries.append(
            {
                "number": dispute.deal_number,
                "action": "disputed",
                "player": dispute.player_name,
                "reason": dispute.reason,
                "dispute": dispute,
                "when": dispute.created_at,
                "summary": "",
            }
        )
    entries.sort(key=lambda entry: entry["when"])
    entries.reverse()  # newest first: what the referee looks for
    return render(
        request,
        "scoring/history.html",
        {"match": match, "names": names, "entries": entries},
    )


def match_scoresheet_download(request: HttpRequest, match_id: int) -> HttpResponse:
    """The match as a scoresheet file in its game's format (`Game.record_format`), for the
    archive or another program."""
    match = _match(request, match_id)
    response = HttpResponse(
        selectors.dumps(selectors.match_scoresheet(match)),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}.json"'
    return response


def service_worker(request: HttpRequest) -> HttpResponse:
    """The scorer pages' service worker (scoring/templates/scoring/sw.js): served from
    /matches/sw.js, so that its scope is /matches/ (the scorer pages and nothing else of the
    site). It keeps each scorer page and the static files it uses for when the club's Wi-Fi
    drops. Always revalidated, so that a new release reaches the phones."""
    response = render(
        request,
        "scoring/sw.js",
        {
            "page_pattern": "^" + reverse("scoring:match", args=[0]).replace("/0/", r"/\d+/") + "$",
            "offline_text": _(
                "This page was not kept on this phone: it opens again when the connection is back."
            ),
        },
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"
    return response
