"""Table conventions [договорённости] of Preferans and the five presets (rules §10).

Each convention is a named setting with a value per preset [сочинка, ленинградка, ростов,
классика, скачки];
a record overrides them one by one. `settle_conventions` turns a preset name plus overrides
into a frozen `Conventions`, reporting every bad name or value at once (`bad_convention`);
`resolve_conventions` is the public door that returns the values as a dict.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, TypeGuard

from .errors import PreferansError, Problem

NO_LIMIT: Final = "none"  # `allpass_progression_limit` without a limit: the rise never stops

# The presets exactly as the table of rules §10, in its order (which is also the order of the
# result's `conventions`).
PRESETS: Final[dict[str, dict[str, Any]]] = {
    "sochi": {
        "pool_target": 20,
        "whist_split": "whister",
        "shortfall": "full",
        "lone_whist_duty": "full",
        "whist_factor": 1,
        "mountain_factor": 1,
        "half_whist": True,
        "obligation_8": 1,
        "stalingrad": False,
        "ten_checked": True,
        "check_9_10": False,
        "consolation": True,
        "allpass_scoring": "mountain",
        "allpass_trick": 1,
        "allpass_progression": "geometric",
        "allpass_progression_limit": 2,
        "allpass_zero": "pool",
        "allpass_zero_multiplied": True,
        "allpass_amnesty": "none",
        "allpass_exit": [6, 7, 7],
        "allpass_dealer": "rotates",
        "help": "clockwise",
        "bombs": False,
        "jumps": NO_LIMIT,
        "jump_premium": 100,
        "end": "pools_full",
        "fixed_deals": None,
    },
    "leningrad": {
        "pool_target": 20,
        "whist_split": "halves",
        "shortfall": "half",
        "lone_whist_duty": "full",
        "whist_factor": 2,
        "mountain_factor": 2,
        "half_whist": True,
        "obligation_8": 1,
        "stalingrad": False,
        "ten_checked": True,
        "check_9_10": False,
        "consolation": True,
        "allpass_scoring": "mountain",
        "allpass_trick": 1,
        "allpass_progression": "arithmetic",
        "allpass_progression_limit": 2,
        "allpass_zero": "pool",
        "allpass_zero_multiplied": True,
        "allpass_amnesty": "none",
        "allpass_exit": [6, 7, 8],
        "allpass_dealer": "rotates",
        "help": "clockwise",
        "bombs": False,
        "jumps": NO_LIMIT,
        "jump_premium": 100,
        "end": "pools_full",
        "fixed_deals": None,
    },
    "rostov": {
        "pool_target": 20,
        "whist_split": "whister",
        "shortfall": "full",
        "lone_whist_duty": "full",
        "whist_factor": 1,
        "mountain_factor": 1,
        "half_whist": False,
        "obligation_8": 1,
        "stalingrad": False,
        "ten_checked": True,
        "check_9_10": False,
        "consolation": True,
        "allpass_scoring": "whists",
        "allpass_trick": 1,
        "allpass_progression": "none",
        "allpass_progression_limit": NO_LIMIT,
        "allpass_zero": "none",
        "allpass_zero_multiplied": True,
        "allpass_amnesty": "none",
        "allpass_exit": [6, 6, 6],
        "allpass_dealer": "rotates",
        "help": "clockwise",
        "bombs": False,
        "jumps": NO_LIMIT,
        "jump_premium": 100,
        "end": "pools_full",
        "fixed_deals": None,
    },
    "classic": {
        "pool_target": 20,
        "whist_split": "whister",
        "shortfall": "full",
        "lone_whist_duty": "full",
        "whist_factor": 1,
        "mountain_factor": 1,
        "half_whist": True,
        "obligation_8": 1,
        "stalingrad": False,
        "ten_checked": True,
        "check_9_10": False,
        "consolation": True,
        "allpass_scoring": "mountain",
        "allpass_trick": 1,
        "allpass_progression": "geometric",
        "allpass_progression_limit": 2,
        "allpass_zero": "pool",
        "allpass_zero_multiplied": True,
        "allpass_amnesty": "none",
        "allpass_exit": [6, 7, 7],
        "allpass_dealer": "rotates",
        "help": "clockwise",
        "bombs": True,
        "jumps": NO_LIMIT,
        "jump_premium": 100,
        "end": "pools_full",
        "fixed_deals": None,
    },
    "skachki": {
        "pool_target": 20,
        "whist_split": "whister",
        "shortfall": "full",
        "lone_whist_duty": "full",
        "whist_factor": 1,
        "mountain_factor": 1,
        "half_whist": True,
        "obligation_8": 1,
        "stalingrad": False,
        "ten_checked": True,
        "check_9_10": False,
        "consolation": True,
        "allpass_scoring": "mountain",
        "allpass_trick": 1,
        "allpass_progression": "geometric",
        "allpass_progression_limit": 2,
        "allpass_zero": "pool",
        "allpass_zero_multiplied": True,
        "allpass_amnesty": "none",
        "allpass_exit": [6, 7, 7],
        "allpass_dealer": "rotates",
        "help": "clockwise",
        "bombs": False,
        "jumps": 5,
        "jump_premium": 100,
        "end": "jumps",
        "fixed_deals": None,
    },
}

BOOL: Final = "bool"
POSITIVE: Final = "positive"  # a whole number > 0
WORD: Final = "word"

# name -> what it takes, its meaning, and the seed 002 words it comes from.
CONVENTIONS: Final[dict[str, dict[str, Any]]] = {
    "pool_target": {
        "kind": POSITIVE,
        "default": 20,
        "help": "the pool [пуля] each player fills; points above it are help [помощь]",
    },
    "whist_split": {
        "kind": WORD,
        "values": ("whister", "halves"),
        "default": "whister",
        "help": "one whister and one passer: the whister writes all the defenders' whists "
        "(responsible [ответственный, жлобский]) or both write half (gentleman "
        "[джентльменский])",
    },
    "shortfall": {
        "kind": WORD,
        "values": ("full", "half", "shared"),
        "default": "full",
        "help": "a lone whister's shortfall [недобор взяток]: all into the whister's mountain, "
        "half of it, or shared with the passer",
    },
    "lone_whist_duty": {
        "kind": WORD,
        "values": ("full", "kodex41"),
        "default": "full",
        "help": "a lone whister answers for both defenders' obligation, or (Kodex 41) for his "
        "own tricks only: 2 on a six, 1 on a seven to a ten",
    },
    "whist_factor": {
        "kind": POSITIVE,
        "default": 1,
        "help": "whists per trick are price × whist_factor (Leningrad 2: 4 for a six)",
    },
    "mountain_factor": {
        "kind": POSITIVE,
        "default": 1,
        "help": "mountain [гора] writes are multiplied by it (Leningrad 2: a double mountain)",
    },
    "half_whist": {
        "kind": BOOL,
        "default": True,
        "help": "half a whist [полвиста] on a six or seven when the other defender passes",
    },
    "obligation_8": {
        "kind": "one_or_two",
        "default": 1,
        "help": "the defenders' obligation on an eight: 1 trick (the price table) or 2 "
        '(Kodex 35: "при восьмерной тоже две")',
    },
    "stalingrad": {
        "kind": BOOL,
        "default": False,
        "help": "a six of spades must be whisted by both defenders [сталинград]",
    },
    "ten_checked": {
        "kind": BOOL,
        "default": True,
        "help": "a ten is checked, not whisted [десятерная проверяется]",
    },
    "check_9_10": {
        "kind": BOOL,
        "default": False,
        "help": "a nine or ten both defenders pass is played as a check and scored as whisted "
        "by both [проверочная комбинация]",
    },
    "consolation": {
        "kind": BOOL,
        "default": True,
        "help": "consolation [консоляция] on a remise is written",
    },
    "allpass_scoring": {
        "kind": WORD,
        "values": ("mountain", "whists"),
        "default": "mountain",
        "help": "all-pass [распасы] tricks go into the mountain, or the fewest write whists "
        "on the others (Rostov)",
    },
    "allpass_trick": {
        "kind": "one_or_two",
        "default": 1,
        "help": "price of an all-pass trick [цена взятки на распасах], 1 or 2",
    },
    "allpass_progression": {
        "kind": WORD,
        "values": ("none", "arithmetic", "geometric"),
        "default": "geometric",
        "help": "how the trick price rises over all-passes in a row [прогрессия]",
    },
    "allpass_progression_limit": {
        "kind": "limit",
        "default": 2,
        "help": 'the number of rises [предел прогрессии], a whole number, or "none"',
    },
    "allpass_zero": {
        "kind": WORD,
        "values": ("pool", "mountain_off", "none"),
        "default": "pool",
        "help": "a player with no all-pass trick writes into the pool, off the mountain, "
        "or nothing",
    },
    "allpass_zero_multiplied": {
        "kind": BOOL,
        "default": True,
        "help": "the all-pass point for no trick follows the progression (one trick of the "
        "series), or is exactly 1 [одно очко]",
    },
    "allpass_amnesty": {
        "kind": WORD,
        "values": ("none", "min", "three"),
        "default": "none",
        "help": "all-pass amnesty [амнистия]: none, the fewest tricks struck off every hand, "
        "or three tricks free and 10 a trick above (mountain scoring only)",
    },
    "allpass_exit": {
        "kind": "exit",
        "default": [6, 7, 7],
        "help": "minimum contracts after the 1st, 2nd, 3rd… all-pass in a row, the last "
        "repeating [выход из распасов]: a list of 1–5 whole numbers 6–10",
    },
    "allpass_dealer": {
        "kind": WORD,
        "values": ("rotates", "stays"),
        "default": "rotates",
        "help": "after an all-pass the deal passes on, or the dealer deals again (at most "
        "three times in a row)",
    },
    "help": {
        "kind": WORD,
        "values": ("clockwise", "highest_first", "none"),
        "default": "clockwise",
        "help": "points over the pool target help [помощь] the pools below it clockwise, the "
        "fullest first, or nobody (a pool may pass the target)",
    },
    "bombs": {
        "kind": BOOL,
        "default": False,
        "help": "bombs [бомбы]: a deal may be played at a bomb of level 1–3 (×2, ×4, ×8), "
        "carried until a contract is made (Classic)",
    },
    "jumps": {
        "kind": "limit",  # a number or "none", as the progression's limit (its own bounds)
        "default": NO_LIMIT,
        "help": 'Skachki [скачки]: the number of jumps to the pool target, or "none"',
    },
    "jump_premium": {
        "kind": "whole",
        "default": 100,
        "help": "whists the prizer [призер] and the amnester [амнистер] write on each other "
        "player when a jump closes",
    },
    "end": {
        "kind": WORD,
        "values": ("pools_full", "pools_total", "fixed_deals", "closed", "mountains_zero", "jumps"),
        "default": "pools_full",
        "help": "the pulka ends when every pool is full, when the pools' sum is full, after "
        'fixed_deals deals, when the record says "closed": true, when the pools are full and '
        "every mountain is 0, or after the last jump (Skachki)",
    },
    "fixed_deals": {
        "kind": "deals",
        "default": None,
        "help": "the number of deals with end: fixed_deals (a positive whole number)",
    },
}

# The project's bounds: a pool, a factor or a number of deals up to WHOLE_MAX (far above any
# table's), and at most PROGRESSION_MAX rises of the all-pass price (a geometric price doubles
# with each: 2**10 is already absurd), so that no absurd figure is stored or computed.
WHOLE_MAX: Final = 1_000
PROGRESSION_MAX: Final = 10
JUMPS_MAX: Final = 20  # Skachki: "5 по 20" (sometimes "7 по 20"); 20 jumps is already a night

_YES_NO: Final = {True: True, False: False, "yes": True, "no": False, "true": True, "false": False}


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def settle_value(name: str, value: Any) -> tuple[Any, str | None]:
    """A convention value as written → (settled value, None) or (None, what it takes)."""
    meta = CONVENTIONS[name]
    kind = "jumps" if name == "jumps" else meta["kind"]
    if kind == BOOL:
        if isinstance(value, bool | str) and value in _YES_NO:
            return _YES_NO[value], None
        return None, "takes yes/no (or true/false)"
    if kind == POSITIVE:
        if _is_int(value) and 0 < value <= WHOLE_MAX:
            return value, None
        return None, f"takes a positive whole number up to {WHOLE_MAX}"
    if kind == "one_or_two":
        if _is_int(value) and value in (1, 2):
            return value, None
        return None, "takes 1 or 2"
    if kind == "limit":
        if value is None or value == NO_LIMIT:
            return NO_LIMIT, None
        if _is_int(value) and 0 <= value <= PROGRESSION_MAX:
            return value, None
        return None, f'takes a whole number of rises up to {PROGRESSION_MAX}, or "none"'
    if kind == "exit":
        if (
            isinstance(value, list)
            and 1 <= len(value) <= 5
            and all(_is_int(level) and 6 <= level <= 10 for level in value)
        ):
            return list(value), None
        return None, "takes a list of 1 to 5 whole numbers from 6 to 10"
    if kind == "jumps":
        if value is None or value == NO_LIMIT:
            return NO_LIMIT, None
        if _is_int(value) and 0 < value <= JUMPS_MAX:
            return value, None
        return None, f'takes a positive whole number up to {JUMPS_MAX}, or "none"'
    if kind == "whole":
        if _is_int(value) and 0 <= value <= WHOLE_MAX:
            return value, None
        return None, f"takes a whole number from 0 to {WHOLE_MAX}"
    if kind == "deals":
        if value is None:
            return None, None
        if _is_int(value) and 0 < value <= WHOLE_MAX:
            return value, None
        return None, f"takes a positive whole number up to {WHOLE_MAX}"
    if isinstance(value, str) and value in meta["values"]:
        return value, None
    return None, "takes one of " + ", ".join(meta["values"])


@dataclass(frozen=True, slots=True)
class Conventions:
    """The conventions in force at one table, settled (limit `none` as None, exit a tuple)."""

    pool_target: int
    whist_split: str
    shortfall: str
    lone_whist_duty: str
    whist_factor: int
    mountain_factor: int
    half_whist: bool
    obligation_8: int
    stalingrad: bool
    ten_checked: bool
    check_9_10: bool
    consolation: bool
    allpass_scoring: str
    allpass_trick: int
    allpass_progression: str
    allpass_progression_limit: int | None
    allpass_zero: str
    allpass_zero_multiplied: bool
    allpass_amnesty: str
    allpass_exit: tuple[int, ...]
    allpass_dealer: str
    help: str
    bombs: bool
    jumps: int | None
    jump_premium: int
    end: str
    fixed_deals: int | None

    def as_dict(self) -> dict[str, Any]:
        """The values in the record's notation, in the rules' order."""
        limit = self.allpass_progression_limit
        return {
            "pool_target": self.pool_target,
            "whist_split": self.whist_split,
            "shortfall": self.shortfall,
            "lone_whist_duty": self.lone_whist_duty,
            "whist_factor": self.whist_factor,
            "mountain_factor": self.mountain_factor,
            "half_whist": self.half_whist,
            "obligation_8": self.obligation_8,
            "stalingrad": self.stalingrad,
            "ten_checked": self.ten_checked,
            "check_9_10": self.check_9_10,
            "consolation": self.consolation,
            "allpass_scoring": self.allpass_scoring,
            "allpass_trick": self.allpass_trick,
            "allpass_progression": self.allpass_progression,
            "allpass_progression_limit": NO_LIMIT if limit is None else limit,
            "allpass_zero": self.allpass_zero,
            "allpass_zero_multiplied": self.allpass_zero_multiplied,
            "allpass_amnesty": self.allpass_amnesty,
            "allpass_exit": list(self.allpass_exit),
            "allpass_dealer": self.allpass_dealer,
            "help": self.help,
            "bombs": self.bombs,
            "jumps": NO_LIMIT if self.jumps is None else self.jumps,
            "jump_premium": self.jump_premium,
            "end": self.end,
            "fixed_deals": self.fixed_deals,
        }


def _convention_problem(field: str, message: str) -> Problem:
    return Problem(None, field, "bad_convention", message)


def settle_conventions(
    ruleset: Any, overrides: Any, problems: list[Problem] | None = None
) -> Conventions:
    """The conventions of `ruleset` with `overrides` applied.

    Bad names and values are appended to `problems` (code `bad_convention`) and left at the
    preset's value so that the rest of a record can still be checked; when `problems` is None
    they raise a PreferansError.
    """
    local: list[Problem] = []
    if not isinstance(ruleset, str) or ruleset not in PRESETS:
        local.append(
            _convention_problem(
                "ruleset", f"unknown ruleset {ruleset!r}; one of " + ", ".join(PRESETS)
            )
        )
        ruleset = "sochi"
    values = dict(PRESETS[ruleset])
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, dict):
        local.append(
            _convention_problem("conventions", "conventions must be an object of name: value")
        )
        overrides = {}
    for name, value in overrides.items():
        if name not in CONVENTIONS:
            local.append(_convention_problem(f"conventions.{name}", f"unknown convention {name!r}"))
            continue
        settled, problem = settle_value(name, value)
        if problem is not None:
            local.append(
                _convention_problem(f"conventions.{name}", f"{name} {problem}, not {value!r}")
            )
            continue
        values[name] = settled
    if values["end"] == "fixed_deals" and values["fixed_deals"] is None:
        local.append(
            _convention_problem(
                "conventions.fixed_deals",
                "end: fixed_deals needs fixed_deals, a positive whole number",
            )
        )
        values["end"] = "pools_full"
    if values["allpass_amnesty"] == "three" and values["allpass_scoring"] != "mountain":
        # "За каждую взятку сверх трех дается по 10 ремизов": mountain writes only.
        field = "allpass_amnesty" if "allpass_amnesty" in overrides else "allpass_scoring"
        local.append(
            _convention_problem(
                f"conventions.{field}",
                "allpass_amnesty: three needs allpass_scoring: mountain (10 remises a trick)",
            )
        )
        values["allpass_amnesty"] = "none"
    if (values["end"] == "jumps") != (values["jumps"] != NO_LIMIT):
        # Skachki: `end: jumps` and a number of jumps go together (rules §8).
        field = "jumps" if "jumps" in overrides and "end" not in overrides else "end"
        local.append(
            _convention_problem(
                f"conventions.{field}",
                "end: jumps and a number of jumps go together (Skachki [скачки])",
            )
        )
        values["end"], values["jumps"] = "pools_full", NO_LIMIT
    if local:
        if problems is None:
            raise PreferansError(local)
        problems.extend(local)
    limit = values["allpass_progression_limit"]
    values["allpass_progression_limit"] = None if limit == NO_LIMIT else limit
    values["jumps"] = None if values["jumps"] == NO_LIMIT else values["jumps"]
    values["allpass_exit"] = tuple(values["allpass_exit"])
    return Conventions(**values)


def resolve_conventions(ruleset: Any, overrides: Any = None) -> dict[str, Any]:
    """Every convention of `ruleset` with `overrides` applied, in the record's notation.

    Raises PreferansError (code `bad_convention`) listing every bad name or value.
    """
    return settle_conventions(ruleset, overrides).as_dict()
