"""Who may do what to a match, asked through one function the owner of competitions gives.

The scoring app knows matches and deals, not tournaments, rounds or roles: those live in
`tournaments`, a higher app. At start-up the tournaments app gives this module its policy
(`access_policy_set`, from `TournamentsConfig.ready`); the deal services, selectors, views
and API ask `allowed(user, action, match)` and never import the tournament side.

Without a policy (the scoring app on its own) only staff may see or change a match.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from .models import Match

Action = Literal["view", "enter", "correct", "confirm", "history", "table_scorer"]
ACTIONS: tuple[Action, ...] = ("view", "enter", "correct", "confirm", "history", "table_scorer")

Policy = Callable[[Any, Action, "Match"], bool]


def _staff_only(user: Any, action: Action, match: Match) -> bool:
    if action == "table_scorer":
        return False
    return bool(user is not None and user.is_authenticated and user.is_staff)


_policy: Policy = _staff_only


def access_policy_set(policy: Policy | None) -> None:
    """Give the scoring app the function that answers who may do what (None: staff only)."""
    global _policy
    _policy = policy or _staff_only


def allowed(user: Any, action: Action, match: Match) -> bool:
    """Whether `user` may do `action` to `match` (`table_scorer`: is the table's scorer)."""
    return _policy(user, action, match)


def can_view_match(user: Any, match: Match) -> bool:
    return allowed(user, "view", match)


def is_table_scorer(user: Any, match: Match) -> bool:
    return allowed(user, "table_scorer", match)


def can_enter_deal(user: Any, match: Match) -> bool:
    return allowed(user, "enter", match)


def can_correct_deal(user: Any, match: Match) -> bool:
    return allowed(user, "correct", match)


def can_confirm_deal(user: Any, match: Match) -> bool:
    return allowed(user, "confirm", match)


def can_view_history(user: Any, match: Match) -> bool:
    return allowed(user, "history", match)
