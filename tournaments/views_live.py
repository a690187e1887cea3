"""Public live pages: the tournament, its standings, a round's tables with live scores, the big
screen for a projector, a player's page, the club leaderboard; and the organiser's round page
(pair the next round, swap players or tables before the round starts).

The live parts refresh themselves with htmx polling: the same view answers an htmx request
with only the fragment (`request.htmx`), so a phone reloads a few rows, not the page.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.ids import is_id
from scoring.models import Match

from . import permissions as perms
from .models import Player, Round, StandingRow, Tournament
from .pairing.manager import PairingError, pairing_warnings, round_pair, round_swap
from .selectors import standings_notes
from .selectors_live import (
    base_columns,
    current_round,
    leaderboard_clubs,
    leaderboard_rows,
    player_record,
    player_visible,
    rating_chart,
    round_tables,
    standings_rows,
    tiebreak_columns,
)
from .standings import TIEBREAKS, tournament_game

STANDINGS_PAGE = 100
POLL_SECONDS = 5
OVERVIEW_TABLES = 24
ROUND_PAGE_TABLES = 100


def _tournament(request: HttpRequest, tournament_id: int) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=tournament_id)
    if not perms.can_view_tournament(request.user, tournament):
        raise Http404
    return tournament


def _standings_context(request: HttpRequest, tournament: Tournament, per_page: int) -> dict:
    total = StandingRow.objects.filter(tournament=tournament).count()
    paginator = Paginator(range(total), per_page)
    page = paginator.get_page(request.GET.get("page"))
    offset = (page.number - 1) * per_page
    return {
        "rows": standings_rows(tournament, offset=offset, limit=per_page),
        "columns": tiebreak_columns(tournament),
        "base": base_columns(),
        "page": page,
        "total": total,
    }


def tournament_live(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    round_ = current_round(tournament)
    # The overview shows the tables still in play first; the round page has them all.
    tables = round_tables(round_, limit=OVERVIEW_TABLES, in_play_first=True) if round_ else []
    context: dict[str, Any] = {
        "tournament": tournament,
        "round": round_,
        "rounds": list(tournament.round_set.order_by("number").values("number", "status")),
        "tables": tables,
        "more_tables": max(0, round_.tables.count() - len(tables)) if round_ else 0,
        "top": standings_rows(tournament, limit=10),
        "columns": tiebreak_columns(tournament),
        "base": base_columns(),
        "poll": POLL_SECONDS,
        "is_organiser": perms.is_organiser(request.user, tournament),
    }
    if request.htmx:
        return render(request, "tournaments/live/_tournament_live.html", context)
    return render(request, "tournaments/live/tournament.html", context)


def standings_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    context = {
        "tournament": tournament,
        "round": None if request.htmx else current_round(tournament),
        # What was changed after a round closed, and why (the rounds' history).
        "notes": []
        if request.htmx
        else standings_notes(tournament, users_shown=perms.is_staff_of(request.user, tournament)),
        "poll": POLL_SECONDS,
        "tiebreak_help": [
            (name, TIEBREAKS[name])
            for name in tournament_game(tournament).tiebreaks
            if name in TIEBREAKS
        ],
        **_standings_context(request, tournament, STANDINGS_PAGE),
    }
    if request.htmx:
        return render(request, "tournaments/live/_standings.html", context)
    return render(request, "tournaments/live/standings.html", context)


def round_page(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    query = request.GET.get("q", "").strip()[:80]
    total = round_.tables.count()
    paginator = Paginator(range(total), ROUND_PAGE_TABLES)
    page = paginator.get_page(request.GET.get("page"))
    context = {
        "tournament": tournament,
        "round": round_,
        "query": query,
        "page": page if not query else None,
        "tables": round_tables(round_, player_name=query)
        if query
        else round_tables(
            round_, offset=(page.number - 1) * ROUND_PAGE_TABLES, limit=ROUND_PAGE_TABLES
        ),
        "byes": list(round_.byes.values_list("display_name", flat=True)),
        "poll": POLL_SECONDS,
        "is_organiser": perms.is_organiser(request.user, tournament),
    }
    if request.htmx:
        return render(request, "tournaments/live/_tables.html", context)
    return render(request, "tournaments/live/round.html", context)


def bigscreen(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """For a projector: the current round's tables and the top of the standings, large."""
    tournament = _tournament(request, tournament_id)
    round_ = current_round(tournament)
    columns = tiebreak_columns(tournament)[:2]
    top = standings_rows(tournament, limit=16)
    # Across the room only the first two tiebreaks fit.
    for row in top:
        row["tiebreaks"] = {c["name"]: row["tiebreaks"].get(c["name"]) for c in columns}
    # A projector shows the tables still in play first; a big field shows the first 24.
    tables = round_tables(round_, limit=OVERVIEW_TABLES, in_play_first=True) if round_ else []
    context = {
        "tournament": tournament,
        "round": round_,
        "tables": tables,
        "more_tables": max(0, round_.tables.count() - len(tables)) if round_ else 0,
        "top": top,
        "columns": columns,
        "base": base_columns(),
        "poll": POLL_SECONDS,
    }
    if request.htmx:
        return render(request, "tournaments/live/_bigscreen.html", context)
    return render(request, "tournaments/live/bigscreen.html", context)


def player_page(request: HttpRequest, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player.objects.select_related("club"), pk=player_id)
    # Unpublished tournaments stay private: a player seen in none of this visitor's
    # tournaments is nobody, and the record counts only the matches this visitor may see.
    if not player_visible(player, user=request.user):
        raise Http404
    record = player_record(player, user=request.user)
    return render(
        request,
        "tournaments/live/player.html",
        {
            "player": player,
            "record": record,
            "chart": rating_chart(record["rating_history"]),
        },
    )


def leaderboard_page(request: HttpRequest) -> HttpResponse:
    club_id: int | None
    try:
        club_id = int(request.GET["club"]) if request.GET.get("club") else None
    except ValueError:
        club_id = None
    clubs = leaderboard_clubs(request.user)
    club = clubs.filter(pk=club_id).first() if club_id and is_id(club_id) else None
    return render(
        request,
        "tournaments/live/leaderboard.html",
        {
            "rows": leaderboard_rows(club.pk if club else None, user=request.user),
            "club": club,
            "clubs": clubs,
        },
    )


@login_required
def round_manage(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The organiser's pairing page: the latest round, pair the next, swap before it starts."""
    tournament = _tournament(request, tournament_id)
    if not perms.is_organiser(request.user, tournament):
        raise PermissionDenied
    round_ = tournament.round_set.order_by("-number").first()
    tables = round_tables(round_) if round_ else []
    return render(
        request,
        "tournaments/live/manage_round.html",
        {
            "tournament": tournament,
            "round": round_,
            "tables": tables,
            "byes": list(round_.byes.values("pk", "display_name")) if round_ else [],
            "warnings": pairing_warnings(round_) if round_ else [],
            "can_pair": (round_.number if round_ else 0) < tournament.rounds,
            "in_play": bool(
                round_
                and Match.objects.filter(round=round_)
                .exclude(status=Match.Status.FINISHED)
                .exists()
            ),
            "players": sorted(
                [(p["id"], p["name"], t["number"]) for t in tables for p in t["players"]],
                key=lambda x: x[1],
            ),
        },
    )


@login_required
@require_POST
def round_pair_view(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    if not perms.is_organiser(request.user, tournament):
        raise PermissionDenied
    try:
        round_ = round_pair(tournament=tournament)
    except PairingError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Round %(number)d is paired.") % {"number": round_.number})
    return redirect(reverse("tournaments:live_manage", args=[tournament.pk]))


@login_required
@require_POST
def round_swap_view(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    if not perms.is_organiser(request.user, tournament):
        raise PermissionDenied
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    kind = request.POST.get("kind", "players")
    try:
        first, second = int(request.POST["first"]), int(request.POST["second"])
        warnings = round_swap(round_=round_, first=first, second=second, kind=kind)
    except (KeyError, ValueError):
        messages.error(request, _("Choose two players or two tables."))
    except PairingError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Swapped."))
        for warning in warnings:
            messages.warning(request, warning)
    return redirect(reverse("tournaments:live_manage", args=[tournament.pk]))
