"""Public live pages: the tournament, its standings, a round's tables with live scores, the big
screen for a projector, a player's page, the club leaderboard; and the organiser's round page
(pair the next round, swap players or tables before the round starts).

The live parts refresh themselves with htmx polling: the same view answers an htmx request
with only the fragment (`request.htmx`), so a phone reloads a few rows, not the page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.htmx import HtmxHttpRequest
from config.ids import id_from_text, is_id
from scoring.models import Match
from tournaments.clubs import permissions as perms
from tournaments.clubs.models import Player
from tournaments.events.models import Round, Tournament
from tournaments.events.selectors import next_round_stage, stage_summary, standings_notes
from tournaments.federations.models import Federation
from tournaments.live.cache import live_answer, live_roster_of, live_version_of
from tournaments.live.html import table_card_html, table_cards_kept
from tournaments.live.leaderboard import (
    leaderboard_clubs,
    leaderboard_game,
    leaderboard_games,
    leaderboard_rows,
    leaderboard_scope,
    player_clubs,
    player_record,
    player_tournaments,
    player_visible,
)
from tournaments.live.selectors import (
    base_columns,
    current_round,
    round_bye_groups,
    round_frame,
    round_tables,
    round_tables_shown,
    standings_rows,
    tiebreak_columns,
    tournament_for_live,
)
from tournaments.pairing.manager import PairingError, pairing_warnings, round_pair, round_swap
from tournaments.people.selectors import merge_moved_to
from tournaments.standings.match_score_text import points_counted
from tournaments.standings.models import StandingRow
from tournaments.standings.services import TIEBREAKS, final_table_points, tournament_game
from tournaments.standings.teams import (
    has_teams,
    team_names_by_player,
    team_standings_rows,
    with_team_names,
)

STANDINGS_PAGE = 100
POLL_SECONDS = 5
OVERVIEW_TABLES = 24
ROUND_PAGE_TABLES = 100
# The big screen's pairs or teams: as many as a projector shows beside the tables.
BIGSCREEN_TEAMS = 12
# The top of the standings is named by the tournament's version: kept a minute at most.
TOP_OF_STANDINGS_SECONDS = 60


def _tournament(request: HttpRequest, tournament_id: int) -> Tournament:
    # With its club and live counter, in one prepared statement (the ORM's select_related
    # cost a third of a live poll's CPU).
    tournament = tournament_for_live(tournament_id)
    if tournament is None or not perms.can_view_tournament(request.user, tournament):
        raise Http404
    return tournament


def _link_maker(name: str) -> Callable[[int], str]:
    """`reverse(name, args=[pk])` for many pks at the cost of one reverse (a hot fragment
    links every seat and row), itself kept for the URLconf and the script's prefix."""
    shape = (name, get_script_prefix(), get_urlconf())
    parts = _LINK_PARTS.get(shape)
    if parts is None:
        marker = "987654321"
        parts = _LINK_PARTS[shape] = tuple(reverse(name, args=[int(marker)]).rsplit(marker, 1))
    head, tail = parts
    return lambda pk: f"{head}{int(pk)}{tail}"


# The two halves of each link around its pk (`_link_maker`).
_LINK_PARTS: dict[tuple[Any, ...], tuple[str, ...]] = {}


def _with_links(tables: Sequence[dict[str, Any]] = (), rows: Sequence[dict[str, Any]] = ()) -> None:
    """The links and labels the live fragments show, made once per fragment in Python
    rather than per row by template tags (a round's page has 100 tables)."""
    player = _link_maker("tournaments:live_player")
    match = _link_maker("scoring:match")
    for table in tables:
        table["url"] = match(table["match_id"])
        table["label"] = _("Table %(n)s") % {"n": table["number"]}
        table["deals_label"] = ngettext("%(n)s deal", "%(n)s deals", table["deals"]) % {
            "n": table["deals"]
        }
        if table.get("pending"):
            # The deal after the counted ones waits for an opponent's confirmation.
            table["pending_label"] = _("deal %(n)s awaits confirmation") % {"n": table["deals"] + 1}
        if table["next_dealer"]:
            table["next_label"] = _("%(name)s deals next") % {"name": table["next_dealer"]}
        if table["hanging"]:
            table["hanging_label"] = _("hanging %(n)s") % {"n": table["hanging"]}
        for seat in table["players"]:
            seat["url"] = player(seat["id"])
            # Whole numbers need no localizing (the template's costliest step per value).
            if isinstance(seat["total"], int):
                seat["total"] = str(seat["total"])
    for row in rows:
        row["url"] = player(row["player_id"])


def _table_cards(
    tournament: Tournament, round_: Round, shown: Sequence[tuple[int, int, str]]
) -> list[str]:
    """The shown tables as their rendered cards, each rendered once per version of its match
    (and of the tournament's roster: a renamed player, a swap; not its standings) and
    language, then kept in this process (`live.html.table_cards_kept`) for every page and
    visitor showing it: between two polls most tables have not changed."""
    stamp = (get_language(), live_roster_of(tournament))
    keys = {
        match_id: "live:card:" + ":".join(map(str, (*stamp, match_id, version)))
        for match_id, version, _status in shown
    }
    cards = table_cards_kept.get_many(keys.values())
    missing = [item for item in shown if keys[item[0]] not in cards]
    if missing:
        tables = round_tables(round_, shown=missing)
        _with_links(tables)
        # Pairs or teams: each seat names its player's (a rename bumps the roster, so the
        # kept cards are made again).
        teams = team_names_by_player(tournament)
        if teams:
            for table in tables:
                for seat in table["players"]:
                    seat["team"] = teams.get(seat["id"])
        fresh = {keys[table["match_id"]]: str(table_card_html(table)) for table in tables}
        table_cards_kept.set_many(fresh)
        cards.update(fresh)
    # Each card is table_card_html's output, every value escaped as it was made (marked safe
    # once all together: `_cards_html`).
    return [
        cards[keys[match_id]] for match_id, _version, _status in shown if keys[match_id] in cards
    ]


def _cards_html(cards: Sequence[str]) -> SafeString:
    """The cards (`_table_cards`) one after the other as `_tables.html` set them out one by
    one (its loop cost a hundred variable lookups a round's poll)."""
    if not cards:
        return SafeString("")
    # Safe: table cards, every value escaped as each was made (table_card_html).
    return SafeString("\n  " + "".join(["\n  " + card + "\n  " for card in cards]))


def _top_of_standings(
    tournament: Tournament, *, limit: int, columns: Sequence[dict[str, Any]]
) -> str:
    """The top of the standings as the overview and the big screen show it, rendered once per
    version of the tournament (a standings refresh bumps it) and language, then shared: a
    deal changes a table card, not the standings, so most polls after a change reuse it."""
    key = "live:top:" + ":".join(
        map(str, (get_language(), live_version_of(tournament), tournament.pk, limit, len(columns)))
    )
    html = cache.get(key)
    if html is None:
        top = standings_rows(tournament, limit=limit)
        names = [c["name"] for c in columns]
        for row in top:
            row["tiebreaks"] = {name: row["tiebreaks"].get(name) for name in names}
        _with_links(rows=top)
        with_team_names(tournament, top)  # pairs or teams: each player's beside the name
        html = render_to_string(
            "tournaments/live/_standings_table.html",
            {"rows": top, "columns": columns, "base": base_columns()},
        )
        cache.set(key, html, TOP_OF_STANDINGS_SECONDS)
    # Safe: our own template's output, escaped when it was rendered.
    return mark_safe(html)


def _top_of_teams(tournament: Tournament, *, limit: int) -> str:
    """The top of the pairs' or teams' standings as the big screen shows them ("" in a
    tournament of players), rendered once per version of the tournament and language, as
    `_top_of_standings`."""
    if not has_teams(tournament):
        return ""
    key = "live:teams:" + ":".join(
        map(str, (get_language(), live_version_of(tournament), tournament.pk, limit))
    )
    html = cache.get(key)
    if html is None:
        rows = team_standings_rows(tournament)
        html = render_to_string(
            "tournaments/live/_bigscreen_teams.html",
            {
                "team_rows": rows[:limit],
                "more": max(0, len(rows) - limit),
                "pairs": tournament.entrants == Tournament.Entrants.PAIRS,
            },
        )
        cache.set(key, html, TOP_OF_STANDINGS_SECONDS)
    # Safe: our own template's output, escaped when it was rendered.
    return mark_safe(html)


def _standings_context(request: HttpRequest, tournament: Tournament, per_page: int) -> dict:
    total = StandingRow.objects.filter(tournament=tournament).count()
    paginator = Paginator(range(total), per_page)
    page = paginator.get_page(request.GET.get("page"))
    offset = (page.number - 1) * per_page
    rows = standings_rows(tournament, offset=offset, limit=per_page)
    _with_links(rows=rows)
    with_team_names(tournament, rows)  # pairs or teams: each player's beside the name
    stage = stage_summary(tournament)
    # A final table made: each finalist's own points at the final, in a column of its own
    # (they order the top of the table), as the reports print them (issue 35, item 10).
    final = final_table_points(tournament) if stage and stage.get("made") else {}
    for row in rows:
        points = final.get(row["player_id"])
        # Whole points shown whole, as the match points are (standings.models.PointsField).
        if points is not None and float(points).is_integer():
            points = int(points)
        row["final_points"] = points
    return {
        "rows": rows,
        "final_column": bool(final),
        # Pairs or teams: their standings above the individual ones (the first page).
        "team_rows": team_standings_rows(tournament) if page.number == 1 else [],
        "pairs": tournament.entrants == Tournament.Entrants.PAIRS,
        "columns": tiebreak_columns(tournament),
        "base": base_columns(),
        "page": page,
        "total": total,
        # Stages: the final or continuing group heads the table, the qualification beside.
        "stage": stage,
    }


# The highest page number a round's page reads at once (a larger one is past the last page).
_PAGE_ASKED_MAX = 10**6


def _page_asked(value: str | None) -> int:
    """The page a visitor asks for, as `Paginator.get_page` reads it when it exists: 1 when
    it is not a whole number above 0."""
    try:
        number = int(value) if value is not None else 1
    except ValueError:
        return 1
    return number if 0 < number <= _PAGE_ASKED_MAX else 1


def _overview_version(tournament: Tournament, round_: Round | None, shown: Sequence) -> tuple:
    return (live_version_of(tournament), round_.pk if round_ else None, tuple(shown))


def tournament_live(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    # The overview shows the tables still in play first; the round page has them all.
    frame = round_frame(tournament, limit=OVERVIEW_TABLES, in_play_first=True)
    round_ = frame.round if frame else None
    shown = frame.shown if frame else []
    fragment = bool(request.htmx)

    def answer(extra: dict[str, Any]) -> HttpResponse:
        tables = _table_cards(tournament, round_, shown) if round_ else []
        columns = tiebreak_columns(tournament)
        context: dict[str, Any] = {
            "tournament": tournament,
            "round": round_,
            "tables": tables,
            "tables_html": _cards_html(tables),
            "more_tables": max(0, frame.tables - len(tables)) if frame else 0,
            "top_html": _top_of_standings(tournament, limit=10, columns=columns),
            "columns": columns,
            "base": base_columns(),
            "poll": POLL_SECONDS,
            **extra,
        }
        if fragment:
            return render(request, "tournaments/live/_tournament_live.html", context)
        context["rounds"] = list(tournament.round_set.order_by("number").values("number", "status"))
        context["is_organiser"] = perms.is_organiser(request.user, tournament)
        return render(request, "tournaments/live/tournament.html", context)

    return live_answer(
        request,
        version=_overview_version(tournament, round_, shown),
        render=answer,
        fragment=fragment,
    )


def standings_page(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    fragment = bool(request.htmx)

    def answer(extra: dict[str, Any]) -> HttpResponse:
        context = {
            "tournament": tournament,
            "round": None if fragment else current_round(tournament),
            # What was changed after a round closed, and why (the rounds' history).
            "notes": []
            if fragment
            else standings_notes(
                tournament, users_shown=perms.is_staff_of(request.user, tournament)
            ),
            "poll": POLL_SECONDS,
            "points_counted": [] if fragment else points_counted(tournament),
            "tiebreak_help": [
                (name, TIEBREAKS[name])
                for name in tournament_game(tournament).tiebreaks
                if name in TIEBREAKS
            ],
            **_standings_context(request, tournament, STANDINGS_PAGE),
            **extra,
        }
        if fragment:
            return render(request, "tournaments/live/_standings.html", context)
        return render(request, "tournaments/live/standings.html", context)

    return live_answer(
        request,
        version=(live_version_of(tournament),),
        render=answer,
        fragment=fragment,
        frame_only=True,
    )


def round_page(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    query = request.GET.get("q", "").strip()[:80]
    # The page asked for, read with the round (its count, its tables, its byes) in one
    # statement; another page (one past the last, not a number) is read again below.
    asked = _page_asked(request.GET.get("page"))
    frame = round_frame(
        tournament,
        number=number,
        limit=0 if query else ROUND_PAGE_TABLES,
        offset=(asked - 1) * ROUND_PAGE_TABLES,
    )
    if frame is None:
        raise Http404
    # Through the tournament's rounds: the round knows its tournament (no second read of it
    # when the tables are rendered).
    round_ = frame.round
    paginator = Paginator(range(frame.tables), ROUND_PAGE_TABLES)
    page = paginator.get_page(request.GET.get("page"))
    if query:
        shown = round_tables_shown(round_, player_name=query)
    elif page.number == asked:
        shown = frame.shown
    else:
        shown = round_tables_shown(
            round_, offset=(page.number - 1) * ROUND_PAGE_TABLES, limit=ROUND_PAGE_TABLES
        )
    fragment = bool(request.htmx)

    def answer(extra: dict[str, Any]) -> HttpResponse:
        tables = _table_cards(tournament, round_, shown)
        context = {
            "tournament": tournament,
            "round": round_,
            "query": query,
            "page": page if not query else None,
            "tables": tables,
            "tables_html": _cards_html(tables),
            "byes": [name for _player_id, name in frame.byes],
            "poll": POLL_SECONDS,
            **extra,
        }
        if fragment:
            return render(request, "tournaments/live/_tables.html", context)
        context["is_organiser"] = perms.is_organiser(request.user, tournament)
        return render(request, "tournaments/live/round.html", context)

    return live_answer(
        request,
        version=(live_version_of(tournament), round_.pk, page.number, tuple(shown)),
        render=answer,
        fragment=fragment,
    )


def bigscreen(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """For a projector: the current round's tables and the top of the standings, large."""
    tournament = _tournament(request, tournament_id)
    # A projector shows the tables still in play first; a big field shows the first 24.
    frame = round_frame(tournament, limit=OVERVIEW_TABLES, in_play_first=True)
    round_ = frame.round if frame else None
    shown = frame.shown if frame else []
    fragment = bool(request.htmx)

    def answer(extra: dict[str, Any]) -> HttpResponse:
        # Across the room only the first two tiebreaks fit.
        columns = tiebreak_columns(tournament)[:2]
        tables = _table_cards(tournament, round_, shown) if round_ else []
        context = {
            "tournament": tournament,
            "round": round_,
            "tables": tables,
            "tables_html": _cards_html(tables),
            "more_tables": max(0, frame.tables - len(tables)) if frame else 0,
            # Pairs or teams: their standings above the players' (issue 35, item 13).
            "teams_html": _top_of_teams(tournament, limit=BIGSCREEN_TEAMS),
            "top_html": _top_of_standings(tournament, limit=16, columns=columns),
            # Who sits out this round: a pair or team once, with its members.
            "byes": round_bye_groups(frame.byes, team_names_by_player(tournament)) if frame else [],
            "columns": columns,
            "base": base_columns(),
            "poll": POLL_SECONDS,
            **extra,
        }
        if fragment:
            return render(request, "tournaments/live/_bigscreen.html", context)
        return render(request, "tournaments/live/bigscreen.html", context)

    return live_answer(
        request,
        version=_overview_version(tournament, round_, shown),
        render=answer,
        fragment=fragment,
    )


def player_page(request: HttpRequest, player_id: int) -> HttpResponse:
    player = Player.objects.select_related("club").filter(pk=player_id).first()
    if player is None:
        # A record merged into another (people.services.player_merge_*): its page is the
        # person's page now.
        merged_into = merge_moved_to(player_id) if is_id(player_id) else None
        if merged_into is None:
            raise Http404
        return redirect("tournaments:live_player", merged_into, permanent=True)
    # Unpublished tournaments stay private: a player seen in none of this visitor's
    # tournaments is nobody, and the record counts only the matches this visitor may see.
    if not player_visible(player, user=request.user):
        raise Http404
    record = player_record(player, user=request.user)
    from tournaments.discipline.services import player_cards

    return render(
        request,
        "tournaments/live/player.html",
        # Discipline: the player's warnings and yellow cards (tournaments.discipline.services).
        {
            "player": player,
            "record": record,
            "cards": player_cards(player, user=request.user),
            # Every club's tournaments of the person (issue 33: one person, many clubs).
            "clubs": player_clubs(player),
            "tournaments": player_tournaments(player, user=request.user),
        },
    )


def leaderboard_page(request: HttpRequest) -> HttpResponse:
    """Players by rating in one game (`?game=`, the default game's when absent or unknown),
    of every club or one (`?club=`): two games' ratings are never ranked together."""
    club_id = id_from_text(request.GET.get("club"))
    game = leaderboard_game(request.GET.get("game"))
    # A federation's leaderboard (`?federation=`): its clubs' tournaments only; an unknown
    # id shows every club's, as an unknown club does.
    federations = list(Federation.objects.order_by("name"))
    federation_id = id_from_text(request.GET.get("federation"))
    federation = next((f for f in federations if f.pk == federation_id), None)
    fed = federation.pk if federation else None
    # What the visitor may see, read once for the rows and the clubs (live.selectors).
    scope = leaderboard_scope(request.user)
    clubs = leaderboard_clubs(request.user, game.key, scope=scope, federation_id=fed)
    club = next((c for c in clubs if c.pk == club_id), None)
    rows = leaderboard_rows(
        club.pk if club else None, user=request.user, game=game.key, scope=scope, federation_id=fed
    )
    _with_links(rows=rows)
    return render(
        request,
        "tournaments/live/leaderboard.html",
        {
            "rows": rows,
            "club": club,
            "clubs": clubs,
            "game": game,
            "games": leaderboard_games(),
            "federation": federation,
            "federations": federations,
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
    _with_links(tables)
    for table in tables:
        table["html"] = table_card_html(table)
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
            # What the next round is when it is the stage's ("Final table: top 4").
            "next_stage": next_round_stage(tournament, (round_.number if round_ else 0) + 1),
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
