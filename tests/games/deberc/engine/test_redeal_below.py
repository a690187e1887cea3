"""Rules §2: the redeal for a hand of few points (`redeal_below`, Odessa 2) and Kharkov's
obligatory order ("обяз").

Seed 001 (Odessa): "если у игрока после сдачи карт, на руках без прикупа менее 2-х очков, то
объявляется пересдача карт. Иногда минимальное количество очков игроки оговаривают перед
игрой". Seed 001 (Kharkov): "Обычно так загоняют сдатчика в "обяз", то есть в безвыходное
положение, когда у сдатчика нет хороших карт, а он обязан играть".
"""

from __future__ import annotations

from .helpers import codes, deal, record, score, void

AB = ["Anna", "Boris"]
TRICKS = {"Anna": 4, "Boris": 5}


def test_a_hand_of_few_points_is_redealt_by_the_next_dealer() -> None:
    """The seed: "менее 2-х очков, то объявляется пересдача карт": automatic, a void deal,
    nobody scores, and the next dealer in turn deals (§2, project reading of l.158 «карты
    сдаются всегда по очереди по часовой стрелке»)."""
    result = score(AB, [{"low_points": "Anna"}], ruleset="odessa")
    first = result["deals"][0]
    assert (first["outcome"], first["recorded"]) == ("void", {"Anna": 0, "Boris": 0})
    assert (first["dealer"], first["next_dealer"]) == ("Boris", "Anna")


def test_the_low_points_redeal_passes_the_deal_even_under_dealer_winner() -> None:
    # Moscow deals to the winner of a deal; a redeal has no winner: clockwise (§5).
    result = score(["Anna", "Boris", "Cleo"], [{"low_points": "Cleo"}], redeal_below=2)
    assert (result["deals"][0]["dealer"], result["deals"][0]["next_dealer"]) == ("Cleo", "Anna")


def test_the_minimum_is_agreed_before_the_game() -> None:
    """The seed: "Иногда минимальное количество очков игроки оговаривают перед игрой": any
    table may switch it on with its own figure."""
    result = score(AB, [{"low_points": "Boris"}], ruleset="moscow", redeal_below=5)
    assert result["deals"][0]["next_dealer"] == "Anna"


def test_without_the_convention_low_points_is_refused() -> None:
    rec = record(AB, [{"low_points": "Anna"}], "moscow")
    assert codes(rec) == [(1, "bad_convention")]
    assert codes(record(AB, [{"low_points": "Zoe"}], "odessa")) == [(1, "unknown_player")]


def test_a_redeal_leaves_a_forced_deal_waiting() -> None:
    # The service's reading: a redeal (few points, four sevens) in the deal after a висяк is not
    # a passed-out deal; the next dealer deals it and Anna still plays for the 70.
    hang = deal("S", "Anna", {"Anna": 60, "Boris": 70}, "Anna", tricks=TRICKS)
    made = deal("D", "Anna", {"Anna": 80, "Boris": 62}, "Anna", tricks=TRICKS)
    result = score(AB, [hang, {"low_points": "Boris"}, made], ruleset="odessa")
    second, third = result["deals"][1:]
    assert second["hanging"] == [{"points": 70, "eligible": ["Anna", "Boris"], "forced": "Anna"}]
    assert (second["dealer"], third["dealer"]) == ("Anna", "Boris")
    assert third["recorded"] == {"Anna": 90 + 70, "Boris": 62}


def test_kharkov_plays_with_the_obligatory_order() -> None:
    """The seed: "сдатчика нет хороших карт, а он обязан играть": no passed-out deals in the
    Kharkov preset; a table may still switch the обяз off."""
    assert codes(record(AB, [void()], "kharkov")) == [(1, "missing_field")]
    result = score(AB, [void()], ruleset="kharkov", obligatory_order=False)
    assert result["deals"][0]["outcome"] == "void"
