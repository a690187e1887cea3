"""Stages [этапы] (issue 19, item 4): after round k of the qualification [отбор] either a cut
(the top N continue, the rest are placed by their standing then) or a final table [финал] (the
top 3 or 4 at one table, or the top table of each size, ranked above everyone).

The settings (`stage_kind`, `stage_after_round`, `stage_size`) are checked here
(`stage_problems`), and the staged order of the standings is made here (`stage_order`), on
plain data: the ORM's side is in `tournaments.standings.services` and `tournaments.pairing.manager`.

Readings (docs/tournaments.md):
- the qualification standing is the standings of rounds 1..k as they were counted; its rank
  (`qualification_rank`) is a position, 1, 2, 3 ... (a shared place is broken by the order the
  standings list it, which is who continues when a cut falls inside a shared place);
- the stage is made when round k+1 is paired: who continues is who that round seats;
- a final is the last round (`stage_after_round` = rounds − 1); its players rank above everyone,
  by the final's own match points, a tie by their qualification rank; with mixed table sizes
  and no size given, round k+1 seats the top table of each size, the largest first (at
  [3, 4]: the top 4, then the next 3), each table ranked above the next;
- a cut's continuing players rank above those cut, by the standings of every round; the cut
  players keep their order at round k;
- after a stage every rank is a position (none shared).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

STAGE_FIELDS = ("stage_kind", "stage_after_round", "stage_size")
CUT = "cut"
FINAL = "final"
KINDS = ("", CUT, FINAL)
# A cut of ten thousand players is larger than any tournament the service runs.
MAX_STAGE_SIZE = 10_000


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def stage_problems(
    *,
    kind: Any,
    after: Any,
    size: Any,
    rounds: int,
    round_sizes: Sequence[int],
    entrants: int = 0,
) -> dict[str, ValidationError]:
    """What is wrong with a tournament's stage settings, by field (empty: nothing).

    `bad_stage`: a stage field without a stage, a stage after the last round (or a final that
    is not the last round), a cut that keeps too few or everyone entered; `bad_table_size`: a
    final table of a size the tournament does not seat."""
    errors: dict[str, ValidationError] = {}
    if kind not in KINDS:
        errors["stage_kind"] = ValidationError(
            _("A stage is a cut or a final table (or none)."), code="bad_stage"
        )
        return errors
    if not kind:
        for name, value in (("stage_after_round", after), ("stage_size", size)):
            if value is not None:
                errors[name] = ValidationError(
                    _("Choose a stage (a cut or a final table) first, or leave this blank."),
                    code="bad_stage",
                )
        return errors
    last = rounds - 1
    if not _whole(after) or not 1 <= after <= last:
        errors["stage_after_round"] = ValidationError(
            _("The stage comes after a round before the last: a round from 1 to %(last)d.")
            % {"last": last}
            if last >= 1
            else _("A tournament of one round has no stages."),
            code="bad_stage",
        )
    elif kind == FINAL and after != last:
        errors["stage_after_round"] = ValidationError(
            _("The final table is the last round: it comes after round %(last)d of %(rounds)d.")
            % {"last": last, "rounds": rounds},
            code="bad_stage",
        )
    smallest = min(round_sizes)
    if kind == CUT:
        if not _whole(size) or not smallest <= size <= MAX_STAGE_SIZE:
            errors["stage_size"] = ValidationError(
                _("A cut keeps at least one table: from %(min)d to %(max)d players.")
                % {"min": smallest, "max": MAX_STAGE_SIZE},
                code="bad_stage",
            )
        elif entrants and size >= entrants:
            errors["stage_size"] = ValidationError(
                _("A cut keeps fewer than the %(count)d entered.") % {"count": entrants},
                code="bad_stage",
            )
    elif size is not None and (not _whole(size) or size not in round_sizes):
        errors["stage_size"] = ValidationError(
            _("The final table seats %(sizes)s players here (blank: the top table of each size).")
            % {"sizes": ", ".join(map(str, round_sizes))},
            code="bad_table_size",
        )
    return errors


def final_sizes(size: int | None, round_sizes: Sequence[int]) -> list[int]:
    """The final round's tables, top first: the one size given, else one table of each size
    the tournament seats, the largest first."""
    return [size] if size else sorted(set(round_sizes), reverse=True)


def final_groups(order: Sequence[Hashable], sizes: Sequence[int]) -> list[tuple[Hashable, ...]]:
    """The final tables from the qualification order: the top players fill the first table,
    the next the second; a table that cannot be filled is not seated."""
    tables: list[tuple[Hashable, ...]] = []
    start = 0
    for size in sizes:
        if start + size > len(order):
            break
        tables.append(tuple(order[start : start + size]))
        start += size
    return tables


def stage_order(
    *,
    lines: Sequence[Any],
    qualification: Sequence[Any],
    groups: Iterable[Sequence[Hashable]],
    stage_points: Mapping[Hashable, float] | None,
) -> list[Any]:
    """The standings once a stage is made, each line given its `qualification_rank`.

    `lines`: the standings of every round, ranked; `qualification`: those of rounds 1..k,
    ranked; `groups`: the players who continued, the top group first (a final's tables, or a
    cut's one group); `stage_points`: a final's own match points (None for a cut, whose
    continuing players keep the order of `lines`). Everyone else follows in their
    qualification order. Ranks become positions."""
    qualified = {line.player: i for i, line in enumerate(qualification, start=1)}
    by_player = {line.player: line for line in lines}
    position = {line.player: i for i, line in enumerate(lines)}
    unranked = len(qualified) + 1
    ordered: list[Hashable] = []
    placed: set[Hashable] = set()
    for group in groups:
        members = [p for p in group if p in by_player and p not in placed]
        if stage_points is None:
            members.sort(key=position.__getitem__)
        else:
            points = stage_points
            members.sort(key=lambda p: (-points.get(p, 0), qualified.get(p, unranked)))
        ordered.extend(members)
        placed.update(members)
    ordered.extend(
        sorted(
            (p for p in by_player if p not in placed),
            key=lambda p: (qualified.get(p, unranked), position[p]),
        )
    )
    out = []
    for rank, player in enumerate(ordered, start=1):
        line = by_player[player]
        line.rank = rank
        line.rank_shared = False
        line.qualification_rank = qualified.get(player)
        out.append(line)
    return out


def stage_label(kind: str, size: int | None, round_sizes: Sequence[int]) -> str:
    """What the stage round is, as the organiser reads it before pairing it."""
    if kind == CUT:
        return _("Cut: top %(count)d continue") % {"count": size or 0}
    if kind == FINAL:
        sizes = final_sizes(size, round_sizes)
        if len(sizes) == 1:
            return _("Final table: top %(count)d") % {"count": sizes[0]}
        return _("Final tables: top %(sizes)s") % {"sizes": " + ".join(map(str, sizes))}
    return ""


def stage_order_note(kind: str, after: int | None) -> str:
    """How the standings are ordered once the stage is made, as the reports say it above
    their table (the standings page says it in its own words): a reader of a printed table
    otherwise sees a final's winner ranked above players with more match points."""
    if kind == FINAL:
        return _(
            "The final table's players are ranked first, by the points scored at the final "
            "(a tie by the qualification rank); the others by the qualification, their rank "
            "after round %(n)d."
        ) % {"n": after or 0}
    if kind == CUT:
        return _(
            "The players who continued after the cut are ranked first, by the match points of "
            "every round; the others by the qualification, their rank after round %(n)d."
        ) % {"n": after or 0}
    return ""
