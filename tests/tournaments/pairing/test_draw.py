"""Seats and the first dealer drawn by lot."""

from collections import Counter

from tournaments.pairing import draw_seats


def test_the_draw_is_reproducible():
    assert draw_seats(["a", "b", "c"], seed="1:2:3") == draw_seats(["a", "b", "c"], seed="1:2:3")


def test_every_seat_order_and_dealer_comes_up():
    orders = Counter()
    dealers = Counter()
    for k in range(600):
        draw = draw_seats(["a", "b", "c"], seed=f"x:{k}")
        orders[draw.seats] += 1
        dealers[draw.first_dealer_seat] += 1
        assert sorted(draw.seats) == ["a", "b", "c"]
    assert len(orders) == 6
    assert set(dealers) == {0, 1, 2}
    assert min(dealers.values()) > 120
