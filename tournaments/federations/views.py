"""Pages of federations: the list, a federation's page (its clubs, their tournaments, its
leaderboards per game; for its organisers the clubs to invite and the rating replay; for a
club's organisers the invitation to answer)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.forms import errors_by_field
from config.ids import id_from_text
from scoring import games
from tournaments.clubs import permissions as perms
from tournaments.clubs.models import Club
from tournaments.federations import selectors, services
from tournaments.federations.models import Federation
from tournaments.standings.ratings import replay_progress

TOURNAMENTS_PER_PAGE = 30


def federations_page(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "tournaments/federations/list.html",
        {"federations": list(selectors.federations_list()), "games": games.games_all()},
    )


def _page(
    request: HttpRequest,
    federation: Federation,
    *,
    errors: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    organiser = selectors.is_federation_organiser(request.user, federation)
    invitations = [
        link
        for link in selectors.club_invitations(request.user)
        if link.federation_id == federation.pk
    ]
    page = Paginator(
        selectors.federation_tournaments(federation, request.user), TOURNAMENTS_PER_PAGE
    )
    tournaments = page.get_page(request.GET.get("page"))
    clubs = list(selectors.federation_clubs(federation))
    # The clubs the reader organises, in one query (not one a club: 120 clubs, 120 queries).
    organised = set(perms.clubs_organised(request.user).values_list("pk", flat=True))
    return render(
        request,
        "tournaments/federations/page.html",
        {
            "federation": federation,
            "clubs": clubs,
            "managed": {c.pk for c in clubs if c.pk in organised},
            "tournaments": tournaments,
            "games": games.games_all(),
            "organiser": organiser,
            "invited": list(selectors.federation_invited(federation)) if organiser else [],
            "to_invite": list(selectors.clubs_to_invite(federation)) if organiser else [],
            "invitations": invitations,
            "replay": replay_progress() if organiser else None,
            "errors": errors or {},
        },
        status=status,
    )


def federation_page(request: HttpRequest, federation_id: int) -> HttpResponse:
    return _page(request, get_object_or_404(Federation, pk=federation_id))


def _club_posted(request: HttpRequest) -> Club | None:
    club_id = id_from_text(request.POST.get("club"))
    return Club.objects.filter(pk=club_id).first() if club_id is not None else None


@require_POST
@login_required
def federation_club_invite(request: HttpRequest, federation_id: int) -> HttpResponse:
    federation = get_object_or_404(Federation, pk=federation_id)
    try:
        services.federation_club_invite(
            federation=federation, club=_club_posted(request), by=request.user
        )
    except ValidationError as exc:
        return _page(request, federation, errors=errors_by_field(exc), status=400)
    messages.success(request, _("Invited: the club is in once its organiser accepts."))
    return redirect("tournaments:federation", federation.pk)


@require_POST
@login_required
def federation_club_answer(request: HttpRequest, federation_id: int, club_id: int) -> HttpResponse:
    """A club's organiser joins (`join`) or refuses; a club leaves; a federation organiser
    takes an invitation back (`leave`)."""
    federation = get_object_or_404(Federation, pk=federation_id)
    club = get_object_or_404(Club, pk=club_id)
    try:
        if request.POST.get("action") == "join":
            services.federation_club_join(federation=federation, club=club, by=request.user)
            messages.success(request, _("The club joined the federation."))
        else:
            services.federation_club_leave(federation=federation, club=club, by=request.user)
            messages.success(request, _("The club is no longer in the federation."))
    except ValidationError as exc:
        return _page(request, federation, errors=errors_by_field(exc), status=409)
    return redirect("tournaments:federation", federation.pk)


@require_POST
@login_required
def federation_replay(request: HttpRequest, federation_id: int) -> HttpResponse:
    federation = get_object_or_404(Federation, pk=federation_id)
    services.federation_ratings_replay(federation=federation, by=request.user)
    messages.success(request, _("The ratings are being replayed: the progress shows below."))
    return redirect("tournaments:federation", federation.pk)
