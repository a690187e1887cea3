"""What the evening's side does when scoring amends a match: the change goes in its round's
history [история тура] (`scoring.signals.match_amended`, connected in
`TournamentsConfig.ready`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scoring.models import Match


def match_amended_received(
    *, match: Match, user: Any, kind: str, reason: str, deal: int | None = None, **_: Any
) -> None:
    """The receiver of `scoring.signals.match_amended`: the change goes in the round's
    history (a match without a round has none)."""
    round_ = match.round if match.round_id is not None else None
    if round_ is None:
        return
    from tournaments.events.services import round_event_record

    round_event_record(round=round_, kind=kind, user=user, reason=reason, match=match, deal=deal)
