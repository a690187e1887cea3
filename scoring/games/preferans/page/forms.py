"""The Preferans scorer's deal form: POST fields ⇄ a DEAL of preferans-scoresheet/1.

Fields are named by seat index (any display name is safe in a field name):

- `contract`: `6S` … `10NT` (a game), `misere` or `allpass` — one tap on the picker;
- `declarer`: the declarer's seat (a game or a misère);
- `whist_<i>`: each defender's `whist`, `pass`, `half` or `check`;
- `tricks_<i>`: each playing hand's tricks; `dealer` (hidden): the seat the page showed as
  dealing, only a hint for filling in the last hand's tricks (never written in the deal);
- `half_answered`: on a half-whist [полвиста], the passer answered "играем" (Kodex 23): the
  deal is written with the final choices, the passer's `whist` and the half-whister's `pass`;
- `violation_player`, `violation_count`: a renonce [ренонс]; `violation2_player`,
  `violation2_count`: a second one, when the declarer and a defender both erred (Kodex 33):
  the deal then carries the list of the two;
- `bomb`: the bomb level [бомба] 0–3 the deal is played at (only where bombs are played; left
  empty, the table's carried level); `blind`: the deal is played blind [втёмную];
  `halves_with`: the seat the four-handed dealer plays with in halves [в пополаме].

Parsing only turns the fields into a deal (and fills in the last hand's tricks, 10 minus the
others); the rules engine judges it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.deal_form import DealForm, seat_index
from scoring.games.preferans.engine.deal import answer_half_whist

LEVELS = (6, 7, 8, 9, 10)
# Suits in the order of their rank (♠ < ♣ < ♦ < ♥), then no trumps.
SUITS: list[tuple[str, str, Any]] = [
    ("S", "♠", pgettext_lazy("card suit", "spades")),
    ("C", "♣", pgettext_lazy("card suit", "clubs")),
    ("D", "♦", pgettext_lazy("card suit", "diamonds")),
    ("H", "♥", pgettext_lazy("card suit", "hearts")),
    ("NT", "БК", _("no trumps")),
]
SUIT_SYMBOL = {code: symbol for code, symbol, _label in SUITS}
MISERE = "misere"
ALLPASS = "allpass"
# Why a pulka ended (the engine's `reason`), as the sheet and the round's report say it.
END_REASONS: dict[str, Any] = {
    "pools_full": _("every pool is full"),
    "closed": _("the table was closed on time"),
    "fixed_deals": _("the agreed number of deals was played"),
    "pools_total": _("the pools' total is full"),
    "mountains_zero": _("every pool is full and every mountain is written off"),
    "jumps": _("the last jump is over"),
}
BOMB_LEVELS = (0, 1, 2, 3)

CHOICES: list[tuple[str, Any]] = [
    ("whist", _("whist")),
    ("pass", _("pass")),
    ("half", _("half-whist")),
    ("check", _("check")),
]
TRICKS = 10


def contract_codes() -> list[str]:
    return [f"{level}{code}" for level in LEVELS for code, _symbol, _label in SUITS]


def contract_label(code: str | None) -> str:
    """`7H` → `7♥`, `10NT` → `10БК`; other text as it is."""
    text = str(code or "")
    for suit, symbol, _label in SUITS:
        if text.endswith(suit) and text[: -len(suit)].isdigit():
            return f"{text[: -len(suit)]}{symbol}"
    return text


def contract_spoken(code: str | None) -> str:
    """`7H` → "7 черви" in the active language: what a screen reader says for `7♥` (it reads
    the symbol in its own language, or not at all); other text as it is."""
    text = str(code or "")
    for suit, _symbol, label in SUITS:
        if text.endswith(suit) and text[: -len(suit)].isdigit():
            return f"{text[: -len(suit)]} {label}"
    return text


def _count(form: DealForm, key: str, raw: Any, *, minimum: int, maximum: int) -> int | None:
    text = str(raw or "").strip()
    if not text:
        return None
    try:
        number = int(text)
    except ValueError:
        number = -1
    if not minimum <= number <= maximum:
        form.add_error(
            key,
            _("Enter a whole number from %(low)s to %(high)s.") % {"low": minimum, "high": maximum},
        )
        return None
    return number


def _hint_dealer(post: Mapping[str, Any], n: int) -> int | None:
    try:
        seat = int(str(post.get("dealer") or "").strip())
    except ValueError:
        return None
    return seat if 0 <= seat < n else None


def fill_last_tricks(
    tricks: dict[int, int], playing: Sequence[int], fixed: Mapping[int, int] | None = None
) -> dict[int, int]:
    """Every playing hand's tricks when all but one are given: the last one gets 10 minus the
    others (as the scorer's phone fills it in). `fixed` are figures counted in the ten but not
    among `playing` (the four-handed dealer's talon tricks on an all-pass)."""
    missing = [seat for seat in playing if seat not in tricks]
    if len(missing) != 1:
        return tricks
    taken = sum(tricks[seat] for seat in playing if seat in tricks) + sum((fixed or {}).values())
    if taken > TRICKS:
        return tricks
    return {**tricks, missing[0]: TRICKS - taken}


def parse_deal(post: Mapping[str, Any], names: Sequence[str]) -> DealForm:
    """The deal the scorer entered (not yet judged by the engine)."""
    form = DealForm(names=names, values={k: post.get(k) for k in post})
    n = len(names)
    record: dict[str, Any] = {}
    contract = str(post.get("contract") or "").strip()
    if contract == ALLPASS:
        kind = ALLPASS
    elif contract == MISERE:
        kind = "misere"
    elif contract in contract_codes():
        kind = "game"
    else:
        kind = ""
        form.add_error("contract", _("Choose the game, misère or all-pass."))
    if kind:
        record["kind"] = kind
    declarer: int | None = None
    if kind in ("game", "misere"):
        declarer = seat_index(form, "declarer", post.get("declarer"))
        if declarer is None and "declarer" not in form.errors:
            form.add_error("declarer", _("Choose the declarer."))
        record["declarer"] = names[declarer] if declarer is not None else None
    if kind == "game":
        record["contract"] = contract
        whist: dict[str, str] = {}
        for seat, name in enumerate(names):
            choice = str(post.get(f"whist_{seat}") or "").strip()
            if seat == declarer or not choice:
                continue  # the declarer's row is hidden: a choice left there is not his
            if choice not in {code for code, _label in CHOICES}:
                form.add_error(f"whist_{seat}", _("Choose whist or pass."))
                continue
            whist[name] = choice
        record["whist"] = whist  # a defender left out: the engine names him
    if kind:
        tricks: dict[int, int] = {}
        for seat in range(n):
            value = _count(
                form, f"tricks_{seat}", post.get(f"tricks_{seat}"), minimum=0, maximum=10
            )
            if value is not None:
                tricks[seat] = value
        dealer = _hint_dealer(post, n) if n == 4 else None
        playing = [seat for seat in range(n) if seat != dealer]
        fixed: dict[int, int] = {}
        if dealer is not None and kind == ALLPASS:
            fixed[dealer] = tricks.setdefault(dealer, 0)  # the talon tricks: 0 unless written
        if not any(f"tricks_{seat}" in form.errors for seat in range(n)):
            tricks = fill_last_tricks(tricks, playing, fixed)
        if tricks:
            record["tricks"] = {names[seat]: tricks[seat] for seat in sorted(tricks)}
            for seat, figure in tricks.items():
                form.values[f"tricks_{seat}"] = str(figure)
    if kind == "game" and str(post.get("half_answered") or "").strip():
        record["whist"] = answer_half_whist(record["whist"])
    renonces = [
        renonce
        for renonce in (
            _renonce(form, post, "violation_player", "violation_count"),
            _renonce(form, post, "violation2_player", "violation2_count"),
        )
        if renonce is not None
    ]
    if len(renonces) == 1:
        record["violation"] = renonces[0]
    elif renonces:
        record["violation"] = renonces  # both erred: the engine checks who they are
    bomb = _count(form, "bomb", post.get("bomb"), minimum=0, maximum=BOMB_LEVELS[-1])
    if bomb is not None:
        record["bomb"] = bomb  # empty: the level the table carries (the engine knows it)
    if str(post.get("blind") or "").strip():
        record["blind"] = True
    partner = seat_index(form, "halves_with", post.get("halves_with"))
    if partner is not None:
        record["halves_with"] = names[partner]  # the engine judges who may share
    form.record = record
    return form


def _renonce(
    form: DealForm, post: Mapping[str, Any], player_key: str, count_key: str
) -> dict[str, Any] | None:
    """One renonce row of the form → `{player, kind, count}`; errors at `violation`."""
    violator = seat_index(form, "violation", post.get(player_key))
    if violator is None:
        return None
    count = _count(form, "violation", post.get(count_key), minimum=1, maximum=10)
    return {"player": form.names[violator], "kind": "renonce", "count": count or 1}


def values_from_record(record: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """The form's field values for an existing deal (a correction starts from it)."""
    index = {name: i for i, name in enumerate(names)}
    values: dict[str, Any] = {}
    kind = record.get("kind")
    if kind == ALLPASS:
        values["contract"] = ALLPASS
    elif kind == "misere":
        values["contract"] = MISERE
    elif kind == "game":
        values["contract"] = str(record.get("contract") or "").upper().replace(" ", "")
    if record.get("declarer") in index:
        values["declarer"] = str(index[record["declarer"]])
    for name, choice in (record.get("whist") or {}).items():
        if name in index:
            values[f"whist_{index[name]}"] = choice
    for name, figure in (record.get("tricks") or {}).items():
        if name in index:
            values[f"tricks_{index[name]}"] = str(figure)
    violation = record.get("violation") or {}
    renonces = violation if isinstance(violation, list) else [violation]
    for prefix, renonce in zip(("violation", "violation2"), renonces, strict=False):
        if isinstance(renonce, Mapping) and renonce.get("player") in index:
            values[f"{prefix}_player"] = str(index[renonce["player"]])
            values[f"{prefix}_count"] = str(renonce.get("count", 1))
    if isinstance(record.get("bomb"), int):
        values["bomb"] = str(record["bomb"])
    if record.get("blind") is True:
        values["blind"] = "1"
    if record.get("halves_with") in index:
        values["halves_with"] = str(index[record["halves_with"]])
    return values


def engine_error_key(err: Mapping[str, Any], names: Sequence[str]) -> str:
    """The form field an engine error belongs at: `whist.Vera` → `whist_2`, `tricks.Anna` →
    `tricks_0`, `kind`/`contract` → `contract`, `violation.*` and `violation[2].*` →
    `violation`, `bomb`, `blind`, `halves_with` at their own; else `__all__`."""
    raw = str(err.get("field") or "")
    head, _sep, rest = raw.partition(".")
    head = head.partition("[")[0]
    if head in ("whist", "tricks") and rest in names:
        return f"{head}_{list(names).index(rest)}"
    if head in ("kind", "contract"):
        return "contract"
    if head in ("declarer", "whist", "tricks", "violation", "bomb", "blind", "halves_with"):
        return head
    return "__all__"
