"""Rules §6: the all-pass [распасы] — progression, the player without a trick, Rostov whists,
the exit [выход из распасов], four players."""

from __future__ import annotations

import pytest

from .helpers import FOUR, A, B, C, D, allpass, codes, game, last, record, score

SPREAD = {A: 3, B: 3, C: 4}


def multipliers(count: int, **kwargs: object) -> list[int]:
    result = score([allpass(SPREAD)] * count, **kwargs)
    return [entry["allpass_multiplier"] for entry in result["deals"]]


def test_sochi_is_geometric_with_two_rises() -> None:
    """Seed 002: "1-рные – 1, 2-ные – 2, 3-ные – 4"."""
    assert multipliers(5) == [1, 2, 4, 4, 4]


def test_leningrad_is_arithmetic_with_two_rises() -> None:
    """mail.ru: "ограниченная арифметическая (х1,х2,х3,х3…)"."""
    assert multipliers(5, ruleset="leningrad") == [1, 2, 3, 3, 3]


def test_rostov_has_no_progression() -> None:
    assert multipliers(3, ruleset="rostov") == [1, 1, 1]


@pytest.mark.parametrize(
    ("progression", "limit", "expected"),
    [
        ("geometric", "none", [1, 2, 4, 8, 16]),
        ("arithmetic", "none", [1, 2, 3, 4, 5]),
        ("geometric", 0, [1, 1, 1, 1, 1]),
        ("arithmetic", 1, [1, 2, 2, 2, 2]),
    ],
)
def test_the_progression_limit_counts_rises(
    progression: str, limit: object, expected: list[int]
) -> None:
    """ "Предел прогрессии ... рост прекращается после первого/второго повышения/не
    прекращается никогда"."""
    got = multipliers(5, allpass_progression=progression, allpass_progression_limit=limit)
    assert got == expected


def test_the_series_restarts_after_any_other_deal() -> None:
    deals = [
        allpass(SPREAD),
        allpass(SPREAD),
        game(C, "7S", {A: "pass", B: "pass"}),
        allpass(SPREAD),
    ]
    assert score(deals)["deals"][-1]["allpass_multiplier"] == 1


def test_each_trick_goes_into_the_mountain_times_the_multiplier() -> None:
    deals = [allpass(SPREAD), allpass({A: 2, B: 1, C: 7})]
    entry = last(deals)
    assert entry["mountain"] == {A: 4, B: 2, C: 14}  # m = 2
    doubled = last(deals, ruleset="leningrad")  # m = 2, G = 2
    assert doubled["mountain"] == {A: 8, B: 4, C: 28}
    priced = last(deals, allpass_trick=2)  # b = 2, m = 2
    assert priced["mountain"] == {A: 8, B: 4, C: 28}


@pytest.mark.parametrize(
    ("zero", "pool", "mountain"),
    [
        ("pool", {B: 2}, {A: 8, C: 12}),
        ("mountain_off", {}, {A: 8, C: 12, B: -2}),
        ("none", {}, {A: 8, C: 12}),
    ],
)
def test_a_player_without_a_trick_by_convention(zero: str, pool: dict, mountain: dict) -> None:
    """Kodex 52: "Игрок, не взявший при распасовке ни одной взятки, списывает с горы или
    пишет в пулю в зависимости от договоренности". Boris has a mountain to write off (6 from
    a remise, 3 from the first all-pass); the second all-pass has m = 2."""
    deals = [
        game(B, "8S", {C: "whist", A: "pass"}, {A: 1, B: 7, C: 2}),  # Boris mountain 6
        allpass({A: 3, B: 3, C: 4}),
        allpass({A: 4, B: 0, C: 6}),  # m = 2
    ]
    entry = last(deals, allpass_zero=zero)
    assert entry["pool"] == pool
    assert entry["mountain"] == mountain


def test_writing_off_the_mountain_stops_at_zero() -> None:
    entry = last([allpass({A: 4, B: 0, C: 6})], allpass_zero="mountain_off")
    assert entry["mountain"] == {A: 4, C: 6}
    assert entry["sheet"]["mountain"][B] == 0


def test_rostov_the_fewest_tricks_write_whists_on_the_others() -> None:
    """ "Взявший наименьшее количество взяток записывает определенное количество вистов на
    партнеров": 10 per trick of each other player."""
    entry = last([allpass({A: 1, B: 3, C: 6})], ruleset="rostov")
    assert entry["whists"] == {A: {B: 30, C: 60}}
    assert entry["mountain"] == entry["pool"] == {}


def test_rostov_tied_fewest_split_and_an_odd_whist_goes_clockwise_from_the_dealers_left() -> None:
    tied = last([allpass({A: 2, B: 2, C: 6})], ruleset="rostov")
    assert tied["whists"] == {A: {C: 30}, B: {C: 30}}
    # Four players, Gleb deals and takes no talon trick; 100 whists on Vera split three
    # ways: 34 to Anna (the dealer's left), 33 to Boris and Gleb.
    deal = allpass({A: 0, B: 0, C: 10, D: 0}, dealer=D)
    entry = last([deal], players=FOUR, ruleset="rostov", first_dealer=D)
    assert entry["whists"] == {A: {C: 34}, B: {C: 33}, D: {C: 33}}


def test_four_players_the_dealer_plays_the_talon_tricks() -> None:
    """Kodex 51: "выходит с первой карты прикупа сдающий"; Kodex 52: "Это относится и к
    сдатчику, если он не взял взятки"."""
    entry = last([allpass({A: 0, B: 3, C: 3, D: 4})], players=FOUR)
    assert entry["pool"] == {A: 1}
    assert entry["mountain"] == {B: 3, C: 3, D: 4}
    took = last([allpass({A: 2, B: 2, C: 2, D: 4})], players=FOUR)
    assert took["mountain"] == {A: 2, B: 2, C: 2, D: 4}


def test_four_players_the_dealer_takes_at_most_the_two_talon_tricks() -> None:
    rec = record([allpass({A: 3, B: 2, C: 2, D: 3})], players=FOUR)
    assert codes(rec) == [(1, "tricks_sum")]
    assert codes(record([allpass({B: 3, C: 3, D: 4})], players=FOUR)) == [(1, "missing_field")]


@pytest.mark.parametrize(
    ("ruleset", "allpasses", "least"),
    [
        ("sochi", 1, 6),
        ("sochi", 2, 7),
        ("sochi", 4, 7),
        ("leningrad", 2, 7),
        ("leningrad", 3, 8),
        ("leningrad", 5, 8),
        ("rostov", 3, 6),
    ],
)
def test_the_exit_from_an_allpass_series(ruleset: str, allpasses: int, least: int) -> None:
    """ "Выход из распасов (простой/затрудненный/тяжелый, 6/6/6, 6/7/7, 6/7/8)"."""
    deals = [allpass(SPREAD)] * allpasses
    ok = [*deals, game(A, f"{least}H", {B: "pass", C: "pass"})]
    assert score(ok, ruleset=ruleset)["deals"][-1]["outcome"] == "not_played"
    if least > 6:
        low = [*deals, game(A, f"{least - 1}H", {B: "pass", C: "pass"})]
        assert codes(record(low, ruleset=ruleset)) == [(allpasses + 1, "below_allpass_exit")]


def test_a_custom_exit_list_repeats_its_last_value() -> None:
    deals = [allpass(SPREAD)] * 3 + [game(A, "8H", {B: "pass", C: "pass"})]
    assert codes(record(deals, allpass_exit=[6, 9])) == [(4, "below_allpass_exit")]
    fine = [allpass(SPREAD), game(A, "6H", {B: "pass", C: "pass"})]
    assert score(fine, allpass_exit=[6, 9])["deals"][-1]["pool"] == {A: 2}


def test_rostov_whists_ignore_the_zero_convention() -> None:
    entry = last([allpass({A: 0, B: 4, C: 6})], ruleset="rostov", allpass_zero="pool")
    assert entry["pool"] == {}
    assert entry["whists"] == {A: {B: 40, C: 60}}


def test_four_players_the_allpass_series_and_exit_hold_across_dealers() -> None:
    deals = [
        allpass({A: 0, B: 3, C: 3, D: 4}),  # Anna deals
        allpass({A: 3, B: 0, C: 3, D: 4}),  # Boris deals: m = 2
        game(D, "6S", {A: "pass", B: "pass"}),  # Vera deals: below the exit 7
    ]
    assert codes(record(deals, players=FOUR)) == [(3, "below_allpass_exit")]
    deals[2] = game(D, "7S", {A: "pass", B: "pass"})
    result = score(deals, players=FOUR)
    assert [e["allpass_multiplier"] for e in result["deals"]] == [1, 2, None]
    assert result["deals"][1]["mountain"] == {A: 6, C: 6, D: 8}
    assert result["deals"][1]["pool"] == {B: 2}
