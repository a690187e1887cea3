"""Rules §11: every worked example (Sochi, players Anna, Boris, Vera, first dealer Anna), and
the example sheet `preferans-sochi-4-deals` scoring exactly."""

from __future__ import annotations

import json

from scoring.games.preferans.engine import score_pulka
from tests.paths import TESTS

from .helpers import A, B, C, allpass, game, last, misere, score

EXAMPLES = TESTS / "data" / "examples"


def test_the_example_sheet_scores_exactly() -> None:
    record = json.loads((EXAMPLES / "preferans-sochi-4-deals.json").read_text("utf-8"))
    expected = json.loads((EXAMPLES / "preferans-sochi-4-deals.result.json").read_text("utf-8"))
    assert score_pulka(record) == expected


def test_the_format_pages_sample_deal_scores_as_documented() -> None:
    """docs/preferans.md's sample: Boris's 7♥ made, Vera whists alone for both defenders
    ("вист — ответственный"), Anna passes; then the same deal with Vera's renonce."""
    sample = game(B, "7H", {C: "whist", A: "pass"}, {B: 7, C: 2, A: 1}, dealer=A)
    entry = last([sample])
    assert entry["outcome"] == "made" and entry["allpass_multiplier"] is None
    assert entry["pool"] == {B: 4}  # a seven is worth 4
    assert entry["whists"] == {C: {B: 12}}  # 3 defenders' tricks × 4
    assert entry["mountain"] == {} and entry["help"] == []
    assert entry["sheet"] == {
        "pool": {A: 0, B: 4, C: 0},
        "mountain": {A: 0, B: 0, C: 0},
        "whists": {A: {B: 0, C: 0}, B: {A: 0, C: 0}, C: {A: 0, B: 12}},
    }
    # Mountains with the pool deficits 10, 6, 10 (mean 8⅔): −13⅓, +13⅓·2, −13⅓ and the
    # whists ±12 → −13⅓, +14⅔, −1⅓ → floors −14, 14, −2; the two missing units go to the
    # first two clockwise from the first dealer: Anna and Boris.
    assert entry["balance"] == {A: -13, B: 15, C: -2}
    assert entry["next_dealer"] == B

    # Vera's renonce (Kodex 32: the declarer scores as if made): she writes P × k = 4 into
    # the mountain and no whists; Anna, who passed, writes nothing either.
    entry = last([{**sample, "violation": {"player": C, "kind": "renonce", "count": 1}}])
    assert entry["pool"] == {B: 4} and entry["whists"] == {} and entry["mountain"] == {C: 4}
    # Mountains 10, 6, 14 (mean 10): 0, +40, −40.
    assert entry["balance"] == {A: 0, B: 40, C: -40}


def test_example_1_a_six_made_against_a_responsible_whister() -> None:
    """ "Вист — ответственный, жлобский": Vera whists alone and writes for both defenders."""
    entry = last([game(B, "6S", {C: "whist", A: "pass"}, {A: 1, B: 6, C: 3})])
    assert entry["outcome"] == "made"
    assert entry["pool"] == {B: 2}
    assert entry["whists"] == {C: {B: 8}}  # 2 × 4 defenders' tricks
    assert entry["mountain"] == {}  # D = 4 = O: no shortfall
    # Exact balances −6⅔, +5⅓, +1⅓ → floors −7, 5, 1; the missing unit to Anna (ties of ⅓,
    # clockwise from the first dealer).
    assert entry["balance"] == {A: -6, B: 5, C: 1}


def test_example_2_a_seven_two_down_against_two_whisters_with_consolation() -> None:
    """ "Консоляцией называется та плата, которую получая ... вистующие, когда они
    обремизирывают играющего"."""
    deals = [
        game(B, "6S", {C: "whist", A: "pass"}, {A: 1, B: 6, C: 3}),
        game(C, "7H", {A: "whist", B: "whist"}, {A: 3, B: 2, C: 5}),
    ]
    entry = last(deals)
    assert entry["outcome"] == "remise"
    assert entry["mountain"] == {C: 8}  # 4 × 2 undertricks
    assert entry["whists"] == {A: {C: 20}, B: {C: 16}}  # 12 + 8 and 8 + 8
    assert entry["balance"] == {A: 40, B: 48, C: -88}


def test_example_3_a_first_allpass_and_a_player_without_a_trick() -> None:
    """ "Игрок, не взявший при распасовке ни одной взятки, ... пишет в пулю"."""
    entry = last([allpass({A: 4, B: 0, C: 6})])
    assert entry["allpass_multiplier"] == 1
    assert entry["mountain"] == {A: 4, C: 6}
    assert entry["pool"] == {B: 1}


def test_example_4_an_eight_after_an_allpass_clears_the_exit() -> None:
    """ "Выход из распасов": 6 after the first all-pass, so an 8 is fine."""
    entry = last(
        [
            game(B, "6S", {C: "whist", A: "pass"}, {A: 1, B: 6, C: 3}),
            game(C, "7H", {A: "whist", B: "whist"}, {A: 3, B: 2, C: 5}),
            allpass({A: 4, B: 0, C: 6}),
            game(B, "8D", {C: "whist", A: "pass"}, {A: 1, B: 8, C: 1}),
        ]
    )
    assert entry["pool"] == {B: 6}
    assert entry["whists"] == {C: {B: 12}}  # 6 × 2 defenders' tricks
    assert entry["mountain"] == {}  # O = 1 ≤ 2


def test_example_5_a_lone_whisters_shortfall_sochi_and_leningrad() -> None:
    """ "Вистующий, недобравший взятку, ремиз всегда ставит": D = 2 < O = 4."""
    deal = game(B, "6C", {C: "whist", A: "pass"}, {A: 1, B: 8, C: 1})
    sochi = last([deal])
    assert sochi["mountain"] == {C: 4}  # full: 2 × 2
    leningrad = last([deal], ruleset="leningrad")
    assert leningrad["mountain"] == {C: 4}  # half: 2 × 2 × 2 / 2


def test_example_6_two_whisters_each_against_their_own_share() -> None:
    """ "в гору получит тот, кто взял меньше двух взяток"."""
    entry = last([game(B, "6H", {C: "whist", A: "whist"}, {A: 2, B: 7, C: 1})])
    assert entry["mountain"] == {C: 2}  # 2 × (2 − 1); Anna took her 2
    assert entry["whists"] == {A: {B: 4}, C: {B: 2}}


def test_example_7_a_misere_failed_with_two_tricks_and_one_made() -> None:
    failed = last([misere(B, {A: 4, B: 2, C: 4})])
    assert failed["outcome"] == "misere_failed"
    assert failed["mountain"] == {B: 20}
    made = last([misere(B, {A: 4, B: 0, C: 6})])
    assert made["outcome"] == "misere_made"
    assert made["pool"] == {B: 10}


def test_example_8_help_over_the_pool_target() -> None:
    """Kodex 43: "в последующие игры он записывает вистующим в графе взятую сумму"."""
    deals = [
        game(C, "9S", {A: "pass", B: "pass"}),  # Vera 8
        game(C, "6S", {A: "pass", B: "pass"}),  # Vera 10: full
        game(B, "9H", {C: "pass", A: "pass"}),  # Boris 8
        game(A, "6D", {B: "pass", C: "pass"}),  # Anna 2
        allpass({A: 0, B: 4, C: 6}),  # Anna 3
        game(B, "7S", {C: "pass", A: "pass"}),  # Boris 8 + 4: 2 over
    ]
    result = score(deals, pool_target=10)
    entry = result["deals"][-1]
    assert entry["help"] == [{"from": B, "to": A, "points": 2}]  # Vera, Boris's left, is full
    assert entry["pool"] == {A: 2, B: 2}
    assert entry["whists"] == {B: {A: 20}}
    assert entry["sheet"]["pool"] == {A: 5, B: 10, C: 10}


def test_example_9_consolation_with_one_whister_sochi_and_leningrad() -> None:
    """ "Жлобский, или ответственный (все висты за подсад играющего и штрафы за недобор
    взяток вистующий пишет себе, как за себя, так и за пасовавшего)"; "Джентльменский, или
    полуответственный (висты и штрафы вистующий с пасовавшим делят пополам)"."""
    deal = game(B, "7H", {C: "whist", A: "pass"}, {A: 1, B: 6, C: 3})
    sochi = last([deal])
    assert sochi["outcome"] == "remise"
    assert sochi["mountain"] == {B: 4}  # one down: 4 × 1
    # Vera: 4 × 4 defenders' tricks = 16, and the consolation 2 × 4 × 1 = 8 for herself and
    # for Anna; Anna writes nothing.
    assert sochi["whists"] == {C: {B: 24}}
    leningrad = last([deal], ruleset="leningrad")
    assert leningrad["mountain"] == {B: 8}  # 4 × 1 × G 2
    # 8 × 4 = 32 halved: 16 each, and each one's consolation 8.
    assert leningrad["whists"] == {C: {B: 24}, A: {B: 24}}


def test_example_10_a_checked_ten_failed_writes_whists_halved() -> None:
    """Kodex 35: "если вистующие каким-нибудь образом докажут, что могут взять взятку, игрок
    ставит ремиз, а они записывают за вист пополам"."""
    entry = last([game(B, "10NT", {C: "check", A: "check"}, {A: 1, B: 9, C: 0})])
    assert entry["outcome"] == "remise"
    assert entry["mountain"] == {B: 10}  # 10 × 1
    # The defenders' 1 trick halved: 10 × 1 / 2 = 5 each, then the consolation 10 each.
    assert entry["whists"] == {A: {B: 15}, C: {B: 15}}
