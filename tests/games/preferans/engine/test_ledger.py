"""Each deal's ledger of writes (`score_pulka_with_ledgers`): the engine scores a deal into
an explicit list of writes, each with its reason, and applies that list to the sheet. The
ledger is what the referee's tool tells; these properties say it is the whole truth: it adds
up to the deal's entry in the result, player by player and column by column, and asking for
it changes nothing in the result."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from hypothesis import given

from scoring.games.preferans.engine import Write, score_pulka, score_pulka_with_ledgers
from scoring.games.preferans.engine import deal as deal_module
from tests.games.preferans.engine.test_properties import SETTINGS, pulkas

REASONS = {
    value
    for name, value in vars(deal_module).items()
    if name.startswith("R_") and isinstance(value, str)
}


def _sums(ledger: list[Write], names: list[str]) -> tuple[dict, dict, dict]:
    pool: dict[str, int] = defaultdict(int)
    mountain: dict[str, int] = defaultdict(int)
    whists: dict[tuple[str, str], int] = defaultdict(int)
    for write in ledger:
        player = names[write.player]
        if write.column == "whists":
            whists[(player, names[write.against])] += write.amount
        elif write.column == "pool":
            pool[player] += write.amount
        else:
            assert write.column == "mountain"
            mountain[player] += write.amount
    return (
        {k: v for k, v in pool.items() if v},
        {k: v for k, v in mountain.items() if v},
        {k: v for k, v in whists.items() if v},
    )


@SETTINGS
@given(pulkas())
def test_each_deals_ledger_adds_up_to_its_entry_in_the_result(record: dict[str, Any]) -> None:
    result, ledgers = score_pulka_with_ledgers(record)
    assert result == score_pulka(record)  # the ledger is extra, the result unchanged
    names = result["players"]
    assert len(ledgers) == len(result["deals"])
    for entry, ledger in zip(result["deals"], ledgers, strict=True):
        whists = {(p, q): v for p, row in entry["whists"].items() for q, v in row.items()}
        assert _sums(ledger, names) == (entry["pool"], entry["mountain"], whists)
        for write in ledger:
            assert isinstance(write, Write) and write.reason in REASONS
            assert write.amount != 0
            assert (write.against >= 0) == (write.column == "whists")


def test_the_ledger_keeps_the_order_the_rules_write_in():
    """A seven two down against two whisters (worked example 2): the remise, each whister's
    whists for his tricks, then the consolation of every other player."""
    record = {
        "format": "preferans-scoresheet/1",
        "ruleset": "sochi",
        "players": ["Anna", "Boris", "Vera"],
        "first_dealer": "Boris",
        "deals": [
            {
                "kind": "game",
                "declarer": "Vera",
                "contract": "7H",
                "whist": {"Anna": "whist", "Boris": "whist"},
                "tricks": {"Anna": 3, "Boris": 2, "Vera": 5},
            }
        ],
    }
    _result, (ledger,) = score_pulka_with_ledgers(record)
    assert ledger == [
        Write(2, "mountain", -1, 8, "remise"),
        Write(0, "whists", 2, 12, "whists"),
        Write(1, "whists", 2, 8, "whists"),
        Write(0, "whists", 2, 8, "consolation"),
        Write(1, "whists", 2, 8, "consolation"),
    ]
