"""bench/entry.py --find-rate (issue 36) searches for the host's capacity in a few steps: the
low rate first, doubled while it passes, then bisected between the best passing rate and the
lowest failing one, until they are close enough. The step function is pure: a search that
went wrong would report a capacity the host never carried."""

from __future__ import annotations

from typing import Any


def _search(entry: Any, capacity: float, steps: int = 10) -> tuple[list[float], float]:
    """Run the search against a host that passes every rate up to `capacity`; the rates tried
    and the best passing one."""
    passed: list[float] = []
    failed: list[float] = []
    tried = []
    for _ in range(steps):
        rate = entry.find_rate_next(passed, failed, low=40, high=320, resolution=10)
        if rate is None:
            break
        tried.append(rate)
        (passed if rate <= capacity else failed).append(rate)
    return tried, max(passed, default=0.0)


def test_it_doubles_from_the_low_rate_then_bisects_to_within_the_resolution(
    bench_entry: Any,
) -> None:
    tried, best = _search(bench_entry, capacity=100)
    assert tried[:3] == [40, 80, 160]  # doubled until a rate fails
    assert tried[3] == 120  # then halfway between 80 (passed) and 160 (failed)
    assert 90 <= best <= 100  # within the resolution, never above the capacity


def test_it_stops_at_the_highest_rate_when_everything_passes(bench_entry: Any) -> None:
    tried, best = _search(bench_entry, capacity=10_000)
    assert tried == [40, 80, 160, 320] and best == 320


def test_a_failing_low_rate_is_halved_and_nothing_passing_means_no_capacity(
    bench_entry: Any,
) -> None:
    tried, best = _search(bench_entry, capacity=25)
    assert tried[:2] == [40, 20] and 15 <= best <= 25
    tried, best = _search(bench_entry, capacity=0)
    assert tried[-1] > 0 and best == 0.0
