"""Preferans' engine errors in the user's language: a sentence per code of
preferans-scoresheet/1, and the sentences that carry the figures the scorer needs to see
(taken from the engine's English message). The service's own codes are worded in
`scoring.errors`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy

from scoring.errors import message_in, shared_message

# The engine's error codes in the scorer's words (the engine speaks English; English keeps
# the engine's own message, which names the players and figures).
MESSAGES: dict[str, Any] = {
    "bad_whist": gettext_lazy(
        "Not a possible choice here: each defender whists or passes (half-whist only on a "
        "six or seven against a pass, check only on a checked ten)."
    ),
    "whist_required": gettext_lazy("Stalingrad: a six of spades is whisted by both defenders."),
    "sitting_out": gettext_lazy("The dealer sits this deal out."),
    "bad_contract": gettext_lazy("Choose a game from 6♠ to 10 no trumps, misère or all-pass."),
    "tricks_sum": gettext_lazy("The tricks must add up to 10."),
    "missing_field": gettext_lazy("This must be filled in."),
    "bad_violation": gettext_lazy(
        "A renonce is made by a playing hand, 1 to 10 times, in a deal that was played; two "
        "renonces in one deal are the declarer's and one defender's, in a game."
    ),
    "match_finished": gettext_lazy("The pulka is already over: no more deals."),
    "unknown_player": gettext_lazy("This name is not a player at the table."),
    "dealer_out_of_turn": gettext_lazy("This is not the player who deals now."),
    "bad_convention": gettext_lazy("An unknown rule setting."),
    "bad_players": gettext_lazy("A pulka needs 3 or 4 different players."),
    "bad_option": gettext_lazy(
        "Not possible in this deal: a bomb is 0 to 3 and only where bombs are played; blind "
        "is yes or no; the dealer plays in halves only at a table of four, with the declarer "
        "or a defender of a game or misère."
    ),
}

FIGURES: list[tuple[str, re.Pattern[str], Any]] = [
    (
        "below_allpass_exit",
        re.compile(r"least game is (?P<least>\d+)"),
        gettext_lazy("After all-passes the least game is %(least)s."),
    ),
    (
        "tricks_sum",
        re.compile(r"tricks add up to (?P<total>\d+), not 10"),
        gettext_lazy("The tricks add up to %(total)s, not 10."),
    ),
    (
        "tricks_sum",
        re.compile(r"at most the 2 talon tricks"),
        gettext_lazy("The dealer takes at most the 2 talon tricks."),
    ),
    (
        "tricks_sum",
        re.compile(r"sits out and takes no trick"),
        gettext_lazy("The dealer sits out and takes no trick."),
    ),
    (
        "bad_option",
        re.compile(r"no bombs"),
        gettext_lazy("Bombs are not played at this table."),
    ),
    (
        "bad_whist",
        re.compile(r"checked by both defenders or by neither"),
        gettext_lazy("A nine or ten is checked by both defenders or by neither."),
    ),
]


def localise_error(problem: Mapping[str, Any], language: str) -> str:
    """One problem's message in `language`: Preferans' sentence for its code, else the
    service's."""
    found = message_in(problem, language, MESSAGES, FIGURES)
    return shared_message(problem, language) if found is None else found
