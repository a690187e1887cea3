"""bench/hotpath.py sets each ratio of issue 36 against its bound: the floor plus the round
trips to PostgreSQL and Redis the timed request makes, the least such a request can cost. The
round trips are counted as they go out (a statement through Django's cursor, a command or a
pipeline through redis-py), and a bound above its goal says so: a request made so cannot
meet it, whatever else is taken away."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import caches
from django.db import connection

from tests.factories import make_evening


def _results(hotpath: Any) -> dict[str, list[float]]:
    return {
        hotpath.Floor.BARE: [0.2, 0.2, 0.2],
        hotpath.Floor.STACK: [0.3, 0.3, 0.3],
        "deal deberc": [1.0, 1.0, 1.1],
        "deal preferans": [1.2, 1.2, 1.3],
        "poll round after a change": [4.0, 4.0, 4.2],
        "poll round, another spectator (stored)": [0.5, 0.5, 0.5],
        "poll round unchanged (304)": [0.3, 0.3, 0.3],
        hotpath.RoundTrips.POSTGRES: [0.1, 0.1, 0.1],
        hotpath.RoundTrips.REDIS: [0.06, 0.06, 0.06],
    }


def test_each_ratio_gets_the_bound_of_the_request_it_is_of(bench_hotpath: Any) -> None:
    hotpath = bench_hotpath
    trips = hotpath.RoundTrips()
    trips.counted = {
        "deal deberc": [(2, 2)],
        # A finishing deal's extra statement is not the deal's usual count.
        "deal preferans": [(2, 2), (2, 2), (3, 3)],
        "poll round after a change": [(4, 6)],
        "poll round unchanged (304)": [(0, 1)],
    }
    lines = hotpath.bound_lines(_results(hotpath), trips)
    assert lines[0].startswith("round trips per request")
    assert "deal preferans 2 + 2" in lines[0] and "poll round unchanged (304) 0 + 1" in lines[0]
    # Never counted: left out rather than guessed.
    assert "another spectator" not in lines[0]
    bounds = {line.split()[1]: line for line in lines[1:]}
    # (0.2 + 0.06) / 0.2; (0.2 + 2 × 0.1 + 2 × 0.06) / 0.2; (0.2 + 4 × 0.1 + 6 × 0.06) / 0.2
    assert bounds["304/floor"].startswith("bound 304/floor 1.3  (poll round unchanged (304)")
    assert bounds["deal/floor"].startswith("bound deal/floor 2.6  (deal preferans")
    assert "within reach" in bounds["deal/floor"]
    assert bounds["fragment/floor"].startswith("bound fragment/floor 4.8  (poll round after")
    assert "the goal is 3, BEYOND reach" in bounds["fragment/floor"]


def test_the_ratios_are_of_the_slowest_request_of_each_kind(bench_hotpath: Any) -> None:
    assert bench_hotpath.ratio_requests(_results(bench_hotpath)) == [
        ("304/floor", "poll round unchanged (304)"),
        ("deal/floor", "deal preferans"),
        ("fragment/floor", "poll round after a change"),
    ]


@pytest.mark.django_db
def test_round_trips_are_counted_as_they_go_out(bench_hotpath: Any) -> None:
    ev = make_evening()
    trips = bench_hotpath.RoundTrips()

    def reads() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.execute("SELECT 2")
        return type(ev.match).objects.filter(pk=ev.match.pk).count()

    assert trips.count("two statements and a query", reads) == 1
    assert trips.of("two statements and a query") == (3, 0)
    assert trips.of("never counted") is None


@pytest.mark.services
@pytest.mark.django_db
def test_a_redis_command_and_a_pipeline_are_one_round_trip_each(
    bench_hotpath: Any, redis_cache: Any
) -> None:
    trips = bench_hotpath.RoundTrips()
    client = caches["default"]._cache.get_client(write=True)

    def commands() -> None:
        caches["default"].set("bench:trips", 1, 10)
        with client.pipeline() as pipe:
            pipe.get("a").get("b").get("c").execute()

    commands()  # a connection's first use sends its handshake too: warmed first, as the bench's are
    trips.count("a set and a pipeline", commands)
    assert trips.of("a set and a pipeline") == (0, 2)
