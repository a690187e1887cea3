"""The violations a referee rules on a Deberc deal [нарушения деберца]: each is a card byte
for the violator (or the table's `renonce_penalty` for a renonce), except a senior
combination after "how high?", which annuls the asker's combinations, and a senior
combination announced after a junior one, which is not counted (rules §4)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee.games.base import ViolationEntry
from referee.games.kinds import ViolationKind

KINDS: tuple[ViolationKind, ...] = (
    ViolationKind(
        "renonce",
        _("Renonce (wrong card played)"),
        ("play.renonce", "violations.card_byte"),
        takes_trick=True,
    ),
    ViolationKind(
        "false_declaration",
        _("False declaration"),
        ("violations.false_declaration", "violations.card_byte"),
    ),
    ViolationKind(
        "illegal_question",
        _("Illegal “how high?” question"),
        ("violations.illegal_question", "combinations.how_high", "violations.card_byte"),
    ),
    ViolationKind(
        "illegal_swap",
        _("Illegal seven swap"),
        ("violations.illegal_swap", "conventions.seven_swap", "violations.card_byte"),
    ),
    ViolationKind(
        "wrong_card_count",
        _("Wrong number of cards"),
        ("violations.wrong_card_count", "violations.card_byte"),
    ),
    # Not a byte: the asker's terz/fifty/hundred are annulled and the deal is scored from its
    # figures (rules §4, "how high?").
    ViolationKind(
        "senior_after_question",
        _("Senior combination declared after asking “how high?”"),
        ("combinations.how_high", "violations.illegal_question"),
    ),
    # Not a byte: a senior combination announced after a junior one is not counted; the deal
    # is scored from its figures without it (rules §4, seed 000 l.30, l.32).
    ViolationKind(
        "late_senior",
        _("Senior combination announced after a junior one"),
        ("combinations.how_high",),
        names_combination=True,
    ),
)


def violation_entry(
    *, kind: ViolationKind, player: str, count: int | None, taken_by: str | None
) -> ViolationEntry:
    """`{"player", "kind"}`; a renonce where it costs a trick (`renonce_penalty: take_trick`,
    rules §6) also names the opponent who took it (the deal's figures are after the move)."""
    entry: ViolationEntry = {"player": player, "kind": kind.key}
    if taken_by and kind.takes_trick:
        entry["taken_by"] = taken_by
    return entry
