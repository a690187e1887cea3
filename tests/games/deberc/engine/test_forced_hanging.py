"""Rules §5 `hanging_replay: forced`: Odessa's висяк, the hanging byte replayed by force.

Seed 001 (Odessa): "если соперники набирают равное количество очков, то объявляется «висяк»
и карты сдает следующий игрок по часовой стрелке и тот кто выбирал козырь в прошлый раз должен
будет играть в ту масть, которая выпадет при сдаче, то есть козырь не выбирается. Терцы и
полтины не объявляются ни кем, разрешается объявлять только белу. Если игрок заработавший
висяк, выиграет эту игру, то очки записываются обычным образом с добавлением очков прошлой
игры. Если будет байд, то очки получит соперник за обе игры".
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.games.deberc.engine import score_match
from scoring.games.deberc.engine.feasibility import points_possible
from scoring.games.deberc.engine.simulate import random_match

from .helpers import codes, deal, problems, record, score, void

AB = ["Anna", "Boris"]
ABC = ["Anna", "Boris", "Cleo"]
TRICKS = {"Anna": 4, "Boris": 5}


def hanging_of_anna() -> dict[str, Any]:
    # Anna plays spades: 60 + 10 (last trick) = 70 against Boris's 70: a hanging byte.
    return deal("S", "Anna", {"Anna": 60, "Boris": 70}, "Anna", tricks=TRICKS)


def test_a_hanging_byte_waits_for_its_forced_deal_named_in_the_result() -> None:
    """The seed: "объявляется «висяк» и карты сдает следующий игрок по часовой стрелке и тот кто
    выбирал козырь в прошлый раз должен будет играть": no pool; the 70 waits for Anna's forced
    deal, dealt by the next player clockwise."""
    first = score(AB, [hanging_of_anna()], ruleset="odessa")["deals"][0]
    assert first["outcome"] == "hanging"
    assert first["recorded"] == {"Anna": 0, "Boris": 70}
    assert first["hanging"] == [{"points": 70, "eligible": ["Anna", "Boris"], "forced": "Anna"}]
    assert (first["dealer"], first["next_dealer"]) == ("Boris", "Anna")


def test_forced_deal_made_writes_the_hanging_total_to_the_declarer() -> None:
    """The seed: "Если игрок заработавший висяк, выиграет эту игру, то очки записываются обычным
    образом с добавлением очков прошлой игры": Anna makes 80 + 10 = 90 against 62 and records 90
    + 70 = 160."""
    forced = deal("D", "Anna", {"Anna": 80, "Boris": 62}, "Anna", tricks=TRICKS)
    result = score(AB, [hanging_of_anna(), forced], ruleset="odessa")
    second = result["deals"][1]
    assert (second["dealer"], second["outcome"]) == ("Anna", "made")
    assert second["recorded"] == {"Anna": 160, "Boris": 62}
    assert second["hanging"] == []
    assert result["match"] == {"Anna": 160, "Boris": 132}


def test_forced_deal_in_byte_gives_the_opponent_both_deals() -> None:
    """The seed: "Если будет байд, то очки получит соперник за обе игры": Anna 50 against
    Boris's 92 + 10 = 102: Boris records 102 + Anna's 50 + the hanging 70 = 222."""
    forced = deal("D", "Anna", {"Anna": 50, "Boris": 92}, "Boris", tricks=TRICKS)
    second = score(AB, [hanging_of_anna(), forced], ruleset="odessa")["deals"][1]
    assert second["outcome"] == "byte"
    assert second["recorded"] == {"Anna": 0, "Boris": 222}
    assert second["hanging"] == []


def test_forced_deal_that_hangs_again_grows_the_total_and_forces_again() -> None:
    """A second висяк: the hanging total grows by the declarer's total of the forced deal
    (70 + 76 = 146) and Anna must play the next deal too (spec §5)."""
    again = deal("D", "Anna", {"Anna": 66, "Boris": 76}, "Anna", tricks=TRICKS)
    made = deal("C", "Anna", {"Anna": 100, "Boris": 30}, "Anna", tricks={"Anna": 6, "Boris": 3})
    result = score(AB, [hanging_of_anna(), again, made], ruleset="odessa")
    second, third = result["deals"][1:]
    assert second["outcome"] == "hanging"
    assert second["recorded"] == {"Anna": 0, "Boris": 76}
    assert second["hanging"] == [{"points": 146, "eligible": ["Anna", "Boris"], "forced": "Anna"}]
    assert third["dealer"] == "Boris"  # clockwise again
    assert third["recorded"] == {"Anna": 110 + 146, "Boris": 30}


def test_another_declarer_in_the_forced_deal_is_refused() -> None:
    """The seed: "тот кто выбирал козырь в прошлый раз должен будет играть": Boris may not
    declare."""
    boris = deal("D", "Boris", {"Anna": 50, "Boris": 92}, "Boris", tricks=TRICKS)
    found = problems(record(AB, [hanging_of_anna(), boris], "odessa"))
    assert [(e["deal"], e["field"], e["code"]) for e in found] == [
        (2, "declarer", "forced_declarer")
    ]


def test_a_passed_out_forced_deal_is_refused() -> None:
    """The seed: "козырь не выбирается": the forced deal cannot be passed out (spec: a void
    record there is `forced_declarer`); obligatory order switched off to show it is the висяк
    that forbids it."""
    rec = record(AB, [hanging_of_anna(), void()], "odessa", obligatory_order=False)
    assert codes(rec) == [(2, "forced_declarer")]


def test_terz_and_fifty_are_forbidden_in_the_forced_deal_bella_is_not() -> None:
    """The seed: "Терцы и полтины не объявляются ни кем, разрешается объявлять только белу"."""
    terz = deal(
        "D",
        "Anna",
        {"Anna": 80, "Boris": 62},
        "Anna",
        tricks=TRICKS,
        declarations={"Boris": ["terz:AC"], "Anna": ["fifty:AH"]},
    )
    found = problems(record(AB, [hanging_of_anna(), terz], "odessa"))
    assert sorted((e["field"], e["code"]) for e in found) == [
        ("declarations.Anna", "declarations_forbidden"),
        ("declarations.Boris", "declarations_forbidden"),
    ]
    bella = deal(
        "D",
        "Anna",
        {"Anna": 80, "Boris": 62},
        "Anna",
        tricks=TRICKS,
        declarations={"Anna": ["bella"]},
    )
    second = score(AB, [hanging_of_anna(), bella], ruleset="odessa")["deals"][1]
    assert second["recorded"] == {"Anna": 90 + 20 + 70, "Boris": 62}


def test_klabor_may_still_be_declared_in_a_forced_deal() -> None:
    # Spec §5: "Debertz and klabor may be declared in a forced deal."
    klabor = {"trump": "D", "declarer": "Anna", "declarations": {"Boris": ["klabor:AS"]}}
    result = score(AB, [hanging_of_anna(), klabor], ruleset="odessa")
    assert (result["winner"], result["reason"]) == ("Boris", "debertz")


def test_a_card_byte_in_the_forced_deal_leaves_the_forced_total_for_the_next() -> None:
    # Spec §5: a card byte leaves the hanging total and the forced declarer for the next deal.
    # Boris's false declaration: Anna records 162 (card byte); the 70 still waits for Anna.
    bad = {
        "trump": "D",
        "declarer": "Anna",
        "violation": {"player": "Boris", "kind": "false_declaration"},
    }
    made = deal("C", "Anna", {"Anna": 100, "Boris": 30}, "Anna", tricks={"Anna": 6, "Boris": 3})
    result = score(AB, [hanging_of_anna(), bad, made], ruleset="odessa")
    second, third = result["deals"][1:]
    assert second["recorded"] == {"Anna": 162, "Boris": 0}
    assert second["hanging"] == [{"points": 70, "eligible": ["Anna", "Boris"], "forced": "Anna"}]
    assert third["recorded"] == {"Anna": 110 + 70, "Boris": 30}


def test_three_players_forced_byte_is_split_under_byte_3p_split() -> None:
    """The seed: "Если будет байд, то очки получит соперник за обе игры", with three players as
    `byte_3p` says: Anna's 40 + the hanging 60 = 100 halved between Boris and Cleo."""
    tricks3 = {"Anna": 3, "Boris": 3, "Cleo": 3}
    hang = deal("S", "Anna", {"Anna": 50, "Boris": 60, "Cleo": 32}, "Anna", tricks=tricks3)
    forced = deal("H", "Anna", {"Anna": 40, "Boris": 70, "Cleo": 30}, "Boris", tricks=tricks3)
    result = score(ABC, [hang, forced], ruleset="odessa", byte_3p="split")
    first, second = result["deals"]
    assert first["hanging"] == [
        {"points": 60, "eligible": ["Anna", "Boris", "Cleo"], "forced": "Anna"}
    ]
    assert second["outcome"] == "byte"
    assert second["recorded"] == {"Anna": 0, "Boris": 80 + 50, "Cleo": 30 + 50}


def test_pools_stay_the_default_outside_odessa() -> None:
    # hanging_replay: pool (Moscow): the same hanging byte makes a pool any player can win.
    first = score(AB, [hanging_of_anna()], ruleset="moscow")["deals"][0]
    assert first["hanging"] == [{"points": 70, "eligible": ["Anna", "Boris"]}]


# Properties ---------------------------------------------------------------------------------


@st.composite
def forced_match(draw: Any) -> dict[str, Any]:
    """An Odessa match of figures, two or three players, often tied (висяк); every deal after
    a висяк names the forced declarer, as the result of the deals before says."""
    players = AB if draw(st.booleans()) else ABC
    conventions = {
        "target": 5000,
        "bolt_penalty": 0,
        "byte_3p": draw(st.sampled_from(["top", "split"])),
        "winner_takes_all": draw(st.booleans()),
    }
    rec = record(players, [], "odessa", **conventions)
    for _ in range(draw(st.integers(1, 7))):
        declarer = draw(st.sampled_from(players))
        last = draw(st.sampled_from(players))
        level = draw(st.integers(20, 70))
        points = [
            level - (10 if name == last else 0) if draw(st.booleans()) else draw(st.integers(0, 60))
            for name in players
        ]
        points = [max(0, p) for p in points]
        assume(points_possible(tuple(points), None, players.index(last), 9))
        if rec["deals"]:
            hanging = score_match(rec)["deals"][-1]["hanging"]
            if hanging and "forced" in hanging[-1]:
                declarer = hanging[-1]["forced"]
        rec["deals"].append(
            deal(
                draw(st.sampled_from("CDHS")),
                declarer,
                dict(zip(players, points, strict=True)),
                last,
            )
        )
    return rec


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(forced_match())
def test_forced_deals_create_and_lose_no_points(rec: dict[str, Any]) -> None:
    """Whatever the висяк and its forced deals: what is recorded plus the change in what
    hangs equals the deal totals, and only a hanging deal leaves a forced total behind."""
    result = score_match(rec)
    before = 0
    for entry in result["deals"]:
        after = sum(pool["points"] for pool in entry["hanging"])
        assert sum(entry["recorded"].values()) + after - before == sum(entry["totals"].values())
        forced = [pool for pool in entry["hanging"] if "forced" in pool]
        assert bool(forced) == (entry["outcome"] == "hanging")
        before = after


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4]))
def test_generated_odessa_matches_play_their_forced_deals(seed: int, n: int) -> None:
    """The generator (demo, benchmarks) gives every висяк its forced deal: the same declarer,
    bella only, never passed out; the engine accepts every such match."""
    names = ["Anna", "Boris", "Cleo", "Dima"][:n]
    rec = random_match(random.Random(seed), names, ruleset="odessa", card_by_card=seed % 2 == 0)
    result = score_match(rec)
    for before, raw in zip(result["deals"], rec["deals"][1:], strict=False):
        if before["hanging"] and "forced" in before["hanging"][-1] and "low_points" not in raw:
            assert raw["declarer"] == before["hanging"][-1]["forced"]
            for mine in raw.get("declarations", {}).values():
                assert all(not text.startswith(("terz", "fifty")) for text in mine)
