"""The violations a referee rules on a Preferans deal [нарушения преферанса]: the renonce
[ренонс], with how many times it was made (the rules model's §7; Kodex 29–33, 54, 65). Each
renonce is its own penalty: the declarer's moves the trick to the defender and the declarer
writes the defenders' shortfall; a defender's makes the game count as made and the violator
writes a remise per renonce; on all-pass 10 per renonce into the mountain; on a misère per the
misère's rule. The engine scores it from the deal's `violation: {player, kind, count}`."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee.games.base import ViolationEntry
from referee.games.kinds import ViolationKind

KINDS: tuple[ViolationKind, ...] = (
    ViolationKind(
        "renonce",
        _("Renonce (each one counted)"),
        ("preferans_scoring.violations",),
        counted=True,
    ),
)


def violation_entry(
    *, kind: ViolationKind, player: str, count: int | None, taken_by: str | None
) -> ViolationEntry:
    """`{"player", "kind": "renonce", "count": k}` (k ≥ 1, one when not said)."""
    return {"player": player, "kind": kind.key, "count": count or 1}
