"""Scoring one deal [сдача] into its writes (rules §3–§7).

A deal's facts (`DealFacts`, read and checked by `reader`) become `Writes`: what each player
writes into the pool [пуля] and the mountain [гора], and the whists [висты] one player writes
on another. Nothing here knows the running sheet: the pool target, help [помощь] and the
write-off of a mountain happen in `sheet`.

Seats are indexes into the record's `players`; lists are by seat.
"""

from __future__ import annotations

from typing import Final

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
    is NOBODY.
    """

    __slots__ = (
        "choices",
        "contract",
        "count",
        "dealer",
        "declarer",
        "defenders",
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


class Writes:
    """What one deal writes, before the pool target applies.

    `pool` and `mountain` are by seat; `mountain_off` is what a player writes off the
    mountain [списывает с горы] (not below 0, settled by the sheet); `whists` lists
    (writer, on, whists).
    """

    __slots__ = ("mountain", "mountain_off", "multiplier", "outcome", "pool", "whists")

    def __init__(self, n: int, outcome: str) -> None:
        self.outcome = outcome
        self.pool = [0] * n
        self.mountain = [0] * n
        self.mountain_off: list[int] | None = None
        self.whists: list[tuple[int, int, int]] = []
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


def score_deal(facts: DealFacts, n: int, conventions: Conventions, in_a_row: int) -> Writes:
    """The writes of one checked deal; `in_a_row` counts this all-pass in its series."""
    if facts.kind == GAME:
        return score_game(facts, n, conventions)
    if facts.kind == MISERE:
        return score_misere(facts, n, conventions)
    return score_allpass(facts, n, conventions, in_a_row)


def score_game(facts: DealFacts, n: int, conventions: Conventions) -> Writes:
    """A game on tricks [игра на взятки]: not played, half-whist, made or remise (§3–§4, §7)."""
    declarer = facts.declarer
    level = facts.level
    price = PRICE[level]
    first, second = facts.choices
    if first == PASS and second == PASS:
        # Both pass [оба паса]: the declarer writes the game without playing (Kodex 40).
        writes = Writes(n, "not_played")
        writes.pool[declarer] = price
        return writes
    if first == HALF or second == HALF:
        # Half a whist [полвиста]: not played; the half-whister writes half the obligation
        # (only on a six or a seven, so `obligation_8` never applies here).
        writes = Writes(n, "half_whist")
        writes.pool[declarer] = price
        half_whister = facts.defenders[0] if first == HALF else facts.defenders[1]
        writes.whists.append(
            (half_whister, declarer, price * conventions.whist_factor * OBLIGATION[level] // 2)
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
    writes = Writes(n, "made" if defender_violated or not under else "remise")
    mountain = writes.mountain
    whists = writes.whists
    if defender_violated:
        # Kodex 31: the game counts as made, and the violator "ставит за недобранные взятки и
        # за каждый ренонс по одному ремизу по игре".
        writes.pool[declarer] = price
        mountain[violator] += price * (under + facts.count) * mountain_factor
        under = 0
    elif under:
        mountain[declarer] += price * under * mountain_factor  # ремиз
    else:
        writes.pool[declarer] = price

    checked = first == CHECK or second == CHECK
    whisters: list[int] = []
    if checked:
        if under:
            # A failed checked ten: "они записывают за вист пополам" (Kodex 35): the
            # defenders' tricks as whists, halved between the two (P = 10: exact).
            half = whist_price * defence // 2
            if half:
                for seat in facts.defenders:
                    whists.append((seat, declarer, half))
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
                    whists.append((seat, declarer, whist_price * tricks[seat]))
        else:
            whister = whisters[0]
            passer = facts.defenders[1] if facts.defenders[0] == whister else facts.defenders[0]
            if defence:
                if conventions.whist_split == "whister":
                    if whister != violator:
                        whists.append((whister, declarer, whist_price * defence))
                else:
                    half = whist_price * defence // 2  # P is even: halves are exact
                    if whister != violator:
                        whists.append((whister, declarer, half))
                    if passer != violator:
                        whists.append((passer, declarer, half))
        if not defender_violated and not under:
            obligation = obligation_of(level, conventions.obligation_8)
            if defence < obligation:
                owed = _shortfall(facts, whisters, defence, obligation, conventions)
                if violator == declarer:
                    # Kodex 30: the defenders "остались без одной или более, то ремиза не
                    # ставят, а ставит весь ремиз играющий": what they would have written.
                    mountain[declarer] += sum(amount for _seat, amount in owed)
                else:
                    for seat, amount in owed:
                        mountain[seat] += amount
    if under:
        _consolation(facts, writes, n, whisters, whist_price * under, conventions)
    return writes


def _consolation(
    facts: DealFacts,
    writes: Writes,
    n: int,
    whisters: list[int],
    consolation: int,
    conventions: Conventions,
) -> None:
    """Consolation [консоляция] on a remise: every other player at the table, the
    sitting-out dealer too (Kodex 48). A lone whister under responsible whist writes the
    passer's share as well ("вистующий пишет себе, как за себя, так и за пасовавшего")."""
    declarer = facts.declarer
    whists = writes.whists
    lone = whisters[0] if len(whisters) == 1 and conventions.whist_split == "whister" else NOBODY
    for seat in range(n):
        if seat == declarer:
            continue
        if lone != NOBODY and seat in facts.defenders:
            if seat == lone:
                whists.append((seat, declarer, 2 * consolation))
            continue
        whists.append((seat, declarer, consolation))


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
    writes = Writes(n, "remise" if under else "made")
    mountain = writes.mountain
    # The game scores from its tricks, with no consolation: nobody else broke a rule.
    if under:
        mountain[declarer] += price * under * factor
    else:
        writes.pool[declarer] = price
    mountain[declarer] += price * facts.count * factor
    culprit = facts.partner
    mountain[culprit] += price * facts.partner_count * factor
    # The other defender's tricks are paid half by each violator, whatever he said (whist,
    # pass or check); "если бы этот другой вистующий был без взяток, он ремиза не ставит":
    # no shortfall. The violating defender writes no whists (the text is silent: the
    # service's reading).
    other = facts.defenders[1] if facts.defenders[0] == culprit else facts.defenders[0]
    half = price * conventions.whist_factor * facts.tricks[other] // 2  # P is even: exact
    if half:
        writes.whists.append((other, declarer, half))
        writes.whists.append((other, culprit, half))
    return writes


def _shortfall(
    facts: DealFacts,
    whisters: list[int],
    defence: int,
    obligation: int,
    conventions: Conventions,
) -> list[tuple[int, int]]:
    """The whisters' shortfall [недобор взяток вистующими, "в гору"] on a made game (§4):
    (seat, mountain) for each defender who would write it."""
    price = PRICE[facts.level]
    factor = conventions.mountain_factor
    if len(whisters) == 2:
        # "в гору получит тот, кто взял меньше двух взяток": each below the own share s.
        share = share_of(obligation)
        return [
            (seat, price * (share - facts.tricks[seat]) * factor)
            for seat in whisters
            if facts.tricks[seat] < share
        ]
    whister = whisters[0]
    owed = price * (obligation - defence) * factor
    rule = conventions.shortfall
    if rule == "full":
        return [(whister, owed)]
    if rule == "half":
        return [(whister, owed // 2)]  # "вистующий в гору записывает половину"
    # "штрафы вистующий с пасовавшим делят пополам"
    passer = facts.defenders[1] if facts.defenders[0] == whister else facts.defenders[0]
    return [(whister, owed // 2), (passer, owed // 2)]


def score_misere(facts: DealFacts, n: int, conventions: Conventions) -> Writes:
    """A misère [мизер]: 10 into the pool with no trick, else 10 per trick into the mountain;
    no whists, no consolation (Kodex 70)."""
    declarer = facts.declarer
    taken = facts.tricks[declarer]
    violator = facts.violator
    factor = conventions.mountain_factor
    if violator != NOBODY and violator != declarer:
        # A defender's renonce: the misère counts as made, the violator pays for it.
        writes = Writes(n, "misere_made")
        writes.pool[declarer] = MISERE_PRICE
        writes.mountain[violator] = MISERE_PRICE * max(facts.count, taken) * factor
        return writes
    if taken:
        writes = Writes(n, "misere_failed")
        writes.mountain[declarer] = MISERE_PRICE * taken * factor
    else:
        writes = Writes(n, "misere_made")
        writes.pool[declarer] = MISERE_PRICE
    if violator == declarer:
        writes.mountain[declarer] += MISERE_PRICE * facts.count * factor
    return writes


def score_allpass(facts: DealFacts, n: int, conventions: Conventions, in_a_row: int) -> Writes:
    """An all-pass [распасы], the `in_a_row`-th in its series (§6)."""
    writes = Writes(n, "allpass")
    multiplier = allpass_multiplier(in_a_row, conventions)
    writes.multiplier = multiplier
    unit = conventions.allpass_trick * multiplier
    tricks = facts.tricks
    if conventions.allpass_scoring == "mountain":
        per_trick = unit * conventions.mountain_factor
        zero = conventions.allpass_zero
        mountain = writes.mountain
        for seat in range(n):
            taken = tricks[seat]
            if taken:
                mountain[seat] = per_trick * taken
            elif zero == "pool":
                writes.pool[seat] = unit
            elif zero == "mountain_off":
                if writes.mountain_off is None:
                    writes.mountain_off = [0] * n
                writes.mountain_off[seat] = unit
    else:
        _allpass_whists(facts, writes, n, unit)
    if facts.violator != NOBODY:
        # Kodex 54: "ставит по 10 наверх за каждую ошибку".
        writes.mountain[facts.violator] += 10 * facts.count
    return writes


def _allpass_whists(facts: DealFacts, writes: Writes, n: int, unit: int) -> None:
    """Rostov: the fewest tricks write 10 × unit whists per trick of each other player,
    split among the fewest, an odd whist to the first clockwise from the dealer's left."""
    tricks = facts.tricks
    fewest = min(tricks)
    start = facts.dealer + 1
    order = [(start + step) % n for step in range(n)]
    writers = [seat for seat in order if tricks[seat] == fewest]
    count = len(writers)
    for seat in order:
        taken = tricks[seat]
        if taken == fewest:
            continue
        each, odd = divmod(10 * unit * taken, count)
        for rank, writer in enumerate(writers):
            amount = each + (1 if rank < odd else 0)
            if amount:
                writes.whists.append((writer, seat, amount))
