"""The match [партия]: reading a scoresheet, scoring its deals in order, and deciding the
match (rules §7; the format is scoresheet-format.md).

`score_match(record)` reads the whole record first and reports every problem at once; a
record is scored only when it has none, so a result is never partial.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from .cards import card_name
from .conventions import Conventions, resolve_conventions
from .deal import (
    CLOSING,
    DEBERTZ,
    FIFTY_OFFER,
    VOID,
    DealFacts,
    DealScore,
    Pool,
    Table,
    halve,
    next_dealer_by_totals,
    score_card_byte,
    score_played,
)
from .errors import Problem, ScoresheetError
from .reader import RECORD_KEYS, DealReader, _is_int

FORMAT = "deberc-scoresheet/1"
RESULT_FORMAT = "deberc-result/1"


class MatchState:
    """The running match: totals per side, hanging pools, bytes, the dealer, the end."""

    def __init__(self, table: Table, first_dealer: int) -> None:
        self.table = table
        self.totals = [0] * table.sides
        self.pools: list[Pool] = []
        self.bytes = [0] * table.sides
        self.dealer = first_dealer
        self.deals = 0
        self.winner: int | None = None  # side
        self.reason: str | None = None
        # `hanging_replay: forced`: the hanging total and the seat that must play for it.
        self.forced: Pool | None = None

    @property
    def finished(self) -> bool:
        return self.reason is not None

    def apply(self, facts: DealFacts) -> DealScore:
        table = self.table
        dealer = self.dealer
        self.deals += 1
        if (
            facts.violation is None
            and not facts.debertz
            and facts.closing is None
            and facts.fifty_offer is None
            and not facts.void
            and facts.pencil is None
        ):
            # The usual deal, played out: straight to its score.
            forced = self.forced
            score, self.pools = score_played(
                facts, table, dealer, self.pools, forced=None if forced is None else forced.points
            )
            if forced is not None or score.forced_total is not None:
                self._replay(facts, score)
            self._record(score)
            self._decide(score, facts)
            self.dealer = score.next_dealer if score.next_dealer is not None else dealer
            return score
        zeros = [0] * table.sides
        if facts.violation is not None:
            score, self.pools = score_card_byte(facts, table, dealer, self.pools)
        elif facts.debertz:
            holder = next(s for s in table.from_left_of(dealer) if s in facts.debertz)
            # The holder's (pair's) match total becomes the target (§4, seed 001 l.146
            # «получает максимум очков (301, 501, 1001)»); the others keep theirs.
            recorded = list(zeros)
            side = table.side_of[holder]
            recorded[side] = max(0, table.conventions.target - self.totals[side])
            score = DealScore(DEBERTZ, None, zeros, recorded, None, debertz_seat=holder)
        elif facts.closing is not None:
            score = self._closing(facts)
        elif facts.fifty_offer is not None:
            recorded = list(zeros)
            recorded[1 - table.side_of[facts.fifty_offer]] = 50
            score = DealScore(
                FIFTY_OFFER,
                None,
                list(recorded),
                recorded,
                next_dealer_by_totals(recorded, table, dealer, None),
            )
        elif facts.void:
            # Only the four-sevens redeal is dealt by the same dealer; a void deal and the
            # automatic `redeal_below` redeal pass the deal clockwise (rules §2, §5).
            nxt = dealer if facts.four_sevens else (dealer + 1) % table.n
            score = DealScore(VOID, None, zeros, list(zeros), nxt)
        else:
            pools_before = self.pools
            forced_points = None if self.forced is None else self.forced.points
            score, self.pools = score_played(
                facts, table, dealer, pools_before, forced=forced_points
            )
            if facts.pencil is not None:
                score = self._pencil(facts, score, pools_before, forced_points)
            if forced_points is not None or score.forced_total is not None:
                self._replay(facts, score)
        self._record(score)
        self._decide(score, facts)
        self.dealer = score.next_dealer if score.next_dealer is not None else dealer
        return score

    def _record(self, score: DealScore) -> None:
        """Count a byte (three_bytes_penalty) and add the deal's recorded points."""
        if score.is_byte_for is not None:
            side = score.is_byte_for
            self.bytes[side] += 1
            penalty = self.table.conventions.three_bytes_penalty
            if penalty and self.bytes[side] % 3 == 0:
                score.recorded[side] -= penalty
        totals = self.totals
        for side, points in enumerate(score.recorded):
            totals[side] += points

    def _replay(self, facts: DealFacts, score: DealScore) -> None:
        """`hanging_replay: forced` (§5): a hanging byte leaves a forced deal for its declarer;
        a forced deal made or in byte settles it (`score_played` moved the total); one that
        hangs again carries the grown total to the next deal."""
        if score.forced_total is not None:
            assert facts.declarer is not None
            self.forced = Pool(
                score.forced_total, frozenset(range(self.table.sides)), facts.declarer
            )
        else:
            self.forced = None

    def _pencil(
        self,
        facts: DealFacts,
        score: DealScore,
        pools_before: list[Pool],
        forced: int | None = None,
    ) -> DealScore:
        """The pencil rule (seed 001): a player who wrote more than due loses the excess to
        the opponent who noticed it (a slip of exactly 100 is only corrected); a declarer who
        wrote less than due is in byte; anyone else who wrote less is only corrected."""
        assert facts.pencil is not None and facts.declarer is not None
        seat, wrote, noticer = facts.pencil
        side_of = self.table.side_of
        due = score.recorded[side_of[seat]]
        if wrote < due and side_of[seat] == side_of[facts.declarer]:
            score, self.pools = score_played(
                facts, self.table, self.dealer, pools_before, force_byte=True, forced=forced
            )
        elif wrote > due and wrote - due != 100:
            score.recorded[side_of[noticer]] += wrote - due
        return score

    def _closing(self, facts: DealFacts) -> DealScore:
        """Closing [закрытие] (§7): the claimant's points so far count only if they reach the
        target; a false closing loses the match, or (Kharkov) costs double to the opponents."""
        table = self.table
        conv = table.conventions
        assert facts.closing is not None
        seat, points = facts.closing
        side = table.side_of[seat]
        totals = [0] * table.sides
        totals[side] = points
        recorded = [0] * table.sides
        score = DealScore(CLOSING, None, totals, recorded, None, closing_side=side)
        if self.totals[side] + points >= conv.target:
            recorded[side] = points
            score.closing_true = True
            return score
        if conv.false_closing == "double_to_opponents":
            former = self.totals[side]
            recorded[side] = -former
            others = [s for s in range(table.sides) if s != side]
            if len(others) == 1:
                recorded[others[0]] = 2 * former
            else:
                order = table.sides_from_left_of(self.dealer)
                for other, share in halve(2 * former, others, order).items():
                    recorded[other] = share
            score.next_dealer = (self.dealer + 1) % table.n  # project reading: the deal passes on
        return score

    def _decide(self, score: DealScore, facts: DealFacts) -> None:
        table = self.table
        conv = table.conventions
        if (
            max(self.totals) < conv.target
            and not conv.mercy_gap
            and conv.format != "fixed"
            and score.outcome != DEBERTZ
            and score.outcome != CLOSING
        ):
            return  # the usual deal: nobody reached the target, nothing else decides
        order = table.sides_from_left_of(self.dealer)
        if score.outcome == DEBERTZ:
            assert score.debertz_seat is not None
            self._finish(table.side_of[score.debertz_seat], "debertz")
            return
        if score.outcome == CLOSING and score.closing_side is not None:
            if score.closing_true:
                self._finish(score.closing_side, "closing")
                return
            if conv.false_closing == "loses":
                others = [s for s in order if s != score.closing_side]
                top = max(self.totals[s] for s in others)
                self._finish(next(s for s in others if self.totals[s] == top), "false_closing")
                return
        if conv.format == "fixed":
            if self.deals >= (conv.fixed_deals or 0):
                top = max(self.totals)
                tied = [s for s in order if self.totals[s] == top]
                self._finish(self._by_last_trick(tied, score) or tied[0], "fixed_deals")
            elif conv.mercy_gap:
                self._mercy(order)
            return
        over = [s for s in order if self.totals[s] >= conv.target]
        if len(over) == 1:
            self._finish(over[0], "target")
        elif over:
            if conv.both_over_target == "last_trick":
                winner = self._by_last_trick(over, score)
                if winner is None:
                    top = max(self.totals[s] for s in over)
                    winner = next(s for s in over if self.totals[s] == top)
            else:
                top = max(self.totals[s] for s in over)
                tied = [s for s in over if self.totals[s] == top]
                winner = (
                    tied[0] if len(tied) == 1 else (self._by_last_trick(tied, score) or tied[0])
                )
            self._finish(winner, "target")
        elif conv.mercy_gap:
            self._mercy(order)

    def _by_last_trick(self, candidates: list[int], score: DealScore) -> int | None:
        side = score.last_trick_side
        return side if side is not None and side in candidates else None

    def _mercy(self, order: Sequence[int]) -> None:
        top = max(self.totals)
        leaders = [s for s in order if self.totals[s] == top]
        if len(leaders) == 1 and top - min(self.totals) >= self.table.conventions.mercy_gap:
            self._finish(leaders[0], "mercy")

    def _finish(self, side: int, reason: str) -> None:
        self.winner = side
        self.reason = reason


def _table_for(names: list[str], conventions: Conventions) -> Table:
    n = len(names)
    pairs = n == 4 and conventions.pairs
    side_of = tuple(seat % 2 for seat in range(n)) if pairs else tuple(range(n))
    return Table(
        n=n,
        conventions=conventions,
        side_of=side_of,
        sides=2 if pairs else n,
        hand_size=hand_size(n, conventions),
    )


def hand_size(n: int, conventions: Conventions) -> int:
    """Cards in each hand, so tricks in a deal (rules §2): 8 with four players; with two or
    three, 6 and then `deal_after_trump` more (9, or 10 at Kharkov's deal)."""
    return 8 if n == 4 else 6 + conventions.deal_after_trump


# (ruleset, table size, overrides) -> Table: a club plays a few settings over and over, and
# settling them (resolve_conventions, the Table's orders) cost as much as a deal's reading.
_SETTLED: dict[tuple[Any, ...], Table] = {}
_SETTLED_LIMIT = 1024
_PLAIN_VALUES = (bool, int, str, type(None))


def _settled_key(ruleset: Any, overrides: Any, n: int) -> tuple[Any, ...] | None:
    """A key for `_SETTLED`, or None when the settings are not plain values. The type goes
    with each value: `true` and 1 are equal in Python but not as conventions."""
    if type(ruleset) is not str:
        return None
    if overrides is None:
        return (ruleset, n)
    if type(overrides) is not dict:
        return None
    items = []
    for name, value in overrides.items():
        if type(name) is not str or type(value) not in _PLAIN_VALUES:
            return None
        items.append((name, type(value), value))
    return (ruleset, n, *items)


def _settled_table(
    ruleset: Any, overrides: Any, names: list[str], problems: list[Problem]
) -> Table:
    """The Table for these settings (see resolve_conventions); settings with no problem are
    settled once per process."""
    key = _settled_key(ruleset, overrides, len(names))
    table = _SETTLED.get(key) if key is not None else None
    if table is not None:
        return table
    before = len(problems)
    table = _table_for(names, resolve_conventions(ruleset, overrides, len(names), problems))
    if key is not None and len(problems) == before and len(_SETTLED) < _SETTLED_LIMIT:
        _SETTLED[key] = table
    return table


def record_unknown_fields(record: dict, known: frozenset[str], what: str) -> list[Problem]:
    """`unknown_field` (deal null) for each key of `record` outside `known`, in key order."""
    return [
        Problem(None, str(key), "unknown_field", f"{key!r} is not a field of {what}")
        for key in sorted(record.keys() - known, key=str)
    ]


def _read_players(record: dict, problems: list[Problem]) -> list[str] | None:
    players = record.get("players")
    if (
        not isinstance(players, list)
        or not 2 <= len(players) <= 4
        or not all(isinstance(name, str) and name.strip() for name in players)
        or len(set(players)) != len(players)
    ):
        problems.append(
            Problem(
                None,
                "players",
                "bad_players",
                "players must be 2, 3 or 4 distinct names, clockwise",
            )
        )
        return None
    return list(players)


Scored = list[tuple[DealFacts, DealScore, int, list[Pool], list[int]]]


def score_match(record: Any) -> dict[str, Any]:
    """Score a scoresheet record (scoresheet-format.md) → its result document.

    Raises ScoresheetError listing every problem of the record; never returns a partial
    result.
    """
    names, table, state, scored = _score(record)
    return _result(names, table, state, scored)


def deal_violations(record: Any) -> list[dict[str, Any] | None]:
    """For each deal of a valid record, the violation that decided it (None if none): who,
    which kind, and for a card-by-card record the illegal card, its trick (1-based), the card
    led to that trick and the reason code of `play.refusal`, or the false declaration. A
    ruling that did not stop the deal is listed too: under `take_trick` with `taken_by` and
    `taken_trick` (1-based, card-by-card only).
    Raises ScoresheetError."""
    names, _, _, scored = _score(record)
    out: list[dict[str, Any] | None] = []
    for facts, score, _, _, _ in scored:
        ruled = facts.ruling if score.outcome not in ("card_byte", "closing", "debertz") else None
        if ruled is not None:
            # A ruling that did not stop the deal (§4 senior_after_question, §6 take_trick).
            seat, kind = ruled
            found = {"deal": facts.number, "player": names[seat], "kind": kind}
            if facts.left_out is not None:
                late_seat, late_index = facts.left_out
                found["combination"] = facts.declared[late_seat][late_index].canonical
            if facts.asked is not None:
                found["asked"] = facts.asked
            if facts.taken is not None:
                found["taken_by"] = names[facts.taken[0]]
                if facts.taken[1] is not None:
                    found["taken_trick"] = facts.taken[1] + 1
            if facts.illegal is not None:
                _, card, reason, trick, led = facts.illegal
                found.update(
                    card=card_name(card), trick=trick + 1, reason=reason, led=card_name(led)
                )
            out.append(found)
            continue
        if facts.violation is None or score.outcome != "card_byte":
            out.append(None)
            continue
        seat, kind = facts.violation
        found = {"deal": facts.number, "player": names[seat], "kind": kind}
        if facts.asked is not None:
            found["asked"] = facts.asked
        if kind == "false_declaration" and facts.false_declarations:
            _, index = min(facts.false_declarations)
            found["combination"] = facts.declared[seat][index].text
        elif kind == "renonce" and facts.illegal is not None:
            _, card, reason, trick, led = facts.illegal
            found.update(card=card_name(card), trick=trick + 1, reason=reason, led=card_name(led))
        out.append(found)
    return out


def _score(record: Any) -> tuple[list[str], Table, MatchState, Scored]:
    problems: list[Problem] = []
    if not isinstance(record, dict):
        raise ScoresheetError([Problem(None, None, "bad_format", "a scoresheet is a JSON object")])
    if record.get("format") != FORMAT:
        problems.append(
            Problem(
                None,
                "format",
                "bad_format",
                f"format must be {FORMAT!r}, not {record.get('format')!r}",
            )
        )
    problems.extend(record_unknown_fields(record, RECORD_KEYS, "a scoresheet record"))
    names = _read_players(record, problems)
    if names is None:
        raise ScoresheetError(problems)
    if "ruleset" not in record:
        problems.append(
            Problem(None, "ruleset", "missing_field", "which ruleset does the table play?")
        )
    table = _settled_table(
        record.get("ruleset", "moscow"), record.get("conventions"), names, problems
    )
    first_dealer = record.get("first_dealer")
    if first_dealer is None:
        problems.append(Problem(None, "first_dealer", "missing_field", "who dealt first?"))
        dealer: int | None = None
    elif first_dealer not in names:
        problems.append(
            Problem(
                None,
                "first_dealer",
                "unknown_player",
                f"{first_dealer!r} is not a player at this table",
            )
        )
        dealer = None
    else:
        dealer = names.index(first_dealer)
    deals = record.get("deals", [])
    if not isinstance(deals, list):
        problems.append(Problem(None, "deals", "bad_format", "deals must be a list"))
        deals = []

    reader = DealReader(names, table, problems)
    state = MatchState(table, dealer if dealer is not None else 0)
    in_step = dealer is not None and not problems  # can we still follow the dealer and score?
    scored: Scored = []
    for number, raw in enumerate(deals, start=1):
        if in_step and state.finished:
            problems.append(
                Problem(
                    number, None, "match_finished", "the match was already decided before this deal"
                )
            )
            continue
        forced = state.forced if in_step else None
        reader.forced_seat = None if forced is None else forced.forced
        facts = reader.read(number, raw, state.dealer if in_step else None)
        if facts is None or not in_step:
            in_step = False
            continue
        dealer_now = state.dealer
        score = state.apply(facts)
        hanging = list(state.pools) if state.forced is None else [*state.pools, state.forced]
        scored.append((facts, score, dealer_now, hanging, list(state.totals)))
    if problems:
        raise ScoresheetError(problems)
    return names, table, state, scored


def _by_name(values: list[int], names: list[str], table: Table) -> dict[str, int]:
    if table.sides == table.n:  # each player a side
        return dict(zip(names, values, strict=True))
    return {name: values[table.side_of[seat]] for seat, name in enumerate(names)}


def _side_names(side: int, names: list[str], table: Table) -> list[str]:
    return [name for seat, name in enumerate(names) if table.side_of[seat] == side]


def _hanging(pools: list[Pool], names: list[str], table: Table) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for pool in pools:
        entry: dict[str, Any] = {
            "points": pool.points,
            "eligible": [
                name for seat, name in enumerate(names) if table.side_of[seat] in pool.eligible
            ],
        }
        if pool.forced is not None:
            entry["forced"] = names[pool.forced]  # who must play the next deal for it
        out.append(entry)
    return out


def _result(names: list[str], table: Table, state: MatchState, scored: Scored) -> dict[str, Any]:
    if table.sides == table.n:  # each player a side: side i is seat i

        def by_name(values: list[int]) -> dict[str, int]:
            return dict(zip(names, values, strict=True))
    else:
        by_seat = itemgetter(*table.side_of)  # pairs: each player gets their pair's figure

        def by_name(values: list[int]) -> dict[str, int]:
            return dict(zip(names, by_seat(values), strict=True))

    deals = []
    count = len(scored)
    for index, (facts, score, dealer, pools, totals) in enumerate(scored):
        if index + 1 < count:
            next_dealer: str | None = names[scored[index + 1][2]]
        else:
            next_dealer = None if state.finished else names[state.dealer]
        deals.append(
            {
                "number": facts.number,
                "dealer": names[dealer],
                "declarer": None if facts.declarer is None else names[facts.declarer],
                "outcome": score.outcome,
                "combinations_to": None
                if score.combinations_to is None
                else names[score.combinations_to],
                "totals": by_name(score.totals),
                "recorded": by_name(score.recorded),
                "hanging": _hanging(pools, names, table) if pools else [],
                "match": by_name(totals),
                "next_dealer": next_dealer,
            }
        )
    winner: Any = None
    if state.winner is not None:
        side_names = _side_names(state.winner, names, table)
        winner = side_names if table.sides != table.n else side_names[0]
    result = {
        "format": RESULT_FORMAT,
        "players": names,
        "deals": deals,
        "finished": state.finished,
        "winner": winner,
        "reason": state.reason,
        "match": _by_name(state.totals, names, table),
    }
    conv = table.conventions
    if conv.format == "fixed" and conv.fixed_deals == 1 and state.finished and scored:
        facts, score = scored[-1][0], scored[-1][1]
        result["stakes"] = _by_name(_stakes(table, state, facts, score), names, table)
    return result


def _stakes(table: Table, state: MatchState, facts: DealFacts, score: DealScore) -> list[int]:
    """Short deberc in one deal (§7 convention `byte`, seed 001 l.178–181): the stakes each
    side won (+) or paid (−), adding up to 0. With byte: the declarer wins one stake from
    each opponent when made and pays one to each on a byte or hanging byte (with two sides a
    byte costs double, «байд вдвойне»); otherwise (without byte, or a deal that ended
    another way) the match winner wins one stake from each other side (project reading)."""
    sides = table.sides
    stakes = [0] * sides
    if score.outcome in ("made", "byte", "hanging") and facts.declarer is not None:
        declarer = table.side_of[facts.declarer]
        if score.outcome == "made":
            each = 1
        elif score.outcome == "byte" and sides == 2:
            each = -2
        else:
            each = -1
        for side in range(sides):
            if side != declarer:
                stakes[side] = -each
        stakes[declarer] = each * (sides - 1)
        return stakes
    if state.winner is not None:
        for side in range(sides):
            stakes[side] = -1
        stakes[state.winner] = sides - 1
    return stakes


def closing_verdict(
    *,
    players: list[str],
    match_totals: dict[str, int],
    claimant: str,
    points: int,
    ruleset: str = "moscow",
    conventions: dict[str, Any] | None = None,
    dealer: str | None = None,
) -> dict[str, Any]:
    """The referee's closing check [закрытие]: a claim of `points` taken so far in this deal
    by `claimant`, with these match totals before the deal → true or false and what follows.

    With pairs, `match_totals` may name either partner (both carry the pair's total).
    Raises ScoresheetError for unknown names or conventions.
    """
    problems: list[Problem] = []
    names = _read_players({"players": players}, problems)
    if names is None:
        raise ScoresheetError(problems)
    conv = resolve_conventions(ruleset, conventions, len(names), problems)
    if claimant not in names:
        problems.append(
            Problem(
                None, "claimant", "illegal_closing", f"{claimant!r} is not a player at this table"
            )
        )
    if not _is_int(points) or points < 0:
        problems.append(Problem(None, "points", "impossible_points", "points must be 0 or more"))
    if dealer is not None and dealer not in names:
        problems.append(Problem(None, "dealer", "unknown_player", f"{dealer!r} is not a player"))
    for name, total in match_totals.items():
        if name not in names:
            problems.append(
                Problem(
                    None,
                    f"match_totals.{name}",
                    "unknown_player",
                    f"{name!r} is not a player at this table",
                )
            )
        elif not _is_int(total):
            problems.append(
                Problem(None, f"match_totals.{name}", "missing_field", "a whole number of points")
            )
    if problems:
        raise ScoresheetError(problems)
    table = _table_for(names, conv)
    dealer_seat = names.index(dealer) if dealer is not None else len(names) - 1
    state = MatchState(table, dealer_seat)
    for seat, name in enumerate(names):
        if name in match_totals:
            state.totals[table.side_of[seat]] = match_totals[name]
    before = _by_name(state.totals, names, table)
    seat = names.index(claimant)
    score = state.apply(DealFacts(number=1, declared=[[] for _ in names], closing=(seat, points)))
    winner: Any = None
    if state.winner is not None:
        side_names = _side_names(state.winner, names, table)
        winner = side_names if table.sides != table.n else side_names[0]
    return {
        "true_closing": score.closing_true,
        "target": conv.target,
        "claimant_total": before[claimant] + points,
        "false_closing": None if score.closing_true else conv.false_closing,
        "recorded": _by_name(score.recorded, names, table),
        "match": _by_name(state.totals, names, table),
        "finished": state.finished,
        "winner": winner,
        "reason": state.reason,
    }


def winner_match_points(*, loser_totals: list[int], target: int, match_score: str) -> int:
    """What the winner of a match scores in a tournament (§7 `match_score`): `win` gives 1;
    `difference` gives 1 and also target − each beaten side's match total (nothing from a
    side at or above the target, seed 000). Losers score nothing."""
    if match_score != "difference":
        return 1
    return 1 + sum(max(0, target - total) for total in loser_totals)


def match_points(result: dict[str, Any], conventions: Conventions) -> dict[str, int]:
    """Tournament points of a finished match (§7 `match_score`): `win` gives the winner 1;
    `difference` gives the winner 1 and also target − each loser's total (nothing from a
    loser at or above the target). With pairs both partners get the pair's points."""
    names = result["players"]
    out = {name: 0 for name in names}
    if not result.get("finished") or result.get("winner") is None:
        return out
    winners = result["winner"] if isinstance(result["winner"], list) else [result["winner"]]
    totals = result["match"]
    losers = [name for name in names if name not in winners]
    # With pairs both partners carry their pair's total: count each beaten side once.
    loser_totals = (
        list({totals[name] for name in losers})
        if len(names) == 4 and conventions.pairs
        else [totals[name] for name in losers]
    )
    points = winner_match_points(
        loser_totals=loser_totals, target=conventions.target, match_score=conventions.match_score
    )
    for name in winners:
        out[name] = points
    return out
