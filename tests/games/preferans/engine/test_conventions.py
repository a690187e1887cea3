"""Rules §10: the conventions [договорённости], the presets сочинка, ленинградка, ростов, and
the values a record may write."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.games.preferans.engine import CONVENTIONS, PRESETS, PreferansError, resolve_conventions

from .helpers import codes, record

TABLE = {  # rules §10, row by row: (sochi, leningrad, rostov, classic, skachki)
    "pool_target": (20, 20, 20, 20, 20),
    "whist_split": ("whister", "halves", "whister", "whister", "whister"),
    "shortfall": ("full", "half", "full", "full", "full"),
    "lone_whist_duty": ("full", "full", "full", "full", "full"),
    "whist_factor": (1, 2, 1, 1, 1),
    "mountain_factor": (1, 2, 1, 1, 1),
    "half_whist": (True, True, False, True, True),
    "obligation_8": (1, 1, 1, 1, 1),
    "stalingrad": (False, False, False, False, False),
    "ten_checked": (True, True, True, True, True),
    "check_9_10": (False, False, False, False, False),
    "consolation": (True, True, True, True, True),
    "allpass_scoring": ("mountain", "mountain", "whists", "mountain", "mountain"),
    "allpass_trick": (1, 1, 1, 1, 1),
    "allpass_progression": ("geometric", "arithmetic", "none", "geometric", "geometric"),
    "allpass_progression_limit": (2, 2, "none", 2, 2),
    "allpass_zero": ("pool", "pool", "none", "pool", "pool"),
    "allpass_zero_multiplied": (True, True, True, True, True),
    "allpass_amnesty": ("none", "none", "none", "none", "none"),
    "allpass_exit": ([6, 7, 7], [6, 7, 8], [6, 6, 6], [6, 7, 7], [6, 7, 7]),
    "allpass_dealer": ("rotates", "rotates", "rotates", "rotates", "rotates"),
    "help": ("clockwise", "clockwise", "clockwise", "clockwise", "clockwise"),
    "bombs": (False, False, False, True, False),
    "jumps": ("none", "none", "none", "none", 5),
    "jump_premium": (100, 100, 100, 100, 100),
    "end": ("pools_full", "pools_full", "pools_full", "pools_full", "jumps"),
    "fixed_deals": (None, None, None, None, None),
}
RULESETS = ("sochi", "leningrad", "rostov", "classic", "skachki")


@pytest.mark.parametrize("name", list(TABLE))
@pytest.mark.parametrize("column", range(len(RULESETS)))
def test_each_preset_has_the_value_of_the_rules_table(name: str, column: int) -> None:
    ruleset = RULESETS[column]
    assert PRESETS[ruleset][name] == TABLE[name][column]
    assert resolve_conventions(ruleset, {})[name] == TABLE[name][column]


def test_there_are_exactly_the_five_presets_and_every_convention_is_described() -> None:
    """Rules §10: seed 002 l.130 «Ленинград, Сочи, Ростов, Классика, Скачки»."""
    assert list(PRESETS) == list(RULESETS)
    assert list(CONVENTIONS) == list(TABLE)
    for name, meta in CONVENTIONS.items():
        assert meta["help"], name
        assert "default" in meta, name
        assert meta["default"] == PRESETS["sochi"][name]


def test_sochi_has_responsible_whist_and_leningrad_gentleman_whist() -> None:
    """Seed 002: Сочинка — "ответственный («жлобский») вист"; Ленинград — "полуответственный
    («джентльменский»)", "гора, обычно, двойная"."""
    assert PRESETS["sochi"]["whist_split"] == "whister"
    assert PRESETS["leningrad"]["whist_split"] == "halves"
    assert PRESETS["leningrad"]["mountain_factor"] == 2


@pytest.mark.parametrize(
    ("name", "written", "settled"),
    [
        ("half_whist", "yes", True),
        ("half_whist", "no", False),
        ("obligation_8", 2, 2),
        ("obligation_8", 1, 1),
        ("stalingrad", True, True),
        ("stalingrad", "true", True),
        ("ten_checked", False, False),
        ("ten_checked", "false", False),
        ("pool_target", 10, 10),
        ("whist_factor", 2, 2),
        ("mountain_factor", 3, 3),
        ("allpass_trick", 2, 2),
        ("allpass_progression_limit", 0, 0),
        ("allpass_progression_limit", 5, 5),
        ("allpass_progression_limit", "none", "none"),
        ("allpass_progression_limit", None, "none"),
        ("allpass_exit", [6], [6]),
        ("allpass_exit", [6, 7, 8, 9, 10], [6, 7, 8, 9, 10]),
        ("allpass_zero", "mountain_off", "mountain_off"),
        ("allpass_dealer", "stays", "stays"),
        ("whist_split", "halves", "halves"),
        ("shortfall", "shared", "shared"),
        ("allpass_scoring", "whists", "whists"),
        ("allpass_progression", "arithmetic", "arithmetic"),
        ("end", "closed", "closed"),
    ],
)
def test_a_good_value_overrides_the_preset(name: str, written: Any, settled: Any) -> None:
    assert resolve_conventions("sochi", {name: written})[name] == settled


def test_fixed_deals_goes_with_end_fixed_deals() -> None:
    resolved = resolve_conventions("rostov", {"end": "fixed_deals", "fixed_deals": 12})
    assert (resolved["end"], resolved["fixed_deals"]) == ("fixed_deals", 12)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("half_whist", "maybe"),
        ("half_whist", 1),
        ("obligation_8", 3),
        ("obligation_8", "2"),
        ("pool_target", 0),
        ("pool_target", -5),
        ("pool_target", 20.0),
        ("pool_target", True),
        ("whist_factor", 0),
        ("mountain_factor", "2"),
        ("allpass_trick", 3),
        ("allpass_progression_limit", -1),
        ("allpass_progression_limit", "never"),
        ("allpass_exit", []),
        ("allpass_exit", [6, 7, 7, 7, 7, 7]),
        ("allpass_exit", [5, 7]),
        ("allpass_exit", [6, 11]),
        ("allpass_exit", "6,7,7"),
        ("allpass_zero", "mountain"),
        ("whist_split", "both"),
        ("end", "never"),
        ("fixed_deals", 0),
        ("no_such_convention", 1),
    ],
)
def test_a_bad_name_or_value_is_refused(name: str, value: Any) -> None:
    with pytest.raises(PreferansError) as caught:
        resolve_conventions("sochi", {name: value})
    assert [e["code"] for e in caught.value.errors] == ["bad_convention"]
    assert caught.value.errors[0]["field"] == f"conventions.{name}"


def test_an_unknown_ruleset_is_refused() -> None:
    with pytest.raises(PreferansError) as caught:
        resolve_conventions("moscow", {})
    assert caught.value.errors[0]["field"] == "ruleset"


def test_end_fixed_deals_without_a_number_is_refused() -> None:
    with pytest.raises(PreferansError):
        resolve_conventions("sochi", {"end": "fixed_deals"})


def test_every_bad_convention_of_a_record_is_reported_at_once() -> None:
    rec = record([], ruleset="sochi", pool_target=0, half_whist="perhaps", colour="red")
    assert codes(rec) == [(None, "bad_convention")] * 3


def test_conventions_not_an_object_are_refused() -> None:
    rec = record([])
    rec["conventions"] = [1, 2]
    assert codes(rec) == [(None, "bad_convention")]


def test_the_result_lists_every_convention_resolved() -> None:
    from scoring.games.preferans.engine import score_pulka

    result = score_pulka(record([], ruleset="leningrad", half_whist="no"))
    assert list(result["conventions"]) == list(TABLE)
    assert result["conventions"]["half_whist"] is False
    assert result["conventions"]["whist_factor"] == 2
