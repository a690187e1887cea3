"""What the scoring app announces to the apps above it.

`match_changed` is sent inside the deal-write transaction after a match was re-scored
(`match`, `was_finished`: whether it was finished before the write), except for the quiet
case of a deal that leaves a match in play (see `match_change_is_quiet`): the standings and
ratings of the tournament side listen (`tournaments.events.hooks`, connected at start-up).

`match_amended` is sent, in the same transaction, when a change needed a reason: a match of a
closed round changed by its organiser, or a table closed on time opened again (`match`,
`user`, `kind`: one of AMENDMENTS, `deal`: the deal's number or None, `reason`). The
tournament side keeps it in the round's history and the standings' notes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.dispatch import Signal

if TYPE_CHECKING:
    from .models import Match

match_changed = Signal()
match_amended = Signal()
# Every write of a match's score, quiet ones too (`match`), as soon as it is made: the live
# pages above learn that what they showed of it is old (tournaments.live.fast).
match_written = Signal()

# What a `match_amended` says was done.
AMENDMENTS = ("deal_corrected", "deal_withdrawn", "match_closed", "match_reopened")


def match_change_is_quiet(*, match: Match, was_finished: bool | None) -> bool:
    """Whether a change concerns nobody above: a deal that leaves a match in play changes
    neither standings nor ratings (only finished matches count). The deal write path writes
    such a deal in one statement."""
    return was_finished is False and not (match.result or {}).get("finished")


def match_changed_send(*, match: Match, was_finished: bool | None) -> None:
    """Announce the change unless it is quiet."""
    if match_change_is_quiet(match=match, was_finished=was_finished):
        return
    match_changed.send(sender=type(match), match=match, was_finished=was_finished)


def match_written_send(*, match: Match) -> None:
    """Announce any write of the match's result and version (see `match_written`)."""
    match_written.send(sender=type(match), match=match)


def match_amended_send(
    *, match: Match, user: Any, kind: str, reason: str, deal: int | None = None
) -> None:
    """Announce a change made with a reason (see the module's docstring)."""
    match_amended.send(
        sender=type(match), match=match, user=user, kind=kind, deal=deal, reason=reason
    )
