"""The pulka [пулька]: reading a preferans-scoresheet/1 record, following the dealer and the
all-pass series, scoring the deals in order, ending the pulka, and writing the result
(preferans-result/1).

`score_pulka(record)` reads the whole record first and reports every problem at once; a
record is scored only when it has none, so a result is never partial.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .conventions import Conventions, settle_conventions
from .deal import (
    ALLPASS,
    GAME,
    NOBODY,
    R_JUMP_AMNESTER,
    R_JUMP_PRIZER,
    WHISTS,
    DealFacts,
    Entry,
    Write,
    score_deal,
)
from .errors import PreferansError, Problem
from .reader import DealReader
from .sheet import Sheet

FORMAT: Final = "preferans-scoresheet/1"
# The keys of the record itself (preferans.md, "Record"): anything else (a misspelt
# `"playrs"`, junk beside `deals`) is `unknown_field` at that key, deal null, as a deal's is.
RECORD_KEYS: Final = frozenset(
    ("format", "ruleset", "conventions", "players", "first_dealer", "closed", "deals")
)
RESULT_FORMAT: Final = "preferans-result/1"
TABLE_SIZES: Final = (3, 4)
MOST_DEALS_IN_A_ROW: Final = 3  # "сдавать карты подряд больше трех раз он не имеет права"
# Outcomes after which a contract was made: the bomb goes («Если партия сыграна, то бомба
# исчезает, в противном случае – сохраняется», §7a); after any other the level is carried.
BOMB_SPENT: Final = frozenset(("made", "not_played", "half_whist", "misere_made"))


class Rotation:
    """Who deals [сдающий] and how many all-passes [распасы] in a row there have been."""

    __slots__ = ("allpasses", "dealer", "n", "run", "stays")

    def __init__(self, n: int, first_dealer: int, conventions: Conventions) -> None:
        self.n = n
        self.dealer = first_dealer
        self.run = 1  # deals in a row by this dealer
        self.allpasses = 0
        self.stays = conventions.allpass_dealer == "stays"

    def advance(self, kind: str) -> None:
        """After a deal of `kind`: the next dealer and the all-pass series."""
        if kind == ALLPASS:
            self.allpasses += 1
            if self.stays and self.run < MOST_DEALS_IN_A_ROW:
                self.run += 1
                return
        else:
            self.allpasses = 0
        self.dealer = (self.dealer + 1) % self.n
        self.run = 1


SeatValues = Callable[[list[int]], dict[str, int]]
Grid = Callable[[list[list[int]]], dict[str, dict[str, int]]]


def snapshot_makers(names: list[str]) -> tuple[SeatValues, Grid]:
    """Two functions turning the sheet's lists into the result's {name: …} objects.

    Written out for the two table sizes: they run after every deal, and literal dicts are
    several times faster than building them in a loop.
    """
    if len(names) == 3:
        a, b, c = names

        def by_seat3(values: list[int]) -> dict[str, int]:
            return {a: values[0], b: values[1], c: values[2]}

        def grid3(rows: list[list[int]]) -> dict[str, dict[str, int]]:
            ra, rb, rc = rows
            return {a: {b: ra[1], c: ra[2]}, b: {a: rb[0], c: rb[2]}, c: {a: rc[0], b: rc[1]}}

        return by_seat3, grid3
    a, b, c, d = names

    def by_seat4(values: list[int]) -> dict[str, int]:
        return {a: values[0], b: values[1], c: values[2], d: values[3]}

    def grid4(rows: list[list[int]]) -> dict[str, dict[str, int]]:
        ra, rb, rc, rd = rows
        return {
            a: {b: ra[1], c: ra[2], d: ra[3]},
            b: {a: rb[0], c: rb[2], d: rb[3]},
            c: {a: rc[0], b: rc[1], d: rc[3]},
            d: {a: rd[0], b: rd[1], c: rd[2]},
        }

    return by_seat4, grid4


def _read_players(record: dict, problems: list[Problem]) -> list[str] | None:
    players = record.get("players")
    if (
        not isinstance(players, list)
        or len(players) not in TABLE_SIZES
        or not all(isinstance(name, str) and name.strip() for name in players)
        or len(set(players)) != len(players)
    ):
        problems.append(
            Problem(
                None, "players", "bad_players", "players must be 3 or 4 distinct names, clockwise"
            )
        )
        return None
    return list(players)


class Pulka:
    """A pulka being scored: the table, the sheet and the deals' entries of the result."""

    def __init__(self, names: list[str], conventions: Conventions, first_dealer: int) -> None:
        self.names = names
        self.n = len(names)
        self.conventions = conventions
        self.first_dealer = first_dealer
        self.sheet = Sheet(self.n, conventions.pool_target, conventions.help)
        self.bomb = 0  # the bomb level the table carries into the next deal (§7a)
        self.jumps = 0  # Skachki: jumps closed so far (§8a)
        self.rotation = Rotation(self.n, first_dealer, conventions)
        self.entries: list[dict[str, Any]] = []
        self.ledgers: list[list[Entry]] = []  # each deal's writes as the sheet applied them
        self.by_seat, self.grid = snapshot_makers(names)
        self.finished = False
        self.reason: str | None = None

    def play(self, facts: DealFacts, closing: bool) -> None:
        """Scores one checked deal, adds its entry, then moves the dealer on."""
        names = self.names
        conventions = self.conventions
        rotation = self.rotation
        sheet = self.sheet
        in_a_row = rotation.allpasses + 1 if facts.kind == ALLPASS else 0
        bomb = self.bomb if facts.bomb is None else facts.bomb
        factor = (1 << bomb) * (2 if facts.blind else 1)
        writes = score_deal(facts, self.n, conventions, in_a_row, factor)
        pool_change, mountain_change, ledger, helped = sheet.apply(writes)
        self.bomb = 0 if writes.outcome in BOMB_SPENT else bomb
        jump = None
        if conventions.jumps is not None and sheet.first_full != NOBODY:
            jump = self._close_jump(sheet.first_full, ledger)
        self.ledgers.append(ledger)
        rotation.advance(facts.kind)
        number = facts.number
        end = conventions.end
        if end == "pools_full":
            if min(sheet.pool) >= sheet.target:  # every pool full [пуля закрыта]
                self.finished, self.reason = True, end
        elif end == "pools_total":
            if sum(sheet.pool) >= self.n * sheet.target:  # the pools' sum is full (l.197)
                self.finished, self.reason = True, end
        elif end == "mountains_zero":
            # «очки горы списаны в ноль» (l.200): the pools full and every mountain at 0.
            if min(sheet.pool) >= sheet.target and not any(sheet.mountain):
                self.finished, self.reason = True, end
        elif end == "jumps":
            if self.jumps >= (conventions.jumps or 0):
                self.finished, self.reason = True, end
        elif end == "fixed_deals":
            if number >= (conventions.fixed_deals or 0):
                self.finished, self.reason = True, end
        elif closing:
            self.finished, self.reason = True, "closed"
        written: dict[str, dict[str, int]] = {}
        for writer, column, on, amount, _reason in ledger:
            if column != WHISTS:
                continue
            row = written.get(names[writer])
            if row is None:
                written[names[writer]] = {names[on]: amount}
            else:
                row[names[on]] = row.get(names[on], 0) + amount
        declarer = facts.declarer
        by_seat = self.by_seat
        self.entries.append(
            {
                "number": number,
                "dealer": names[facts.dealer],
                "kind": facts.kind,
                "declarer": names[declarer] if declarer >= 0 else None,
                "contract": facts.contract if facts.kind == GAME else None,
                "outcome": writes.outcome,
                "allpass_multiplier": writes.multiplier,
                "pool": {names[s]: v for s, v in enumerate(pool_change) if v},
                "mountain": {names[s]: v for s, v in enumerate(mountain_change) if v},
                "whists": written,
                "help": [
                    {"from": names[giver], "to": names[taker], "points": points}
                    for giver, taker, points in helped
                ]
                if helped
                else [],
                "bomb": bomb,
                "factor": factor,
                "jump": jump,
                "sheet": {
                    "pool": by_seat(sheet.pool),
                    "mountain": by_seat(sheet.mountain),
                    "whists": self.grid(sheet.whists),
                },
                "balance": by_seat(sheet.balances(self.first_dealer)),
                "next_dealer": None if self.finished else names[rotation.dealer],
            }
        )

    def _close_jump(self, prizer: int, ledger: list[Entry]) -> dict[str, Any]:
        """Skachki (§8a): a pool reached the target, so a jump [скачок] closes. The prizer
        [призер] and the amnester [амнистер], the smallest mountain, each write the premium
        on every other player («пишет на остальных по 100 вистов»); then every pool is set
        to 0, mountains and whists carry («гора и висты не закрываются»)."""
        n = self.n
        sheet = self.sheet
        mountain = sheet.mountain
        least = min(mountain)
        if mountain[prizer] == least:
            amnester = prizer
        else:
            # Ties for the smallest mountain: the first clockwise from the prizer's left.
            amnester = next(
                seat
                for seat in ((prizer + step) % n for step in range(1, n))
                if mountain[seat] == least
            )
        premium = self.conventions.jump_premium
        if premium:
            for writer, reason in ((prizer, R_JUMP_PRIZER), (amnester, R_JUMP_AMNESTER)):
                for other in range(n):
                    if other != writer:
                        sheet.write_whists(writer, other, premium)
                        ledger.append((writer, WHISTS, other, premium, reason))
        for seat in range(n):
            sheet.pool[seat] = 0
        self.jumps += 1
        return {
            "number": self.jumps,
            "prizer": self.names[prizer],
            "amnester": self.names[amnester],
        }

    def result(self, ruleset: str) -> dict[str, Any]:
        names = self.names
        sheet = self.sheet
        balance = (
            self.entries[-1]["balance"]
            if self.entries
            else dict(zip(names, sheet.balances(self.first_dealer), strict=True))
        )
        return {
            "format": RESULT_FORMAT,
            "ruleset": ruleset,
            "conventions": self.conventions.as_dict(),
            "players": list(names),
            "deals": self.entries,
            "finished": self.finished,
            "reason": self.reason,
            "settlement": {
                "mountain": dict(
                    zip(
                        names,
                        # After the last jump no deficit is added (§9 step 1).
                        sheet.mountain if self.reason == "jumps" else sheet.final_mountains(),
                        strict=True,
                    )
                ),
                "balance": dict(balance),
            },
        }


def score_pulka(record: Any) -> dict[str, Any]:
    """Score a preferans-scoresheet/1 record → its preferans-result/1 document.

    Raises PreferansError listing every problem of the record; never returns a partial
    result.
    """
    pulka, ruleset = _play(record)
    return pulka.result(ruleset)


def score_pulka_with_ledgers(record: Any) -> tuple[dict[str, Any], list[list[Write]]]:
    """`score_pulka`'s result and, for each deal of it, the ledger of its writes in the order
    the engine made them: the deal's (`deal.Write`, reasons `deal.R_*`), then the sheet's
    own (a write-off stopped at 0, the pool target's help). Per player and column, a deal's
    ledger sums to its `pool`, `mountain` and `whists` entries in the result."""
    pulka, ruleset = _play(record)
    make = Write._make
    return pulka.result(ruleset), [[make(entry) for entry in ledger] for ledger in pulka.ledgers]


def _play(record: Any) -> tuple[Pulka, str]:
    """The record read and scored: the pulka (raises PreferansError) and its ruleset."""
    problems: list[Problem] = []
    if not isinstance(record, dict):
        raise PreferansError([Problem(None, None, "bad_format", "a record is a JSON object")])
    if record.get("format") != FORMAT:
        problems.append(
            Problem(
                None,
                "format",
                "bad_format",
                f"format must be {FORMAT!r}, not {record.get('format')!r}",
            )
        )
    problems.extend(
        Problem(None, str(key), "unknown_field", f"{key!r} is not a field of a pulka record")
        for key in sorted(record.keys() - RECORD_KEYS, key=str)
    )
    names = _read_players(record, problems)
    if "ruleset" not in record:
        problems.append(
            Problem(
                None,
                "ruleset",
                "missing_field",
                "which ruleset: sochi, leningrad, rostov, classic or skachki?",
            )
        )
    ruleset = record.get("ruleset", "sochi")
    conventions = settle_conventions(ruleset, record.get("conventions"), problems)
    if names is None:
        raise PreferansError(problems)
    first_name = record.get("first_dealer")
    first_dealer: int | None = None
    if first_name is None:
        problems.append(Problem(None, "first_dealer", "missing_field", "who dealt first?"))
    elif first_name not in names:
        problems.append(
            Problem(
                None,
                "first_dealer",
                "unknown_player",
                f"{first_name!r} is not a player at this table",
            )
        )
    else:
        first_dealer = names.index(first_name)
    closed = record.get("closed", False)
    if closed is None:
        closed = False
    if not isinstance(closed, bool):
        problems.append(Problem(None, "closed", "bad_format", "closed is true or false"))
        closed = False
    deals = record.get("deals", [])  # absent: no deal yet, as in the Deberc format
    if not isinstance(deals, list):
        problems.append(Problem(None, "deals", "bad_format", "deals must be a list"))
        deals = []

    pulka = Pulka(names, conventions, first_dealer if first_dealer is not None else 0)
    if conventions.end == "closed" and closed and not deals:
        pulka.finished, pulka.reason = True, "closed"
    reader = DealReader(names, conventions, problems)
    rotation = pulka.rotation
    following = first_dealer is not None  # the dealer and the all-pass series are known
    scoring = following and not problems  # every deal so far scored
    fixed = conventions.fixed_deals if conventions.end == "fixed_deals" else None
    last = len(deals)
    for number, raw in enumerate(deals, start=1):
        if pulka.finished or (fixed is not None and number > fixed):
            problems.append(
                Problem(
                    number, None, "match_finished", "the pulka had already ended before this deal"
                )
            )
            continue
        facts, kind = reader.read(
            number,
            raw,
            rotation.dealer if following else None,
            rotation.allpasses if following else 0,
        )
        if facts is None or not scoring:
            scoring = False
            if following:
                if kind is None:
                    following = False
                else:
                    rotation.advance(kind)
            continue
        pulka.play(facts, closing=closed and number == last)
    if problems:
        raise PreferansError(problems)
    return pulka, ruleset


def carried_bomb(result: dict[str, Any]) -> int:
    """The bomb level [бомба] the table carries into the next deal, the level a deal without
    `bomb` is played at (§7a), from a preferans-result/1 document."""
    deals = result.get("deals") or []
    if not deals:
        return 0
    last = deals[-1]
    return 0 if last.get("outcome") in BOMB_SPENT else int(last.get("bomb") or 0)


def empty_result(
    players: list[str],
    ruleset: str = "sochi",
    conventions: dict[str, Any] | None = None,
    first_dealer: str | None = None,
) -> dict[str, Any]:
    """The result of a pulka with no deal yet (every balance 0), e.g. for a new table."""
    return score_pulka(
        {
            "format": FORMAT,
            "ruleset": ruleset,
            "conventions": conventions or {},
            "players": list(players),
            "first_dealer": first_dealer if first_dealer is not None else players[0],
            "deals": [],
        }
    )
