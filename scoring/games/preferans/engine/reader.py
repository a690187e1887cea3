"""Reading one DEAL of a preferans-scoresheet/1 record into `DealFacts`, with every problem
it has (preferans-scoresheet/1, "Errors"; docs/preferans.md).

The reader knows the table (players, conventions) and, from the pulka, the dealer the rules
expect and the all-pass series so far; it never scores.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from .contracts import Contract, parse_contract
from .conventions import Conventions
from .deal import (
    ALLPASS,
    CHECK,
    CHOICES,
    GAME,
    HALF,
    KINDS,
    MISERE,
    NOBODY,
    PASS,
    WHIST,
    DealFacts,
)
from .errors import Problem


def _is_int(value: Any) -> TypeGuard[int]:
    return type(value) is int


# Every key a deal may carry, and those of a violation: anything else is a misspelling or
# junk, refused as `unknown_field` (never read as "absent", never stored).
DEAL_KEYS = frozenset(
    (
        "dealer",
        "kind",
        "declarer",
        "contract",
        "whist",
        "tricks",
        "violation",
        "bomb",
        "blind",
        "halves_with",
    )
)
BOMB_LEVELS = (0, 1, 2, 3)  # a bomb [бомба] simple, double, triple (×2, ×4, ×8; §7a)
VIOLATION_KEYS = frozenset(("player", "kind", "count"))


class DealReader:
    """Reads deals of one record; problems go to the shared `problems` list."""

    def __init__(self, names: list[str], conventions: Conventions, problems: list[Problem]):
        self.names = names
        self.n = len(names)
        self.seats = {name: seat for seat, name in enumerate(names)}
        self.conventions = conventions
        self.problems = problems
        # (declarer, four-handed dealer) -> defenders: the same few seats all pulka long.
        self._defenders_of: dict[tuple[int, int | None], tuple[int, ...]] = {}

    def problem(self, number: int, field: str | None, code: str, message: str) -> None:
        self.problems.append(Problem(number, field, code, message))

    def seat_of(self, number: int, field: str, name: Any) -> int | None:
        seat = self.seats.get(name) if isinstance(name, str) else None
        if seat is None:
            self.problem(number, field, "unknown_player", f"{name!r} is not a player at this table")
        return seat

    # -- the deal ------------------------------------------------------------------------

    def read(
        self, number: int, raw: Any, expected_dealer: int | None, allpasses_before: int
    ) -> tuple[DealFacts | None, str | None]:
        """(facts, or None when the deal has problems; its kind, or None when unreadable).
        `expected_dealer` is None when an earlier deal could not be followed (then the
        deal's own `dealer` is trusted); `allpasses_before` counts the all-passes in a row
        just before this deal."""
        problems = self.problems
        before = len(problems)
        if type(raw) is not dict:
            self.problem(number, None, "bad_format", "a deal must be an object")
            return None, None
        self._check_keys(number, raw)
        get = raw.get
        dealer = expected_dealer
        given = get("dealer")
        if given is not None:
            seat = self.seat_of(number, "dealer", given)
            if seat is not None:
                if expected_dealer is None:
                    dealer = seat
                elif seat != expected_dealer:
                    self.problem(
                        number,
                        "dealer",
                        "dealer_out_of_turn",
                        f"{self.names[expected_dealer]} deals this deal, not {given}",
                    )
        kind = get("kind")
        if kind is None:
            self.problem(
                number, "kind", "missing_field", "which kind of deal: game, misere or allpass?"
            )
            return None, None
        if kind not in KINDS:
            self.problem(
                number,
                "kind",
                "bad_contract",
                f"kind must be game, misere or allpass, not {kind!r}",
            )
            return None, None
        facts = DealFacts(number, NOBODY if dealer is None else dealer, kind)
        # With four players the dealer sits out [сдающий на прикупе]; unknown dealer: no check.
        sitting_out = dealer if self.n == 4 and dealer is not None else NOBODY
        played = True
        if kind == ALLPASS:
            self._no_whists(number, raw, kind)
        else:
            facts.declarer = self._declarer(number, raw, sitting_out)
            if kind == MISERE:
                self._no_whists(number, raw, kind)
                facts.defenders = self._defenders(facts.declarer, dealer)
            else:
                played = self._game(number, raw, facts, dealer, sitting_out, allpasses_before)
        if played:
            self._tricks(number, raw, facts, sitting_out)
        if get("violation") is not None:
            self._violation(number, raw, facts, played, sitting_out)
        self._options(number, raw, facts)
        return (facts if len(problems) == before else None), kind

    def _options(self, number: int, raw: dict, facts: DealFacts) -> None:
        """The deal's options (§1, §7a): `bomb` 0–3 (only 0 without bombs), `blind` true or
        false, `halves_with` the declarer or a defender of a four-handed game or misère;
        a bad one is `bad_option`."""
        get = raw.get
        bomb = get("bomb")
        if bomb is not None:
            if type(bomb) is not int or bomb not in BOMB_LEVELS:
                self.problem(number, "bomb", "bad_option", f"bomb is 0, 1, 2 or 3, not {bomb!r}")
            elif bomb and not self.conventions.bombs:
                self.problem(
                    number, "bomb", "bad_option", "no bombs [бомбы] at this table (bombs: no)"
                )
            else:
                facts.bomb = bomb
        blind = get("blind")
        if blind is not None:
            if type(blind) is not bool:
                self.problem(
                    number, "blind", "bad_option", f"blind is true or false, not {blind!r}"
                )
            else:
                facts.blind = blind
        name = get("halves_with")
        if name is None:
            return
        if self.n != 4:
            self.problem(
                number,
                "halves_with",
                "bad_option",
                "in halves [в пополаме] only with four players: the dealer sits out",
            )
            return
        if facts.kind == ALLPASS:
            self.problem(
                number, "halves_with", "bad_option", "no halves [в пополаме] on an all-pass"
            )
            return
        seat = self.seat_of(number, "halves_with", name)
        if seat is None or facts.declarer == NOBODY or not facts.defenders:
            return  # unknown, or the deal's hands are already reported
        if seat != facts.declarer and seat not in facts.defenders:
            self.problem(
                number,
                "halves_with",
                "bad_option",
                f"{name} neither declares nor defends this deal: the dealer plays in halves "
                "with one of them",
            )
            return
        facts.halves = seat

    def _check_keys(self, number: int, raw: dict) -> None:
        """`unknown_field` for every key of the deal or of its violation(s) the format does
        not know."""
        for key in sorted(raw.keys() - DEAL_KEYS, key=str):
            self.problem(number, str(key), "unknown_field", f"{key!r} is not a field of a deal")
        value = raw.get("violation")
        entries = value if isinstance(value, list) else [value]
        for index, entry in enumerate(entries, start=1):
            if not isinstance(entry, dict):
                continue
            field = "violation" if isinstance(value, dict) else f"violation[{index}]"
            for key in sorted(entry.keys() - VIOLATION_KEYS, key=str):
                self.problem(
                    number, f"{field}.{key}", "unknown_field", f"{key!r} is not a field of {field}"
                )

    def _declarer(self, number: int, raw: dict, sitting_out: int) -> int:
        name = raw.get("declarer")
        if name is None:
            self.problem(number, "declarer", "missing_field", "who declared [кто играет]?")
            return NOBODY
        seat = self.seat_of(number, "declarer", name)
        if seat is None:
            return NOBODY
        if seat == sitting_out:
            self.problem(number, "declarer", "sitting_out", f"{name} deals and sits this deal out")
        return seat

    def _defenders(self, declarer: int, dealer: int | None) -> tuple[int, ...]:
        """The two defending hands, the declarer's left first, skipping a sitting-out dealer;
        () when they cannot be known."""
        n = self.n
        if declarer == NOBODY or (n == 4 and dealer is None):
            return ()
        key = (declarer, dealer if n == 4 else None)
        known = self._defenders_of.get(key)
        if known is None:
            known = self._defenders_of[key] = self._find_defenders(declarer, dealer)
        return known

    def _find_defenders(self, declarer: int, dealer: int | None) -> tuple[int, ...]:
        n = self.n
        out = []
        for step in range(1, n):
            seat = (declarer + step) % n
            if n == 4 and seat == dealer:
                continue
            out.append(seat)
        return tuple(out)

    def _no_whists(self, number: int, raw: dict, kind: str) -> None:
        """A misère is not whisted [на мизере вистов нет] and an all-pass has no defenders:
        only a written `pass` is tolerated."""
        value = raw.get("whist")
        if value is None:
            return
        if not isinstance(value, dict):
            self.problem(number, "whist", "bad_whist", f"no whist on a {kind}")
            return
        for name, choice in value.items():
            if self.seat_of(number, f"whist.{name}", name) is not None and choice != PASS:
                self.problem(
                    number, f"whist.{name}", "bad_whist", f"no {choice!r} on a {kind}: not whisted"
                )

    # -- a game --------------------------------------------------------------------------

    def _game(
        self,
        number: int,
        raw: dict,
        facts: DealFacts,
        dealer: int | None,
        sitting_out: int,
        allpasses_before: int,
    ) -> bool:
        """Reads contract and whists; True when the game is played (tricks needed)."""
        conventions = self.conventions
        text = raw.get("contract")
        contract = None
        if text is None:
            self.problem(number, "contract", "missing_field", "a game needs its contract")
        else:
            contract = parse_contract(text)
            if contract is None:
                self.problem(
                    number, "contract", "bad_contract", f"{text!r} is not a contract (6S … 10NT)"
                )
            else:
                facts.level, facts.suit, facts.contract = (
                    contract.level,
                    contract.suit,
                    contract.name,
                )
                if allpasses_before:
                    exits = conventions.allpass_exit
                    least = exits[min(allpasses_before, len(exits)) - 1]
                    if contract.level < least:
                        self.problem(
                            number,
                            "contract",
                            "below_allpass_exit",
                            f"after {allpasses_before} all-pass(es) in a row the least game "
                            f"is {least} [выход из распасов], not {contract.name}",
                        )
        defenders = self._defenders(facts.declarer, dealer)
        facts.defenders = defenders
        value = raw.get("whist")
        if value is None:
            self.problem(number, "whist", "missing_field", "each defender's whist or pass")
            return "tricks" in raw
        if not isinstance(value, dict):
            self.problem(number, "whist", "bad_whist", "whist must be an object by defender")
            return "tricks" in raw
        said: dict[int, str] = {}
        named: set[int] = set()
        seats = self.seats
        for name, choice in value.items():
            seat = seats.get(name) if type(name) is str else None
            if seat is None:
                self.seat_of(number, f"whist.{name}", name)
                continue
            named.add(seat)
            if seat != sitting_out and seat != facts.declarer and choice in CHOICES:
                said[seat] = choice
                continue
            field = f"whist.{name}"
            if seat == sitting_out:
                self.problem(number, field, "sitting_out", f"{name} deals and sits this deal out")
            elif seat == facts.declarer:
                self.problem(number, field, "bad_whist", f"{name} declares and does not whist")
            elif choice not in CHOICES:
                self.problem(
                    number, field, "bad_whist", f"{choice!r} is not whist, pass, half or check"
                )
            else:
                said[seat] = choice
        if not defenders:
            return "tricks" in raw
        missing = [seat for seat in defenders if seat not in said]
        for seat in missing:
            if seat in named:
                continue  # named with a wrong word: already reported
            self.problem(
                number,
                f"whist.{self.names[seat]}",
                "bad_whist",
                f"{self.names[seat]} defends: whist or pass?",
            )
        if missing:
            return "tricks" in raw
        choices = (said[defenders[0]], said[defenders[1]])
        facts.choices = choices
        if contract is not None and not self._choices_allowed(number, contract, choices, defenders):
            return "tricks" in raw
        if (
            contract is not None
            and self._checks_nine_ten(contract)
            and choices in ((PASS, PASS), (CHECK, CHECK))
        ):
            # «Эта проверочная комбинация обязательна при «девятерной» и «десятерной»
            # играх» (l.633): played, and scored as whisted by both (§3).
            facts.forced = True
            facts.choices = (WHIST, WHIST)
            return True
        return WHIST in choices or CHECK in choices

    def _checks_nine_ten(self, contract: Contract) -> bool:
        """A nine or ten that `check_9_10: yes` plays when both pass (a ten under
        `ten_checked` is a checked ten instead)."""
        conventions = self.conventions
        if not conventions.check_9_10 or contract.level < 9:
            return False
        return not (contract.level == 10 and conventions.ten_checked)

    def _choices_allowed(
        self, number: int, contract: Contract, choices: tuple[str, str], defenders: tuple[int, ...]
    ) -> bool:
        conventions = self.conventions
        names = self.names
        level = contract.level
        ok = True
        stalingrad = conventions.stalingrad and level == 6 and contract.suit == "S"
        if stalingrad and choices != (WHIST, WHIST):
            self.problem(
                number,
                "whist",
                "whist_required",
                "Stalingrad [сталинград]: a six of spades is whisted by both defenders",
            )
            return False
        checked_ten = level == 10 and conventions.ten_checked
        nine_ten = self._checks_nine_ten(contract)
        for index, choice in enumerate(choices):
            field = f"whist.{names[defenders[index]]}"
            other = choices[1 - index]
            if choice == CHECK and nine_ten:
                if other != CHECK:
                    self.problem(
                        number,
                        field,
                        "bad_whist",
                        "a nine or ten is checked by both defenders or by neither",
                    )
                    ok = False
            elif choice == CHECK and not checked_ten:
                self.problem(
                    number, field, "bad_whist", "check only on a ten [десятерная проверяется]"
                )
                ok = False
            elif checked_ten and choice in (WHIST, HALF):
                self.problem(
                    number, field, "bad_whist", "a ten is checked, not whisted: check or pass"
                )
                ok = False
            elif choice == HALF:
                if not conventions.half_whist:
                    self.problem(number, field, "bad_whist", "no half-whist at this table")
                    ok = False
                elif level not in (6, 7):
                    self.problem(
                        number, field, "bad_whist", "half a whist [полвиста] only on a six or seven"
                    )
                    ok = False
                elif other != PASS:
                    self.problem(
                        number,
                        field,
                        "bad_whist",
                        "half a whist only when the other defender passes",
                    )
                    ok = False
        return ok

    # -- tricks and violations -----------------------------------------------------------

    def _tricks(self, number: int, raw: dict, facts: DealFacts, sitting_out: int) -> None:
        value = raw.get("tricks")
        if value is None:
            self.problem(number, "tricks", "missing_field", "every playing hand's tricks")
            return
        if not isinstance(value, dict):
            self.problem(number, "tricks", "missing_field", "tricks must be an object by player")
            return
        n = self.n
        tricks = [0] * n
        given = [False] * n
        readable = True
        allpass = facts.kind == ALLPASS
        seats = self.seats
        for name, count in value.items():
            seat = seats.get(name) if type(name) is str else None
            if seat is None:
                self.seat_of(number, f"tricks.{name}", name)
                readable = False
                continue
            if type(count) is int and 0 <= count <= 10 and seat != sitting_out:
                tricks[seat] = count  # the common case, without the checks below
                given[seat] = True
                continue
            field = f"tricks.{name}"
            given[seat] = True  # named, even with a wrong figure: not missing
            if not _is_int(count) or not 0 <= count <= 10:
                self.problem(number, field, "tricks_sum", f"tricks are 0 to 10, not {count!r}")
                readable = False
                continue
            if seat == sitting_out:
                if allpass and count > 2:
                    self.problem(
                        number, field, "tricks_sum", "the dealer takes at most the 2 talon tricks"
                    )
                    readable = False
                elif not allpass and count:
                    self.problem(
                        number, field, "tricks_sum", f"{name} deals, sits out and takes no trick"
                    )
                    readable = False
            tricks[seat] = count
            given[seat] = True
        # Every playing hand [каждая играющая рука]; with four players the dealer only on an
        # all-pass, and in a game with an unknown dealer nobody can be asked for.
        for seat in range(n):
            required = allpass or n == 3 or (sitting_out != NOBODY and seat != sitting_out)
            if required and not given[seat]:
                self.problem(
                    number,
                    f"tricks.{self.names[seat]}",
                    "missing_field",
                    f"{self.names[seat]}'s tricks are missing",
                )
                readable = False
        if readable and sum(tricks) != 10:
            self.problem(number, "tricks", "tricks_sum", f"tricks add up to {sum(tricks)}, not 10")
        facts.tricks = tricks

    def _violation(
        self, number: int, raw: dict, facts: DealFacts, played: bool, sitting_out: int
    ) -> None:
        """One renonce `{player, kind, count}`, or in a game the declarer's and one
        defender's as a list of two (Kodex 33)."""
        value = raw.get("violation")
        if value is None:
            return
        if isinstance(value, list):
            self._violation_list(number, value, facts, played, sitting_out)
            return
        read = self._violation_entry(number, "violation", value)
        if read is None:
            return
        seat, count = read
        name = self.names[seat]
        if not played:
            self.problem(number, "violation", "bad_violation", "a game not played has no violation")
        elif seat == sitting_out:
            self.problem(
                number, "violation.player", "bad_violation", f"{name} sits out and plays no card"
            )
        facts.violator = seat
        facts.count = count

    def _violation_entry(self, number: int, field: str, value: Any) -> tuple[int, int] | None:
        """(violator's seat, count) of one `{player, kind, count}`, or None after reporting
        its problems."""
        if not isinstance(value, dict):
            self.problem(number, field, "bad_violation", "a violation is an object")
            return None
        ok = True
        kind = value.get("kind")
        if kind is None:
            self.problem(number, f"{field}.kind", "missing_field", "which violation (renonce)?")
            ok = False
        elif kind != "renonce":
            self.problem(
                number, f"{field}.kind", "bad_violation", f"unknown violation {kind!r} (renonce)"
            )
            ok = False
        count = value.get("count", 1)
        # At most one renonce a trick: a count above the deal's ten tricks cannot be.
        if not _is_int(count) or not 1 <= count <= 10:
            self.problem(
                number, f"{field}.count", "bad_violation", f"count is 1 to 10, not {count!r}"
            )
            ok = False
        name = value.get("player")
        if name is None:
            self.problem(number, f"{field}.player", "missing_field", "who made the renonce?")
            return None
        seat = self.seat_of(number, f"{field}.player", name)
        if seat is None or not ok:
            return None
        return seat, count

    def _violation_list(
        self, number: int, value: list, facts: DealFacts, played: bool, sitting_out: int
    ) -> None:
        """Kodex 33: "когда же играющий и вистующий сделают ренонсы в одну и ту же игру"."""
        message = "a list of violations is the declarer's and one defender's renonces in a game"
        if facts.kind != GAME or len(value) != 2:
            self.problem(number, "violation", "bad_violation", message)
            return
        entries = [
            self._violation_entry(number, f"violation[{index}]", entry)
            for index, entry in enumerate(value, start=1)
        ]
        read = [entry for entry in entries if entry is not None]
        if len(read) != 2:
            return
        if not played:
            self.problem(number, "violation", "bad_violation", "a game not played has no violation")
            return
        declarer = facts.declarer
        by_declarer = [entry for entry in read if entry[0] == declarer]
        by_defender = [entry for entry in read if entry[0] in facts.defenders]
        if declarer == NOBODY or not facts.defenders:
            return  # the declarer or the defenders are already reported
        if len(by_declarer) != 1 or len(by_defender) != 1:
            self.problem(number, "violation", "bad_violation", message)
            return
        facts.violator, facts.count = by_declarer[0]
        facts.partner, facts.partner_count = by_defender[0]
