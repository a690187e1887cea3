"""The variants and conventions of issue 34, each from a worked example of the rules
(preferans-rules.md §11, examples 11–23, players A = Anna, B = Boris, C = Vera, D = Gleb,
first dealer A): the figures in the comments are the spec's, worked by hand."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.games.preferans.engine import PreferansError, resolve_conventions

from .helpers import FOUR, A, B, C, D, allpass, codes, game, last, misere, record, score


def both_pass(declarer: str, contract: str, **extra: Any) -> dict[str, Any]:
    """A game both defenders pass (the defenders are the two other players of three)."""
    others = [name for name in (A, B, C) if name != declarer]
    return game(declarer, contract, {others[0]: "pass", others[1]: "pass"}, **extra)


def balance(result: dict[str, Any]) -> dict[str, int]:
    return dict(result["settlement"]["balance"])


# -- §4 shortfall with two whisters follows `shortfall` (example 11) ---------------------------


def test_two_whisters_shortfall_is_halved_under_shortfall_half() -> None:
    """Example 11 (Leningrad, F = G = 2): 6♥ made with 8; A 0 tricks is 2 below s = 2:
    X = 2 × 2 × 2 = 8, half → A's mountain 4; C writes 2 × 2 × 2 = 8 on B."""
    result = score(
        [game(B, "6H", {C: "whist", A: "whist"}, {B: 8, C: 2, A: 0})], ruleset="leningrad"
    )
    entry = result["deals"][0]
    assert entry["pool"] == {B: 2}
    assert entry["mountain"] == {A: 4}
    assert entry["whists"] == {C: {B: 8}}
    assert balance(result) == {A: -33, B: 19, C: 14}


@pytest.mark.parametrize(("rule", "mountain"), [("full", 8), ("shared", 8), ("half", 4)])
def test_two_whisters_shortfall_under_each_rule(rule: str, mountain: int) -> None:
    """§4: two whisters' penalty is in full with `full`, half with `half`, in full with
    `shared` (there is no passer to share it with)."""
    entry = last(
        [game(B, "6H", {C: "whist", A: "whist"}, {B: 8, C: 2, A: 0})],
        ruleset="leningrad",
        shortfall=rule,
    )
    assert entry["mountain"] == {A: mountain}


# -- §7 a defender's renonce on a misère (example 12) -----------------------------------------


def test_misere_renonce_costs_ten_per_trick_of_the_declarer_whatever_the_count() -> None:
    """Example 12 (Kodex 65): B's misère, A 5, B 1, C 4, C renounced twice: B pool 10 as
    made; C mountain 10 × 1 × 1 = 10. Balance A 0, B 100, C −100."""
    result = score(
        [misere(B, {A: 5, B: 1, C: 4}, violation={"player": C, "kind": "renonce", "count": 2})]
    )
    entry = result["deals"][0]
    assert entry["outcome"] == "misere_made"
    assert entry["pool"] == {B: 10}
    assert entry["mountain"] == {C: 10}
    assert balance(result) == {A: 0, B: 100, C: -100}


def test_misere_renonce_with_the_declarer_clean_costs_nothing() -> None:
    """§7: «за каждую взятку, взятую игроком»: the declarer took none → nothing (10 × 0)."""
    entry = last(
        [misere(B, {A: 5, B: 0, C: 5}, violation={"player": C, "kind": "renonce", "count": 3})]
    )
    assert entry["pool"] == {B: 10}
    assert entry["mountain"] == {}


# -- §4 lone_whist_duty (example 13) -----------------------------------------------------------


def test_kodex41_counts_the_lone_whisters_own_tricks() -> None:
    """Example 13: 6♣ made with 6, C whists with 1, A passes with 3. `full`: D = 4 = O, no
    shortfall; `kodex41`: C's own 1 < 2 → C mountain 2 × 1 × 1 = 2. Balance A 0, B 12,
    C −12."""
    deal = game(B, "6C", {C: "whist", A: "pass"}, {B: 6, C: 1, A: 3})
    full = score([deal])
    assert full["deals"][0]["mountain"] == {}
    kodex = score([deal], lone_whist_duty="kodex41")
    entry = kodex["deals"][0]
    assert entry["pool"] == {B: 2}
    assert entry["whists"] == {C: {B: 8}}
    assert entry["mountain"] == {C: 2}
    assert balance(kodex) == {A: 0, B: 12, C: -12}


def test_kodex41_duty_is_one_on_a_seven() -> None:
    """Kodex 41 «при игре семь, восемь и девять — одну»: 7♠ made with 9, C whists and takes
    0: (1 − 0) × 4 = 4 into C's mountain; with his 1 he owes nothing."""
    short = last(
        [game(B, "7S", {C: "whist", A: "pass"}, {B: 9, C: 0, A: 1})], lone_whist_duty="kodex41"
    )
    assert short["mountain"] == {C: 4}
    enough = last(
        [game(B, "7S", {C: "whist", A: "pass"}, {B: 9, C: 1, A: 0})], lone_whist_duty="kodex41"
    )
    assert enough["mountain"] == {}


# -- §8 help (examples 14, 15) -----------------------------------------------------------------

HELP_DEALS = [both_pass(A, "8S"), both_pass(C, "6S"), both_pass(B, "8S"), both_pass(B, "8S")]


def test_help_highest_first_helps_the_fullest_pool() -> None:
    """Example 14 (target 10): B's last 8♠ takes 4 to 10, 2 over; A (6) before C (2): A's
    pool 8 and B writes 20 on A. Balance A −6, B 53, C −47."""
    result = score(HELP_DEALS, pool_target=10, help="highest_first")
    entry = result["deals"][-1]
    assert entry["help"] == [{"from": B, "to": A, "points": 2}]
    assert entry["whists"] == {B: {A: 20}}
    assert entry["sheet"]["pool"] == {A: 8, B: 10, C: 2}
    assert balance(result) == {A: -6, B: 53, C: -47}
    clockwise = score(HELP_DEALS, pool_target=10)
    assert clockwise["deals"][-1]["help"] == [{"from": B, "to": C, "points": 2}]


def test_help_none_lets_a_pool_pass_the_target() -> None:
    """Example 15: B's pool 12, no help, no whists; deficits A 4, B −2, C 8: the same
    balances A −6, B 53, C −47."""
    result = score(HELP_DEALS, pool_target=10, help="none")
    entry = result["deals"][-1]
    assert entry["help"] == []
    assert entry["whists"] == {}
    assert entry["sheet"]["pool"] == {A: 6, B: 12, C: 2}
    assert result["settlement"]["mountain"] == {A: 4, B: -2, C: 8}
    assert balance(result) == {A: -6, B: 53, C: -47}


def test_pools_total_ends_on_the_sum_of_the_pools() -> None:
    """Example 15: target 6, `help: none`, `end: pools_total`: pools B 8, C 6, A 2, A 4:
    the sum 18 = 3 × 6 ends the pulka (`pools_full` would not: A has 4). A −20, B 20, C 0."""
    deals = [both_pass(B, "9S"), both_pass(C, "8S"), both_pass(A, "6S"), both_pass(A, "6S")]
    result = score(deals, pool_target=6, help="none", end="pools_total")
    assert result["finished"] and result["reason"] == "pools_total"
    assert balance(result) == {A: -20, B: 20, C: 0}
    assert not score(deals, pool_target=6, help="none")["finished"]


# -- §3 check_9_10 (example 16) ----------------------------------------------------------------


def test_a_nine_passed_by_both_is_played_as_whisted_under_check_9_10() -> None:
    """Example 16: deal 1 B 9♦ passed by both, B 8, A 2, C 0: B mountain 8; A 16 + 8 = 24
    and C 8 on B. Balance A 51, B −85, C 34. Deal 2 C 9♥ checked by both, C 9, A 1: C pool
    8, A writes 8 on C. Deal 3 A 9♠ both pass, A 10: pool 8, no shortfall."""
    deal1 = game(B, "9D", {C: "pass", A: "pass"}, {B: 8, A: 2, C: 0})
    first = score([deal1], check_9_10=True)
    entry = first["deals"][0]
    assert entry["outcome"] == "remise"
    assert entry["mountain"] == {B: 8}
    assert entry["whists"] == {A: {B: 24}, C: {B: 8}}
    assert balance(first) == {A: 51, B: -85, C: 34}
    deals = [
        deal1,
        game(C, "9H", {A: "check", B: "check"}, {C: 9, A: 1, B: 0}),
        game(A, "9S", {B: "pass", C: "pass"}, {A: 10, B: 0, C: 0}),
    ]
    result = score(deals, check_9_10=True)
    assert result["deals"][1]["pool"] == {C: 8}
    assert result["deals"][1]["whists"] == {A: {C: 8}}
    assert result["deals"][2]["pool"] == {A: 8}
    assert result["deals"][2]["mountain"] == {}
    unplayed = last([deal1], check_9_10=False)
    assert unplayed["outcome"] == "not_played"
    assert unplayed["pool"] == {B: 8}


def test_check_9_10_needs_the_tricks_and_both_checks() -> None:
    """§3: its tricks are required; `check` by one defender only is `bad_whist`."""
    assert codes(record([game(B, "9D", {C: "pass", A: "pass"})], check_9_10=True)) == [
        (1, "missing_field")
    ]
    one = record([game(B, "9D", {C: "check", A: "pass"}, {B: 9, C: 1, A: 0})], check_9_10=True)
    assert codes(one) == [(1, "bad_whist")]
    off = record([game(B, "9D", {C: "check", A: "check"}, {B: 9, C: 1, A: 0})])
    assert (1, "bad_whist") in codes(off)


def test_a_checked_ten_stays_a_checked_ten_under_check_9_10() -> None:
    """§3: a 10 under `ten_checked: yes` is a checked ten whatever `check_9_10` says: two
    passes leave it unplayed."""
    entry = last([game(B, "10S", {C: "pass", A: "pass"})], check_9_10=True)
    assert entry["outcome"] == "not_played"


# -- §6 the all-pass zero point and the amnesty (examples 17, 18) ------------------------------


def test_zero_point_follows_the_progression_or_is_one() -> None:
    """Example 17: deal 2, m = 2: B 8, C 12 into the mountain; A took none: pool 2
    (z = 1 × 2), or 1 with `allpass_zero_multiplied: no`."""
    deals = [allpass({A: 2, B: 3, C: 5}), allpass({A: 0, B: 4, C: 6})]
    entry = last(deals)
    assert entry["mountain"] == {B: 8, C: 12}
    assert entry["pool"] == {A: 2}
    assert last(deals, allpass_zero_multiplied=False)["pool"] == {A: 1}


def test_amnesty_min_strikes_the_fewest_tricks_off_every_hand() -> None:
    """Example 17 with `allpass_amnesty: min`: deal 1 min 2 → 0, 1, 3: mountain B 1, C 3
    (A took tricks: no point); deal 2 min 0: as without the amnesty."""
    deals = [allpass({A: 2, B: 3, C: 5}), allpass({A: 0, B: 4, C: 6})]
    result = score(deals, allpass_amnesty="min")
    assert result["deals"][0]["mountain"] == {B: 1, C: 3}
    assert result["deals"][0]["pool"] == {}
    assert result["deals"][1]["mountain"] == {B: 8, C: 12}
    assert result["deals"][1]["pool"] == {A: 2}


def test_amnesty_three_prices_each_trick_above_three_at_ten() -> None:
    """Example 18: deal 1 A 0, B 4, C 6, m = 1: A pool 1; B 10, C 30. Deal 2, m = 2: A 2,
    B 3, C 5: only C, 10 × 2 × 2 = 40."""
    deals = [allpass({A: 0, B: 4, C: 6}), allpass({A: 2, B: 3, C: 5})]
    result = score(deals, allpass_amnesty="three")
    assert result["deals"][0]["pool"] == {A: 1}
    assert result["deals"][0]["mountain"] == {B: 10, C: 30}
    assert result["deals"][1]["mountain"] == {C: 40}


def test_amnesty_min_in_rostov_and_three_refused_there() -> None:
    """Example 18: Rostov with `min`: A 1, B 4, C 5 → 0, 3, 4: A writes 30 on B and 40 on C
    (50 without); with `three`: `bad_convention` (whist scoring)."""
    deal = allpass({A: 1, B: 4, C: 5})
    assert last([deal], ruleset="rostov", allpass_amnesty="min")["whists"] == {A: {B: 30, C: 40}}
    assert last([deal], ruleset="rostov")["whists"] == {A: {B: 40, C: 50}}
    refused = codes(record([deal], ruleset="rostov", allpass_amnesty="three"))
    assert refused == [(None, "bad_convention")]


# -- §8a Skachki (example 19) ------------------------------------------------------------------


def test_skachki_jumps_with_the_prizers_and_the_amnesters_premiums() -> None:
    """Example 19 (`pool_target` 4, `jumps` 2): A is the first prizer, B the amnester; B
    the second prizer and amnester. Whists B on A 314, B on C 320, A on B 100, A on C 100;
    balance A −127, B 541, C −414."""
    deals = [
        game(A, "6S", {B: "whist", C: "pass"}, {A: 5, B: 4, C: 1}),
        both_pass(C, "6S"),
        both_pass(A, "7S"),
        both_pass(B, "8S"),
    ]
    result = score(deals, ruleset="skachki", pool_target=4, jumps=2)
    third, fourth = result["deals"][2], result["deals"][3]
    assert third["jump"] == {"number": 1, "prizer": A, "amnester": B}
    assert third["whists"] == {A: {B: 100, C: 100}, B: {A: 100, C: 100}}
    assert third["sheet"]["pool"] == {A: 0, B: 0, C: 0}
    assert third["sheet"]["mountain"] == {A: 2, B: 0, C: 0}
    assert fourth["jump"] == {"number": 2, "prizer": B, "amnester": B}
    assert fourth["help"] == [{"from": B, "to": C, "points": 2}]
    assert result["finished"] and result["reason"] == "jumps"
    assert fourth["sheet"]["whists"] == {
        A: {B: 100, C: 100},
        B: {A: 314, C: 320},
        C: {A: 0, B: 0},
    }
    assert result["settlement"]["mountain"] == {A: 2, B: 0, C: 0}
    assert balance(result) == {A: -127, B: 541, C: -414}
    assert all(entry["jump"] is None for entry in result["deals"][:2])


def test_a_deal_after_the_last_jump_is_refused() -> None:
    deals = [both_pass(A, "7S"), both_pass(B, "6S")]
    assert codes(record(deals, ruleset="skachki", pool_target=4, jumps=1)) == [
        (2, "match_finished")
    ]


@pytest.mark.parametrize(
    ("ruleset", "overrides", "field"),
    [
        ("sochi", {"end": "jumps"}, "conventions.end"),
        ("sochi", {"jumps": 3}, "conventions.jumps"),
        ("skachki", {"end": "pools_full"}, "conventions.end"),
        ("skachki", {"jumps": 0}, "conventions.jumps"),
        ("skachki", {"jump_premium": -1}, "conventions.jump_premium"),
        ("sochi", {"help": "counterclockwise"}, "conventions.help"),
        ("sochi", {"lone_whist_duty": "kodex42"}, "conventions.lone_whist_duty"),
        ("sochi", {"allpass_amnesty": "all"}, "conventions.allpass_amnesty"),
        ("sochi", {"end": "mountains"}, "conventions.end"),
        ("sochi", {"bombs": "maybe"}, "conventions.bombs"),
    ],
)
def test_bad_new_conventions_are_refused_at_their_field(
    ruleset: str, overrides: dict[str, Any], field: str
) -> None:
    with pytest.raises(PreferansError) as caught:
        resolve_conventions(ruleset, overrides)
    assert [(e["field"], e["code"]) for e in caught.value.errors] == [(field, "bad_convention")]


# -- §7a bombs and blind play (example 20) -----------------------------------------------------


def test_classic_bomb_is_carried_until_a_contract_is_made_and_blind_doubles() -> None:
    """Example 20: deal 1 on bomb 1, example 9 doubled: B mountain 8, C on B 48; a remise:
    the bomb stays; deal 2 without `bomb` at level 1: C pool 4, made: it goes; deal 3
    blind: A pool 4. Balance A 40, B −128, C 88."""
    deals = [
        game(B, "7H", {C: "whist", A: "pass"}, {B: 6, C: 3, A: 1}, bomb=1),
        both_pass(C, "6S"),
        both_pass(A, "6S", blind=True),
    ]
    result = score(deals, ruleset="classic")
    one, two, three = result["deals"]
    assert (one["bomb"], one["factor"]) == (1, 2)
    assert one["mountain"] == {B: 8}
    assert one["whists"] == {C: {B: 48}}
    assert (two["bomb"], two["factor"], two["pool"]) == (1, 2, {C: 4})
    assert (three["bomb"], three["factor"], three["pool"]) == (0, 2, {A: 4})
    assert balance(result) == {A: 40, B: -128, C: 88}


@pytest.mark.parametrize(("level", "factor"), [(0, 1), (1, 2), (2, 4), (3, 8)])
def test_a_bomb_level_gives_two_to_its_power_and_blind_doubles_it(level: int, factor: int) -> None:
    """§7a: f = 2^level × 2 when blind: a misère made writes 10 × f (a target of 200 so
    that no point helps another pool)."""
    deal = misere(B, {A: 5, B: 0, C: 5}, bomb=level)
    plain = last([deal], ruleset="classic", pool_target=200)
    assert (plain["factor"], plain["pool"]) == (factor, {B: 10 * factor})
    dark = last([{**deal, "blind": True}], ruleset="classic", pool_target=200)
    assert (dark["factor"], dark["pool"]) == (2 * factor, {B: 20 * factor})


def test_the_bomb_stays_after_an_allpass_and_a_failed_misere() -> None:
    """§7a: after `remise`, `misere_failed` and `allpass` the level is carried."""
    deals = [
        allpass({A: 2, B: 3, C: 5}, bomb=2),
        misere(C, {A: 5, B: 4, C: 1}),
        game(A, "7S", {B: "pass", C: "pass"}),
        both_pass(B, "6S"),
    ]
    result = score(deals, ruleset="classic")
    assert [entry["bomb"] for entry in result["deals"]] == [2, 2, 2, 0]
    assert result["deals"][0]["mountain"] == {A: 8, B: 12, C: 20}  # 1 × 1 × t × 4
    assert result["deals"][1]["mountain"] == {C: 40}  # 10 × 1 × 4


def test_blind_play_doubles_the_zero_point_and_the_renonce() -> None:
    """§7a: every write of the deal, the zero-trick point and a renonce's 10 too."""
    entry = last(
        [
            allpass(
                {A: 0, B: 4, C: 6},
                blind=True,
                violation={"player": C, "kind": "renonce", "count": 1},
            )
        ]
    )
    assert entry["pool"] == {A: 2}
    assert entry["mountain"] == {B: 8, C: 12 + 20}


@pytest.mark.parametrize(
    ("extra", "ruleset"),
    [
        ({"bomb": 1}, "sochi"),
        ({"bomb": 4}, "classic"),
        ({"bomb": -1}, "classic"),
        ({"bomb": True}, "classic"),
        ({"bomb": "1"}, "classic"),
        ({"blind": "yes"}, "sochi"),
        ({"blind": 1}, "sochi"),
        ({"halves_with": B}, "sochi"),  # three players
    ],
)
def test_bad_options_are_refused_at_their_field(extra: dict[str, Any], ruleset: str) -> None:
    rec = record([both_pass(B, "6S", **extra)], ruleset=ruleset)
    assert codes(rec) == [(1, "bad_option")]
    with pytest.raises(PreferansError) as caught:
        score([both_pass(B, "6S", **extra)], ruleset=ruleset)
    assert caught.value.errors[0]["field"] == next(iter(extra))


def test_bomb_zero_is_allowed_without_bombs() -> None:
    assert last([both_pass(B, "6S", bomb=0, blind=False)])["factor"] == 1


# -- §1 the dealer in halves (example 21) ------------------------------------------------------


def test_dealer_in_halves_shares_the_partners_writes() -> None:
    """Example 21: deal 1 (A out) B's misère in halves with B, 1 trick: B mountain 5, A 5.
    Deal 2 (B out) C 7♦, D whists, A passes, in halves with D: C mountain 4; D's 24 on C
    halved: D 12, B 12; B no consolation of his own. Balance A −15, B −3, C −29, D 47."""
    deals = [
        misere(B, {C: 5, B: 1, D: 4}, halves_with=B),
        game(C, "7D", {D: "whist", A: "pass"}, {C: 6, D: 3, A: 1}, halves_with=D),
    ]
    result = score(deals, players=FOUR)
    one, two = result["deals"]
    assert one["mountain"] == {A: 5, B: 5}
    assert two["mountain"] == {C: 4}
    assert two["whists"] == {B: {C: 12}, D: {C: 12}}
    assert balance(result) == {A: -15, B: -3, C: -29, D: 47}


def test_dealer_in_halves_with_the_declarer_shares_the_whists_written_on_him() -> None:
    """§1: of whists v written on X, ⌊v/2⌋ go on the dealer. A 6♠ of B, C whists alone with
    3 (responsible, 2 × 4 = 8 on B, halved: 4 on B, 4 on A); B's pool 2 halved: 1 and 1."""
    entry = last(
        [game(B, "6S", {C: "whist", D: "pass"}, {B: 6, C: 3, D: 1}, halves_with=B)],
        players=FOUR,
    )
    assert entry["pool"] == {A: 1, B: 1}
    assert entry["whists"] == {C: {A: 4, B: 4}}


@pytest.mark.parametrize(
    ("deal", "code"),
    [
        (allpass({A: 0, B: 3, C: 3, D: 4}, halves_with=B), "bad_option"),
        (misere(B, {C: 5, B: 1, D: 4}, halves_with=A), "bad_option"),  # the dealer himself
        (misere(B, {C: 5, B: 1, D: 4}, halves_with="Zoya"), "unknown_player"),
    ],
)
def test_bad_halves_are_refused(deal: dict[str, Any], code: str) -> None:
    assert codes(record([deal], players=FOUR)) == [(1, code)]


# -- §4 consolation: no (example 22), §8 end: mountains_zero (example 23) ----------------------


def test_no_consolation() -> None:
    """Example 22: B 7♥ remise by 1: B mountain 4, C on B 16 only. A 14, B −43, C 29."""
    result = score([game(B, "7H", {C: "whist", A: "pass"}, {B: 6, C: 3, A: 1})], consolation=False)
    assert result["deals"][0]["whists"] == {C: {B: 16}}
    assert balance(result) == {A: 14, B: -43, C: 29}


def test_mountains_zero_plays_on_until_the_mountains_are_written_off() -> None:
    """Example 23 (target 2): every pool full after deal 4, but A's mountain is 2; deal 5's
    6♠ of A, nobody can take it: off A's mountain → 0: the end. A −14, B 14, C 0."""
    deals = [
        game(A, "6S", {B: "whist", C: "pass"}, {A: 5, B: 4, C: 1}),
        both_pass(A, "6S"),
        both_pass(B, "6S"),
        both_pass(C, "6S"),
        both_pass(A, "6S"),
    ]
    assert score(deals[:4], pool_target=2)["finished"]
    result = score(deals, pool_target=2, end="mountains_zero")
    assert [entry["next_dealer"] is None for entry in result["deals"]] == [False] * 4 + [True]
    assert result["reason"] == "mountains_zero"
    assert result["deals"][-1]["mountain"] == {A: -2}
    assert balance(result) == {A: -14, B: 14, C: 0}
