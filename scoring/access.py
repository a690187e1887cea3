"""Who may do what to a match, asked through one function the owner of competitions gives.

The scoring app knows matches and deals, not tournaments, rounds or roles: those live in
`tournaments`, a higher app. At start-up the tournaments app gives this module its policy
(`access_policy_set`, from `TournamentsConfig.ready`); the deal services, selectors, views
and API ask `allowed(user, action, match)` and never import the tournament side.

Without a policy (the scoring app on its own) only staff may see or change a match.

Besides what a user may do, the policy answers two questions about the match itself (the user
is ignored): `settled`, whether its round is closed (a change is then the organiser's act,
`amend`, with a reason, announced by `signals.match_amended`), and `time_up`, whether its
round's clock has run out (a scorer closes a table only then).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, get_args

if TYPE_CHECKING:
    from .models import Match

Action = Literal[
    "view",
    "enter",
    "correct",
    "confirm",
    "dispute",
    "history",
    "table_scorer",
    "usernames",
    "close_any_time",
    "reopen",
    "amend",
    "settled",
    "time_up",
]
ACTIONS: tuple[Action, ...] = get_args(Action)
# Questions about the match, not about a user.
_MATCH_FACTS = ("table_scorer", "settled", "time_up")

Policy = Callable[[Any, Action, "Match"], bool]


def _staff_only(user: Any, action: Action, match: Match) -> bool:
    if action in _MATCH_FACTS:
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


def can_dispute_deal(user: Any, match: Match) -> bool:
    """Dispute a deal waiting for confirmation, which calls the tournament's referees: a
    player seated at the match (the one who entered the deal excepted: scoring.services)."""
    return allowed(user, "dispute", match)


def can_view_history(user: Any, match: Match) -> bool:
    return allowed(user, "history", match)


def can_see_usernames(user: Any, match: Match) -> bool:
    """Whether the match's documents may name accounts (its scorer, who changed a deal) to
    `user`: the public sees no username (issue 17, item 9)."""
    return allowed(user, "usernames", match)


def can_close_any_time(user: Any, match: Match) -> bool:
    """Close the table on time whatever the round's clock says (the people who run the
    evening); a scorer closes only once `round_time_is_up`."""
    return allowed(user, "close_any_time", match)


def can_reopen(user: Any, match: Match) -> bool:
    """Open again a table closed on time (the referee, the organiser), with a reason."""
    return allowed(user, "reopen", match)


def can_amend(user: Any, match: Match) -> bool:
    """Change a match of a closed round (the organiser), with a reason."""
    return allowed(user, "amend", match)


def match_is_settled(match: Match) -> bool:
    """The match's round is closed: any change needs `can_amend` and a reason."""
    return allowed(None, "settled", match)


def round_time_is_up(match: Match) -> bool:
    """The clock of the match's round has run out (never, without a clock)."""
    return allowed(None, "time_up", match)
