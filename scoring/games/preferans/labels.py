"""Preferans's conventions and their values as the organiser reads them (the new-tournament
form, the rulebook's convention pages): `Game.convention_labels` and `Game.value_labels`.
A value word two conventions use differently is labelled per convention ("name.word")."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# The five kinds of Preferans the rule texts name («Ленинград, Сочи, Ростов, Классика,
# Скачки»).
RULESET_LABELS: dict[str, Any] = {
    "sochi": pgettext_lazy("preferans preset", "Sochi"),
    "leningrad": pgettext_lazy("preferans preset", "Leningrad"),
    "rostov": pgettext_lazy("preferans preset", "Rostov"),
    "classic": pgettext_lazy("preferans preset", "Classic"),
    "skachki": pgettext_lazy("preferans preset", "Skachki"),
}

CONVENTION_LABELS: dict[str, Any] = {
    "pool_target": _("Pool target"),
    "whist_split": _("Whist with one whister"),
    "shortfall": _("Shortfall of the whisters"),
    "lone_whist_duty": _("A lone whister's duty"),
    "whist_factor": _("Whist factor"),
    "mountain_factor": _("Mountain factor"),
    "half_whist": _("Half a whist"),
    "obligation_8": _("Defenders' obligation on an eight (tricks)"),
    "stalingrad": _("Stalingrad (6♠ whisted by both)"),
    "ten_checked": _("A ten is checked"),
    "check_9_10": _("A nine or ten passed by both is played as a check"),
    "consolation": _("Consolation on a remise"),
    "allpass_scoring": _("All-pass scoring"),
    "allpass_trick": _("All-pass: points a trick"),
    "allpass_progression": _("All-pass progression"),
    "allpass_progression_limit": _("All-pass progression: rises"),
    "allpass_zero": _("All-pass without a trick"),
    "allpass_zero_multiplied": _("All-pass without a trick: the point follows the progression"),
    "allpass_amnesty": _("All-pass amnesty"),
    "allpass_exit": _("Least game after all-passes"),
    "allpass_dealer": _("Dealer after an all-pass"),
    "help": _("Points over the pool target (help)"),
    "bombs": _("Bombs"),
    "jumps": _("Jumps (Skachki)"),
    "jump_premium": _("Premium of a jump (whists)"),
    "end": _("End of the pulka"),
    "fixed_deals": _("Number of deals (a pulka of a fixed number of deals)"),
}

VALUE_LABELS: dict[str, Any] = {
    "whister": _("the whister writes all (responsible)"),
    "halves": _("halves (gentleman)"),
    "full": _("all to the whister"),
    "half": _("half to the whister"),
    "shared": _("shared with the passer"),
    "mountain": _("into the mountain"),
    "whists": _("whists (Rostov)"),
    "none": _("none"),
    "arithmetic": _("arithmetic (×1, ×2, ×3)"),
    "geometric": _("geometric (×1, ×2, ×4)"),
    "pool": _("a point into the pool"),
    "mountain_off": _("a point off the mountain"),
    "rotates": _("passes on"),
    "stays": _("deals again"),
    "pools_full": _("every pool at the target"),
    "fixed_deals": _("a fixed number of deals"),
    "closed": _("time limit (closed on time)"),
    "pools_total": _("the pools' total at the target"),
    "mountains_zero": _("every pool full and every mountain written off"),
    "jumps": _("after the last jump (Skachki)"),
    "kodex41": _("his own tricks only (Kodex 41: 2 on a six, else 1)"),
    "lone_whist_duty.full": _("both defenders' obligation"),
    "clockwise": _("clockwise from the writer's left"),
    "highest_first": _("the fullest pool first"),
    "help.none": _("nobody: a pool may pass the target"),
    "allpass_amnesty.none": _("no amnesty"),
    "min": _("the fewest tricks struck off every hand"),
    "three": _("three tricks free, 10 for each above"),
}
