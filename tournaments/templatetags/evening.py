"""Template tags for the home page: published tournaments, a scorer's tables, a player's
matches and a referee's calls."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.events import selectors

register = template.Library()


@register.inclusion_tag("tournaments/manage/_home_lists.html", takes_context=True)
def evening_lists(context: dict[str, Any]) -> dict[str, Any]:
    request = context.get("request")
    user = getattr(request, "user", None)
    from scoring import games
    from tournaments.clubs import permissions as perms
    from tournaments.federations.selectors import club_invitations, federations_list
    from tournaments.people.selectors import merges_to_answer, roster_requests_to_answer

    return {
        # Each federation with its leaderboard per game, one click away (issue 33).
        "federations": list(federations_list()[:10]),
        "games": games.games_all(),
        # Clubs asking for the person (or their club's players), merges and federations'
        # invitations waiting for their answer.
        "waiting": (
            roster_requests_to_answer(user).count() + merges_to_answer(user).count()
            if user is not None and user.is_authenticated
            else 0
        ),
        "federation_invitations": list(club_invitations(user)) if user is not None else [],
        "tournaments": list(selectors.tournaments_published()[:20]),
        "my_tables": list(selectors.tables_of_scorer(user)) if user is not None else [],
        # A player's own matches with what waits for them, and a referee's calls (issue 35).
        "my_matches": selectors.matches_of_player(user),
        "calls": selectors.disputes_for_staff(user),
        "can_create": perms.can_create_tournament(user),
        # The clubs the person organises: their players and members one click away.
        "clubs_organised": list(perms.clubs_organised(user).order_by("name")[:10])
        if user is not None and user.is_authenticated
        else [],
        "can_manage_lockouts": perms.can_manage_lockouts(user),
        "request": request,
    }


@register.simple_tag(takes_context=True)
def tournament_roles(context: dict[str, Any], tournament: Any) -> dict[str, bool]:
    """The signed-in user's roles in `tournament`, for the links only staff see."""
    from tournaments.clubs import permissions as perms

    request = context.get("request")
    user = getattr(request, "user", None)
    organiser = perms.is_organiser(user, tournament)
    return {"organiser": organiser, "staff": organiser or perms.is_referee(user, tournament)}
