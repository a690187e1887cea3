"""The tools at the table, on worked examples of the rules (deberc-rules.md §3, §4, §6, §7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples"


def _post(client, path, body):
    return client.post(
        f"/api/v1/referee/{path}/", json.dumps(body), content_type="application/json"
    )


# --- legal cards (§3) -----------------------------------------------------------------------


def test_on_a_trump_lead_only_a_higher_trump_may_be_played(client):
    response = _post(
        client,
        "legal-cards",
        {"trump": "H", "trick": ["8H"], "hand": ["7H", "JH", "KH", "AS"], "lang": "en"},
    )
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] == ["JH", "KH"]
    assert body["reasons"]["7H"]["code"] == "must_overtrump"
    assert body["reasons"]["AS"]["code"] == "must_follow_suit"
    assert "beat" in body["reasons"]["7H"]["message"]
    assert "play.overtrump" in body["articles"] and "play.renonce" in body["articles"]


def test_a_lower_trump_may_follow_when_no_higher_one_is_held(client):
    body = _post(
        client, "legal-cards", {"trump": "C", "trick": ["JC"], "hand": ["7C", "AS"]}
    ).json()
    assert body["legal"] == ["7C"]
    assert body["reasons"]["AS"]["code"] == "must_follow_suit"


def test_void_in_the_led_suit_means_trumping_and_says_so_in_russian(client):
    body = _post(
        client,
        "legal-cards",
        {"trump": "H", "trick": ["AS"], "hand": ["7H", "KD", "QD"], "lang": "ru"},
    ).json()
    assert body["legal"] == ["7H"]
    assert body["reasons"]["KD"]["code"] == "must_trump"
    assert "козырь" in body["reasons"]["KD"]["message"]


def test_void_in_both_any_card_may_be_discarded(client):
    body = _post(
        client, "legal-cards", {"trump": "H", "trick": ["AS"], "hand": ["KD", "QC"]}
    ).json()
    assert body["legal"] == ["KD", "QC"] and body["reasons"] == {}
    assert "play.renonce" not in body["articles"]


def test_odessa_overtrumps_a_trumped_plain_lead_too(client):
    trick = ["AS", "9H"]  # spade led, the second player trumped with the nine
    hand = ["7H", "JH", "KD"]
    moscow = _post(client, "legal-cards", {"trump": "H", "trick": trick, "hand": hand}).json()
    odessa = _post(
        client,
        "legal-cards",
        {"trump": "H", "trick": trick, "hand": hand, "conventions": {"overtrump": "always"}},
    ).json()
    assert moscow["legal"] == ["7H", "JH"]
    assert odessa["legal"] == ["JH"]
    assert odessa["reasons"]["7H"]["code"] == "must_overtrump"
    assert "conventions.overtrump" in odessa["articles"]


def test_it_refuses_unreadable_cards_with_the_error_shape(client):
    response = _post(client, "legal-cards", {"trump": "H", "trick": [], "hand": ["7H", "ZZ"]})
    assert response.status_code == 400
    assert response.json()["errors"][0] == {
        "field": "hand[1]",
        "code": "bad_card",
        "message": "unreadable card 'ZZ'",
    }


def test_russian_card_names_are_accepted(client):
    body = _post(
        client, "legal-cards", {"trump": "Ч", "trick": ["ТП"], "hand": ["ВЧ", "КП"]}
    ).json()
    assert body["legal"] == ["KS"]


# --- combinations (§4) ----------------------------------------------------------------------


def test_one_fifty_beats_two_terzes(client):
    body = _post(
        client,
        "combinations",
        {
            "trump": "D",
            "players": ["Anna", "Boris"],
            "declarations": {"Anna": ["terz:AS", "terz:AC"], "Boris": ["fifty:10H"]},
            "lang": "en",
        },
    ).json()
    assert body["combinations_to"] == "Boris"
    assert body["decided_by"] == "class"
    assert body["credited"] == {"Anna": 0, "Boris": 50}
    assert "combinations.seniority" in body["articles"]


def test_a_terz_from_the_queen_beats_two_terzes_from_the_jack(client):
    body = _post(
        client,
        "combinations",
        {
            "trump": "D",
            "players": ["Anna", "Boris"],
            "declarations": {"Anna": ["terz:JS", "terz:JC"], "Boris": ["terz:QH"]},
        },
    ).json()
    assert body["combinations_to"] == "Boris" and body["decided_by"] == "top_card"


def test_the_trump_terz_wins_in_moscow_and_the_eldest_in_kharkov(client):
    body = {
        "trump": "H",
        "players": ["Anna", "Boris"],
        "declarations": {"Anna": ["terz:KS"], "Boris": ["terz:KH", "bella"]},
    }
    moscow = _post(client, "combinations", body).json()
    kharkov = _post(client, "combinations", {**body, "ruleset": "kharkov"}).json()
    assert moscow["combinations_to"] == "Boris" and moscow["decided_by"] == "trump"
    assert kharkov["combinations_to"] == "Anna" and kharkov["decided_by"] == "eldest"
    assert "conventions.combination_tie" in kharkov["articles"]
    # Bella is outside seniority: it scores for its holder either way.
    assert moscow["bella"] == {"Boris": 20} == kharkov["bella"]
    assert "combinations.bella" in moscow["articles"]


def test_odessa_gives_equal_terzes_to_the_last_trick(client):
    body = _post(
        client,
        "combinations",
        {
            "trump": "H",
            "players": ["Anna", "Boris"],
            "ruleset": "odessa",
            "last_trick": "Boris",
            "declarations": {"Anna": ["terz:KS"], "Boris": ["terz:KC"]},
        },
    ).json()
    assert body["combinations_to"] == "Boris" and body["decided_by"] == "last_trick"


def test_a_holder_without_a_trick_is_not_credited(client):
    body = _post(
        client,
        "combinations",
        {
            "trump": "H",
            "players": ["Anna", "Boris"],
            "tricks": {"Anna": 0, "Boris": 9},
            "declarations": {"Anna": ["fifty:AS"], "Boris": []},
            "lang": "uk",
        },
    ).json()
    assert body["combinations_to"] == "Anna"
    assert body["credited"]["Anna"] == 0
    assert "combinations.need_trick" in body["articles"]


def test_a_hundred_needs_its_convention(client):
    response = _post(
        client,
        "combinations",
        {
            "trump": "H",
            "players": ["A", "B"],
            "declarations": {"A": ["hundred:AS"]},
        },
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "combination_not_allowed"


@pytest.mark.parametrize("said", [1, {"terz": "AS"}, [1], "terz:AS"])
def test_declarations_that_are_not_a_list_are_refused_at_their_player(client, said):
    """Found by fuzzing: a number in place of a player's list was a server error."""
    response = _post(
        client,
        "combinations",
        {"trump": "D", "players": ["Anna", "Boris"], "declarations": {"Boris": said}},
    )
    assert response.status_code == 400
    (problem,) = response.json()["errors"]
    assert (problem["field"], problem["code"]) == ("declarations.Boris", "bad_combination")


# --- deal check (§3, §6) --------------------------------------------------------------------


def _example_deal():
    record = json.loads((EXAMPLES / "moscow-2p-card-by-card.json").read_text())
    deal = record["deals"][0]
    return {
        "players": record["players"],
        "dealer": record["first_dealer"],
        "trump": deal["trump"],
        "declarer": deal["declarer"],
        "declarations": deal["declarations"],
        "hands": deal["play"]["hands"],
        "tricks": deal["play"]["tricks"],
    }


def test_a_clean_deal_is_scored_like_the_worked_example(client):
    body = _post(client, "check-deal", _example_deal()).json()
    assert body["violation"] is None
    assert body["outcome"] == "made"
    expected = json.loads((EXAMPLES / "moscow-2p-card-by-card.result.json").read_text())
    assert body["totals"] == expected["deals"][0]["totals"]
    assert body["recorded"] == expected["deals"][0]["recorded"]
    assert body["combinations_to"] == "Ivan"
    assert "scoring.made" in body["articles"]


@pytest.mark.parametrize(
    ("lang", "label"),
    [("en", "the game is made"), ("ru", "игра сделана"), ("uk", "гру зроблено")],
)
def test_the_deal_checks_outcome_is_named_in_the_askers_language(client, lang, label):
    """The answer keeps the engine's code (`outcome`) and names it (`outcome_label`): a
    referee reads "игра сделана", not "made"."""
    body = _post(client, "check-deal", {**_example_deal(), "lang": lang}).json()
    assert body["outcome"] == "made"
    assert body["outcome_label"] == label


def test_the_deal_check_page_shows_the_outcome_in_words_not_its_code(client):
    response = client.post(
        "/referee/check-deal/",
        {
            "ruleset": "moscow",
            "players": "Ivan, Petro",
            "dealer": "Ivan",
            "trump": "C",
            "declarer": "Ivan",
            "runs_0": ["KS", "QS", "JS"],
            "hand_0": ["JC", "9C", "AC", "KS", "QS", "JS", "10H", "7D", "8D"],
            "hand_1": ["10C", "7C", "AS", "10S", "AH", "KH", "AD", "QD", "9H"],
            "trick_0": ["10H", "AH"],
            "trick_1": ["7D", "KH"],
        },
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 200
    assert response.context["answer"]["outcome"] == "card_byte"
    page = response.content.decode()
    assert 'data-testid="outcome" data-outcome="card_byte">байт на картах</strong>' in page
    assert "<code>card_byte</code>" not in page


def test_the_first_illegal_card_is_a_renonce_and_a_card_byte(client):
    deal = _example_deal()
    # Trick 2: Petro leads KH; Ivan, out of hearts, discards 7D instead of trumping.
    deal["tricks"] = [["AH", "10H"], ["KH", "7D"]]
    body = _post(client, "check-deal", {**deal, "lang": "en"}).json()
    violation = body["violation"]
    assert violation["player"] == "Ivan" and violation["kind"] == "renonce"
    assert violation["card"] == "7D" and violation["trick"] == 2
    assert violation["reason"] == "must_trump"
    assert body["outcome"] == "card_byte"
    # Petro records every point: 162 plus Ivan's terz that Ivan really holds.
    assert body["recorded"] == {"Ivan": 0, "Petro": 182}
    assert {"play.renonce", "violations.card_byte", "play.follow_suit"} <= set(body["articles"])


def test_a_declared_combination_not_in_the_hand_is_a_false_declaration(client):
    deal = _example_deal()
    deal["declarations"] = {"Ivan": ["terz:AS"]}
    body = _post(client, "check-deal", deal).json()
    assert body["violation"]["kind"] == "false_declaration"
    assert body["recorded"] == {"Ivan": 0, "Petro": 162}
    assert "violations.false_declaration" in body["articles"]


def test_an_unreadable_deal_reports_every_problem(client):
    deal = _example_deal()
    deal["hands"] = {"Ivan": deal["hands"]["Ivan"][:8], "Petro": deal["hands"]["Petro"]}
    response = _post(client, "check-deal", deal)
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "bad_play"


# --- closing check (§7) ---------------------------------------------------------------------


def test_a_closing_at_the_target_wins(client):
    body = _post(
        client,
        "check-closing",
        {
            "players": ["Anna", "Boris"],
            "totals": {"Anna": 452, "Boris": 480},
            "claimant": "Anna",
            "points": 49,
            "lang": "en",
        },
    ).json()
    assert body["true_closing"] is True and body["winner"] == "Anna"
    assert body["match"] == {"Anna": 501, "Boris": 480}
    assert body["articles"] == ["match.closing"]


def test_a_false_closing_loses_the_match(client):
    body = _post(
        client,
        "check-closing",
        {
            "players": ["Anna", "Boris"],
            "totals": {"Anna": 452, "Boris": 300},
            "claimant": "Anna",
            "points": 48,
            "lang": "ru",
        },
    ).json()
    assert body["true_closing"] is False
    assert body["false_closing"] == "loses" and body["winner"] == "Boris"
    assert body["match"] == {"Anna": 452, "Boris": 300}
    assert "match.false_closing" in body["articles"]


def test_a_false_closing_in_kharkov_doubles_the_total_to_the_opponents(client):
    body = _post(
        client,
        "check-closing",
        {
            "players": ["Anna", "Boris", "Vera"],
            "dealer": "Vera",
            "ruleset": "kharkov",
            "totals": {"Anna": 101, "Boris": 50, "Vera": 60},
            "claimant": "Anna",
            "points": 30,
        },
    ).json()
    assert body["true_closing"] is False and body["false_closing"] == "double_to_opponents"
    # 2 × 101 = 202 halved between Boris and Vera; Anna drops to 0; play goes on.
    assert body["match"] == {"Anna": 0, "Boris": 151, "Vera": 161}
    assert body["finished"] is False
    assert "conventions.false_closing" in body["articles"]


def test_a_closing_by_someone_not_at_the_table_is_refused(client):
    response = _post(
        client,
        "check-closing",
        {
            "players": ["Anna", "Boris"],
            "totals": {"Anna": 1, "Boris": 2},
            "claimant": "Zoe",
            "points": 1,
        },
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "illegal_closing"


# --- pages ----------------------------------------------------------------------------------


def test_the_legal_cards_page_answers_in_ukrainian(client):
    response = client.post(
        "/referee/legal-cards/",
        # Cards are tapped on the grid: each chosen card is a checkbox posted by value.
        {
            "ruleset": "moscow",
            "trump": "H",
            "trick": ["8H"],
            "hand": ["7H", "JH", "AS"],
        },
        HTTP_ACCEPT_LANGUAGE="uk",
    )
    assert response.status_code == 200
    assert response.context["answer"]["legal"] == ["JH"]
    assert [a.id for a in response.context["articles"]][:2] == [
        "play.follow_suit",
        "play.overtrump",
    ]


def test_the_deal_check_page_shows_the_violation(client):
    response = client.post(
        "/referee/check-deal/",
        # Hands and tricks tapped on grids; the tricks' order follows from the hands.
        {
            "ruleset": "moscow",
            "players": "Ivan, Petro",
            "dealer": "Ivan",
            "trump": "C",
            "declarer": "Ivan",
            "runs_0": ["KS", "QS", "JS"],
            "hand_0": ["JC", "9C", "AC", "KS", "QS", "JS", "10H", "7D", "8D"],
            "hand_1": ["10C", "7C", "AS", "10S", "AH", "KH", "AD", "QD", "9H"],
            "trick_0": ["10H", "AH"],
            "trick_1": ["7D", "KH"],
        },
    )
    assert response.status_code == 200
    assert 'data-testid="violation"' in response.content.decode()
    assert response.context["answer"]["violation"]["card"] == "7D"


def test_the_closing_page_and_the_combinations_page_answer(client):
    closing = client.post(
        "/referee/check-closing/",
        {
            "ruleset": "moscow",
            "totals": "Anna: 452\nBoris: 300",
            "claimant": "Anna",
            "points": "60",
            "dealer": "",
        },
    )
    assert closing.context["answer"]["true_closing"] is True
    combos = client.post(
        "/referee/combinations/",
        # Each player's runs tapped on a grid (K Q J of spades: a terz from the king), bella
        # ticked.
        {
            "ruleset": "moscow",
            "trump": "H",
            "last_trick": "",
            "players": "Anna, Boris",
            "runs_0": ["KS", "QS", "JS"],
            "runs_1": ["KH", "QH", "JH"],
            "bella_1": "on",
        },
    )
    assert combos.context["answer"]["combinations_to"] == "Boris"


def test_the_tool_pages_show_their_forms(client):
    for path in (
        "/referee/",
        "/referee/legal-cards/",
        "/referee/combinations/",
        "/referee/check-deal/",
        "/referee/check-closing/",
    ):
        assert client.get(path).status_code == 200, path


# --- a property over every hand -------------------------------------------------------------

DECK = [rank + suit for suit in "CDHS" for rank in ("7", "8", "9", "10", "J", "Q", "K", "A")]


@settings(max_examples=80, deadline=None)
@given(
    cards=st.lists(st.sampled_from(DECK), min_size=2, max_size=12, unique=True),
    trick_size=st.integers(min_value=0, max_value=3),
    trump=st.sampled_from("CDHS"),
    always=st.booleans(),
)
def test_some_card_is_always_legal_and_every_refusal_is_explained(cards, trick_size, trump, always):
    from referee.games.deberc.tools import legal_cards_check

    trick, hand = cards[: min(trick_size, len(cards) - 1)], cards[min(trick_size, len(cards) - 1) :]
    answer = legal_cards_check(
        trump=trump,
        trick=trick,
        hand=hand,
        lang="en",
        conventions={"overtrump": "always" if always else "trump_lead"},
    )
    assert answer["legal"], "a player can always play some card"
    assert sorted(answer["legal"] + list(answer["reasons"])) == sorted(hand)
    for why in answer["reasons"].values():
        assert why["code"] in ("must_follow_suit", "must_trump", "must_overtrump")
        assert why["message"]
