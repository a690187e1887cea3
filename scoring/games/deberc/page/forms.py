"""The scorer's deal form: POST fields ⇄ a DEAL of the scoresheet format.

The form is built per table (one block per player, fields named by seat index so that any
display name is safe in a field name). Parsing only turns the fields into a deal; the rules
engine judges it. Field names:

- `trump` (C/D/H/S), `declarer` (seat index), `last_trick` (seat index), `void` (all passed);
- `points_<i>`, `tricks_<i>` (optional), `bella_<i>`;
- `decl_<i>_<slot>_kind` (terz/fifty/hundred/debertz/klabor), `decl_<i>_<slot>_rank`,
  `decl_<i>_<slot>_suit`: a combination by its top card;
- `closing_player`, `closing_points`; `violation_player`, `violation_kind`,
  `violation_taken_by` (seat index: who took a trick for a renonce under `take_trick`),
  `violation_asked` (what "how high?" asked about), `violation_combination` (the
  combination of a `late_senior` ruling, e.g. `fifty:AC`);
- `low_points` (seat index): a redeal for a hand of few points (`redeal_below`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.deal_form import DealForm, seat_index
from scoring.games.deberc.engine.cards import card_name, parse_card
from scoring.games.deberc.engine.combinations import RUN_LENGTH, run_cards

SUITS: list[tuple[str, str, Any]] = [
    ("C", "♣", pgettext_lazy("card suit", "clubs")),
    ("D", "♦", pgettext_lazy("card suit", "diamonds")),
    ("H", "♥", pgettext_lazy("card suit", "hearts")),
    ("S", "♠", pgettext_lazy("card suit", "spades")),
]
RANKS = ["A", "K", "Q", "J", "10", "9", "8"]
# The ranks as the form shows them: the face cards by their letter in the reader's language
# (ru/uk Т К Д В), the numbers as they are; the value sent stays the notation's letter.
RANK_LABELS: dict[str, Any] = {
    "A": pgettext_lazy("card rank, short", "A"),
    "K": pgettext_lazy("card rank, short", "K"),
    "Q": pgettext_lazy("card rank, short", "Q"),
    "J": pgettext_lazy("card rank, short", "J"),
}
COMBINATIONS: list[tuple[str, Any]] = [
    ("terz", _("terz")),
    ("fifty", _("fifty")),
    ("hundred", _("hundred")),
    ("debertz", _("debertz")),
    ("klabor", _("klabor")),
]
# Why a match ended (the engine's `reason`), as the sheet says it.
END_REASONS: dict[str, Any] = {
    "target": _("the target was reached"),
    "closing": _("the match was closed"),
    "false_closing": _("a false closing"),
    "debertz": _("debertz"),
    "mercy": _("the mercy rule"),
    "fixed_deals": _("the agreed number of deals was played"),
}

VIOLATIONS: list[tuple[str, Any]] = [
    ("renonce", _("renonce (did not follow suit / trump)")),
    ("false_declaration", _("false declaration")),
    ("illegal_question", _('illegal "how high?"')),
    ("illegal_swap", _("illegal seven swap")),
    ("wrong_card_count", _("wrong number of cards")),
    # Not a byte: the asker's combinations are annulled and the deal is scored (rules §4).
    ("senior_after_question", _('"how high?", then a senior combination')),
    # Not a byte: the senior combination announced after a junior one is not counted (§4).
    ("late_senior", _("a senior combination announced after a junior one")),
]
# A violation named in a line of prose (the deal history's summary), short: never the
# record's code (issue 35).
VIOLATION_NAMES: dict[str, Any] = {
    "renonce": _("renonce"),
    "false_declaration": _("false declaration"),
    "illegal_question": _('illegal "how high?"'),
    "illegal_swap": _("illegal seven swap"),
    "wrong_card_count": _("wrong number of cards"),
    "senior_after_question": _('"how high?", then a senior combination'),
    "late_senior": _("a senior combination announced after a junior one"),
}
# What a "how high?" ruling may say was asked (rules §4, `asked`).
ASKED: list[tuple[str, Any]] = [
    ("terz", _("about a terz")),
    ("fifty", _("about a fifty")),
    ("swap_terz", _("about the trump-nine terz at the seven swap")),
]
# The longest combination a scorer types (`hundred:10S` is 11 characters).
COMBINATION_MAX = 24
DECLARATION_SLOTS = 3
_SUIT_SYMBOL = {code: symbol for code, symbol, _label in SUITS}
_SUIT_NAME = {code: label for code, _symbol, label in SUITS}


def _int(form: DealForm, key: str, raw: str | None, *, minimum: int = 0) -> int | None:
    text = (raw or "").strip()
    if not text:
        return None
    try:
        number = int(text)
    except ValueError:
        form.add_error(key, _("Enter a whole number."))
        return None
    if number < minimum:
        form.add_error(key, _("Enter a whole number."))
        return None
    return number


def _seat(form: DealForm, key: str, raw: str | None) -> str | None:
    seat = seat_index(form, key, raw)
    return None if seat is None else form.names[seat]


def parse_deal(post: Mapping[str, Any], names: Sequence[str]) -> DealForm:
    """The deal the scorer entered (not yet judged by the engine)."""
    form = DealForm(names=names, values={k: post.get(k) for k in post})
    record: dict[str, Any] = {}
    # A redeal for a hand of few points (rules §2) is read first, whichever button sent it:
    # the scorer who chose who asked for it and then pressed "void deal" meant the redeal (on
    # an Odessa table, where nobody may pass, that was once refused as a void deal with no
    # trump, issue 35).
    low_points = _seat(form, "low_points", post.get("low_points"))
    if low_points is not None:
        # A void deal recorded as the redeal: the next dealer in turn deals (the engine's).
        form.record = {"low_points": low_points}
        return form
    if post.get("redeal"):
        if "low_points" not in form.errors:
            form.add_error("low_points", _("Choose who held too few points."))
        return form
    if post.get("void"):
        form.record = {"declarer": None}
        return form

    trump = (post.get("trump") or "").strip().upper()
    if trump:
        record["trump"] = trump
    declarer = _seat(form, "declarer", post.get("declarer"))
    record["declarer"] = declarer
    if not trump:
        form.add_error("trump", _("Choose the trump."))
    if declarer is None and "declarer" not in form.errors:
        form.add_error("declarer", _("Choose the declarer."))

    declarations: dict[str, list[str]] = {}
    for i, name in enumerate(names):
        declared: list[str] = []
        for slot in range(DECLARATION_SLOTS):
            kind = (post.get(f"decl_{i}_{slot}_kind") or "").strip()
            if not kind:
                continue
            rank = (post.get(f"decl_{i}_{slot}_rank") or "").strip()
            suit = (post.get(f"decl_{i}_{slot}_suit") or "").strip() or trump
            if not rank or not suit:
                form.add_error(
                    f"declarations_{i}@{slot}", _("Choose the top card of the combination.")
                )
                continue
            declared.append(f"{kind}:{rank}{suit}")
        if post.get(f"bella_{i}"):
            declared.append("bella")
        if declared:
            declarations[name] = declared
    if declarations:
        record["declarations"] = declarations

    points: dict[str, int] = {}
    for i, name in enumerate(names):
        value = _int(form, f"points_{i}", post.get(f"points_{i}"))
        if value is not None:
            points[name] = value
    tricks: dict[str, int] = {}
    for i, name in enumerate(names):
        value = _int(form, f"tricks_{i}", post.get(f"tricks_{i}"))
        if value is not None:
            tricks[name] = value

    closing_player = _seat(form, "closing", post.get("closing_player"))
    if closing_player is not None:
        closing_points = _int(form, "closing", post.get("closing_points"))
        record["closing"] = {"player": closing_player, "points": closing_points or 0}
    violation_player = _seat(form, "violation", post.get("violation_player"))
    if violation_player is not None:
        kind = (post.get("violation_kind") or "").strip() or "renonce"
        record["violation"] = {"player": violation_player, "kind": kind}
        # Kharkov's renonce (`take_trick`): the opponent who noticed took one of the
        # violator's tricks; the figures are written after the move (rules §6).
        taken_by = _seat(form, "violation", post.get("violation_taken_by"))
        if taken_by is not None:
            record["violation"]["taken_by"] = taken_by
        asked = (post.get("violation_asked") or "").strip()
        if asked:
            record["violation"]["asked"] = asked[:COMBINATION_MAX]
        combination = (post.get("violation_combination") or "").strip()
        if len(combination) > COMBINATION_MAX:
            form.add_error("violation", _("A combination is written like fifty:AC."))
        elif combination:
            record["violation"]["combination"] = combination

    if points:
        # A blank figure next to filled ones reads as 0 (a player who took no card points).
        record["points"] = {name: points.get(name, 0) for name in names}
    last_trick = _seat(form, "last_trick", post.get("last_trick"))
    if last_trick is not None:
        record["last_trick"] = last_trick
    if tricks:
        record["tricks"] = {name: tricks.get(name, 0) for name in names}
    form.record = record
    return form


def values_from_record(record: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """The form's field values for an existing deal (a correction starts from it)."""
    index = {name: i for i, name in enumerate(names)}
    values: dict[str, Any] = {}
    if record.get("low_points") in index:
        values["low_points"] = str(index[record["low_points"]])
        return values
    if record.get("declarer") is None and not record.get("trump"):
        values["void"] = "1"
        return values
    values["trump"] = str(record.get("trump") or "").upper()[:1] if record.get("trump") else ""
    if record.get("declarer") in index:
        values["declarer"] = str(index[record["declarer"]])
    for name, figure in (record.get("points") or {}).items():
        if name in index:
            values[f"points_{index[name]}"] = figure
    for name, figure in (record.get("tricks") or {}).items():
        if name in index:
            values[f"tricks_{index[name]}"] = figure
    if record.get("last_trick") in index:
        values["last_trick"] = str(index[record["last_trick"]])
    for name, declared in (record.get("declarations") or {}).items():
        if name not in index:
            continue
        i = index[name]
        slot = 0
        for item in declared:
            text = str(item)
            if text.lower() == "bella":
                values[f"bella_{i}"] = "1"
                continue
            kind, _sep, card = text.partition(":")
            if slot < DECLARATION_SLOTS and card:
                values[f"decl_{i}_{slot}_kind"] = kind.lower()
                values[f"decl_{i}_{slot}_rank"] = card[:-1].upper()
                values[f"decl_{i}_{slot}_suit"] = card[-1].upper()
                slot += 1
    closing = record.get("closing") or {}
    if closing.get("player") in index:
        values["closing_player"] = str(index[closing["player"]])
        values["closing_points"] = closing.get("points", 0)
    violation = record.get("violation") or {}
    if violation.get("player") in index:
        values["violation_player"] = str(index[violation["player"]])
        values["violation_kind"] = violation.get("kind", "renonce")
        if violation.get("taken_by") in index:
            values["violation_taken_by"] = str(index[violation["taken_by"]])
        if violation.get("asked"):
            values["violation_asked"] = str(violation["asked"])
        if violation.get("combination"):
            values["violation_combination"] = str(violation["combination"])
    return values


# Which of a player's declarations an engine error is about, read from its message: the
# declaration it quotes (`'terz:8H': ...`), the card it names (`KH is declared by ...`), or the
# kind the table does not play. The page marks that row only (`declaration_errors`).
_QUOTED = re.compile(r"^'(?P<text>[^']+)'")
_NAMED_CARD = re.compile(r"^(?P<card>\S+) is (?:declared by |in two combinations of )")
_KIND_OFF = {
    "a hundred needs the convention hundred": "hundred",
    "debertz is off at this table": "debertz",
    "klabor is not played at this table": "klabor",
}


def _declaration_key(base: str, err: Mapping[str, Any]) -> str:
    """`declarations_<i>` with what names the row: `:<text>` a declaration, `#<card>` a
    card in it, `~<kind>` its kind (the form's own errors: `@<slot>`); the player's own key
    when the message names none."""
    message = str(err.get("message") or "")
    quoted = _QUOTED.match(message)
    if quoted:
        return f"{base}:{quoted['text'].strip()}"
    named = _NAMED_CARD.match(message)
    if named:
        return f"{base}#{named['card']}"
    if message in _KIND_OFF:
        return f"{base}~{_KIND_OFF[message]}"
    return base


def declaration_errors(
    index: int, values: Mapping[str, Any], errors: Mapping[str, list[str]]
) -> tuple[list[str], dict[int, list[str]]]:
    """Player `index`'s declaration errors: those of the player as a whole, and those of each
    row (slot) of the form that the error names (`engine_error_key`); an error naming no row
    the player filled in stays the player's."""
    base = f"declarations_{index}"
    mine = {key: texts for key, texts in errors.items() if key.startswith(base)}
    mine = {key: texts for key, texts in mine.items() if key == base or key[len(base)] in ":#~@"}
    trump = str(values.get("trump") or "").strip().upper()
    rows: dict[int, list[str]] = {}
    used: set[str] = set()
    for slot in range(DECLARATION_SLOTS):
        kind = str(values.get(f"decl_{index}_{slot}_kind") or "").strip()
        rank = str(values.get(f"decl_{index}_{slot}_rank") or "").strip()
        suit = str(values.get(f"decl_{index}_{slot}_suit") or "").strip() or trump
        if not kind:
            continue
        keys = [f"{base}@{slot}", f"{base}:{kind}:{rank}{suit}", f"{base}~{kind}"]
        top = parse_card(f"{rank}{suit}")
        length = RUN_LENGTH.get(kind)
        cards = run_cards(top, length) if top is not None and length else None
        keys += [f"{base}#{card_name(card)}" for card in cards or ()]
        found = [key for key in keys if key in mine]
        if found:
            rows[slot] = [text for key in found for text in mine[key]]
            used.update(found)
    whole = [text for key, texts in mine.items() if key not in used for text in texts]
    return whole, rows


def engine_error_key(err: Mapping[str, Any], names: Sequence[str]) -> str:
    """The form field an engine error belongs at: `points.Anna` → `points_0`,
    `declarations.Boris...` → `declarations_1` (with the row it names, `declaration_errors`),
    `trump` → `trump`; else `__all__`."""
    raw = str(err.get("field") or "")
    if not raw:
        return "__all__"
    head, _sep, rest = raw.partition(".")
    head = head.split("[")[0]
    if head in ("points", "tricks", "declarations") and rest:
        player = rest.split("[")[0].split(".")[0]
        if player in names:
            key = f"{head}_{list(names).index(player)}"
            return _declaration_key(key, err) if head == "declarations" else key
    if head in ("points", "tricks", "declarations", "trump", "declarer", "last_trick"):
        return head
    if head in ("closing", "violation", "low_points"):
        return head
    return "__all__"


def rank_label(rank: str) -> str:
    """A rank as the form shows it in the active language (`K` → К in Russian)."""
    return str(RANK_LABELS.get(rank, rank))


_CARD = re.compile(r"^(?P<rank>10|[AKQJ987])(?P<suit>[CDHS])$")


def card_shown(notation: str) -> str:
    """A card of the engine's notation (`KH`, `10S`) as the page shows it: K♥, 10♠ (ru: К♥)."""
    found = _CARD.match(notation.strip().upper())
    if found is None:
        return notation
    return f"{rank_label(found['rank'])}{suit_symbol(found['suit'])}"


def declaration_shown(text: str) -> str:
    """A declaration of the record (`terz:KH`, `bella`) as a line of prose names it: "терц
    К♥", "белла"; an unreadable one as it was written."""
    kind, _sep, card = str(text).partition(":")
    label = dict(COMBINATIONS).get(kind.strip().lower())
    if kind.strip().lower() == "bella":
        label = _("bella")
    if label is None:
        return str(text)
    return f"{label} {card_shown(card)}" if card else str(label)


def suit_symbol(code: str) -> str:
    return _SUIT_SYMBOL.get((code or "").upper()[:1], code or "")


def suit_name(code: str) -> str:
    """The suit's name in the active language ("пики"): what a screen reader says instead of
    the symbol, which it reads in its own language or not at all."""
    name = _SUIT_NAME.get((code or "").upper()[:1])
    return str(name) if name is not None else ""
