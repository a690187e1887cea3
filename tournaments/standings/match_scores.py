"""Result conversions [пересчёт результата стола в очки тура], pure (no Django).

A table's result (each player's balance: Preferans whists, Deberc points) becomes match
points by one of these rules; the standings add them up.

- **Normalised place points** (`normalised_place_points`): a player's place p at a table of
  n players is worth (n − p) / (n − 1): first 1, last 0, whatever the table's size, so a
  first place at a three and at a four count the same (a three: 1, ½, 0; a four: 1, ⅔, ⅓, 0).
  Tied players share the average of the places they cover.
- **Places by sign** (`places_by_sign`, league rules): at a three, 1st 3 points, or 4 when the
  only player with a positive balance; 2nd 2 when positive, else 1; 3rd 0. The reading for a
  four chosen here: the last place 0; the first n points (n + 1 when the only positive
  player); any middle place p is worth n − p + 1 when positive, else n − p (a four: 1st 4
  or 5, 2nd 3 or 2, 3rd 2 or 1, 4th 0). Tied players share the average of the points their
  places would give each of them.
- **Compressed balance** (`compressed_balance`): the balance through the organiser's bands
  (`match_score_bands`), sign-symmetric: `[{"up_to": 200, "factor": 1}, {"up_to": 650,
  "factor": 0.1}, {"factor": 0}]` counts the first 200 whole, 200–650 at one in ten and
  nothing beyond 650 (so +300 → 210, −300 → −210, ±1000 → ±245).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

BAD_MATCH_SCORE = "bad_match_score"
# Bounds of `match_score_bands`: a handful of bands, each edge a sane number of whists/points.
MAX_BANDS = 10
MAX_UP_TO = 1_000_000


@dataclass(frozen=True)
class Band:
    up_to: float | None
    factor: float


@dataclass(frozen=True)
class BandProblem:
    """What is wrong with `match_score_bands`: the item's index (None: the list itself),
    a stable code and an English message (pages translate it by `reason`)."""

    index: int | None
    reason: str
    code: str = BAD_MATCH_SCORE
    # What is wrong, as a stable key the pages word in the user's language: "list",
    # "too_many", "keys", "factor", "last_up_to", "up_to", "ascending", "up_to_bound".
    kind: str = "list"


def _places(balances: Sequence[float]) -> list[list[int]]:
    """Groups of seat indices by balance, best first (tied players share a group)."""
    order = sorted(range(len(balances)), key=lambda i: -balances[i])
    groups: list[list[int]] = []
    for i in order:
        if groups and balances[groups[-1][0]] == balances[i]:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def _shared(balances: Sequence[float], worth: Any) -> list[float]:
    points = [0.0] * len(balances)
    place = 1
    for group in _places(balances):
        for i in group:
            points[i] = sum(worth(place + k, i) for k in range(len(group))) / len(group)
        place += len(group)
    return points


def normalised_place_points(balances: Sequence[float]) -> list[float]:
    """Each seat's place points, normalised to 1 (first) .. 0 (last) at any table size."""
    n = len(balances)
    if n < 2:
        raise ValueError("a table has at least two players")
    return _shared(balances, lambda place, _seat: (n - place) / (n - 1))


def places_by_sign(balances: Sequence[float]) -> list[float]:
    """Each seat's league place points, which depend on the sign of the balance."""
    n = len(balances)
    if n < 2:
        raise ValueError("a table has at least two players")
    positive = [b > 0 for b in balances]
    only_positive = sum(positive) == 1

    def worth(place: int, seat: int) -> float:
        if place == n:
            return 0
        if place == 1:
            return n + (1 if only_positive and positive[seat] else 0)
        return n - place + (1 if positive[seat] else 0)

    return _shared(balances, worth)


def bands_check(raw: Any) -> tuple[list[Band], list[BandProblem]]:
    """Read `match_score_bands`: a non-empty list of {"up_to", "factor"}; `up_to` positive
    and strictly ascending, every band but the last with one, the last without; factors in
    [0, 1]. Returns the bands, or the problems (each at its item)."""
    if not isinstance(raw, list) or not raw:
        return [], [BandProblem(None, "Give the bands as a non-empty list.")]
    if len(raw) > MAX_BANDS:
        return [], [BandProblem(None, f"At most {MAX_BANDS} bands.", kind="too_many")]
    bands: list[Band] = []
    problems: list[BandProblem] = []
    previous = 0.0
    for index, item in enumerate(raw):
        last = index == len(raw) - 1
        if not isinstance(item, Mapping) or set(item) - {"up_to", "factor"}:
            problems.append(BandProblem(index, "A band has only up_to and factor.", kind="keys"))
            continue
        factor = item.get("factor")
        if isinstance(factor, bool) or not isinstance(factor, int | float) or not 0 <= factor <= 1:
            problems.append(
                BandProblem(index, "A band's factor is a number from 0 to 1.", kind="factor")
            )
            continue
        up_to = item.get("up_to")
        if last:
            if up_to is not None:
                problems.append(
                    BandProblem(index, "The last band has no up_to.", kind="last_up_to")
                )
                continue
        elif isinstance(up_to, bool) or not isinstance(up_to, int | float):
            problems.append(
                BandProblem(index, "Every band but the last has a number up_to.", kind="up_to")
            )
            continue
        elif not up_to <= MAX_UP_TO:  # NaN and infinity too
            problems.append(
                BandProblem(index, f"A band's up_to is at most {MAX_UP_TO}.", kind="up_to_bound")
            )
            continue
        elif up_to <= previous:
            problems.append(BandProblem(index, "The bands' up_to values go up.", kind="ascending"))
            continue
        else:
            previous = up_to
        # The last band's up_to is None (checked above), every other band's a number.
        bands.append(Band(up_to=None if up_to is None else float(up_to), factor=float(factor)))
    return (bands, []) if not problems else ([], problems)


def compressed_balance(balance: float, bands: Sequence[Band]) -> float:
    """The balance through the bands, symmetric in its sign."""
    size = abs(balance)
    total = 0.0
    lower = 0.0
    for band in bands:
        upper = size if band.up_to is None else min(size, band.up_to)
        if upper > lower:
            total += (upper - lower) * band.factor
        if band.up_to is None or size <= band.up_to:
            break
        lower = band.up_to
    return total if balance >= 0 else -total


@dataclass(frozen=True)
class Params:
    """A tournament's parameters of its conversion (today: the bands of
    `compressed_balance`), read once (`params_of`) and passed beside the scoring's name."""

    bands: tuple[Band, ...] = ()


NO_PARAMS = Params()


def params_of(raw_bands: Any) -> Params:
    """The conversion parameters from a tournament's stored `match_score_bands` (bands that
    do not read are none: the services refuse them before they are stored)."""
    bands, problems = bands_check(raw_bands) if raw_bands else ([], [])
    return Params(bands=tuple(bands) if not problems else ())


def _compressed(totals: Sequence[float], params: Params) -> list[float]:
    # No bands (which the services never store for this scoring): the balance uncompressed.
    bands = params.bands or (Band(up_to=None, factor=1.0),)
    return [compressed_balance(total, bands) for total in totals]


# The conversions any game's tournament may choose beside its game's own match scorings,
# computed from a table's totals (Preferans whist balances, Deberc points) and the
# tournament's parameters: scoring -> rule.
CONVERSIONS: dict[str, Callable[[Sequence[float], Params], list[float]]] = {
    "places_per_size": lambda totals, _params: normalised_place_points(totals),
    "places_by_sign": lambda totals, _params: places_by_sign(totals),
    "compressed_balance": _compressed,
}
# The conversions that read parameters, and which: a band list given for any other scoring
# is refused (`bands_check` is its reader).
NEEDS_BANDS = frozenset({"compressed_balance"})


def convert(scoring: str, totals: Sequence[float], params: Params = NO_PARAMS) -> list[float]:
    """Each seat's match points under a conversion (`CONVERSIONS`)."""
    return CONVERSIONS[scoring](totals, params)


def conversion_bye_points(scoring: str, table_size: int, params: Params = NO_PARAMS) -> float:
    """A bye under a conversion: the average seat at a table of `table_size` where every
    balance is nought (normalised places: ½; places by sign at three: 4/3; a compressed
    balance: 0)."""
    return sum(convert(scoring, [0] * table_size, params)) / table_size
