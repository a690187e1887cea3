"""Pages of one person across clubs: a club's players (its own and those of other clubs on
its roll) with the search for a person to ask for, the merge tool with its preview, and the
requests and merges waiting for the signed-in person's answer."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.forms import errors_by_field
from config.ids import id_from_text
from tournaments.clubs import permissions as perms
from tournaments.clubs.models import Club, Player
from tournaments.people import selectors, services
from tournaments.people.models import PlayerMerge, RosterRequest


def _club_managed(request: HttpRequest, club_id: int) -> Club:
    club = get_object_or_404(Club, pk=club_id)
    if not perms.can_manage_club(request.user, club):
        raise PermissionDenied(_("Only the club's organisers manage its players."))
    return club


def _roster_render(
    request: HttpRequest, club: Club, *, errors: dict | None = None, status: int = 200
) -> HttpResponse:
    query = " ".join(request.GET.get("q", "").split())[:80]
    found = selectors.people_search(club=club, user=request.user, query=query) if query else []
    return render(
        request,
        "tournaments/people/roster.html",
        {
            "club": club,
            "rows": selectors.roster_rows(club),
            "requests": list(selectors.roster_requests_of(club)),
            "query": query,
            "found": found[: selectors.SEARCH_LIMIT],
            "more": len(found) > selectors.SEARCH_LIMIT,
            "errors": errors or {},
        },
        status=status,
    )


@login_required
def roster_page(request: HttpRequest, club_id: int) -> HttpResponse:
    return _roster_render(request, _club_managed(request, club_id))


@require_POST
@login_required
def roster_ask(request: HttpRequest, club_id: int) -> HttpResponse:
    club = _club_managed(request, club_id)
    try:
        asked = services.roster_request_create(
            club=club, player=id_from_text(request.POST.get("player")), by=request.user
        )
    except ValidationError as exc:
        return _roster_render(request, club, errors=errors_by_field(exc), status=400)
    if asked.state == RosterRequest.State.ACCEPTED:
        messages.success(request, _("Added to the club's players."))
    else:
        messages.success(
            request,
            _("Asked: the person (or their club's organisers) will see the request and answer."),
        )
    return redirect("tournaments:club_roster", club.pk)


@require_POST
@login_required
def roster_answer(request: HttpRequest, request_id: int) -> HttpResponse:
    asked = get_object_or_404(
        RosterRequest.objects.select_related("club", "player", "player__club"), pk=request_id
    )
    action = request.POST.get("action", "")
    # Who may act is asked before what they asked: a stranger learns nothing from a 400.
    if action == "withdraw":
        if not perms.can_manage_club(request.user, asked.club):
            raise PermissionDenied
    elif not services.roster_request_may_answer(asked, request.user):
        raise PermissionDenied
    try:
        if action == "withdraw":
            services.roster_request_withdraw(request=asked, by=request.user)
            messages.success(request, _("Request withdrawn."))
            return redirect("tournaments:club_roster", asked.club_id)
        if action not in ("accept", "decline"):
            raise ValidationError(
                {"action": ValidationError(_("Accept or decline."), code="invalid_choice")}
            )
        services.roster_request_answer(request=asked, by=request.user, accept=action == "accept")
    except ValidationError as exc:
        return _waiting_render(request, errors=errors_by_field(exc), status=409)
    messages.success(
        request,
        _("You agreed: %(club)s may enter you in its tournaments.") % {"club": asked.club.name}
        if action == "accept"
        else _("Declined."),
    )
    return redirect("tournaments:people_waiting")


def _waiting_render(
    request: HttpRequest, *, errors: dict | None = None, status: int = 200
) -> HttpResponse:
    return render(
        request,
        "tournaments/people/waiting.html",
        {
            "requests": list(selectors.roster_requests_to_answer(request.user)),
            "merges": list(selectors.merges_to_answer(request.user)),
            "errors": errors or {},
        },
        status=status,
    )


@login_required
def people_waiting(request: HttpRequest) -> HttpResponse:
    """What waits for the signed-in person's answer: clubs asking to add them (or a player of
    their club without an account), and merges proposed to their club."""
    return _waiting_render(request)


def _merge_players(
    request: HttpRequest, club: Club, player_id: int
) -> tuple[Player, Player | None]:
    source = get_object_or_404(Player.objects.select_related("club"), pk=player_id, club=club)
    into = id_from_text(request.GET.get("into") or request.POST.get("into"))
    target = None
    if into is not None:
        target = (
            selectors.people_findable(request.user).filter(pk=into).select_related("club").first()
        )
    return source, target


@login_required
def merge_page(request: HttpRequest, club_id: int, player_id: int) -> HttpResponse:
    """The merge tool: a player entered by the club, the person they may be (`?into=`, found
    by name among the people the organiser may see), and the preview of the merge."""
    club = _club_managed(request, club_id)
    source, target = _merge_players(request, club, player_id)
    return _merge_render(request, club, source, target)


def _merge_render(
    request: HttpRequest,
    club: Club,
    source: Player,
    target: Player | None,
    *,
    errors: dict | None = None,
    status: int = 200,
) -> HttpResponse:
    query = " ".join(request.GET.get("q", "").split())[:80] or source.display_name
    candidates = [
        p
        for p in selectors.people_findable(request.user)
        .filter(display_name__icontains=query)
        .exclude(pk=source.pk)
        .select_related("club")
        .order_by("display_name", "pk")[: selectors.SEARCH_LIMIT]
    ]
    return render(
        request,
        "tournaments/people/merge.html",
        {
            "club": club,
            "source": source,
            "target": target,
            "query": query,
            "candidates": candidates,
            "preview": selectors.merge_preview(source=source, target=target) if target else None,
            "errors": errors or {},
        },
        status=status,
    )


@require_POST
@login_required
def merge_propose(request: HttpRequest, club_id: int, player_id: int) -> HttpResponse:
    club = _club_managed(request, club_id)
    source, target = _merge_players(request, club, player_id)
    try:
        merge = services.player_merge_propose(
            club=club, source=source, target=target.pk if target else None, by=request.user
        )
    except ValidationError as exc:
        return _merge_render(request, club, source, target, errors=errors_by_field(exc), status=400)
    if merge.state == PlayerMerge.State.DONE:
        messages.success(
            request,
            _("Merged: %(name)s is one person now; the ratings are being replayed.")
            % {"name": merge.target_name},
        )
        return redirect("tournaments:live_player", merge.target_id)
    messages.success(
        request, _("Proposed: the organisers of the other club will confirm or decline.")
    )
    return redirect("tournaments:club_roster", club.pk)


@require_POST
@login_required
def merge_answer(request: HttpRequest, merge_id: int) -> HttpResponse:
    merge = get_object_or_404(
        PlayerMerge.objects.select_related("target", "target__club"), pk=merge_id
    )
    if not services.player_merge_may_answer(merge, request.user):
        raise PermissionDenied
    action = request.POST.get("action", "")
    if action not in ("accept", "decline"):
        errors = {"action": [_("Accept or decline.")]}
        return _waiting_render(request, errors=errors, status=400)
    try:
        services.player_merge_answer(merge=merge, by=request.user, accept=action == "accept")
    except ValidationError as exc:
        return _waiting_render(request, errors=errors_by_field(exc), status=409)
    messages.success(request, _("Merged.") if action == "accept" else _("Declined."))
    return redirect("tournaments:people_waiting")
