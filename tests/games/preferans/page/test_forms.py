"""The Preferans deal form, unit: POST fields → a DEAL of preferans-scoresheet/1 (the last
hand's tricks filled in), a deal → the fields of its correction, engine errors → fields."""

from __future__ import annotations

import pytest

from scoring.games.preferans.page.forms import (
    contract_codes,
    contract_label,
    engine_error_key,
    fill_last_tricks,
    parse_deal,
    values_from_record,
)

THREE = ["Anna", "Boris", "Vera"]
FOUR = ["Anna", "Boris", "Vera", "Gleb"]


def test_a_whisted_game_with_the_last_hands_tricks_filled_in():
    form = parse_deal(
        {
            "contract": "6S",
            "declarer": "1",
            "whist_2": "whist",
            "whist_0": "pass",
            "tricks_1": "6",
            "tricks_2": "3",
            "dealer": "0",
        },
        THREE,
    )
    assert form.is_valid
    assert form.record == {
        "kind": "game",
        "declarer": "Boris",
        "contract": "6S",
        "whist": {"Anna": "pass", "Vera": "whist"},
        "tricks": {"Anna": 1, "Boris": 6, "Vera": 3},
    }
    assert form.values["tricks_0"] == "1"  # shown filled in when the form comes back


def test_the_declarers_own_row_and_a_blank_choice_are_left_out():
    form = parse_deal(
        {"contract": "7H", "declarer": "2", "whist_2": "whist", "whist_0": "whist"}, THREE
    )
    assert form.record["whist"] == {"Anna": "whist"}  # Boris missing: the engine names him
    assert "tricks" not in form.record


def test_an_all_pass_takes_no_declarer_nor_whists():
    form = parse_deal(
        {
            "contract": "allpass",
            "declarer": "1",
            "whist_0": "pass",
            "tricks_0": "4",
            "tricks_1": "0",
        },
        THREE,
    )
    assert form.record == {"kind": "allpass", "tricks": {"Anna": 4, "Boris": 0, "Vera": 6}}


def test_four_handed_all_pass_the_dealers_talon_counts_blank_as_none():
    post = {"contract": "allpass", "dealer": "3", "tricks_0": "2", "tricks_1": "5"}
    form = parse_deal(post, FOUR)
    assert form.record["tricks"] == {"Anna": 2, "Boris": 5, "Vera": 3, "Gleb": 0}
    form = parse_deal({**post, "tricks_3": "1"}, FOUR)
    assert form.record["tricks"] == {"Anna": 2, "Boris": 5, "Vera": 2, "Gleb": 1}


def test_four_handed_game_the_sitting_out_dealer_is_not_a_playing_hand():
    post = {
        "contract": "8NT",
        "declarer": "0",
        "whist_1": "whist",
        "whist_2": "pass",
        "tricks_0": "8",
        "tricks_1": "1",
        "dealer": "3",
    }
    form = parse_deal(post, FOUR)
    assert form.record["tricks"] == {"Anna": 8, "Boris": 1, "Vera": 1}
    assert form.record["whist"] == {"Boris": "whist", "Vera": "pass"}


def test_a_misere_and_a_renonce():
    form = parse_deal(
        {
            "contract": "misere",
            "declarer": "2",
            "whist_0": "whist",
            "tricks_2": "1",
            "tricks_0": "4",
            "violation_player": "0",
            "violation_count": "2",
        },
        THREE,
    )
    assert form.record == {
        "kind": "misere",
        "declarer": "Vera",
        "tricks": {"Anna": 4, "Boris": 5, "Vera": 1},
        "violation": {"player": "Anna", "kind": "renonce", "count": 2},
    }


def test_what_the_form_itself_refuses_is_at_its_field():
    form = parse_deal({"tricks_0": "x"}, THREE)
    assert set(form.errors) == {"contract"}
    form = parse_deal({"contract": "7S", "tricks_0": "11", "tricks_1": "2"}, THREE)
    assert set(form.errors) == {"declarer", "tricks_0"}
    assert "tricks_2" not in form.values  # no figure filled in beside a wrong one
    form = parse_deal({"contract": "7S", "declarer": "9", "whist_0": "maybe"}, THREE)
    assert set(form.errors) == {"declarer", "whist_0"}
    form = parse_deal({"contract": "7S", "declarer": "1", "whist_0": "maybe"}, THREE)
    assert set(form.errors) == {"whist_0"}
    form = parse_deal(
        {"contract": "allpass", "violation_player": "1", "violation_count": "0"}, THREE
    )
    assert set(form.errors) == {"violation"}


def test_fill_last_tricks_only_when_one_hand_is_open_and_the_rest_fit():
    assert fill_last_tricks({0: 6, 1: 3}, [0, 1, 2]) == {0: 6, 1: 3, 2: 1}
    assert fill_last_tricks({0: 6}, [0, 1, 2]) == {0: 6}
    assert fill_last_tricks({0: 8, 1: 3}, [0, 1, 2]) == {0: 8, 1: 3}
    assert fill_last_tricks({0: 2, 1: 3}, [0, 1], {3: 1}) == {0: 2, 1: 3}
    assert fill_last_tricks({0: 2}, [0, 1], {3: 1}) == {0: 2, 1: 7}


@pytest.mark.parametrize(
    "record",
    [
        {
            "kind": "game",
            "declarer": "Boris",
            "contract": "10NT",
            "whist": {"Anna": "check", "Vera": "pass"},
            "tricks": {"Anna": 1, "Boris": 9, "Vera": 0},
        },
        {
            "kind": "game",
            "declarer": "Anna",
            "contract": "7D",
            "whist": {"Boris": "half", "Vera": "pass"},
        },
        {"kind": "misere", "declarer": "Vera", "tricks": {"Anna": 5, "Boris": 5, "Vera": 0}},
        {
            "kind": "allpass",
            "tricks": {"Anna": 3, "Boris": 3, "Vera": 4},
            "violation": {"player": "Boris", "kind": "renonce", "count": 1},
        },
    ],
)
def test_a_correction_starts_from_the_deal_and_gives_it_back(record):
    values = values_from_record(record, THREE)
    assert parse_deal(values, THREE).record == record


def test_engine_errors_go_to_their_fields():
    def key(field):
        return engine_error_key({"field": field}, THREE)

    assert key("whist.Vera") == "whist_2"
    assert key("tricks.Anna") == "tricks_0"
    assert key("tricks") == "tricks"
    assert key("whist") == "whist"
    assert key("kind") == key("contract") == "contract"
    assert key("declarer") == "declarer"
    assert key("violation.player") == key("violation.count") == "violation"
    assert key("dealer") == key(None) == "__all__"


def test_the_picker_offers_every_game_six_spades_to_ten_no_trumps():
    codes = contract_codes()
    assert len(codes) == 25 and codes[0] == "6S" and codes[-1] == "10NT"
    assert contract_label("7H") == "7♥" and contract_label("10NT") == "10БК"


def test_a_half_whist_answered_is_written_with_the_final_choices():
    """Kodex 23: "первый может сказать «фиг тебе, играем» и тем самым идет вист": Vera
    passed, Anna took half a whist, Vera answered; the deal is played."""
    post = {
        "contract": "6S",
        "declarer": "1",
        "whist_2": "pass",
        "whist_0": "half",
        "half_answered": "1",
        "tricks_1": "6",
        "tricks_2": "3",
    }
    form = parse_deal(post, THREE)
    assert form.is_valid
    assert form.record["whist"] == {"Anna": "pass", "Vera": "whist"}
    unanswered = parse_deal({**post, "half_answered": ""}, THREE)
    assert unanswered.record["whist"] == {"Anna": "half", "Vera": "pass"}


def test_two_renonces_become_the_kodex_33_list_and_come_back_for_a_correction():
    """Kodex 33: "когда же играющий и вистующий сделают ренонсы в одну и ту же игру"."""
    post = {
        "contract": "6S",
        "declarer": "1",
        "whist_2": "whist",
        "whist_0": "pass",
        "tricks_1": "5",
        "tricks_2": "3",
        "violation_player": "1",
        "violation2_player": "2",
        "violation2_count": "2",
    }
    form = parse_deal(post, THREE)
    assert form.record["violation"] == [
        {"player": "Boris", "kind": "renonce", "count": 1},
        {"player": "Vera", "kind": "renonce", "count": 2},
    ]
    values = values_from_record(form.record, THREE)
    assert (values["violation_player"], values["violation_count"]) == ("1", "1")
    assert (values["violation2_player"], values["violation2_count"]) == ("2", "2")
    bad = parse_deal({**post, "violation2_count": "11"}, THREE)
    assert set(bad.errors) == {"violation"}


def test_an_error_in_a_violation_list_goes_to_the_violation_field():
    err = {"field": "violation[2].count", "code": "bad_violation"}
    assert engine_error_key(err, THREE) == "violation"
