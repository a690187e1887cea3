"""The pencil rule [правило карандаша] (seed 001), convention `pencil_rule` (off by default)."""

from __future__ import annotations

from .helpers import codes, deal, record, score

AB = ["Anna", "Boris"]
# Anna declares hearts and makes it: Anna 90 + 10 (last trick) = 100, Boris 52.
MADE = {"points": {"Anna": 90, "Boris": 52}}


def _made(**extra):
    return deal("H", "Anna", MADE["points"], "Anna", **extra)


def test_pencil_rule_gives_the_excess_to_the_opponent_who_noticed_it():
    # Boris wrote 70 instead of 52: Boris keeps 52, Anna takes the 18 he wrote too many.
    result = score(AB, [_made(pencil={"player": "Boris", "wrote": 70})], pencil_rule=True)
    assert result["deals"][0]["recorded"] == {"Anna": 118, "Boris": 52}


def test_pencil_rule_only_corrects_a_slip_of_exactly_100():
    result = score(AB, [_made(pencil={"player": "Boris", "wrote": 152})], pencil_rule=True)
    assert result["deals"][0]["recorded"] == {"Anna": 100, "Boris": 52}


def test_pencil_rule_puts_a_declarer_who_wrote_too_little_in_byte():
    # Anna (the declarer) wrote 90 instead of 100: byte, her 100 go to Boris.
    result = score(AB, [_made(pencil={"player": "Anna", "wrote": 90})], pencil_rule=True)
    first = result["deals"][0]
    assert first["outcome"] == "byte"
    assert first["recorded"] == {"Anna": 0, "Boris": 152}


def test_pencil_rule_only_corrects_an_opponent_who_wrote_too_little():
    result = score(AB, [_made(pencil={"player": "Boris", "wrote": 40})], pencil_rule=True)
    assert result["deals"][0]["recorded"] == {"Anna": 100, "Boris": 52}


def test_pencil_penalties_need_the_convention():
    rec = record(AB, [_made(pencil={"player": "Boris", "wrote": 70})])
    assert codes(rec) == [(1, "bad_convention")]


def test_pencil_rule_with_three_players_needs_who_noticed():
    players = ["Anna", "Boris", "Vera"]
    figures = {"Anna": 70, "Boris": 30, "Vera": 20}
    rec = record(
        players,
        [deal("H", "Anna", figures, "Anna", pencil={"player": "Vera", "wrote": 45})],
        pencil_rule=True,
    )
    assert codes(rec) == [(1, "missing_field")]
    rec["deals"][0]["pencil"]["noticed_by"] = "Boris"
    result = score(players, rec["deals"], pencil_rule=True)
    assert result["deals"][0]["recorded"] == {"Anna": 80, "Boris": 55, "Vera": 20}
