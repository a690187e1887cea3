"""Rules §3 and the `play` form: follow / trump / overtrump legality, points derived from a
card-by-card record, renonce as a card byte, declarations checked against the hands,
bella to the trick winner, first lead, and closing during a recorded play.

The recorded deal used throughout (trump hearts, Boris deals, Anna declares and leads):

    Anna:  JH 9H AS KS QS AC 10C 7D 8D   (terz A-K-Q of spades)
    Boris: KH QH 8H 10S 7S AD 10D KC 9C  (bella)

    1 Anna AS  Boris 10S  -> Anna   21
    2 Anna KS  Boris 7S   -> Anna    4
    3 Anna QS  Boris 8H   -> Boris   3   (Boris is void in spades: he must trump)
    4 Boris AD Anna 7D    -> Boris  11
    5 Boris 10D Anna 8D   -> Boris  10
    6 Boris KC Anna AC    -> Anna   15
    7 Anna JH  Boris QH   -> Anna   23   (Boris shows bella here: Anna takes the trick)
    8 Anna 9H  Boris KH   -> Anna   18
    9 Anna 10C Boris 9C   -> Anna   10 + last trick

Anna 91 card points in 6 tricks, Boris 24 in 3; together 115 = what the 18 dealt cards hold.
"""

from __future__ import annotations

import pytest

from scoring.games.deberc.engine.play import legal_cards

from .helpers import codes, deal, record, score

AB = ["Anna", "Boris"]
HANDS = {
    "Anna": ["JH", "9H", "AS", "KS", "QS", "AC", "10C", "7D", "8D"],
    "Boris": ["KH", "QH", "8H", "10S", "7S", "AD", "10D", "KC", "9C"],
}
TRICKS = [
    ["AS", "10S"],
    ["KS", "7S"],
    ["QS", "8H"],
    ["AD", "7D"],
    ["10D", "8D"],
    ["KC", "AC"],
    ["JH", "QH"],
    ["9H", "KH"],
    ["10C", "9C"],
]
DECLARATIONS = {"Anna": ["terz:AS"], "Boris": ["bella"]}


def played(
    tricks: list[list[str]] | None = None,
    declarations: dict | None = None,
    declarer: str = "Anna",
    **extra: object,
) -> dict:
    return {
        "trump": "H",
        "declarer": declarer,
        "declarations": DECLARATIONS if declarations is None else declarations,
        "play": {"hands": HANDS, "tricks": TRICKS if tricks is None else tricks},
        **extra,
    }


# ---- legality (§3) ----------------------------------------------------------------------------


def test_must_follow_suit() -> None:
    checked = legal_cards(["AS", "7H", "KD"], ["10S"], "H")
    assert checked["legal"] == ["AS"]
    assert checked["refused"] == {"7H": "must_follow_suit", "KD": "must_follow_suit"}


def test_void_in_the_led_suit_must_trump() -> None:
    checked = legal_cards(["7H", "KD", "AC"], ["10S"], "H")
    assert checked["legal"] == ["7H"]
    assert checked["refused"] == {"KD": "must_trump", "AC": "must_trump"}


def test_void_in_led_suit_and_trump_any_card() -> None:
    assert legal_cards(["KD", "AC"], ["10S"], "H") == {"legal": ["KD", "AC"], "refused": {}}


def test_trump_led_must_play_a_higher_trump_if_able() -> None:
    # 9H beats the AH (trump order J 9 A 10 K Q 8 7); 7H does not.
    checked = legal_cards(["9H", "7H", "AS"], ["AH"], "H")
    assert checked["legal"] == ["9H"]
    assert checked["refused"] == {"7H": "must_overtrump", "AS": "must_follow_suit"}


def test_trump_led_no_higher_trump_any_trump() -> None:
    assert legal_cards(["KH", "7H"], ["9H"], "H")["legal"] == ["KH", "7H"]


def test_trump_led_beat_the_highest_trump_on_the_trick() -> None:
    # 7H led, 9H on it: the AH does not beat the 9, the JH does.
    checked = legal_cards(["AH", "JH"], ["7H", "9H"], "H")
    assert checked["legal"] == ["JH"]


def test_overtrump_trump_lead_does_not_force_beating_a_ruff() -> None:
    # Spades led, Boris ruffed with the 9H; Cleo is void in spades: any trump.
    checked = legal_cards(["JH", "7H", "KD"], ["AS", "9H"], "H", overtrump="trump_lead")
    assert checked["legal"] == ["JH", "7H"]
    assert checked["refused"] == {"KD": "must_trump"}


def test_overtrump_always_makes_trumping_player_beat_a_trump_on_the_trick() -> None:
    checked = legal_cards(["JH", "7H", "KD"], ["AS", "9H"], "H", overtrump="always")
    assert checked["legal"] == ["JH"]
    assert checked["refused"] == {"7H": "must_overtrump", "KD": "must_trump"}


def test_overtrump_always_unable_to_beat_any_trump() -> None:
    assert legal_cards(["AH", "7H"], ["AS", "JH"], "H", overtrump="always")["legal"] == ["AH", "7H"]


def test_overtrump_always_still_follows_suit_first() -> None:
    assert legal_cards(["7S", "JH"], ["AS", "9H"], "H", overtrump="always")["legal"] == ["7S"]


def test_legal_cards_reads_any_notation() -> None:
    assert legal_cards(["ТП", "7Ч"], ["10♠"], "Ч")["legal"] == ["AS"]


# ---- a deal recorded card by card --------------------------------------------------------------


THREE_HANDS = {
    # Cleo deals, Anna leads. Boris and Cleo are void in spades and hold trumps.
    "Anna": ["AS", "KS", "QS", "7C", "8C", "9C", "7D", "8D", "9D"],
    "Boris": ["10H", "7H", "10C", "JC", "QC", "KC", "AC", "10D", "JD"],
    "Cleo": ["9H", "8H", "AD", "KD", "QD", "JH", "KH", "QH", "AH"],
}


def test_overtrump_always_in_a_recorded_play() -> None:
    # Anna leads the AS, Boris ruffs with the 10H, Cleo (holding JH and 9H, both higher)
    # ruffs under with the 8H.
    ruff_under = {
        "trump": "H",
        "declarer": "Anna",
        "play": {"hands": THREE_HANDS, "tricks": [["AS", "10H", "8H"]]},
    }
    # overtrump: always: a renonce by Cleo, card byte: 162 halved between Anna and Boris.
    result = score(["Anna", "Boris", "Cleo"], [ruff_under], overtrump="always")["deals"][0]
    assert result["outcome"] == "card_byte"
    assert result["recorded"] == {"Anna": 81, "Boris": 81, "Cleo": 0}
    # Odessa (overtrump always, renonce: redeal with -100).
    result = score(["Anna", "Boris", "Cleo"], [ruff_under], ruleset="odessa")["deals"][0]
    assert result["recorded"] == {"Anna": 0, "Boris": 0, "Cleo": -100}
    # Moscow (trump_lead): the card is legal, and a record stopping there is unreadable.
    assert codes(record(["Anna", "Boris", "Cleo"], [ruff_under])) == [(1, "bad_play")]


def test_play_reads_russian_notation_and_symbols() -> None:
    russian = {
        "Anna": ["ВЧ", "9♥", "ТП", "КП", "ДП", "ТТ", "10Т", "7Б", "8♦"],
        "Boris": ["КЧ", "ДЧ", "8Ч", "10П", "7П", "ТБ", "10Б", "КТ", "9Т"],
    }
    tricks = [
        ["ТП", "10П"],
        ["КП", "7П"],
        ["ДП", "8Ч"],
        ["ТБ", "7Б"],
        ["10Б", "8♦"],
        ["КТ", "ТТ"],
        ["ВЧ", "ДЧ"],
        ["9♥", "КЧ"],
        ["10Т", "9Т"],
    ]
    bad_free = {
        "trump": "Ч",
        "declarer": "Anna",
        "declarations": DECLARATIONS,
        "play": {"hands": russian, "tricks": tricks},
    }
    assert score(AB, [bad_free]) == score(AB, [played()])


def test_play_derives_points_tricks_and_last_trick() -> None:
    # Anna 91 + 10 + terz 20 = 121; Boris 24 + bella 20 = 44: made.
    result = score(AB, [played()])["deals"][0]
    assert result["outcome"] == "made"
    assert result["combinations_to"] == "Anna"
    assert result["totals"] == {"Anna": 121, "Boris": 44}
    assert result["recorded"] == {"Anna": 121, "Boris": 44}


def test_play_and_summary_forms_give_the_same_result() -> None:
    summary = deal(
        "H",
        "Anna",
        {"Anna": 91, "Boris": 24},
        "Anna",
        tricks={"Anna": 6, "Boris": 3},
        declarations=DECLARATIONS,
    )
    assert score(AB, [played()]) == score(AB, [summary])


def test_play_accepts_agreeing_figures() -> None:
    full = {
        **played(),
        "points": {"Anna": 91, "Boris": 24},
        "last_trick": "Anna",
        "tricks": {"Anna": 6, "Boris": 3},
    }
    assert score(AB, [full])["deals"][0]["totals"] == {"Anna": 121, "Boris": 44}


def test_play_refuses_disagreeing_figures() -> None:
    found = codes(record(AB, [played(points={"Anna": 90, "Boris": 25})]))
    assert found and all(deal_number == 1 for deal_number, _ in found)


def test_first_lead_eldest_moscow() -> None:
    # Moscow: Anna (left of the dealer Boris) leads even when Boris declares.
    result = score(AB, [played(declarer="Boris")])["deals"][0]
    # Boris 24 + 20 = 44 against Anna 121: a byte.
    assert result["outcome"] == "byte"
    assert result["recorded"] == {"Anna": 165, "Boris": 0}


def test_first_lead_declarer_kharkov_odessa() -> None:
    # With first_lead: declarer and Boris declaring, Boris leads trick 1: the 10S, then Anna
    # takes it with the AS and the rest is as before.
    tricks = [["10S", "AS"], *TRICKS[1:]]
    result = score(AB, [played(tricks, declarer="Boris")], first_lead="declarer")["deals"][0]
    assert result["totals"] == {"Anna": 121, "Boris": 44}
    # Read as Moscow (Anna leads) this record makes no sense: Anna has no 10S.
    assert (1, "bad_play") in codes(record(AB, [played(tricks, declarer="Boris")]))


def test_renonce_not_following_suit_is_a_card_byte() -> None:
    # Trick 4: Boris leads the AD; Anna holds 7D and 8D but plays the AC. The deal stops:
    # Boris records 162 + Anna's terz 20 + his bella 20 = 202.
    tricks = [*TRICKS[:3], ["AD", "AC"]]
    result = score(AB, [played(tricks)])["deals"][0]
    assert result["outcome"] == "card_byte"
    assert result["recorded"] == {"Anna": 0, "Boris": 202}


def test_renonce_not_trumping_is_a_card_byte() -> None:
    # Trick 3: Boris is void in spades and holds trumps but discards the AD.
    tricks = [*TRICKS[:2], ["QS", "AD"]]
    result = score(AB, [played(tricks)])["deals"][0]
    assert result["recorded"] == {"Anna": 202, "Boris": 0}


def test_renonce_not_overtrumping_is_a_card_byte() -> None:
    # Another deal: Anna leads the AH (trump); Boris holds JH and 9H, both higher, but
    # plays the KH: a renonce. Anna records 162 (nothing declared).
    hands = {
        "Anna": ["AH", "7H", "AS", "KS", "QS", "AC", "10C", "7D", "8D"],
        "Boris": ["JH", "9H", "KH", "10S", "7S", "AD", "10D", "KC", "9C"],
    }
    bad = {"trump": "H", "declarer": "Anna", "play": {"hands": hands, "tricks": [["AH", "KH"]]}}
    result = score(AB, [bad])["deals"][0]
    assert result["outcome"] == "card_byte"
    assert result["recorded"] == {"Anna": 162, "Boris": 0}


def test_the_first_illegal_card_decides_and_the_rest_is_ignored() -> None:
    # Trick 3 is a renonce by Boris; a later "illegal" card by Anna is never reached.
    tricks = [*TRICKS[:2], ["QS", "AD"]]
    result = score(AB, [played(tricks)])["deals"][0]
    assert result["recorded"]["Anna"] == 202


def test_renonce_in_play_under_odessa_is_redeal_minus_100() -> None:
    tricks = [*TRICKS[:2], ["QS", "AD"]]
    result = score(AB, [played(tricks)], ruleset="odessa")
    first = result["deals"][0]
    assert first["recorded"] == {"Anna": 0, "Boris": -100}
    # Dealt by Boris; the redeal passes to the next dealer in turn (§6): Anna.
    assert (first["dealer"], first["next_dealer"]) == ("Boris", "Anna")


def test_declarations_are_checked_against_the_hands() -> None:
    # Boris declares a terz K-Q-J of clubs but holds only the KC: a false declaration, card
    # byte against Boris. Anna records 162 + her terz 20 + Boris's bella 20 (really held);
    # the false terz is not counted.
    result = score(AB, [played(declarations={"Anna": ["terz:AS"], "Boris": ["bella", "terz:KC"]})])[
        "deals"
    ][0]
    assert result["outcome"] == "card_byte"
    assert result["recorded"] == {"Anna": 202, "Boris": 0}


def test_terz_is_a_k_q_never_a_10_k() -> None:
    # Anna holds AC 10C and Boris KC: "terz:AC" (A-K-Q of clubs) is false for Anna.
    result = score(AB, [played(declarations={"Anna": ["terz:AC"]})])["deals"][0]
    assert result["outcome"] == "card_byte"
    assert result["recorded"] == {"Anna": 0, "Boris": 162}


def test_bella_to_trick_winner_needs_card_by_card_record() -> None:
    # Odessa: Boris shows bella on trick 7 (his QH), which Anna takes: bella's 20 go to Anna.
    # Anna 91 + 10 + 20 + 20 = 141; Boris 24.
    result = score(AB, [played()], ruleset="odessa")["deals"][0]
    assert result["totals"] == {"Anna": 141, "Boris": 24}
    # The same deal as figures: the bella stays with its holder.
    summary = deal(
        "H",
        "Anna",
        {"Anna": 91, "Boris": 24},
        "Anna",
        tricks={"Anna": 6, "Boris": 3},
        declarations=DECLARATIONS,
    )
    assert score(AB, [summary], ruleset="odessa")["deals"][0]["totals"] == {
        "Anna": 121,
        "Boris": 44,
    }


def test_bella_to_trick_winner_off_keeps_bella_with_holder_in_play_form() -> None:
    assert score(AB, [played()])["deals"][0]["totals"]["Boris"] == 44


# ---- closing during a recorded play -------------------------------------------------------------


def test_closing_on_own_turn_with_a_card_by_card_record() -> None:
    # After trick 2 Anna leads: she claims with 21 + 4 + terz 20 = 45; target 40: true.
    result = score(AB, [played(TRICKS[:2], closing={"player": "Anna", "points": 45})], target=40)
    assert (result["winner"], result["reason"]) == ("Anna", "closing")
    assert result["deals"][0]["recorded"] == {"Anna": 45, "Boris": 0}


def test_closing_not_on_own_turn_is_illegal_closing() -> None:
    rec = record(AB, [played(TRICKS[:2], closing={"player": "Boris", "points": 0})])
    assert codes(rec) == [(1, "illegal_closing")]


def test_closing_inside_a_trick_on_own_turn_is_allowed() -> None:
    # Trick 3: Anna led the QS; it is Boris's turn: he may claim (0 points: false, he loses).
    result = score(AB, [played([*TRICKS[:2], ["QS"]], closing={"player": "Boris", "points": 0})])
    assert (result["winner"], result["reason"]) == ("Anna", "false_closing")


def test_closing_in_the_last_trick_is_illegal_closing() -> None:
    rec = record(AB, [played(TRICKS[:8], closing={"player": "Anna", "points": 100})])
    assert codes(rec) == [(1, "illegal_closing")]


def test_closing_after_the_play_is_over_is_illegal_closing() -> None:
    rec = record(AB, [played(closing={"player": "Anna", "points": 100})])
    assert codes(rec) == [(1, "illegal_closing")]


def test_kharkov_no_closing_on_the_trick_of_the_trump_jack() -> None:
    # Kharkov (Anna declares and leads): Anna leads the trump jack; Boris, on turn in that
    # very trick, claims: not allowed. Moscow has no such rule: a (false) closing.
    jack_trick = [*TRICKS[:0], ["JH"]]
    claim = played(jack_trick, closing={"player": "Boris", "points": 0})
    assert codes(record(AB, [claim], ruleset="kharkov", deal_after_trump=3)) == [
        (1, "illegal_closing")
    ]
    result = score(AB, [claim])
    assert (result["winner"], result["reason"]) == ("Anna", "false_closing")


def test_kharkov_closing_right_after_taking_the_trump_jack_trick() -> None:
    """Kharkov (the Kharkov variant's text): "партия не может быть досрочно завершена на
    козырного валета. Игрок, который хочет закрыть партию,
    должен взять любую взятку после хода козырным валетом".
    The engine reads it so: once the trump jack is played, the claimant must take a later
    trick before claiming; taking the jack's own trick is not enough."""
    # Anna takes trick 7 (the jack's) and claims at once with 21 + 4 + 15 + 23 = 63 card
    # points and her terz: 83. Kharkov: illegal; Moscow has no such rule: a true closing.
    claim = played(TRICKS[:7], closing={"player": "Anna", "points": 83})
    assert codes(record(AB, [claim], ruleset="kharkov", target=80, deal_after_trump=3)) == [
        (1, "illegal_closing")
    ]
    result = score(AB, [claim], target=80)
    assert (result["winner"], result["reason"]) == ("Anna", "closing")
    # The same hands played in another order: Anna leads the JH in trick 2 (Boris follows
    # with the QH), then takes trick 3 (KS 7S) as well: now she may claim, 21 + 23 + 4 = 48
    # card points and her terz: 68.
    later = played(
        [["AS", "10S"], ["JH", "QH"], ["KS", "7S"]], closing={"player": "Anna", "points": 68}
    )
    result = score(AB, [later], ruleset="kharkov", target=60, deal_after_trump=3)
    assert (result["winner"], result["reason"]) == ("Anna", "closing")
    assert result["deals"][0]["recorded"] == {"Anna": 68, "Boris": 0}


def test_false_debertz_in_a_recorded_play_is_a_card_byte() -> None:
    # Anna declares a debertz from the ace of spades but holds only A K Q of spades: a false
    # declaration, the match is not won; Boris records 162 + his bella 20.
    result = score(
        AB, [played(declarations={"Anna": ["debertz:AS"], "Boris": ["bella"]})], debertz=7
    )
    assert result["deals"][0]["outcome"] == "card_byte"
    assert result["deals"][0]["recorded"] == {"Anna": 0, "Boris": 182}
    assert result["finished"] is False


# ---- records that cannot be read --------------------------------------------------------------


def test_play_that_stops_with_no_violation_or_closing_is_bad_play() -> None:
    assert codes(record(AB, [played(TRICKS[:5])])) == [(1, "bad_play")]


def test_hand_of_the_wrong_size_is_bad_play() -> None:
    bad = played()
    bad["play"] = {"hands": {"Anna": HANDS["Anna"][:8], "Boris": HANDS["Boris"]}, "tricks": TRICKS}
    assert (1, "bad_play") in codes(record(AB, [bad]))


def test_trick_of_the_wrong_length_is_bad_play() -> None:
    tricks = [*TRICKS[:3], ["AD"], *TRICKS[4:]]
    assert (1, "bad_play") in codes(record(AB, [played(tricks)]))


def test_card_not_in_the_hand_of_the_player_on_turn_is_bad_play() -> None:
    tricks = [["10S", "AS"], *TRICKS[1:]]  # Anna leads, but the 10S is Boris's
    assert codes(record(AB, [played(tricks)])) == [(1, "bad_play")]


def test_card_dealt_twice_is_card_conflict() -> None:
    bad = played()
    bad["play"] = {
        "hands": {"Anna": HANDS["Anna"], "Boris": ["AS", *HANDS["Boris"][1:]]},
        "tricks": TRICKS,
    }
    assert (1, "card_conflict") in codes(record(AB, [bad]))


def test_card_played_twice_is_card_conflict() -> None:
    tricks = [*TRICKS[:1], ["AS", "7S"], *TRICKS[2:]]
    assert (1, "card_conflict") in codes(record(AB, [played(tricks)]))


@pytest.mark.parametrize("card", ["XX", "11S", ""])
def test_unreadable_card_in_play_is_bad_card(card: str) -> None:
    bad = played()
    bad["play"] = {
        "hands": {"Anna": [card, *HANDS["Anna"][1:]], "Boris": HANDS["Boris"]},
        "tricks": TRICKS,
    }
    assert (1, "bad_card") in codes(record(AB, [bad]))
