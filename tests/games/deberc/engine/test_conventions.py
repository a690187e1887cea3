"""Rules §8: the four presets, overrides one by one, yes/no words, `bad_convention`."""

from __future__ import annotations

import pytest

from scoring.games.deberc.engine import ScoresheetError
from scoring.games.deberc.engine.conventions import PRESETS, resolve_conventions

from .helpers import codes, record

# The table of §8, column by column (Kharkov's "50 / 100" and "yes (4 players)" settled
# per table size below; debertz off / 6; mercy_gap off).
SECTION_8 = {
    "target": (501, 501, 501, 501),
    # Kharkov "обяз" (seed 001): the dealer, asked a second time, must name a suit.
    "obligatory_order": (False, False, True, True),
    "seven_swap": (True, True, True, True),
    "first_lead": ("eldest", "eldest", "declarer", "declarer"),
    "overtrump": ("trump_lead", "trump_lead", "trump_lead", "always"),
    "debertz": ("off", "off", 6, "off"),
    "trump_in_combination": ("moscow", "moscow", "kharkov", "moscow"),
    "combination_tie": ("eldest", "eldest", "eldest", "last_trick"),
    "combinations_need_trick": (True, True, True, True),
    "bella_to_trick_winner": (False, False, False, True),
    "winner_takes_all": (False, False, False, False),
    "byte_3p": ("top", "top", "split", "top"),
    "hanging_separately": (False, False, False, False),
    "hanging_on_byte_3p": ("top", "split", "split", "top"),
    "dealer": ("winner", "winner", "clockwise", "clockwise"),
    "renonce_penalty": ("card_byte", "card_byte", "take_trick", "redeal_minus_100"),
    "hanging_replay": ("pool", "pool", "pool", "forced"),
    "redeal_below": ("off", "off", "off", 2),
    "three_bytes_penalty": (0, 0, 100, 0),
    "both_over_target": ("last_trick", "higher", "last_trick", "last_trick"),
    "false_closing": ("loses", "loses", "double_to_opponents", "loses"),
    "match_score": ("win", "win", "win", "win"),
    "klabor": (False, False, False, True),
    "format": ("race", "race", "race", "race"),
    "mercy_gap": ("off", "off", "off", "off"),
    "pencil_rule": (False, False, False, False),
}
RULESETS = ("moscow", "online", "kharkov", "odessa")


def test_there_are_exactly_four_presets() -> None:
    assert set(PRESETS) == set(RULESETS)


@pytest.mark.parametrize("column", range(4), ids=RULESETS)
@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_presets_are_exactly_the_table_of_section_8(column: int, n_players: int) -> None:
    ruleset = RULESETS[column]
    settled = resolve_conventions(ruleset, {}, n_players).as_dict()
    for name, values in SECTION_8.items():
        assert settled[name] == values[column], (ruleset, name)


@pytest.mark.parametrize(
    ("ruleset", "n_players", "expected"),
    [
        ("moscow", 2, 0),
        ("moscow", 3, 0),
        ("moscow", 4, 0),
        ("online", 3, 0),
        # Kharkov "50 / 100": 50 with 2 players, 100 with 3 players or pairs.
        ("kharkov", 2, 50),
        ("kharkov", 3, 100),
        ("kharkov", 4, 100),
        ("odessa", 2, 100),
        ("odessa", 3, 100),
        ("odessa", 4, 100),
    ],
)
def test_bolt_penalty_preset_per_table_size(ruleset: str, n_players: int, expected: int) -> None:
    assert resolve_conventions(ruleset, {}, n_players).bolt_penalty == expected


@pytest.mark.parametrize(
    ("ruleset", "n_players", "expected"),
    [
        ("kharkov", 4, True),
        ("kharkov", 2, False),
        ("kharkov", 3, False),
        ("moscow", 4, False),
        ("odessa", 4, False),
        ("online", 4, False),
    ],
)
def test_hundred_is_kharkov_with_4_players_only(
    ruleset: str, n_players: int, expected: bool
) -> None:
    assert resolve_conventions(ruleset, {}, n_players).hundred is expected


def test_every_convention_can_be_overridden_one_by_one() -> None:
    settled = resolve_conventions("moscow", {"target": 301, "dealer": "clockwise"}, 2)
    assert settled.target == 301
    assert settled.dealer == "clockwise"
    # The others keep the preset's values.
    assert settled.both_over_target == "last_trick"
    assert settled.byte_3p == "top"


@pytest.mark.parametrize(
    ("word", "value"), [(True, True), (False, False), ("yes", True), ("no", False)]
)
def test_yes_no_conventions_take_true_false_and_yes_no(word: object, value: bool) -> None:
    assert resolve_conventions("moscow", {"winner_takes_all": word}, 2).winner_takes_all is value
    assert (
        resolve_conventions("moscow", {"hanging_separately": word}, 2).hanging_separately is value
    )


@pytest.mark.parametrize(
    ("given", "settled"), [(True, 250), (False, "off"), ("off", "off"), (300, 300)]
)
def test_mercy_gap_true_means_250(given: object, settled: object) -> None:
    assert resolve_conventions("moscow", {"mercy_gap": given}, 2).as_dict()["mercy_gap"] == settled


@pytest.mark.parametrize(("given", "settled"), [("off", "off"), (6, 6), (7, 7)])
def test_debertz_takes_off_6_or_7(given: object, settled: object) -> None:
    assert resolve_conventions("moscow", {"debertz": given}, 2).as_dict()["debertz"] == settled


def test_whole_number_conventions() -> None:
    settled = resolve_conventions(
        "moscow",
        {
            "target": 1001,
            "bolt_penalty": 75,
            "three_bytes_penalty": 50,
            "format": "fixed",
            "fixed_deals": 8,
        },
        4,
    )
    assert (settled.target, settled.bolt_penalty, settled.three_bytes_penalty) == (1001, 75, 50)
    assert (settled.format, settled.fixed_deals) == ("fixed", 8)


@pytest.mark.parametrize(
    "overrides",
    [
        {"target": 0},
        {"target": -5},
        {"target": "501"},
        {"target": 50.5},
        {"target": True},
        {"winner_takes_all": "maybe"},
        {"winner_takes_all": 1},
        {"debertz": 5},
        {"debertz": "6"},
        {"mercy_gap": -250},
        {"mercy_gap": "yes"},
        {"dealer": "random"},
        {"byte_3p": "half"},
        {"bolt_penalty": "50 / 100"},
        {"three_bytes_penalty": -100},
        {"format": "fixed"},  # fixed needs fixed_deals
        {"fixed_deals": 0},
        {"no_such_convention": True},
    ],
)
def test_bad_convention_values_are_refused(overrides: dict) -> None:
    with pytest.raises(ScoresheetError) as caught:
        resolve_conventions("moscow", overrides, 2)
    assert {error["code"] for error in caught.value.errors} == {"bad_convention"}


def test_unknown_ruleset_is_bad_convention_in_a_record() -> None:
    rec = record(["Anna", "Boris"], [], ruleset="leningrad")
    assert codes(rec) == [(None, "bad_convention")]


def test_every_bad_convention_of_a_record_is_reported() -> None:
    rec = record(["Anna", "Boris"], [], dealer="random", target=-1, nonsense=3)
    found = codes(rec)
    assert found == [(None, "bad_convention")] * 3
