"""Reading one deal of a scoresheet (scoresheet-format.md, "Deal"): `DealReader` checks its
fields (in summary form, as figures, or card by card) and turns it into the facts the match
scores (`deal.DealFacts`), naming every problem it finds (`errors.Problem`). The match
(`match.score_match`) reads each deal with it and applies the facts in order."""

from __future__ import annotations

from typing import Any, TypeGuard

from . import feasibility
from .cards import POINTS, card_name, parse_card, parse_cards_fast, parse_suit
from .combinations import (
    BELLA,
    CLASS,
    WINS_MATCH,
    BadDeclaration,
    Declaration,
    declaration_table,
    overlapping_card,
    parse_declaration,
    seniority_key,
)
from .deal import (
    LATE_SENIOR,
    SENIOR_AFTER_QUESTION,
    DealFacts,
    Table,
)
from .errors import Problem
from .play import play_deal

VIOLATION_KINDS = (
    "renonce",
    "false_declaration",
    "illegal_question",
    "illegal_swap",
    "wrong_card_count",
    SENIOR_AFTER_QUESTION,
    LATE_SENIOR,
)
TAKE_TRICK = "take_trick"
# What a "how high?" ruling may say was asked (§4): the declared terz or fifty, or (an
# illegal question only) the trump-nine terz at the seven swap.
ASKED: dict[str, tuple[str, ...]] = {
    "illegal_question": ("terz", "fifty", "swap_terz"),
    SENIOR_AFTER_QUESTION: ("terz", "fifty"),
}


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# The keys of the usual deal: played and recorded as figures (`DealReader._read_summary`).
SUMMARY_KEYS = frozenset(
    ("dealer", "trump", "declarer", "declarations", "points", "last_trick", "tricks")
)
VOID_KEYS = frozenset(("dealer", "trump", "declarer"))
# Every key a deal may carry (the format and the project's additions): anything else is a
# misspelling or junk, refused as `unknown_field` rather than read as "absent" (a deal of
# misspelt keys was once stored as a void deal), and so never stored.
DEAL_KEYS = frozenset(
    (
        *SUMMARY_KEYS,
        "closing",
        "violation",
        "play",
        "four_sevens",
        "fifty_offer",
        "pencil",
        "low_points",
    )
)
# The keys of the deal's nested objects, by the deal key that holds them.
# The keys of the record itself (scoresheet-format.md, "Record"): a misspelt `"playrs"` or a
# junk key beside `deals` is `unknown_field` (deal null), as a deal's is.
RECORD_KEYS = frozenset(("format", "ruleset", "conventions", "players", "first_dealer", "deals"))
NESTED_KEYS: dict[str, frozenset[str]] = {
    "closing": frozenset(("player", "points")),
    "violation": frozenset(("player", "kind", "taken_by", "trick", "asked", "combination")),
    "pencil": frozenset(("player", "wrote", "noticed_by")),
    "play": frozenset(("hands", "tricks")),
    "fifty_offer": frozenset(("player",)),
}
# A figure the pencil rule records as written: bounded so that no absurd number is stored.
PENCIL_LIMIT = 100_000


class DealReader:
    """Reads one DEAL of a record into DealFacts, collecting its problems."""

    def __init__(self, names: list[str], table: Table, problems: list[Problem]) -> None:
        self.names = names
        self.seat = {name: seat for seat, name in enumerate(names)}
        self.table = table
        self.problems = problems
        # Settled once per match rather than looked up again in every deal.
        self._seats = range(table.n)
        self._declarations = declaration_table(table.conventions)
        self._void_ok = not table.conventions.obligatory_order
        # `hanging_replay: forced`: the seat that must declare the deal being read (set by
        # the match before each deal; None when the deal is not forced or that is unknown).
        self.forced_seat: int | None = None

    def problem(self, number: int, field: str | None, code: str, message: str) -> None:
        self.problems.append(Problem(number, field, code, message))

    def seat_of(
        self, number: int, field: str, name: Any, code: str = "unknown_player"
    ) -> int | None:
        if isinstance(name, str) and name in self.seat:
            return self.seat[name]
        self.problem(number, field, code, f"{name!r} is not a player at this table")
        return None

    def per_player(self, number: int, field: str, value: Any) -> dict[int, Any] | None:
        """A {player: value} object, every player named once."""
        if not isinstance(value, dict):
            self.problem(number, field, "missing_field", f"{field} must be an object by player")
            return None
        seats = self.seat
        out: dict[int, Any] = {}
        for name, item in value.items():
            seat = seats.get(name) if isinstance(name, str) else None
            if seat is None:
                self.seat_of(number, f"{field}.{name}", name)
            else:
                out[seat] = item
        return out

    def read(self, number: int, raw: Any, dealer: int | None) -> DealFacts | None:
        """The facts of deal `number`, or None when it has problems. `dealer` is the seat the
        rules expect to deal (None when an earlier deal could not be read)."""
        # Most deals are played and recorded as figures, and right: read those in one
        # pass; anything else, or anything wrong, takes the full reading that says what.
        if type(raw) is dict and raw.keys() <= SUMMARY_KEYS and self.forced_seat is None:
            facts = self._read_summary(number, raw, dealer)
            if facts is not None:
                return facts
        return self._read_any(number, raw, dealer)

    def _read_summary(self, number: int, raw: dict, dealer: int | None) -> DealFacts | None:
        """A void deal, or a played one recorded as figures with no debertz, when nothing in
        it is wrong; else None, and nothing is reported (`_read_any` reports it)."""
        seats = self.seat
        given = raw.get("dealer")
        if given is None:
            self.dealer_for_play = dealer
        else:
            given_seat = seats.get(given) if type(given) is str else None
            if given_seat is None or (dealer is not None and given_seat != dealer):
                return None
            self.dealer_for_play = given_seat
        trump_raw = raw.get("trump")
        declarer_raw = raw.get("declarer")
        if trump_raw is None and declarer_raw is None:
            # A void deal says so: `"declarer": null` (an empty deal is not one).
            if self._void_ok and raw.keys() <= VOID_KEYS and "declarer" in raw:
                return DealFacts(number=number, void=True, declared=[[] for _ in self._seats])
            return None
        trump = parse_suit(trump_raw)
        declarer = seats.get(declarer_raw) if type(declarer_raw) is str else None
        if trump is None or declarer is None:
            return None
        value = raw.get("declarations")
        declared: list[list[Declaration]] | None
        if value is None:
            declared = [[] for _ in self._seats]
        else:
            declared = self._summary_declarations(value, trump)
            if declared is None:
                return None
        figures = self._summary_figures(raw)
        if figures is None:
            return None
        points, last_trick, tricks = figures
        return DealFacts(
            number=number,
            trump=trump,
            declarer=declarer,
            declared=declared,
            points=points,
            last_trick=last_trick,
            tricks=tricks,
            # As `_read_declarations` leaves it: nobody declared a debertz.
            debertz=() if value is None else [],
        )

    def _summary_declarations(self, value: Any, trump: int) -> list[list[Declaration]] | None:
        """`declarations` with no debertz and nothing wrong, by seat; else None."""
        if type(value) is not dict:
            return None
        seats = self.seat
        known = self._declarations
        declared: list[list[Declaration]] = [[] for _ in self._seats]
        used: set[int] = set()  # cards declared by the players read so far
        for name, items in value.items():
            seat = seats.get(name) if type(name) is str else None
            if seat is None or type(items) is not list:
                return None
            parsed = []
            for text in items:
                if type(text) is not str:
                    return None
                found = known.get((text, trump))
                if found is None:
                    found = known.read(text, trump)
                if type(found) is not Declaration or found.kind in WINS_MATCH:
                    return None
                parsed.append(found)
            if len(parsed) > 1 and (
                overlapping_card(parsed) is not None
                or sum(1 for d in parsed if d.kind == BELLA) > 1
            ):
                return None
            if len(value) > 1:
                cards = {card for d in parsed for card in d.cards}
                if not used.isdisjoint(cards):
                    return None
                used |= cards
            declared[seat] = parsed
        return declared

    def _summary_figures(self, raw: dict) -> tuple[list[int], int, list[int] | None] | None:
        """`points`, `last_trick` and `tricks` (if given) of a deal when the deck can give
        them and nothing is wrong; else None."""
        n = self.table.n
        names = self.names
        value = raw.get("points")
        if type(value) is not dict or len(value) != n:
            return None
        points = []
        for name in names:
            item = value.get(name)
            if type(item) is not int or not 0 <= item <= 152:
                return None
            points.append(item)
        total = sum(points)
        if total > 152 or (n == 4 and total != 152):
            return None
        last_raw = raw.get("last_trick")
        last_trick = self.seat.get(last_raw) if type(last_raw) is str else None
        if last_trick is None:
            return None
        hand_size = self.table.hand_size
        tricks_raw = raw.get("tricks")
        tricks: list[int] | None = None
        if tricks_raw is not None:
            if type(tricks_raw) is not dict or len(tricks_raw) != n:
                return None
            tricks = []
            for seat, name in enumerate(names):
                item = tricks_raw.get(name)
                if type(item) is not int or not 0 <= item <= hand_size:
                    return None
                if item == 0 and (points[seat] or seat == last_trick):
                    return None
                tricks.append(item)
            if sum(tricks) != hand_size:
                return None
        if not feasibility.points_possible(
            tuple(points), None if tricks is None else tuple(tricks), last_trick, hand_size
        ):
            return None
        return points, last_trick, tricks

    def _read_any(self, number: int, raw: Any, dealer: int | None) -> DealFacts | None:
        """Any deal, reporting every problem it has (see `read`)."""
        problems = self.problems
        before = len(problems)
        if type(raw) is not dict:
            self.problem(number, None, "bad_format", "a deal must be an object")
            return None
        self._check_keys(number, raw)
        get = raw.get
        facts = DealFacts(number=number, declared=[[] for _ in self.names])

        # Who dealt decides who leads a card-by-card deal: the deal's own `dealer` if given,
        # else the one the rules expect (None when an earlier deal could not be read).
        self.dealer_for_play = dealer
        given_dealer = get("dealer")
        if given_dealer is not None:
            given = self.seat_of(number, "dealer", given_dealer)
            if given is not None:
                self.dealer_for_play = given
                if dealer is not None and given != dealer:
                    self.problem(
                        number,
                        "dealer",
                        "dealer_out_of_turn",
                        f"{self.names[dealer]} deals this deal, not {given_dealer}",
                    )

        # The trump and the declarer; both absent: all passed, a void deal.
        trump_raw = get("trump")
        if trump_raw is not None:
            facts.trump = parse_suit(trump_raw)
            if facts.trump is None:
                self.problem(number, "trump", "bad_card", f"{trump_raw!r} is not a suit")
        declarer_raw = get("declarer")
        if declarer_raw is not None:
            facts.declarer = self.seat_of(number, "declarer", declarer_raw)
        if "four_sevens" in raw:
            # Four sevens in one hand: redeal before the first lead, the same dealer deals.
            self.seat_of(number, "four_sevens", raw["four_sevens"])
            facts.void = facts.four_sevens = True
            return facts if len(problems) == before else None
        if "low_points" in raw:
            # Odessa: a dealt hand under `redeal_below` card points: a redeal, the same
            # dealer deals (as with four sevens).
            self._read_low_points(number, raw, facts)
            return facts if len(problems) == before else None

        if get("declarations") is not None:
            self._read_declarations(number, raw, facts)
        if self.forced_seat is not None:
            self._check_forced(number, facts)
        # A deal stopped early (a violation, a debertz, a closing, an accepted fifty) needs no
        # figures; an unreadable one of these is reported on its own, not as missing points.
        # A ruling that does not stop the deal (`_is_ruling`) needs them as usual.
        ruling = self._is_ruling(get("violation"))
        decided_early = (
            (get("violation") is not None and not ruling)
            or get("closing") is not None
            or get("fifty_offer") is not None
        )
        if decided_early or ruling:
            self._read_events(number, raw, facts)
        decided_early = decided_early or bool(facts.debertz)
        if get("pencil") is not None:
            self._read_pencil(number, raw, facts)
        if not decided_early:
            if trump_raw is None and declarer_raw is None:
                if "play" in raw or "points" in raw:
                    self.problem(number, "trump", "missing_field", "a played deal needs its trump")
                elif self.forced_seat is not None:
                    self.problem(
                        number,
                        "declarer",
                        "forced_declarer",
                        f"after a hanging byte {self.names[self.forced_seat]} must play this "
                        "deal on the turned suit: it cannot be passed out",
                    )
                elif self.table.conventions.obligatory_order:
                    self.problem(
                        number,
                        "trump",
                        "missing_field",
                        "with obligatory_order the dealer must name a trump: no void deals",
                    )
                elif "declarer" not in raw:
                    self.problem(
                        number,
                        "declarer",
                        "missing_field",
                        'who named the trump? A void deal (all passed) is "declarer": null',
                    )
                facts.void = True
                return facts if len(problems) == before else None
            if trump_raw is None:
                self.problem(
                    number, "trump", "missing_field", "a deal with a declarer needs a trump"
                )
            elif declarer_raw is None:
                self.problem(number, "declarer", "missing_field", "who named the trump?")

        if "play" in raw:
            self._read_play(number, raw, facts)
        else:
            self._read_figures(number, raw, facts, needed=not decided_early)
        return facts if len(problems) == before else None

    def _check_keys(self, number: int, raw: dict) -> None:
        """`unknown_field` for every key of the deal, or of its nested objects, that the
        format does not know."""
        for key in sorted(raw.keys() - DEAL_KEYS, key=str):
            self.problem(number, str(key), "unknown_field", f"{key!r} is not a field of a deal")
        for key, known in NESTED_KEYS.items():
            value = raw.get(key)
            if isinstance(value, dict):
                for inner in sorted(value.keys() - known, key=str):
                    self.problem(
                        number,
                        f"{key}.{inner}",
                        "unknown_field",
                        f"{inner!r} is not a field of {key}",
                    )

    def _read_declarations(self, number: int, raw: dict, facts: DealFacts) -> None:
        value = raw.get("declarations")
        if value is None:
            return
        by_seat = self.per_player(number, "declarations", value)
        if by_seat is None:
            return
        owner: dict[int, int] = {}
        for seat, items in by_seat.items():
            field = f"declarations.{self.names[seat]}"
            if not isinstance(items, list):
                self.problem(number, field, "bad_combination", "a list of combinations")
                continue
            parsed: list[Declaration] = []
            for text in items:
                try:
                    parsed.append(parse_declaration(text, facts.trump, self.table.conventions))
                except BadDeclaration as bad:
                    self.problem(number, field, bad.code, str(bad))
            twice = overlapping_card(parsed)
            if twice is not None:
                self.problem(
                    number,
                    field,
                    "card_conflict",
                    f"{card_name(twice)} is in two combinations of {self.names[seat]}",
                )
            if sum(1 for d in parsed if d.kind == BELLA) > 1:
                self.problem(number, field, "card_conflict", "bella declared twice")
            for declaration in parsed:
                for card in set(declaration.cards):
                    other = owner.setdefault(card, seat)
                    if other != seat:
                        self.problem(
                            number,
                            field,
                            "card_conflict",
                            f"{card_name(card)} is declared by {self.names[other]} "
                            f"and by {self.names[seat]}",
                        )
            facts.declared[seat] = parsed
        facts.debertz = [
            seat
            for seat in range(self.table.n)
            if any(d.kind in WINS_MATCH for d in facts.declared[seat])
        ]

    def _is_ruling(self, violation: Any) -> bool:
        """A violation that does not stop the deal: `senior_after_question` (§4), and a
        renonce under `renonce_penalty: take_trick` (§6)."""
        if type(violation) is not dict:
            return False
        kind = violation.get("kind")
        return kind in (SENIOR_AFTER_QUESTION, LATE_SENIOR) or (
            kind == "renonce" and self.table.conventions.renonce_penalty == TAKE_TRICK
        )

    def _read_low_points(self, number: int, raw: dict, facts: DealFacts) -> None:
        """`low_points`: the player's dealt cards held fewer card points than `redeal_below`
        and they asked for a redeal (§2)."""
        seat = self.seat_of(number, "low_points", raw["low_points"])
        if not self.table.conventions.redeal_below:
            self.problem(
                number,
                "low_points",
                "bad_convention",
                "a redeal for a hand of few points needs the convention redeal_below",
            )
            return
        facts.void = True
        facts.low_points = seat

    def _check_forced(self, number: int, facts: DealFacts) -> None:
        """A forced deal (§5 `hanging_replay: forced`): the same declarer, and no terz, fifty
        or hundred declared by anyone (bella, debertz and klabor may be)."""
        forced = self.forced_seat
        assert forced is not None
        if facts.declarer is not None and facts.declarer != forced:
            self.problem(
                number,
                "declarer",
                "forced_declarer",
                f"after a hanging byte {self.names[forced]} must play this deal on the turned "
                f"suit, not {self.names[facts.declarer]}",
            )
        for seat, mine in enumerate(facts.declared):
            for declaration in mine:
                if declaration.kind in CLASS:
                    self.problem(
                        number,
                        f"declarations.{self.names[seat]}",
                        "declarations_forbidden",
                        f"no terz, fifty or hundred in a forced deal: {declaration.text}",
                    )

    def _read_ruling(
        self, number: int, raw: dict, violation: dict, seat: int | None, facts: DealFacts
    ) -> None:
        """A violation that does not stop the deal. A renonce under `take_trick` names
        `taken_by` (an opponent of the violator) and, in a card-by-card record, the `trick`
        taken (1-based); with figures alone the figures are written after the move (§6)."""
        before = len(self.problems)
        kind = violation["kind"]
        taker: int | None = None
        trick: int | None = None
        if kind == LATE_SENIOR:
            self._read_late_senior(number, violation, seat, facts)
        if kind in (SENIOR_AFTER_QUESTION, LATE_SENIOR):
            for extra in ("taken_by", "trick"):
                if extra in violation:
                    self.problem(
                        number,
                        f"violation.{extra}",
                        "bad_violation",
                        f"{extra} belongs to a renonce under renonce_penalty take_trick",
                    )
        else:
            taken_by = violation.get("taken_by")
            if taken_by is None:
                self.problem(
                    number,
                    "violation.taken_by",
                    "missing_field",
                    "which opponent noticed the renonce and took a trick?",
                )
            else:
                taker = self.seat_of(number, "violation.taken_by", taken_by)
                side_of = self.table.side_of
                if taker is not None and seat is not None and side_of[taker] == side_of[seat]:
                    self.problem(
                        number,
                        "violation.taken_by",
                        "bad_violation",
                        f"{taken_by} is not an opponent of {self.names[seat]}: only an "
                        "opponent takes a trick for a renonce",
                    )
            trick_raw = violation.get("trick")
            if "play" not in raw:
                if trick_raw is not None:
                    self.problem(
                        number,
                        "violation.trick",
                        "bad_violation",
                        "trick names a trick of a card-by-card record; with figures alone, "
                        "write the figures after the trick was taken",
                    )
            elif trick_raw is None:
                self.problem(
                    number, "violation.trick", "missing_field", "which trick was taken (1-based)?"
                )
            elif not _is_int(trick_raw) or not 1 <= trick_raw <= self.table.hand_size:
                self.problem(
                    number,
                    "violation.trick",
                    "bad_violation",
                    f"{trick_raw!r} is not a trick number, 1 to {self.table.hand_size}",
                )
            else:
                trick = trick_raw - 1
        if seat is not None and len(self.problems) == before:
            facts.ruling = (seat, kind)
            if taker is not None:
                facts.taken = (taker, trick)

    def _read_late_senior(
        self, number: int, violation: dict, seat: int | None, facts: DealFacts
    ) -> None:
        """`late_senior` (§4): `combination` names the player's declared terz, fifty or
        hundred announced after a junior one; it must be more senior than another of theirs."""
        text = violation.get("combination")
        if text is None:
            self.problem(
                number,
                "violation.combination",
                "missing_field",
                "which combination was announced after a junior one?",
            )
            return
        if seat is None or facts.trump is None:
            return
        conventions = self.table.conventions
        try:
            named = parse_declaration(text, facts.trump, conventions)
        except BadDeclaration as bad:
            self.problem(number, "violation.combination", bad.code, str(bad))
            return
        mine = facts.declared[seat]
        index = next(
            (
                i
                for i, d in enumerate(mine)
                if d.kind in CLASS and (d.kind, d.top) == (named.kind, named.top)
            ),
            None,
        )
        who = self.names[seat]
        if index is None:
            self.problem(
                number,
                "violation.combination",
                "bad_violation",
                f"{who} declared no {named.canonical}: a late senior combination is one of "
                "their declared terzes, fifties or hundreds",
            )
            return
        key = seniority_key(mine[index], facts.trump, conventions)
        if not any(
            d.kind in CLASS and i != index and seniority_key(d, facts.trump, conventions) < key
            for i, d in enumerate(mine)
        ):
            self.problem(
                number,
                "violation.combination",
                "bad_violation",
                f"{named.canonical} is not more senior than another combination {who} declared",
            )
            return
        facts.left_out = (seat, index)

    def _read_asked(self, number: int, violation: dict, kind: Any, facts: DealFacts) -> None:
        """The optional `asked` of a "how high?" ruling (§4): for the record only."""
        if "asked" not in violation:
            return
        asked = violation["asked"]
        allowed = ASKED.get(kind) if isinstance(kind, str) else None
        if allowed is None:
            self.problem(
                number,
                "violation.asked",
                "bad_violation",
                "asked belongs to illegal_question and senior_after_question",
            )
        elif asked not in allowed:
            self.problem(
                number,
                "violation.asked",
                "bad_violation",
                f"asked is one of {', '.join(allowed)}, not {asked!r}",
            )
        else:
            facts.asked = asked

    def _read_events(self, number: int, raw: dict, facts: DealFacts) -> None:
        violation = raw.get("violation")
        if violation is not None:
            if not isinstance(violation, dict):
                self.problem(number, "violation", "bad_violation", "{player, kind} expected")
            else:
                seat = self.seat_of(number, "violation.player", violation.get("player"))
                kind = violation.get("kind")
                if kind in VIOLATION_KINDS:
                    self._read_asked(number, violation, kind, facts)
                    if kind != LATE_SENIOR and "combination" in violation:
                        self.problem(
                            number,
                            "violation.combination",
                            "bad_violation",
                            "combination belongs to a late_senior ruling",
                        )
                if kind not in VIOLATION_KINDS:
                    self.problem(
                        number,
                        "violation.kind",
                        "bad_violation",
                        f"unknown violation {kind!r}; one of " + ", ".join(VIOLATION_KINDS),
                    )
                elif self._is_ruling(violation):
                    self._read_ruling(number, raw, violation, seat, facts)
                else:
                    for extra in ("taken_by", "trick"):
                        if extra in violation:
                            self.problem(
                                number,
                                f"violation.{extra}",
                                "bad_violation",
                                f"{extra} belongs to a renonce under renonce_penalty take_trick",
                            )
                    if seat is not None:
                        facts.violation = (seat, kind)
        closing = raw.get("closing")
        if closing is not None:
            if not isinstance(closing, dict):
                self.problem(number, "closing", "missing_field", "{player, points} expected")
            else:
                seat = self.seat_of(
                    number, "closing.player", closing.get("player"), code="illegal_closing"
                )
                points = closing.get("points")
                if not _is_int(points):
                    self.problem(
                        number,
                        "closing.points",
                        "missing_field",
                        "the points the claimant took in this deal",
                    )
                elif seat is not None:
                    limit = self._closing_limit(seat, facts)
                    if not 0 <= points <= limit:
                        self.problem(
                            number,
                            "closing.points",
                            "impossible_points",
                            f"{points} is not 0 to {limit}: no split of the deck and "
                            "declared combinations gives it",
                        )
                    else:
                        facts.closing = (seat, points)
        offer = raw.get("fifty_offer")
        if offer is not None:
            seat = self.seat_of(
                number,
                "fifty_offer.player",
                offer.get("player") if isinstance(offer, dict) else offer,
            )
            if not self.table.conventions.mercy_gap:
                self.problem(
                    number,
                    "fifty_offer",
                    "bad_convention",
                    "a fifty offer belongs to deberc with fifties (convention mercy_gap)",
                )
            elif self.table.sides != 2:
                self.problem(
                    number,
                    "fifty_offer",
                    "bad_convention",
                    "a fifty offer needs two sides: 2 players or pairs",
                )
            elif seat is not None:
                facts.fifty_offer = seat

    def _read_pencil(self, number: int, raw: dict, facts: DealFacts) -> None:
        """`pencil`: a player wrote a wrong figure for this deal [правило карандаша]."""
        pencil = raw.get("pencil")
        if pencil is None:
            return
        if not self.table.conventions.pencil_rule:
            self.problem(
                number,
                "pencil",
                "bad_convention",
                "the pencil rule's penalties need the convention pencil_rule",
            )
            return
        if not isinstance(pencil, dict):
            self.problem(number, "pencil", "missing_field", "{player, wrote, noticed_by} expected")
            return
        seat = self.seat_of(number, "pencil.player", pencil.get("player"))
        wrote = pencil.get("wrote")
        if not _is_int(wrote):
            self.problem(number, "pencil.wrote", "missing_field", "the figure the player wrote")
        elif not -PENCIL_LIMIT <= wrote <= PENCIL_LIMIT:
            self.problem(
                number,
                "pencil.wrote",
                "impossible_points",
                f"{wrote} is not a figure of a deal (at most {PENCIL_LIMIT} either way)",
            )
            wrote = None
        noticer: int | None = None
        if pencil.get("noticed_by") is not None:
            noticer = self.seat_of(number, "pencil.noticed_by", pencil["noticed_by"])
        elif seat is not None and self.table.sides == 2:
            noticer = (seat + 1) % self.table.n  # the other side
        else:
            self.problem(
                number,
                "pencil.noticed_by",
                "missing_field",
                "which opponent noticed the wrong figure?",
            )
        if seat is None or noticer is None or not _is_int(wrote):
            return
        side_of = self.table.side_of
        if side_of[noticer] == side_of[seat]:
            self.problem(
                number,
                "pencil.noticed_by",
                "unknown_player",
                "the wrong figure is noticed by an opponent",
            )
            return
        facts.pencil = (seat, wrote, noticer)

    def _closing_limit(self, seat: int, facts: DealFacts) -> int:
        side = self.table.side_of[seat]
        combos = sum(
            d.points
            for s in range(self.table.n)
            if self.table.side_of[s] == side
            for d in facts.declared[s]
            if d.kind in CLASS or d.kind == BELLA
        )
        return feasibility.max_points(self.table.n, self.table.hand_size) + combos

    def _read_figures(self, number: int, raw: dict, facts: DealFacts, needed: bool) -> None:
        """`points`, `last_trick` and `tricks` of a deal recorded as figures."""
        n = self.table.n
        hand_size = self.table.hand_size
        if "points" not in raw:
            if needed:
                self.problem(number, "points", "missing_field", "the card points of each player")
            return
        points = self._ints_by_seat(raw["points"]) or self._check_points(number, raw["points"])
        if points is None:
            return
        total = sum(points)
        if n == 4 and total != 152:
            self.problem(number, "points", "points_sum", f"card points add up to {total}, not 152")
            return
        if total > 152:
            self.problem(
                number,
                "points",
                "impossible_points",
                f"card points add up to {total}, more than the 152 of the deck",
            )
            return
        last_trick = raw.get("last_trick")
        if last_trick is None:
            if needed:
                self.problem(number, "last_trick", "missing_field", "who took the last trick?")
            return
        facts.last_trick = self.seat_of(number, "last_trick", last_trick)
        tricks: list[int] | None = None
        if raw.get("tricks") is not None:
            tricks = self._read_tricks(number, raw["tricks"], points, facts.last_trick)
            if tricks is None:
                return
        if facts.last_trick is None:
            return
        if not feasibility.points_possible(
            tuple(points), None if tricks is None else tuple(tricks), facts.last_trick, hand_size
        ):
            shown = ", ".join(f"{self.names[s]} {points[s]}" for s in range(n))
            extra = "" if tricks is None else " with these tricks"
            self.problem(
                number, "points", "impossible_points", f"no split of the deck gives {shown}{extra}"
            )
            return
        facts.points = points
        facts.tricks = tricks

    def _ints_by_seat(self, value: Any, top: int = 152) -> list[int] | None:
        """{player: whole number 0..top} naming every player exactly: the list by seat, else
        None (the caller then finds out what is wrong)."""
        if type(value) is not dict or len(value) != self.table.n:
            return None
        out = []
        for name in self.names:
            item = value.get(name)
            if type(item) is not int or not 0 <= item <= top:
                return None
            out.append(item)
        return out

    def _check_points(self, number: int, value: Any) -> list[int] | None:
        """The slow path of `points`: report everything wrong, or return the figures."""
        before = len(self.problems)
        by_seat = self.per_player(number, "points", value)
        if by_seat is None:
            return None
        for seat in range(self.table.n):
            if seat not in by_seat:
                self.problem(
                    number,
                    f"points.{self.names[seat]}",
                    "missing_field",
                    f"no card points for {self.names[seat]}",
                )
            elif not _is_int(by_seat[seat]) or not 0 <= by_seat[seat] <= 152:
                self.problem(
                    number,
                    f"points.{self.names[seat]}",
                    "impossible_points",
                    f"{by_seat[seat]!r} is not a number of card points",
                )
        if len(self.problems) > before:
            return None
        return [by_seat[seat] for seat in range(self.table.n)]

    def _read_tricks(
        self, number: int, value: Any, points: list[int] | None, last_trick: int | None
    ) -> list[int] | None:
        n = self.table.n
        tricks = self._ints_by_seat(value, self.table.hand_size)
        if tricks is None:
            by_seat = self.per_player(number, "tricks", value)
            if by_seat is None or any(
                not _is_int(by_seat.get(seat)) or by_seat[seat] < 0 for seat in range(n)
            ):
                self.problem(
                    number, "tricks", "tricks_sum", "tricks taken by every player, 0 or more"
                )
                return None
            tricks = [by_seat[seat] for seat in range(n)]
        if sum(tricks) != self.table.hand_size:
            self.problem(
                number,
                "tricks",
                "tricks_sum",
                f"tricks add up to {sum(tricks)}, not {self.table.hand_size}",
            )
            return None
        for seat in range(n):
            if tricks[seat] == 0 and points is not None and points[seat] > 0:
                self.problem(
                    number,
                    f"tricks.{self.names[seat]}",
                    "tricks_sum",
                    f"{self.names[seat]} has {points[seat]} card points but no trick",
                )
                return None
            if tricks[seat] == 0 and last_trick == seat:
                self.problem(
                    number,
                    f"tricks.{self.names[seat]}",
                    "tricks_sum",
                    f"{self.names[seat]} took the last trick but no trick",
                )
                return None
        return tricks

    def _read_play(self, number: int, raw: dict, facts: DealFacts) -> None:
        """A deal recorded card by card: derive the figures, check every card and every
        declaration, and turn the first illegal card into the deal's violation."""
        table = self.table
        n = table.n
        hand_size = table.hand_size
        play = raw["play"]
        start = len(self.problems)
        if (
            not isinstance(play, dict)
            or not isinstance(play.get("hands"), dict)
            or not isinstance(play.get("tricks"), list)
        ):
            self.problem(number, "play", "bad_play", "play needs hands (by player) and tricks")
            return
        hands: list[list[int]] = [[] for _ in range(n)]
        owner: dict[int, int] = {}
        hands_raw = self.per_player(number, "play.hands", play["hands"]) or {}
        for seat in range(n):
            field = f"play.hands.{self.names[seat]}"
            cards = hands_raw.get(seat)
            if not isinstance(cards, list) or len(cards) != hand_size:
                self.problem(
                    number,
                    field,
                    "bad_play",
                    f"{self.names[seat]} must hold {hand_size} cards at the first lead",
                )
                continue
            fast = parse_cards_fast(cards)
            if fast is not None and len(set(fast)) == hand_size and not owner.keys() & fast:
                hands[seat] = fast
                for fast_card in fast:
                    owner[fast_card] = seat
                continue
            for text in cards:
                card = parse_card(text)
                if card is None:
                    self.problem(number, field, "bad_card", f"{text!r} is not a card")
                    continue
                if card in owner:
                    self.problem(
                        number, field, "card_conflict", f"{card_name(card)} is dealt twice"
                    )
                    continue
                owner[card] = seat
                hands[seat].append(card)
        fast_tricks = self._fast_tricks(play["tricks"])
        tricks: list[list[int]] = [] if fast_tricks is None else fast_tricks
        seen: set[int] = set()
        for index, trick in enumerate(play["tricks"] if fast_tricks is None else ()):
            field = f"play.tricks[{index + 1}]"
            if not isinstance(trick, list) or not trick or len(trick) > n:
                self.problem(number, field, "bad_play", f"a trick holds 1 to {n} cards")
                continue
            if len(trick) < n and index != len(play["tricks"]) - 1:
                self.problem(
                    number,
                    field,
                    "bad_play",
                    f"trick {index + 1} holds {len(trick)} cards, not {n}",
                )
            fast = parse_cards_fast(trick)
            if fast is not None and len(set(fast)) == len(fast) and seen.isdisjoint(fast):
                seen.update(fast)
                tricks.append(fast)
                continue
            cards = []
            for text in trick:
                card = parse_card(text)
                if card is None:
                    self.problem(number, field, "bad_card", f"{text!r} is not a card")
                elif card in seen:
                    self.problem(
                        number, field, "card_conflict", f"{card_name(card)} is played twice"
                    )
                else:
                    seen.add(card)
                    cards.append(card)
            tricks.append(cards)
        tricks = tricks or []
        if len(tricks) > hand_size:
            self.problem(number, "play.tricks", "bad_play", f"more than {hand_size} tricks")
        if facts.trump is None or facts.declarer is None:
            if len(self.problems) == start:
                self.problem(
                    number, "trump", "missing_field", "a played deal needs trump and declarer"
                )
            return
        if len(self.problems) > start:
            return
        # Declarations must be in the hands (seven swap already made): else a false declaration.
        facts.false_declarations = {
            (seat, index)
            for seat in range(n)
            for index, declaration in enumerate(facts.declared[seat])
            if not all(owner.get(card) == seat for card in declaration.cards)
        }
        dealer_seat = self.dealer_for_play
        if table.conventions.first_lead == "declarer":
            first_leader = facts.declarer
        elif dealer_seat is None:
            return  # who led is unknown after an unreadable deal: the cards cannot be checked
        else:
            first_leader = (dealer_seat + 1) % n
        # Under `take_trick` a renonce is punished after the deal: the play goes on past it.
        take_trick = table.conventions.renonce_penalty == TAKE_TRICK
        try:
            played = play_deal(
                hands,
                tricks,
                facts.trump,
                first_leader,
                table.conventions.overtrump == "always",
                hand_size,
                take_trick,
            )
        except ValueError as bad:
            self.problem(number, "play.tricks", "bad_play", str(bad))
            return
        if facts.false_declarations:
            seat, _ = min(facts.false_declarations)
            facts.violation = (seat, "false_declaration")
            facts.debertz = [
                s
                for s in facts.debertz
                if not any(
                    (s, i) in facts.false_declarations
                    for i, d in enumerate(facts.declared[s])
                    if d.kind in WINS_MATCH
                )
            ]
        elif played.illegal is not None and not take_trick:
            facts.violation = (played.illegal.seat, "renonce")
        if played.illegal is not None:
            seat, card, reason, trick = played.illegal
            facts.illegal = (seat, card, reason, trick, tricks[trick][0])
            if (
                take_trick
                and not (facts.violation or facts.debertz or facts.closing)
                and not self._renonce_ruled(number, facts)
            ):
                return
        if (played.illegal is None or take_trick) and not played.complete:
            if facts.violation or facts.debertz:
                pass
            elif facts.closing is not None:
                self._check_closing_turn(number, facts, played)
            else:
                self.problem(
                    number,
                    "play.tricks",
                    "bad_play",
                    "the play stops before the last trick with no violation or closing",
                )
                return
        elif facts.closing is not None and not facts.violation and not facts.debertz:
            self.problem(
                number,
                "closing",
                "illegal_closing",
                "the play was finished: a closing comes before the last trick",
            )
            return
        if played.complete:
            facts.points = played.points
            facts.tricks = played.tricks
            facts.last_trick = played.last_trick
            facts.bella_trick_winner = played.bella_trick_winner
            if facts.taken is not None and not self._move_trick(number, facts, tricks, played):
                return
            self._compare_given(number, raw, facts)

    def _renonce_ruled(self, number: int, facts: DealFacts) -> bool:
        """Under `take_trick` a renonce in the play does not stop it: the record's violation
        must name it (who took which trick); False after reporting that it does not."""
        assert facts.illegal is not None
        seat, _, _, trick, _ = facts.illegal
        ruling = facts.ruling
        if ruling is None or ruling[1] != "renonce":
            self.problem(
                number,
                "violation",
                "missing_field",
                f"trick {trick + 1} holds a renonce by {self.names[seat]}: under renonce_penalty "
                "take_trick the violation names who took which trick (taken_by, trick)",
            )
            return False
        if ruling[0] != seat:
            self.problem(
                number,
                "violation.player",
                "bad_violation",
                f"the renonce in trick {trick + 1} is {self.names[seat]}'s",
            )
            return False
        return True

    def _move_trick(
        self, number: int, facts: DealFacts, tricks: list[list[int]], played: Any
    ) -> bool:
        """`take_trick` (§6): the noticing opponent takes one of the violator's tricks (not the
        one holding the trump jack) with its card points and, if it was the last, its 10.
        False after reporting a trick that may not be taken."""
        assert facts.taken is not None and facts.ruling is not None and facts.trump is not None
        assert facts.points is not None and facts.tricks is not None
        taker, index = facts.taken
        if index is None:
            return True
        violator = facts.ruling[0]
        name = self.names[violator]
        if played.winners[index] != violator:
            self.problem(
                number,
                "violation.trick",
                "bad_violation",
                f"trick {index + 1} was taken by {self.names[played.winners[index]]}, "
                f"not by {name}",
            )
            return False
        if facts.trump * 8 + 3 in tricks[index]:
            self.problem(
                number,
                "violation.trick",
                "bad_violation",
                f"trick {index + 1} holds the trump jack: any of {name}'s tricks but that one",
            )
            return False
        value = sum(POINTS[facts.trump][card] for card in tricks[index])
        facts.points[violator] -= value
        facts.points[taker] += value
        facts.tricks[violator] -= 1
        facts.tricks[taker] += 1
        if index == self.table.hand_size - 1:
            facts.last_trick = taker
        return True

    dealer_for_play: int | None = None

    def _fast_tricks(self, raw_tricks: Any) -> list[list[int]] | None:
        """Whole tricks of canonical, distinct cards (the usual record) read in one pass;
        None sends the record to the card-by-card reading that reports what is wrong."""
        n = self.table.n
        if type(raw_tricks) is not list or not all(
            type(trick) is list and len(trick) == n for trick in raw_tricks
        ):
            return None
        flat = parse_cards_fast([card for trick in raw_tricks for card in trick])
        if flat is None or len(set(flat)) != len(flat):
            return None
        return [flat[start : start + n] for start in range(0, len(flat), n)]

    def _check_closing_turn(self, number: int, facts: DealFacts, played: Any) -> None:
        assert facts.closing is not None
        claimant = facts.closing[0]
        if played.next_to_play != claimant:
            self.problem(
                number,
                "closing",
                "illegal_closing",
                f"{self.names[claimant]} may claim only on their own turn",
            )
        elif played.tricks_done >= self.table.hand_size - 1:
            self.problem(number, "closing", "illegal_closing", "no closing in the last trick")
        elif self.table.conventions.false_closing == "double_to_opponents" and (
            played.trump_jack_trick is not None and not played.won_after_jack[claimant]
        ):
            self.problem(
                number,
                "closing",
                "illegal_closing",
                "no closing on the trick of the trump jack: take a trick after it first",
            )

    def _compare_given(self, number: int, raw: dict, facts: DealFacts) -> None:
        """Figures given next to a card-by-card record must agree with it."""
        assert facts.points is not None and facts.tricks is not None
        if raw.get("points") is not None:
            given = self.per_player(number, "points", raw["points"]) or {}
            for seat, value in given.items():
                if value != facts.points[seat]:
                    self.problem(
                        number,
                        f"points.{self.names[seat]}",
                        "play_mismatch",
                        f"the play gives {self.names[seat]} {facts.points[seat]}, not {value!r}",
                    )
        if raw.get("tricks") is not None:
            given = self.per_player(number, "tricks", raw["tricks"]) or {}
            for seat, value in given.items():
                if value != facts.tricks[seat]:
                    self.problem(
                        number,
                        f"tricks.{self.names[seat]}",
                        "play_mismatch",
                        f"the play gives {self.names[seat]} {facts.tricks[seat]} "
                        f"tricks, not {value!r}",
                    )
        given_last = raw.get("last_trick")
        if (
            given_last is not None
            and facts.last_trick is not None
            and given_last != self.names[facts.last_trick]
        ):
            self.problem(
                number,
                "last_trick",
                "play_mismatch",
                f"the play gives the last trick to {self.names[facts.last_trick]}",
            )
