"""Deberc's conventions and their values as the organiser reads them (the new-tournament
form, the rulebook's convention pages): `Game.convention_labels` and `Game.value_labels`.
A value word two conventions use differently is labelled per convention ("name.word")."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

# The presets of the rule texts, by the city whose table plays them.
RULESET_LABELS: dict[str, Any] = {
    "moscow": _("Moscow"),
    "online": _("Online table"),
    "kharkov": _("Kharkov"),
    "odessa": _("Odessa"),
}

CONVENTION_LABELS: dict[str, Any] = {
    "target": _("Target (points to win)"),
    "obligatory_order": _("Obligatory order (dealer must name a suit)"),
    "seven_swap": _("Seven swap"),
    "first_lead": _("First lead"),
    "overtrump": _("Overtrump"),
    "hundred": _("Hundred (five in sequence)"),
    "debertz": _("Debertz"),
    "trump_in_combination": _("Trump in combination seniority"),
    "combination_tie": _("Equal combinations go to"),
    "combinations_need_trick": _("Combinations need a trick"),
    "bella_to_trick_winner": _("Bella to the trick winner"),
    "winner_takes_all": _("Winner takes all"),
    "byte_3p": _("Byte with 3 players"),
    "hanging_separately": _("Hanging pools kept separately"),
    "hanging_on_byte_3p": _("Hanging pool on a byte (3 players)"),
    "dealer": _("Next dealer"),
    "renonce_penalty": _("Renonce penalty"),
    "hanging_replay": _("Hanging byte (висяк) replayed"),
    "redeal_below": _("Redeal below this many card points (0: off)"),
    "bolt_penalty": _("Bolt penalty (no trick)"),
    "three_bytes_penalty": _("Third byte penalty"),
    "both_over_target": _("Both over the target"),
    "false_closing": _("False closing"),
    "match_score": _("Match score"),
    "klabor": _("Klabor"),
    "format": _("Match format (race to target / fixed deals)"),
    "fixed_deals": _("Number of deals (fixed format)"),
    "mercy_gap": _("Mercy gap"),
    "pencil_rule": _("Pencil rule"),
    "deal_after_trump": _("Cards dealt after the trump (2–3 players)"),
    "pairs": _("Four players in pairs (no: each for himself, Kharkov)"),
    "byte": _("Short deberc in one deal: with byte"),
}

VALUE_LABELS: dict[str, Any] = {
    "eldest": _("eldest hand"),
    "declarer": _("declarer"),
    "trump_lead": _("only when trump is led"),
    "always": _("always"),
    "moscow": _("counts (Moscow)"),
    "kharkov": _("ignored (Kharkov)"),
    "last_trick": _("last trick"),
    "first_declared": _("first to declare (from the first lead)"),
    "deal_after_trump.3": _("3 (nine cards in hand)"),
    "deal_after_trump.4": _("4 (ten cards in hand, Kharkov)"),
    "top": _("to the top opponent"),
    "split": _("split"),
    "winner": _("winner of the deal"),
    "clockwise": _("clockwise"),
    "card_byte": _("card byte"),
    "redeal_minus_100": _("redeal, −100"),
    "take_trick": _("the opponent takes a trick"),
    "forced": _("forced deal (висяк)"),
    "hanging_replay.pool": _("a hanging pool"),
    "higher": _("higher total"),
    "loses": _("loses the match"),
    "double_to_opponents": _("double to opponents"),
    "win": _("win"),
    "difference": _("difference"),
    "race": _("race to the target"),
    "fixed": _("fixed number of deals"),
    "off": _("off"),
}


def names_together(names: Any) -> str:
    """A pair's (or a list's) names in prose, "Anna and Vera" in the reader's language; one
    name as it is. The sheet and the closing verdict name a pair that wins this way, never
    with "&" (issue 35)."""
    from django.utils.translation import gettext

    if names is None or isinstance(names, str):
        return names or ""
    shown = [str(name) for name in names]
    if len(shown) < 2:
        return "".join(shown)
    return gettext("%(first)s and %(second)s") % {
        "first": ", ".join(shown[:-1]),
        "second": shown[-1],
    }
