"""Worked scoresheets in tests/data/: each NAME.json is scored and compared, whole, with
NAME.result.json, written out by hand from deberc-rules.md (the working is below)."""

from __future__ import annotations

import json

import pytest

from scoring.games.deberc.engine import score_match
from tests.paths import TESTS

DATA = TESTS / "data"
SHEETS = sorted(
    path.name.removesuffix(".json")
    for path in DATA.glob("*.json")
    if not path.name.endswith(".result.json")
)

# kharkov_3p_split_bytes_false_closing (Kharkov: dealer clockwise, byte_3p and
# hanging_on_byte_3p split, bolt 100 with 3 players, false closing double to opponents;
# Cleo deals first):
#  1 Cleo deals, Anna declares clubs. Terz from K of Anna and of Boris: trump ignored
#    (trump_in_combination kharkov), tie → eldest Anna. Anna 70+10+20 = 100, Boris 50,
#    Cleo 22: made.                                             match 100 / 50 / 22
#  2 Anna deals, Boris declares: 41 < Anna 60: byte. 41 split 21/20, the odd point to the
#    earlier from Anna's left (Boris, Cleo, Anna): Cleo 40+21 = 61, Anna 60+20 = 80.
#                                                              match 180 / 50 / 83
#  3 Boris deals, Cleo declares: 100+10+bella 20 = 130; Boris 40; Anna took no trick: -100.
#                                                              match 80 / 90 / 213
#  4 Cleo deals, Anna declares: 50+10 = 60 = Boris 60: hanging byte; Boris 60, Cleo 30;
#    a pool of 60 for all three.                                match 80 / 150 / 243
#  5 Anna deals, Cleo declares: 35 < Anna 70+10: byte. 35 split: Boris (first from Anna's
#    left) 18, Anna 17; the pool (hanging_on_byte_3p split) 30 each:
#    Anna 80+17+30 = 127, Boris 40+18+30 = 88.                  match 207 / 238 / 243
#  6 Boris deals and claims with 40: 278 < 501, a false closing: his 238 drop to 0 and
#    476 go to Cleo and Anna, 238 each.                         match 445 / 0 / 481
#  7 Cleo deals, Anna declares: Boris's fifty (the only run) 30+50 = 80 > Anna 62+10 = 72:
#    byte; 72 split 36/36 to Boris 116 and Cleo 76.             match 445 / 116 / 557
#    Cleo reaches 501: she wins (target).
#
# odessa_pairs_renonce_bolt_klabor (Odessa, Anna & Cleo against Boris & Dima; Dima deals
# first; dealer clockwise; each partner shows the pair's figures):
#  1 Dima deals, Anna declares hearts. Terz from K of Anna and of Boris, neither in trump:
#    combination_tie last_trick → Cleo took it → Anna's pair. A&C 50+40+10+20 = 120, B&D 62.
#  2 Anna deals, Boris declares: B&D 20+52 = 72 < A&C 80+10 = 90: byte, A&C 162.
#                                                              match 282 / 62
#  3 Boris deals, Cleo reneges: Odessa redeal, A&C -100, B&D 0; the redeal is dealt by the
#    next dealer in turn (§6), Cleo.                            match 182 / 62
#  4 Cleo deals, Dima declares; B&D take every trick: 152+10+bella 20 = 182; A&C took no
#    trick: bolt -100.                                          match 82 / 244
#  5 Dima deals, Anna declares: Cleo's fifty beats Dima's terz: A&C 100+10+50 = 160,
#    B&D 52.                                                    match 242 / 296
#  6 Anna deals, Boris declares: B&D 82+10 = 92 > A&C 70.       match 312 / 388
#  7 Boris deals: Dima declares a klabor from the ace of clubs: B&D win at once (debertz),
#    their match total becomes the target (§4): they record 501 - 388 = 113.
#                                                               match 312 / 501
#
# moscow_2p_hanging_byte_both_over_target (Moscow, Boris deals first, dealer: winner):
#  1 Anna: 100+10+terz 20+bella 20 = 150, Boris 30: made; Anna deals.   150 / 30
#  2 Boris declares: 40 < Anna 90+10 = 100: byte, Anna 140; Anna deals.  290 / 30
#  3 Anna declares: 55+10 = 65 = Boris 65: hanging byte; Anna 0, Boris 65, a pool of 65;
#    the tied opponent Boris deals.                                    290 / 95
#  4 Boris: 100+10+fifty 50 = 160 > Anna 30, and the highest total: he wins the 65 pool:
#    225.                                                              320 / 320
#  5 Anna: 80+10+terz 20 = 110, Boris 44; Anna deals.                   430 / 364
#  6 Boris: 60+10+fifty 50+bella 20 = 140, Anna 75: 505 / 504, both over 501; Boris took
#    the last trick (both_over_target last_trick): Boris wins though Anna has more.


def test_there_are_worked_scoresheets() -> None:
    assert len(SHEETS) >= 3


@pytest.mark.parametrize("name", SHEETS)
def test_worked_scoresheet(name: str) -> None:
    record = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    expected = json.loads((DATA / f"{name}.result.json").read_text(encoding="utf-8"))
    result = score_match(record)
    for got, want in zip(result["deals"], expected["deals"], strict=True):
        assert got == want, f"deal {want['number']}"
    assert result == expected
