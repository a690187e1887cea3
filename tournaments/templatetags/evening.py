"""Template tags for the home page: published tournaments and a scorer's tables."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments import selectors

register = template.Library()


@register.inclusion_tag("tournaments/manage/_home_lists.html", takes_context=True)
def evening_lists(context: dict[str, Any]) -> dict[str, Any]:
    request = context.get("request")
    user = getattr(request, "user", None)
    from tournaments import permissions as perms

    return {
        "tournaments": list(selectors.tournaments_published()[:20]),
        "my_tables": list(selectors.tables_of_scorer(user)) if user is not None else [],
        "can_create": perms.can_create_tournament(user),
        "request": request,
    }
