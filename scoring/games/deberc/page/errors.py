"""Deberc's engine errors in the user's language: a sentence per code of
deberc-scoresheet/1, and the sentences that carry the figures the scorer needs to see (taken
from the engine's English message). The service's own codes are worded in `scoring.errors`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from scoring.errors import message_in, shared_message

from .forms import card_shown

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


# --- one cause, named with its card -----------------------------------------------------------
# A code covers several causes (`bad_combination`: a typo, a run too short; `card_conflict`:
# a card in two declarations, a card dealt twice; `bad_violation`: half a dozen ways to get a
# Kharkov renonce wrong). The engine's English message says which one and names the card in
# its notation; these sentences say that one cause in the table's words, the card as the form
# shows it (K♥), never the notation (terz:KH). The codes and the engine's messages stay as
# docs/scoresheet-format.md fixes them (issue 35).

# A run from a top card too low for its length (§4): what the run is, in the table's words.
_RUN_TOO_SHORT: dict[str, Any] = {
    "3": _(
        "A terz cannot start from %(card)s: a terz is three cards in a row of one suit, "
        "the top one a nine or higher."
    ),
    "4": _(
        "A fifty cannot start from %(card)s: a fifty is four cards in a row of one suit, "
        "the top one a ten or higher."
    ),
    "5": _(
        "A hundred cannot start from %(card)s: a hundred is five cards in a row of one suit, "
        "the top one a jack or higher."
    ),
}


def _run_too_short(found: re.Match[str]) -> str:
    card = card_shown(found["card"])
    template = _RUN_TOO_SHORT.get(found["length"])
    if template is None:
        return _(
            "No %(length)s cards in a row of one suit start from %(card)s: choose a higher "
            "top card."
        ) % {"length": found["length"], "card": card}
    return str(template) % {"card": card}


def _not_an_opponent(found: re.Match[str]) -> str:
    if found["taker"] == found["name"]:
        return _(
            "%(name)s made the renonce and cannot take a trick for it: the trick goes to an "
            "opponent who noticed it."
        ) % {"name": found["name"]}
    return _(
        "%(taker)s is the partner of %(name)s, who made the renonce: only an opponent takes "
        "a trick for it."
    ) % {"taker": found["taker"], "name": found["name"]}


def _say(template: Any, **cards: str) -> Any:
    """A sentence filled from the engine message's groups, the `cards` shown as on the page."""

    def fill(found: re.Match[str]) -> str:
        values = found.groupdict()
        for group in cards.values():
            values[group] = card_shown(values[group])
        return str(template) % values

    return fill


CAUSES: list[tuple[str, re.Pattern[str], Any]] = [
    (
        "bad_combination",
        re.compile(r"^'[^']*': no (?P<length>\d+) cards in sequence from (?P<card>\S+)$"),
        _run_too_short,
    ),
    (
        "bad_combination",
        re.compile(r"^'[^']*': a klabor runs from the ace$"),
        _say(_("A klabor starts from the ace: six cards in a row of one suit from the ace.")),
    ),
    (
        "card_conflict",
        re.compile(r"^(?P<card>\S+) is declared by (?P<first>.+) and by (?P<second>.+)$"),
        _say(
            _("%(card)s is declared twice: by %(first)s and by %(second)s."),
            card="card",
        ),
    ),
    (
        "card_conflict",
        re.compile(r"^(?P<card>\S+) is in two combinations of (?P<name>.+)$"),
        _say(
            _(
                "%(card)s is in two combinations of %(name)s: a card counts in one "
                "combination only (bella apart)."
            ),
            card="card",
        ),
    ),
    (
        "card_conflict",
        re.compile(r"^bella declared twice$"),
        _say(_("Bella is declared twice.")),
    ),
    (
        "card_conflict",
        re.compile(r"^(?P<card>\S+) is dealt twice$"),
        _say(_("%(card)s is dealt twice in the card-by-card record."), card="card"),
    ),
    (
        "card_conflict",
        re.compile(r"^(?P<card>\S+) is played twice$"),
        _say(_("%(card)s is played twice in the card-by-card record."), card="card"),
    ),
    (
        "combination_not_allowed",
        re.compile(r"^a hundred needs the convention hundred$"),
        _say(_("A hundred does not count at this table: its rules play no hundred.")),
    ),
    (
        "combination_not_allowed",
        re.compile(r"^debertz is off at this table$"),
        _say(_("Debertz is not played at this table.")),
    ),
    (
        "combination_not_allowed",
        re.compile(r"^klabor is not played at this table$"),
        _say(_("Klabor is not played at this table.")),
    ),
    (
        "combination_not_allowed",
        re.compile(r"bella is only in trump$|^bella needs a trump$"),
        _say(_("Bella is the king and queen of trumps: it is declared only in trumps.")),
    ),
    (
        "bad_violation",
        re.compile(
            r"^(?P<taker>.+) is not an opponent of (?P<name>.+): only an opponent takes a "
            r"trick for a renonce$"
        ),
        _not_an_opponent,
    ),
    (
        "bad_violation",
        re.compile(r"^trick (?P<trick>\d+) was taken by (?P<taker>.+), not by (?P<name>.+)$"),
        _say(
            _(
                "Trick %(trick)s was taken by %(taker)s, not by %(name)s who made the renonce: "
                "only a trick of the violator is taken."
            )
        ),
    ),
    (
        "bad_violation",
        re.compile(r"^trick (?P<trick>\d+) holds the trump jack: any of (?P<name>.+)'s tricks"),
        _say(
            _(
                "Trick %(trick)s holds the trump jack, and that trick is never taken: take "
                "another trick of %(name)s."
            )
        ),
    ),
    (
        "bad_violation",
        re.compile(r"^the renonce in trick (?P<trick>\d+) is (?P<name>.+)'s$"),
        _say(_("The renonce in trick %(trick)s is %(name)s's: name them as the violator.")),
    ),
    (
        "bad_violation",
        re.compile(r"^(taken_by|trick) belongs to a renonce under renonce_penalty take_trick$"),
        _say(
            _(
                "A trick is taken only for a renonce, and only at a table whose renonce "
                "takes a trick (Kharkov): leave “the opponent who took a trick” empty."
            )
        ),
    ),
    (
        "bad_violation",
        re.compile(r"^unknown violation "),
        _say(_("This is not a violation of Deberc: choose one from the list.")),
    ),
    (
        "missing_field",
        re.compile(r"^which opponent noticed the renonce and took a trick\?$"),
        _say(_("Choose the opponent who noticed the renonce and took a trick.")),
    ),
]


def cause_message(problem: Mapping[str, Any]) -> str | None:
    """The one cause of the problem in the active language, or None when its engine message
    is not one of those `CAUSES` knows."""
    code = problem.get("code", "")
    english = str(problem.get("message", ""))
    for known, pattern, say in CAUSES:
        found = pattern.search(english) if known == code else None
        if found:
            return str(say(found))
    return None


def localise_error(problem: Mapping[str, Any], language: str) -> str:
    """One problem's message in `language`: its one cause where the engine's message names
    it, else Deberc's sentence for its code, else the service's."""
    with translation.override(language):
        cause = cause_message(problem)
    if cause is not None:
        return cause
    found = message_in(problem, language, MESSAGES, FIGURES)
    return shared_message(problem, language) if found is None else found
