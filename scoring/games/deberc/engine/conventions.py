"""Table conventions [договорённости] and the four presets (rules §8).

Every convention of the rules model is a named setting with a default per preset; a
scoresheet (or a tournament, or a table) overrides them one by one. `resolve_conventions`
turns a preset name plus overrides into a frozen `Conventions` for a table of a given size,
or reports every bad value at once.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

from .errors import Problem

# The presets, exactly as the table of §8. "kharkov" has two values that depend on the table:
# `hundred` (only with 4 players) and `bolt_penalty` (50 with 2 players, 100 with 3 or pairs);
# they are written here as the markers below and settled by `resolve_conventions`.
FOUR_PLAYERS_ONLY: Final = "4p"
BOLT_50_100: Final = "50/100"

PRESETS: Final[dict[str, dict[str, Any]]] = {
    "moscow": {
        "target": 501,
        "obligatory_order": False,
        "seven_swap": True,
        "first_lead": "eldest",
        "overtrump": "trump_lead",
        "hundred": False,
        "debertz": "off",
        "trump_in_combination": "moscow",
        "combination_tie": "eldest",
        "combinations_need_trick": True,
        "bella_to_trick_winner": False,
        "winner_takes_all": False,
        "byte_3p": "top",
        "hanging_separately": False,
        "hanging_on_byte_3p": "top",
        "dealer": "winner",
        "renonce_penalty": "card_byte",
        "hanging_replay": "pool",
        "redeal_below": 0,
        "bolt_penalty": 0,
        "three_bytes_penalty": 0,
        "both_over_target": "last_trick",
        "false_closing": "loses",
        "match_score": "win",
        "klabor": False,
        "format": "race",
        "fixed_deals": None,
        "mercy_gap": "off",
        "pencil_rule": False,
        "deal_after_trump": 3,
        "pairs": True,
        "byte": True,
    },
    "online": {
        "target": 501,
        "obligatory_order": False,
        "seven_swap": True,
        "first_lead": "eldest",
        "overtrump": "trump_lead",
        "hundred": False,
        "debertz": "off",
        "trump_in_combination": "moscow",
        "combination_tie": "eldest",
        "combinations_need_trick": True,
        "bella_to_trick_winner": False,
        "winner_takes_all": False,
        "byte_3p": "top",
        "hanging_separately": False,
        "hanging_on_byte_3p": "split",
        "dealer": "winner",
        "renonce_penalty": "card_byte",
        "hanging_replay": "pool",
        "redeal_below": 0,
        "bolt_penalty": 0,
        "three_bytes_penalty": 0,
        "both_over_target": "higher",
        "false_closing": "loses",
        "match_score": "win",
        "klabor": False,
        "format": "race",
        "fixed_deals": None,
        "mercy_gap": "off",
        "pencil_rule": False,
        "deal_after_trump": 3,
        "pairs": True,
        "byte": True,
    },
    "kharkov": {
        "target": 501,
        "obligatory_order": True,
        "seven_swap": True,
        "first_lead": "declarer",
        "overtrump": "trump_lead",
        "hundred": FOUR_PLAYERS_ONLY,
        "debertz": 6,
        "trump_in_combination": "kharkov",
        "combination_tie": "eldest",
        "combinations_need_trick": True,
        "bella_to_trick_winner": False,
        "winner_takes_all": False,
        "byte_3p": "split",
        "hanging_separately": False,
        "hanging_on_byte_3p": "split",
        "dealer": "clockwise",
        "renonce_penalty": "take_trick",
        "hanging_replay": "pool",
        "redeal_below": 0,
        "bolt_penalty": BOLT_50_100,
        "three_bytes_penalty": 100,
        "both_over_target": "last_trick",
        "false_closing": "double_to_opponents",
        "match_score": "win",
        "klabor": False,
        "format": "race",
        "fixed_deals": None,
        "mercy_gap": "off",
        "pencil_rule": False,
        "deal_after_trump": 4,
        "pairs": True,
        "byte": True,
    },
    "odessa": {
        "target": 501,
        "obligatory_order": True,
        "seven_swap": True,
        "first_lead": "declarer",
        "overtrump": "always",
        "hundred": False,
        "debertz": "off",
        "trump_in_combination": "moscow",
        "combination_tie": "last_trick",
        "combinations_need_trick": True,
        "bella_to_trick_winner": True,
        "winner_takes_all": False,
        "byte_3p": "top",
        "hanging_separately": False,
        "hanging_on_byte_3p": "top",
        "dealer": "clockwise",
        "renonce_penalty": "redeal_minus_100",
        "hanging_replay": "forced",
        "redeal_below": 2,
        "bolt_penalty": 100,
        "three_bytes_penalty": 0,
        "both_over_target": "last_trick",
        "false_closing": "loses",
        "match_score": "win",
        "klabor": True,
        "format": "race",
        "fixed_deals": None,
        "mercy_gap": "off",
        "pencil_rule": False,
        "deal_after_trump": 3,
        "pairs": True,
        "byte": True,
    },
}

BOOL = "bool"
WHOLE = "whole"  # a whole number >= 0 (> 0 for target and fixed_deals)

# name -> (kind, allowed words or None, source in the seeds). The order is the rules' order.
CONVENTIONS: Final[dict[str, dict[str, Any]]] = {
    "target": {"kind": WHOLE, "source": "000, 001, 003"},
    "obligatory_order": {"kind": BOOL, "source": "001, 003"},
    "seven_swap": {"kind": BOOL, "source": "000, 001, 003"},
    "first_lead": {"kind": "word", "values": ("eldest", "declarer"), "source": "000, 001"},
    "overtrump": {"kind": "word", "values": ("trump_lead", "always"), "source": "000, 001"},
    "hundred": {"kind": BOOL, "source": "001"},
    "debertz": {"kind": "debertz", "values": ("off", 6, 7), "source": "001"},
    "trump_in_combination": {"kind": "word", "values": ("moscow", "kharkov"), "source": "003"},
    "combination_tie": {
        "kind": "word",
        "values": ("eldest", "first_declared", "last_trick"),
        "source": "000, 001",
    },
    "combinations_need_trick": {"kind": BOOL, "source": "001, 003"},
    "bella_to_trick_winner": {"kind": BOOL, "source": "001"},
    "winner_takes_all": {"kind": BOOL, "source": "003"},
    "byte_3p": {"kind": "word", "values": ("top", "split"), "source": "001"},
    "hanging_separately": {"kind": BOOL, "source": "000, 003"},
    "hanging_on_byte_3p": {"kind": "word", "values": ("top", "split"), "source": "003"},
    "dealer": {"kind": "word", "values": ("winner", "clockwise"), "source": "000, 001, 003"},
    "renonce_penalty": {
        "kind": "word",
        "values": ("card_byte", "redeal_minus_100", "take_trick"),
        "source": "000, 001",
    },
    "hanging_replay": {"kind": "word", "values": ("pool", "forced"), "source": "001"},
    # Fewer card points than this in a dealt hand lets its holder ask for a redeal; 0: off.
    "redeal_below": {"kind": WHOLE, "source": "001"},
    "bolt_penalty": {"kind": WHOLE, "source": "001"},
    "three_bytes_penalty": {"kind": WHOLE, "source": "001"},
    "both_over_target": {"kind": "word", "values": ("last_trick", "higher"), "source": "000"},
    "false_closing": {
        "kind": "word",
        "values": ("loses", "double_to_opponents"),
        "source": "000, 001",
    },
    "match_score": {"kind": "word", "values": ("win", "difference"), "source": "000"},
    "klabor": {"kind": BOOL, "source": "001"},
    "format": {"kind": "word", "values": ("race", "fixed"), "source": "001"},
    "fixed_deals": {"kind": WHOLE, "source": "001"},
    "mercy_gap": {"kind": "mercy", "source": "001"},
    "pencil_rule": {"kind": BOOL, "source": "001"},
    # Cards dealt each after the trump with 2-3 players: 3 (9 in hand) or 4 (10; Kharkov).
    "deal_after_trump": {"kind": "int_choice", "values": (3, 4), "source": "000, 001"},
    # 4 players in two pairs (yes) or each for themselves (no; Kharkov only, rules §2).
    "pairs": {"kind": BOOL, "source": "001"},
    # Short deberc in one deal with byte (yes) or without (no; rules §7).
    "byte": {"kind": BOOL, "source": "001"},
}

DEFAULT_MERCY_GAP: Final = 250
# The project's bound of every whole-number convention (a target, a number of deals, a
# penalty, a gap): far above any table's (a target of 1001 is long), low enough that no absurd
# figure is stored and every sum of a match stays a 64-bit number.
WHOLE_MAX: Final = 10_000


@dataclass(frozen=True, slots=True)
class Conventions:
    """The conventions in force at one table, every value settled for its size."""

    target: int
    obligatory_order: bool
    seven_swap: bool
    first_lead: str
    overtrump: str
    hundred: bool
    debertz: int  # 0 when off, else 6 or 7
    trump_in_combination: str
    combination_tie: str
    combinations_need_trick: bool
    bella_to_trick_winner: bool
    winner_takes_all: bool
    byte_3p: str
    hanging_separately: bool
    hanging_on_byte_3p: str
    dealer: str
    renonce_penalty: str
    hanging_replay: str  # "pool", or "forced" (Odessa's висяк, rules §5)
    redeal_below: int  # 0 when off (rules §2)
    bolt_penalty: int
    three_bytes_penalty: int
    both_over_target: str
    false_closing: str
    match_score: str
    klabor: bool
    format: str
    fixed_deals: int | None
    mercy_gap: int  # 0 when off
    pencil_rule: bool
    deal_after_trump: int = 3  # 3 or 4 (rules §2)
    pairs: bool = True  # 4 players: two pairs, or (False) each for themselves (rules §2)
    byte: bool = True  # a one-deal fixed match with byte, or without (rules §7)

    def as_dict(self) -> dict[str, Any]:
        """The settled values in the scoresheet's notation (`debertz`, `mercy_gap` and
        `redeal_below` off → "off")."""
        out = {field.name: getattr(self, field.name) for field in fields(self)}
        out["debertz"] = self.debertz or "off"
        out["mercy_gap"] = self.mercy_gap or "off"
        out["redeal_below"] = self.redeal_below or "off"
        return out


_TRUE_WORDS = {True: True, False: False, "yes": True, "no": False}


def _settle(name: str, value: Any) -> tuple[Any, str | None]:
    """A convention value in the scoresheet's notation → (settled value, problem or None)."""
    meta = CONVENTIONS[name]
    kind = meta["kind"]
    if kind == BOOL:
        if isinstance(value, bool | str) and value in _TRUE_WORDS:
            return _TRUE_WORDS[value], None
        return None, 'takes true or false (or "yes"/"no")'
    if kind == WHOLE:
        if name == "redeal_below" and value in ("off", False):
            return 0, None  # written as the presets' table shows it
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            return None, "takes a whole number"
        if name in ("target", "fixed_deals") and value == 0:
            return None, "must be a positive whole number"
        if value > WHOLE_MAX:
            return None, f"takes a whole number up to {WHOLE_MAX}"
        return value, None
    if kind == "int_choice":
        if isinstance(value, int) and not isinstance(value, bool) and value in (3, 4):
            return value, None
        return None, "takes 3 or 4"
    if kind == "debertz":
        if value in ("off", False):
            return 0, None
        if isinstance(value, int) and not isinstance(value, bool) and value in (6, 7):
            return value, None
        return None, 'takes "off", 6 or 7'
    if kind == "mercy":
        if value is True:
            return DEFAULT_MERCY_GAP, None
        if value in (False, "off"):
            return 0, None
        if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= WHOLE_MAX:
            return value, None
        return None, (
            f'takes a whole number of points up to {WHOLE_MAX}, true for 250, or false/"off"'
        )
    if isinstance(value, str) and value in meta["values"]:
        return value, None
    return None, "takes one of " + ", ".join(meta["values"])


def resolve_conventions(
    ruleset: Any, overrides: Any, n_players: int, problems: list[Problem] | None = None
) -> Conventions:
    """The conventions of `ruleset` with `overrides` applied, for a table of `n_players`.

    Bad names and values are appended to `problems` (code `bad_convention`) and left at the
    preset's value, so that the rest of a record can still be checked; when `problems` is
    None they raise a ScoresheetError.
    """
    from .errors import ScoresheetError

    local: list[Problem] = []
    if not isinstance(ruleset, str) or ruleset not in PRESETS:
        local.append(
            Problem(
                None,
                "ruleset",
                "bad_convention",
                f"unknown ruleset {ruleset!r}; one of " + ", ".join(PRESETS),
            )
        )
        ruleset = "moscow"
    values = dict(PRESETS[ruleset])
    values["hundred"] = values["hundred"] is True or (
        values["hundred"] == FOUR_PLAYERS_ONLY and n_players == 4
    )
    values["debertz"] = _settle("debertz", values["debertz"])[0]
    values["mercy_gap"] = _settle("mercy_gap", values["mercy_gap"])[0]

    if overrides is None:
        overrides = {}
    if not isinstance(overrides, dict):
        local.append(
            Problem(
                None,
                "conventions",
                "bad_convention",
                "conventions must be an object of name: value",
            )
        )
        overrides = {}
    for name, value in overrides.items():
        if name not in CONVENTIONS:
            local.append(
                Problem(
                    None, f"conventions.{name}", "bad_convention", f"unknown convention {name!r}"
                )
            )
            continue
        settled, problem = _settle(name, value)
        if problem:
            local.append(
                Problem(
                    None,
                    f"conventions.{name}",
                    "bad_convention",
                    f"{name} {problem}, not {value!r}",
                )
            )
            continue
        values[name] = settled
    if values["format"] == "fixed" and not values["fixed_deals"]:
        local.append(
            Problem(
                None,
                "conventions.fixed_deals",
                "bad_convention",
                'format "fixed" needs fixed_deals, a positive whole number',
            )
        )
        values["format"] = "race"
    if values["pairs"] is False and ruleset != "kharkov":
        # Four individuals are a Kharkov agreement (seed 001 l.126): a project choice.
        local.append(
            Problem(
                None,
                "conventions.pairs",
                "bad_convention",
                'pairs "no" (four players each for themselves) is played under kharkov only',
            )
        )
        values["pairs"] = True
    if values["byte"] is False and not (values["format"] == "fixed" and values["fixed_deals"] == 1):
        local.append(
            Problem(
                None,
                "conventions.byte",
                "bad_convention",
                'byte "no" belongs to short deberc in one deal: format "fixed", fixed_deals 1',
            )
        )
        values["byte"] = True
    if values["bolt_penalty"] == BOLT_50_100:
        # Kharkov: 50 with 2 players or 4 individuals, 100 with 3 or pairs (seed 001 l.126).
        individuals = n_players == 2 or (n_players == 4 and not values["pairs"])
        values["bolt_penalty"] = 50 if individuals else 100
    if local:
        if problems is None:
            raise ScoresheetError(local)
        problems.extend(local)
    return Conventions(**values)
