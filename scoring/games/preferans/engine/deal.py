"""Scoring one deal [сдача] into its writes (rules §3–§7).

A deal's facts (`DealFacts`, read and checked by `reader`) become `Writes`: what each player
writes into the pool [пуля] and the mountain [гора], and the whists [висты] one player writes
on another. Nothing here knows the running sheet: the pool target, help [помощь] and the
write-off of a mountain happen in `sheet`.

Seats are indexes into the record's `players`; lists are by seat.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .contracts import MISERE_PRICE, OBLIGATION, PRICE, obligation_of, share_of
from .conventions import Conventions

GAME: Final = "game"
MISERE: Final = "misere"
ALLPASS: Final = "allpass"
KINDS: Final = (GAME, MISERE, ALLPASS)

WHIST: Final = "whist"
PASS: Final = "pass"
HALF: Final = "half"
CHECK: Final = "check"
CHOICES: Final = (WHIST, PASS, HALF, CHECK)

NOBODY: Final = -1


class DealFacts:
    """What the scorer wrote for one deal, by seat.

    `defenders` are the two defending hands [вистующие / пасующие], the first defender (the
    declarer's left) first; `choices` their words in the same order. `tricks` has an entry
    for every seat (0 for a hand that did not play). `violator` is NOBODY without a renonce
    [ренонс], `count` its renonces. When the declarer and a defender both erred (Kodex 33)
    `violator` is the declarer and `partner`, `partner_count` the defender; else `partner`
    is NOBODY. `bomb` is the level written (None: the table's carried level, §7a), `blind`
    a blind deal [втёмную], `halves` the seat the four-handed dealer plays with in halves
    [в пополаме] (NOBODY without), `forced` a nine or ten both defenders passed, played as
    whisted by both under `check_9_10` (its `choices` are then whist, whist).
    """

    __slots__ = (
        "blind",
        "bomb",
        "choices",
        "contract",
        "count",
        "dealer",
        "declarer",
        "defenders",
        "forced",
        "halves",
        "kind",
        "level",
        "number",
        "partner",
        "partner_count",
        "suit",
        "tricks",
        "violator",
    )

    def __init__(self, number: int, dealer: int, kind: str) -> None:
        self.number = number
        self.dealer = dealer
        self.kind = kind
        self.declarer = NOBODY
        self.level = 0
        self.suit = ""
        self.contract: str | None = None
        self.defenders: tuple[int, ...] = ()
        self.choices: tuple[str, ...] = ()
        self.tricks: list[int] = []
        self.violator = NOBODY
        self.count = 0
        self.partner = NOBODY
        self.partner_count = 0
        self.bomb: int | None = None
        self.blind = False
        self.halves = NOBODY
        self.forced = False


POOL: Final = "pool"
MOUNTAIN: Final = "mountain"
WHISTS: Final = "whists"
COLUMNS: Final = (POOL, MOUNTAIN, WHISTS)

# Why a write is made: stable codes, narrated by the referee's tool (one per rule applied).
# A deal's own writes:
R_GAME: Final = "game"  # the declarer writes the game's price into the pool (§3)
R_NOT_PLAYED: Final = "not_played"  # both defenders passed: the game is written unplayed
R_HALF_WHIST_POOL: Final = "half_whist_pool"  # half a whist: the declarer's pool
R_HALF_WHIST: Final = "half_whist"  # the half-whister's whists (Kodex 23)
R_REMISE: Final = "remise"  # the declarer's remise [ремиз] per trick short (§4)
R_WHISTS: Final = "whists"  # a whister's whists for his own tricks (§4)
R_WHISTS_RESPONSIBLE: Final = "whists_responsible"  # a lone whister writes both's tricks
R_WHISTS_GENTLEMAN: Final = "whists_gentleman"  # whister and passer each write half
R_CHECKED_TEN: Final = "checked_ten"  # a failed checked ten: whists halved (Kodex 35)
R_SHORTFALL: Final = "shortfall"  # the defenders' shortfall [недобор] into the mountain
R_SHORTFALL_DECLARER: Final = "shortfall_declarer"  # Kodex 30: the declarer writes it
R_CONSOLATION: Final = "consolation"  # consolation [консоляция] on a remise (Kodex 48)
R_CONSOLATION_PASSER: Final = "consolation_passer"  # the lone whister writes the passer's
R_RENONCE_DEFENDER: Final = "renonce_defender"  # Kodex 31: the violator pays the remise
R_RENONCE_REMISE: Final = "renonce_remise"  # Kodex 33: a remise per renonce, each violator
R_RENONCE_HALF: Final = "renonce_half"  # Kodex 33: the other defender's tricks, half each
R_MISERE_MADE: Final = "misere_made"  # a misère made: 10 into the pool
R_MISERE_FAILED: Final = "misere_failed"  # a misère failed: 10 per trick into the mountain
R_RENONCE_MISERE: Final = "renonce_misere"  # a defender's renonce on a misère (Kodex 65)
R_RENONCE_OWN_MISERE: Final = "renonce_own_misere"  # the declarer's renonce on a misère
R_ALLPASS_TRICKS: Final = "allpass_tricks"  # all-pass: tricks into the mountain (§6)
R_ALLPASS_ZERO_POOL: Final = "allpass_zero_pool"  # all-pass, no trick: into the pool
R_ALLPASS_ZERO_OFF: Final = "allpass_zero_off"  # all-pass, no trick: off the mountain
R_ALLPASS_WHISTS: Final = "allpass_whists"  # Rostov: the fewest tricks write whists
R_RENONCE_ALLPASS: Final = "renonce_allpass"  # Kodex 54: 10 into the mountain per renonce
R_HALVES: Final = "halves"  # the dealer in halves [в пополаме] takes his half of a write (§1)
# The sheet's own writes when it applies a deal (`sheet.Sheet.apply`, §8):
R_MOUNTAIN_FLOOR: Final = "mountain_floor"  # a write-off stops at 0: the rest is not taken
R_POOL_OVER: Final = "pool_over"  # points over the pool target leave the writer's pool
R_HELP: Final = "help"  # ... and go into a pool below the target [помощь]
R_HELP_WHISTS: Final = "help_whists"  # 10 whists per point of help on the one helped
R_HELP_MOUNTAIN: Final = "help_mountain"  # the rest off the writer's own mountain
R_JUMP_PRIZER: Final = "jump_prizer"  # Skachki: the prizer [призер] writes the premium (§8a)
R_JUMP_AMNESTER: Final = "jump_amnester"  # ... and so does the amnester [амнистер]


class Write(NamedTuple):
    """One write of a deal on the sheet: `player` (a seat) writes `amount` into `column`
    ("pool", "mountain" or "whists"), on `against` for whists (NOBODY otherwise), because of
    `reason` (one of the `R_*` codes). A negative mountain write is a write-off [списание с
    горы]: applied after the deal's additions, never below 0.

    Inside the engine a write is the plain tuple `Entry` of the same fields, in the same
    order (a named tuple costs several times more to build, on every deal);
    `pulka.score_pulka_with_ledgers` hands them out as `Write`s."""

    player: int
    column: str
    against: int
    amount: int
    reason: str


Entry = tuple[int, str, int, int, str]  # a `Write`'s fields, as the engine builds them


class Writes:
    """What one deal writes, before the pool target applies: its `ledger` of writes in the
    order the rules make them, its `outcome` and, on an all-pass, its `multiplier`."""

    __slots__ = ("ledger", "multiplier", "outcome")

    def __init__(self, outcome: str) -> None:
        self.outcome = outcome
        self.ledger: list[Entry] = []
        self.multiplier: int | None = None


def answer_half_whist(whist: dict[str, str]) -> dict[str, str]:
    """The final choices of a half-whist answered "фиг тебе, играем" (Kodex 23): the passer
    whists, the half-whister passes, and the game is played. A record writes these; any
    other choices are returned as they are, for the reader to judge."""
    if sorted(whist.values()) != [HALF, PASS]:
        return whist
    return {name: PASS if choice == HALF else WHIST for name, choice in whist.items()}


def allpass_multiplier(in_a_row: int, conventions: Conventions) -> int:
    """The multiplier m of the k-th all-pass in a row [прогрессия на распасах] (§6)."""
    progression = conventions.allpass_progression
    if progression == "none":
        return 1
    limit = conventions.allpass_progression_limit
    step = in_a_row if limit is None else min(in_a_row, limit + 1)
    return step if progression == "arithmetic" else 1 << (step - 1)


def score_deal(
    facts: DealFacts, n: int, conventions: Conventions, in_a_row: int, factor: int = 1
) -> Writes:
    """The writes of one checked deal; `in_a_row` counts this all-pass in its series, and
    `factor` is the deal's factor f of bombs and blind play (§7a), which multiplies every
    write before the dealer in halves takes his share (§1)."""
    if facts.kind == GAME:
        writes = score_game(facts, n, conventions)
    elif facts.kind == MISERE:
        writes = score_misere(facts, n, conventions)
    else:
        writes = score_allpass(facts, n, conventions, in_a_row)
    if factor != 1:
        writes.ledger = [
            (seat, column, on, amount * factor, reason)
            for seat, column, on, amount, reason in writes.ledger
        ]
    if facts.halves != NOBODY:
        writes.ledger = in_halves(writes.ledger, facts.halves, facts.dealer)
    return writes


def in_halves(ledger: list[Entry], partner: int, dealer: int) -> list[Entry]:
    """The sitting-out dealer plays in halves [в пополаме] with `partner` (Kodex 15: «вся
    ответственность делится пополам … ровно как и выигрыш»): of each amount v the partner
    writes he keeps v − ⌊v/2⌋ and the dealer writes ⌊v/2⌋ of the same kind; of whists v
    written on the partner, ⌊v/2⌋ are written on the dealer instead (§1)."""
    out: list[Entry] = []
    for seat, column, on, amount, reason in ledger:
        half = amount // 2
        if seat == partner and half:
            out.append((seat, column, on, amount - half, reason))
            out.append((dealer, column, on, half, R_HALVES))
        elif column == WHISTS and on == partner and half:
            out.append((seat, column, on, amount - half, reason))
            out.append((seat, column, dealer, half, R_HALVES))
        else:
            out.append((seat, column, on, amount, reason))
    return out


def score_game(facts: DealFacts, n: int, conventions: Conventions) -> Writes:
    """A game on tricks [игра на взятки]: not played, half-whist, made or remise (§3–§4, §7)."""
    declarer = facts.declarer
    level = facts.level
    price = PRICE[level]
    first, second = facts.choices
    if first == PASS and second == PASS:
        # Both pass [оба паса]: the declarer writes the game without playing (Kodex 40).
        writes = Writes("not_played")
        writes.ledger.append((declarer, POOL, NOBODY, price, R_NOT_PLAYED))
        return writes
    if first == HALF or second == HALF:
        # Half a whist [полвиста]: not played; the half-whister writes half the obligation
        # (only on a six or a seven, so `obligation_8` never applies here).
        writes = Writes("half_whist")
        half_whister = facts.defenders[0] if first == HALF else facts.defenders[1]
        writes.ledger += (
            (declarer, POOL, NOBODY, price, R_HALF_WHIST_POOL),
            (
                half_whister,
                WHISTS,
                declarer,
                price * conventions.whist_factor * OBLIGATION[level] // 2,
                R_HALF_WHIST,
            ),
        )
        return writes
    if facts.partner != NOBODY:
        return _score_both_erred(facts, n, conventions)

    tricks = facts.tricks
    taken = tricks[declarer]
    under = level - taken if taken < level else 0
    defence = 10 - taken
    violator = facts.violator
    defender_violated = violator != NOBODY and violator != declarer
    mountain_factor = conventions.mountain_factor
    whist_price = price * conventions.whist_factor
    writes = Writes("made" if defender_violated or not under else "remise")
    ledger = writes.ledger
    write = ledger.append
    if defender_violated:
        # Kodex 31: the game counts as made, and the violator "ставит за недобранные взятки и
        # за каждый ренонс по одному ремизу по игре".
        write((declarer, POOL, NOBODY, price, R_GAME))
        write(
            (
                violator,
                MOUNTAIN,
                NOBODY,
                price * (under + facts.count) * mountain_factor,
                R_RENONCE_DEFENDER,
            )
        )
        under = 0
    elif under:
        write((declarer, MOUNTAIN, NOBODY, price * under * mountain_factor, R_REMISE))
    else:
        write((declarer, POOL, NOBODY, price, R_GAME))

    checked = first == CHECK or second == CHECK
    whisters: list[int] = []
    if checked:
        if under:
            # A failed checked ten: "они записывают за вист пополам" (Kodex 35): the
            # defenders' tricks as whists, halved between the two (P = 10: exact).
            half = whist_price * defence // 2
            if half:
                for seat in facts.defenders:
                    write((seat, WHISTS, declarer, half, R_CHECKED_TEN))
    else:
        # Whists for tricks [висты за взятки], but never by a violating defender.
        whisters = [
            seat
            for seat, choice in zip(facts.defenders, facts.choices, strict=True)
            if choice == WHIST
        ]
        if len(whisters) == 2:
            for seat in whisters:
                if seat != violator and tricks[seat]:
                    write((seat, WHISTS, declarer, whist_price * tricks[seat], R_WHISTS))
        else:
            whister = whisters[0]
            passer = facts.defenders[1] if facts.defenders[0] == whister else facts.defenders[0]
            if defence:
                if conventions.whist_split == "whister":
                    if whister != violator:
                        write(
                            (
                                whister,
                                WHISTS,
                                declarer,
                                whist_price * defence,
                                R_WHISTS_RESPONSIBLE,
                            )
                        )
                else:
                    half = whist_price * defence // 2  # P is even: halves are exact
                    if whister != violator:
                        write((whister, WHISTS, declarer, half, R_WHISTS_GENTLEMAN))
                    if passer != violator:
                        write((passer, WHISTS, declarer, half, R_WHISTS_GENTLEMAN))
        if not defender_violated and not under and not facts.forced:
            # A nine or ten played under `check_9_10` answers for no shortfall: «Они играют
            # безвозмездно» (l.631).
            owed = _shortfall(facts, whisters, defence, conventions)
            if owed:
                if violator == declarer:
                    # Kodex 30: the defenders "остались без одной или более, то ремиза не
                    # ставят, а ставит весь ремиз играющий": what they would have written.
                    for _seat, amount in owed:
                        write((declarer, MOUNTAIN, NOBODY, amount, R_SHORTFALL_DECLARER))
                else:
                    for seat, amount in owed:
                        write((seat, MOUNTAIN, NOBODY, amount, R_SHORTFALL))
    if under and conventions.consolation:
        _consolation(facts, ledger, n, whisters, whist_price * under, conventions)
    return writes


def _consolation(
    facts: DealFacts,
    ledger: list[Entry],
    n: int,
    whisters: list[int],
    consolation: int,
    conventions: Conventions,
) -> None:
    """Consolation [консоляция] on a remise: every other player at the table, the
    sitting-out dealer too (Kodex 48). A lone whister under responsible whist writes the
    passer's share as well ("вистующий пишет себе, как за себя, так и за пасовавшего")."""
    declarer = facts.declarer
    lone = whisters[0] if len(whisters) == 1 and conventions.whist_split == "whister" else NOBODY
    # The dealer in halves shares his partner's writes instead of consoling on his own
    # (project reading of Kodex 15 and 48, rules §1).
    halves_dealer = facts.dealer if facts.halves != NOBODY else NOBODY
    for seat in range(n):
        if seat in (declarer, halves_dealer):
            continue
        if lone != NOBODY and seat in facts.defenders:
            if seat == lone:
                ledger.append((seat, WHISTS, declarer, consolation, R_CONSOLATION))
                ledger.append((seat, WHISTS, declarer, consolation, R_CONSOLATION_PASSER))
            continue
        ledger.append((seat, WHISTS, declarer, consolation, R_CONSOLATION))


def _score_both_erred(facts: DealFacts, n: int, conventions: Conventions) -> Writes:
    """The declarer and one defender both made renonces (Kodex 33): "играющий и вистующий
    ставят по одному ремизу за каждый сделанный ими ренонс, и платят пополам по расчету
    другому вистующему за сделанные им взятки"."""
    declarer = facts.declarer
    level = facts.level
    price = PRICE[level]
    factor = conventions.mountain_factor
    taken = facts.tricks[declarer]
    under = level - taken if taken < level else 0
    writes = Writes("remise" if under else "made")
    write = writes.ledger.append
    # The game scores from its tricks, with no consolation: nobody else broke a rule.
    if under:
        write((declarer, MOUNTAIN, NOBODY, price * under * factor, R_REMISE))
    else:
        write((declarer, POOL, NOBODY, price, R_GAME))
    write((declarer, MOUNTAIN, NOBODY, price * facts.count * factor, R_RENONCE_REMISE))
    culprit = facts.partner
    write((culprit, MOUNTAIN, NOBODY, price * facts.partner_count * factor, R_RENONCE_REMISE))
    # The other defender's tricks are paid half by each violator, whatever he said (whist,
    # pass or check); "если бы этот другой вистующий был без взяток, он ремиза не ставит":
    # no shortfall. The violating defender writes no whists (the text is silent: the
    # service's reading).
    other = facts.defenders[1] if facts.defenders[0] == culprit else facts.defenders[0]
    half = price * conventions.whist_factor * facts.tricks[other] // 2  # P is even: exact
    if half:
        write((other, WHISTS, declarer, half, R_RENONCE_HALF))
        write((other, WHISTS, culprit, half, R_RENONCE_HALF))
    return writes


def _shortfall(
    facts: DealFacts,
    whisters: list[int],
    defence: int,
    conventions: Conventions,
) -> list[tuple[int, int]]:
    """The whisters' shortfall [недобор взяток вистующими, "в гору"] on a made game (§4):
    (seat, mountain) for each defender who would write it, after `shortfall`."""
    price = PRICE[facts.level]
    factor = conventions.mountain_factor
    rule = conventions.shortfall
    obligation = obligation_of(facts.level, conventions.obligation_8)
    if len(whisters) == 2:
        if defence >= obligation:
            return []
        # "в гору получит тот, кто взял меньше двух взяток": each below the own share s,
        # halved under `half` (the project's reading of l.180 for two whisters); there is no
        # passer to share it with, so `shared` writes it in full.
        share = share_of(obligation)
        return [
            (seat, _halved(price * (share - facts.tricks[seat]) * factor, rule == "half"))
            for seat in whisters
            if facts.tricks[seat] < share
        ]
    whister = whisters[0]
    if conventions.lone_whist_duty == "kodex41":
        # Kodex 41: «при простой игре — он должен взять только две, при игре семь, восемь и
        # девять — одну», counted on his own tricks (a whisted ten: 1, by the nine's).
        duty = 2 if facts.level == 6 else 1
        own = facts.tricks[whister]
        owed = price * (duty - own) * factor if own < duty else 0
    else:
        owed = price * (obligation - defence) * factor if defence < obligation else 0
    if not owed:
        return []
    if rule == "full":
        return [(whister, owed)]
    if rule == "half":
        return [(whister, owed // 2)]  # "вистующий в гору записывает половину"
    # "штрафы вистующий с пасовавшим делят пополам"
    passer = facts.defenders[1] if facts.defenders[0] == whister else facts.defenders[0]
    return [(whister, owed // 2), (passer, owed // 2)]


def _halved(amount: int, half: bool) -> int:
    return amount // 2 if half else amount  # P is even: the half is exact


def score_misere(facts: DealFacts, n: int, conventions: Conventions) -> Writes:
    """A misère [мизер]: 10 into the pool with no trick, else 10 per trick into the mountain;
    no whists, no consolation (Kodex 70)."""
    declarer = facts.declarer
    taken = facts.tricks[declarer]
    violator = facts.violator
    factor = conventions.mountain_factor
    if violator != NOBODY and violator != declarer:
        # A defender's renonce (Kodex 65): the misère counts as made, and the violator «ставит
        # следуемую курочку за каждую взятку, взятую игроком»; the count changes nothing.
        writes = Writes("misere_made")
        writes.ledger.append((declarer, POOL, NOBODY, MISERE_PRICE, R_MISERE_MADE))
        if taken:
            writes.ledger.append(
                (violator, MOUNTAIN, NOBODY, MISERE_PRICE * taken * factor, R_RENONCE_MISERE)
            )
        return writes
    if taken:
        writes = Writes("misere_failed")
        writes.ledger.append(
            (declarer, MOUNTAIN, NOBODY, MISERE_PRICE * taken * factor, R_MISERE_FAILED)
        )
    else:
        writes = Writes("misere_made")
        writes.ledger.append((declarer, POOL, NOBODY, MISERE_PRICE, R_MISERE_MADE))
    if violator == declarer:
        writes.ledger.append(
            (
                declarer,
                MOUNTAIN,
                NOBODY,
                MISERE_PRICE * facts.count * factor,
                R_RENONCE_OWN_MISERE,
            )
        )
    return writes


def score_allpass(facts: DealFacts, n: int, conventions: Conventions, in_a_row: int) -> Writes:
    """An all-pass [распасы], the `in_a_row`-th in its series (§6), after the amnesty
    [амнистия] of `allpass_amnesty`."""
    writes = Writes("allpass")
    multiplier = allpass_multiplier(in_a_row, conventions)
    writes.multiplier = multiplier
    unit = conventions.allpass_trick * multiplier
    tricks = facts.tricks
    amnesty = conventions.allpass_amnesty
    if amnesty == "min":
        # «списывается одинаковое количество взяток у всех игроков» (l.106, l.431).
        fewest = min(tricks)
        priced = [taken - fewest for taken in tricks]
    elif amnesty == "three":
        # «нужно стараться не взять больше трех взяток. Они подлежат амнистии. За каждую
        # взятку сверх трех дается по 10 ремизов» (l.654–656).
        priced = [taken - 3 if taken > 3 else 0 for taken in tricks]
    else:
        priced = tricks
    write = writes.ledger.append
    if conventions.allpass_scoring == "mountain":
        trick_price = 10 * multiplier if amnesty == "three" else unit
        per_trick = trick_price * conventions.mountain_factor
        zero = conventions.allpass_zero
        point = unit if conventions.allpass_zero_multiplied else 1
        for seat in range(n):
            if tricks[seat]:
                if priced[seat]:
                    write((seat, MOUNTAIN, NOBODY, per_trick * priced[seat], R_ALLPASS_TRICKS))
            elif zero == "pool":
                write((seat, POOL, NOBODY, point, R_ALLPASS_ZERO_POOL))
            elif zero == "mountain_off":
                write((seat, MOUNTAIN, NOBODY, -point, R_ALLPASS_ZERO_OFF))
    else:
        _allpass_whists(facts, writes.ledger, n, unit, priced)
    if facts.violator != NOBODY:
        # Kodex 54: "ставит по 10 наверх за каждую ошибку".
        write((facts.violator, MOUNTAIN, NOBODY, 10 * facts.count, R_RENONCE_ALLPASS))
    return writes


def _allpass_whists(
    facts: DealFacts, ledger: list[Entry], n: int, unit: int, priced: list[int]
) -> None:
    """Rostov: the fewest tricks write 10 × unit whists per priced trick of each other
    player, split among the fewest, an odd whist to the first clockwise from the dealer's
    left."""
    tricks = facts.tricks
    fewest = min(tricks)
    start = facts.dealer + 1
    order = [(start + step) % n for step in range(n)]
    writers = [seat for seat in order if tricks[seat] == fewest]
    count = len(writers)
    for seat in order:
        if tricks[seat] == fewest:
            continue
        each, odd = divmod(10 * unit * priced[seat], count)
        for rank, writer in enumerate(writers):
            amount = each + (1 if rank < odd else 0)
            if amount:
                ledger.append((writer, WHISTS, seat, amount, R_ALLPASS_WHISTS))
