"""Deberc's engine errors in the user's language: a sentence per code of
deberc-scoresheet/1, and the sentences that carry the figures the scorer needs to see (taken
from the engine's English message). The service's own codes are worded in `scoring.errors`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from scoring.errors import message_in, shared_message

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
    "match_finished": _("The match is already over: no more deals."),
    "illegal_closing": _("A match cannot be closed in the last trick, nor by someone away."),
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
}

FIGURES: list[tuple[str, re.Pattern[str], Any]] = [
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
        "bad_convention",
        re.compile(r"^pairs \"no\""),
        _("Four players each for himself (pairs: no) are played under the Kharkov rules only."),
    ),
    (
        "bad_convention",
        re.compile(r"^byte \"no\""),
        _("Short deberc without byte (byte: no) is a match of one deal: format fixed, one deal."),
    ),
    (
        "bad_convention",
        re.compile(r"^deal_after_trump takes"),
        _("Cards dealt after the trump: 3 (nine in hand) or 4 (ten, Kharkov)."),
    ),
    (
        "bad_violation",
        re.compile(r"^asked "),
        _(
            "What was asked is a terz, a fifty or (an illegal question only) the trump-nine "
            "terz at the seven swap, and only in a “how high?” ruling."
        ),
    ),
    (
        "bad_violation",
        re.compile(r"declared no |is not more senior than another|belongs to a late_senior"),
        _(
            "A late senior combination is one of the player's declared terzes, fifties or "
            "hundreds, more senior than another one they declared."
        ),
    ),
    (
        "missing_field",
        re.compile(r"^which combination was announced after a junior one"),
        _("Name the combination announced after a junior one (e.g. fifty:AC)."),
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
]


def localise_error(problem: Mapping[str, Any], language: str) -> str:
    """One problem's message in `language`: Deberc's sentence for its code, else the
    service's."""
    found = message_in(problem, language, MESSAGES, FIGURES)
    return shared_message(problem, language) if found is None else found
