"""Rules §9: the settlement [расчёт пули] — deficits into the mountain, mountain to whists,
balances rounded exactly."""

from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.games.preferans.engine.sheet import settle

from .helpers import FOUR, A, B, C, D, game, score


def exact(mountains: list[int], net: list[int]) -> list[Fraction]:
    average = Fraction(sum(mountains), len(mountains))
    return [n + 10 * (average - m) for n, m in zip(net, mountains, strict=True)]


def test_example_1_floors_and_a_tie_of_thirds_goes_to_the_first_dealer() -> None:
    # M = 20, 18, 20; whists: Boris −8, Vera +8 → −6⅔, 5⅓, 1⅓.
    assert settle([20, 18, 20], [0, -8, 8], first_dealer=0) == [-6, 5, 1]
    # The same with Boris dealing first: the unit goes to Boris.
    assert settle([20, 18, 20], [0, -8, 8], first_dealer=1) == [-7, 6, 1]
    assert settle([20, 18, 20], [0, -8, 8], first_dealer=2) == [-7, 5, 2]


def test_the_missing_units_go_clockwise_from_the_first_dealer() -> None:
    """Every exact balance shares the fractional part of 10 × ΣM / n, so the "largest
    fractional parts" always tie and the units go clockwise from the first dealer."""
    # M = 0, 2, 0: average ⅔; exact 6⅔, −13⅓, 6⅔ → floors 6, −14, 6: two units missing.
    assert exact([0, 2, 0], [0, 0, 0]) == [Fraction(20, 3), Fraction(-40, 3), Fraction(20, 3)]
    assert settle([0, 2, 0], [0, 0, 0], first_dealer=2) == [7, -14, 7]  # Vera, then Anna
    assert settle([0, 2, 0], [0, 0, 0], first_dealer=1) == [6, -13, 7]  # Boris, then Vera
    assert settle([0, 2, 0], [0, 0, 0], first_dealer=0) == [7, -13, 6]  # Anna, then Boris


def test_four_players_divide_the_mountain_by_four() -> None:
    # M = 10, 0, 0, 1: ΣM 11, average 2¾; exact −72½, 27½, 27½, 17½: floors −73, 27, 27, 17
    # (two units missing; all fractions ½: clockwise from the first dealer Anna: Anna, Boris).
    assert settle([10, 0, 0, 1], [0, 0, 0, 0], first_dealer=0) == [-72, 28, 27, 17]
    assert settle([10, 0, 0, 1], [0, 0, 0, 0], first_dealer=2) == [-73, 27, 28, 18]


def test_whole_balances_are_not_touched() -> None:
    assert settle([20, 20, 14], [5, -5, 0], first_dealer=0) == [-15, -25, 40]


def test_the_settlement_uses_the_final_mountains_with_deficits() -> None:
    result = score([game(B, "9S", {C: "pass", A: "pass"})])  # Boris pool 8
    assert result["settlement"]["mountain"] == {A: 20, B: 12, C: 20}
    # average 52/3; exact −26⅔, +53⅓, −26⅔ → −27, 53, −27 + 1 missing unit: the fractions
    # are ⅓, ⅓, ⅓, so the first dealer Anna gets it.
    assert result["settlement"]["balance"] == {A: -26, B: 53, C: -27}


def test_four_players_balance_to_zero() -> None:
    deal = game(B, "6S", {C: "whist", D: "pass"}, {B: 5, C: 3, D: 2})
    result = score([deal], players=FOUR)
    assert sum(result["settlement"]["balance"].values()) == 0
    assert set(result["settlement"]["balance"]) == {A, B, C, D}


def reference(mountains: list[int], net: list[int], first_dealer: int) -> list[int]:
    """§9 to the letter with fractions: floors, then the largest fractional parts, ties
    clockwise from the first dealer."""
    n = len(mountains)
    balances = exact(mountains, net)
    floors = [math.floor(value) for value in balances]
    parts = [value - floor for value, floor in zip(balances, floors, strict=True)]
    missing = -sum(floors)
    order = sorted(range(n), key=lambda seat: (-parts[seat], (seat - first_dealer) % n))
    for seat in order[:missing]:
        floors[seat] += 1
    return floors


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_settle_is_the_rules_rounding_to_the_letter(data: st.DataObject) -> None:
    n = data.draw(st.sampled_from([3, 4]))
    mountains = data.draw(st.lists(st.integers(0, 500), min_size=n, max_size=n))
    net = data.draw(st.lists(st.integers(-400, 400), min_size=n - 1, max_size=n - 1))
    net.append(-sum(net))
    first = data.draw(st.integers(0, n - 1))
    got = settle(mountains, net, first)
    assert got == reference(mountains, net, first)
    assert sum(got) == 0
    assert all(abs(g - b) < 1 for g, b in zip(got, exact(mountains, net), strict=True))


@settings(max_examples=200, deadline=None)
@given(
    n=st.sampled_from([3, 4]),
    data=st.data(),
)
def test_the_settlement_explained_step_by_step_ends_at_the_sheets_balances(n, data) -> None:
    """What the referee's "settle this pulka" tells is the engine's own figures: the steps add
    up to `settle`'s balances, each exact balance rounded down or up by one unit."""
    from scoring.games.preferans.engine import settlement_explained

    target = data.draw(st.sampled_from([10, 20, 30]))
    pool = data.draw(st.lists(st.integers(0, target), min_size=n, max_size=n))
    mountain = data.draw(st.lists(st.integers(0, 200), min_size=n, max_size=n))
    whists = [[0 if i == j else data.draw(st.integers(0, 300)) for j in range(n)] for i in range(n)]
    first = data.draw(st.integers(0, n - 1))
    settled = settlement_explained(
        pool=pool, mountain=mountain, whists=whists, target=target, first_dealer=first
    )
    assert settled.mountains == [m + target - p for m, p in zip(mountain, pool, strict=True)]
    assert settled.balances == settle(settled.mountains, settled.net_whists, first)
    assert sum(settled.exact) == 0 and sum(settled.balances) == 0
    assert settled.exact == exact(settled.mountains, settled.net_whists)
    assert all(
        0 <= b - math.floor(x) <= 1 for b, x in zip(settled.balances, settled.exact, strict=True)
    )
    assert settled.missing == sum(
        b - math.floor(x) for b, x in zip(settled.balances, settled.exact, strict=True)
    )
    assert (
        sum(p.net for p in settled.pairs if p.a == 0)
        - sum(p.net for p in settled.pairs if p.b == 0)
        == settled.net_whists[0]
    )
