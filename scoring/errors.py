"""The engine's errors in the user's language.

The engine speaks English (`message`) and gives a stable `code`; the pages and the API show a
message built here per code, in the active language, keeping the engine's English text when
the language is English (it carries the figures, e.g. "card points add up to 150, not 152").
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

MESSAGES: dict[str, Any] = {
    "unknown_player": _("This name is not a player at the table."),
    "bad_card": _("A card is written wrongly (e.g. 10H, QS, AD)."),
    "bad_combination": _("A declaration is written wrongly (e.g. terz:KH, fifty:AS, bella)."),
    "impossible_points": _("No split of the cards gives these card points: check the figures."),
    "points_sum": _("With four players the card points add up to 152."),
    "play_mismatch": _("The figures do not agree with the card-by-card record."),
    "tricks_sum": _("The tricks do not add up to the hand, or contradict the card points."),
    "card_conflict": _("One card is claimed twice in the declarations."),
    "combination_not_allowed": _(
        "This combination does not count under the table's rules (or bella not in trump)."
    ),
    "dealer_out_of_turn": _("This is not the player who deals now."),
    "missing_field": _("This must be filled in."),
    "match_finished": _("The match is already over: no more deals."),
    "bad_convention": _("An unknown rule setting."),
    "illegal_closing": _("A match cannot be closed in the last trick, nor by someone away."),
    "bad_format": _("The scoresheet is not in the expected format."),
    "bad_players": _("A match needs 2, 3 or 4 different players."),
    "bad_play": _("The card-by-card record cannot be read."),
    "bad_violation": _(
        "This ruling cannot be applied: an unknown kind of violation, a trick taken by "
        "someone who is not the violator's opponent, or a trick that may not be taken."
    ),
    "forced_declarer": _(
        "After a hanging byte (висяк) the same declarer must play this deal on the turned suit."
    ),
    "declarations_forbidden": _(
        "No terz, fifty or hundred may be declared in the deal after a висяк: only bella."
    ),
    "awaiting_confirmation": _("The previous deal waits for an opponent's confirmation."),
    "not_pending": _("This deal does not wait for confirmation."),
    "stale_version": _("Someone entered a deal meanwhile: the sheet was reloaded."),
    "required": _("This must be filled in."),
    "idempotency_key_reused": _("This submission was already used for another deal."),
    "invalid": _("This value is not valid."),
    "reason_required": _("Say why: the change is kept with its reason."),
    "round_time_not_up": _("The round's time is not up: the table plays on."),
    "round_closed": _("The round is closed: its organiser opens it again to add a deal."),
    "unknown_field": _("This field is not part of a deal: check its spelling."),
}

# Engine messages whose figures the scorer needs to see, with the translated sentence that
# carries them (the figures are taken from the English message).
_WITH_FIGURES: list[tuple[str, re.Pattern[str], Any]] = [
    (
        "impossible_points",
        re.compile(r"add up to (?P<total>-?\d+), more than the (?P<deck>\d+)"),
        _("The card points add up to %(total)s, more than the %(deck)s of the deck."),
    ),
    (
        "points_sum",
        re.compile(r"add up to (?P<total>-?\d+), not (?P<deck>\d+)"),
        _("The card points add up to %(total)s, not %(deck)s."),
    ),
    (
        "tricks_sum",
        re.compile(r"tricks add up to (?P<total>\d+), not (?P<hand>\d+)"),
        _("The tricks add up to %(total)s, not %(hand)s."),
    ),
    (
        "tricks_sum",
        re.compile(r"^(?P<name>.+) has (?P<points>\d+) card points but no trick"),
        _("%(name)s has %(points)s card points but no trick."),
    ),
    (
        "tricks_sum",
        re.compile(r"^(?P<name>.+) took the last trick but no trick"),
        _("%(name)s took the last trick but no trick."),
    ),
    # A key beside `deals` (deal null): the record's, not a deal's, field.
    (
        "unknown_field",
        re.compile(r"is not a field of a (scoresheet|pulka) record$"),
        _("This field is not part of a scoresheet: check its spelling."),
    ),
]


def localise(err: dict[str, Any]) -> dict[str, Any]:
    """One error with its `message` in the active language (with the engine's figures where
    the scorer needs them). English keeps the engine's own message."""
    language = (get_language() or "en").split("-")[0]
    if language == "en":
        return dict(err)
    code = err.get("code", "")
    english = str(err.get("message", ""))
    for known, pattern, template in _WITH_FIGURES:
        found = pattern.search(english) if known == code else None
        if found:
            return {**err, "message": str(template) % found.groupdict()}
    template = MESSAGES.get(code)
    if template is None:
        return dict(err)
    return {**err, "message": str(template)}


def localise_errors(errors: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [localise(err) for err in errors]


def field_key(err: dict[str, Any]) -> str:
    """Where a form shows the error: the top-level field of the deal (`points.Anna` →
    `points`, `declarations.Boris[1]` → `declarations`), or `__all__`."""
    field = err.get("field") or ""
    head = re.split(r"[.\[]", field, maxsplit=1)[0] if field else ""
    return head or "__all__"
