"""Deberc's tool forms: cards tapped on a card grid (suits in rows, ranks in columns; plain
checkboxes without JavaScript), the rules from choosing the table (its match's preset and
conventions; a preset select remains for stand-alone use), names typed or from the table."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from referee.forms import MAX_SEATS, PlayersForm, ToolForm, per_player_lines
from scoring.games.deberc.engine.cards import RANK_NAMES, SUIT_LETTERS, SUIT_SYMBOLS
from scoring.games.deberc.engine.conventions import PRESETS
from scoring.games.deberc.labels import RULESET_LABELS

TRUMPS = [("C", _("♣ clubs")), ("D", _("♦ diamonds")), ("H", _("♥ hearts")), ("S", _("♠ spades"))]
# The presets the engine knows, labelled as the game labels them.
RULESETS = [(name, RULESET_LABELS.get(name, name.capitalize())) for name in PRESETS]


class DebercToolForm(ToolForm):
    GAME = "deberc"
    RULESETS = RULESETS
    DEFAULT_RULESET = "moscow"


class DebercPlayersForm(PlayersForm):
    GAME = "deberc"
    RULESETS = RULESETS
    DEFAULT_RULESET = "moscow"


# --- the card grid ---------------------------------------------------------------------------

# Rows: spades, hearts, diamonds, clubs (as cards are sorted in a hand); columns: 7 … A.
GRID_SUITS = ("S", "H", "D", "C")
GRID_RANKS = tuple(reversed(RANK_NAMES))  # 7 8 9 10 J Q K A
_SYMBOL = dict(zip(SUIT_LETTERS, SUIT_SYMBOLS, strict=True))
DECK = [rank + suit for suit in GRID_SUITS for rank in GRID_RANKS]
# Seniority in a run (the natural order A K Q J 10 9 8 7), for reading runs off a grid.
_SEQ = {rank: index for index, rank in enumerate(RANK_NAMES)}


def card_label(card: str) -> str:
    return f"{card[:-1]}{_SYMBOL[card[-1]]}"


class CardGrid(forms.CheckboxSelectMultiple):
    """32 checkboxes laid out as a grid: one row per suit, one column per rank. A small
    static script (`referee/card-grid.js`) hides the boxes and marks the chosen cards;
    without it they are plain checkboxes."""

    template_name = "referee/games/deberc/widgets/card_grid.html"
    input_type = "checkbox"

    def get_context(self, name: str, value: Any, attrs: dict | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        chosen = (
            {str(v) for v in (value or [])} if isinstance(value, list | tuple) else {str(value)}
        )
        widget_id = context["widget"]["attrs"].get("id") or f"id_{name}"
        context["rows"] = [
            {
                "suit": suit,
                "symbol": _SYMBOL[suit],
                "red": suit in "HD",
                "cards": [
                    {
                        "value": rank + suit,
                        "label": card_label(rank + suit),
                        "rank": rank,
                        "checked": rank + suit in chosen,
                        "id": f"{widget_id}_{rank}{suit}",
                    }
                    for rank in GRID_RANKS
                ],
            }
            for suit in GRID_SUITS
        ]
        context["ranks"] = GRID_RANKS
        context["input_type"] = self.input_type
        return context


class OneCardGrid(CardGrid):
    """The grid with radio buttons: one card (the card led to the trick)."""

    input_type = "radio"
    allow_multiple_selected = False

    def value_from_datadict(self, data: Any, files: Any, name: str) -> Any:
        return data.get(name)


class CardsField(forms.MultipleChoiceField):
    widget = CardGrid

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(choices=[(c, card_label(c)) for c in DECK], **kwargs)


class OneCardField(forms.ChoiceField):
    widget = OneCardGrid

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(choices=[("", "—"), *[(c, card_label(c)) for c in DECK]], **kwargs)


def runs_of(cards: list[str]) -> tuple[list[str], list[str]]:
    """The declarations a player's tapped run cards make (3 in a row a terz, 4 a fifty, 5 or
    more a hundred, named by the top card), and the cards that make no run."""
    declarations: list[str] = []
    loose: list[str] = []
    for suit in GRID_SUITS:
        seqs = sorted(_SEQ[c[:-1]] for c in cards if c[-1] == suit)
        run: list[int] = []
        for seq in [*seqs, None]:
            if run and (seq is None or seq != run[-1] + 1):
                top = RANK_NAMES[run[0]] + suit
                if len(run) >= 3:
                    kind = {3: "terz", 4: "fifty"}.get(len(run), "hundred")
                    declarations.append(f"{kind}:{top}")
                else:
                    loose += [RANK_NAMES[q] + suit for q in run]
                run = []
            if seq is not None:
                run.append(seq)
    return declarations, loose


class LegalCardsForm(DebercToolForm):
    field_order = ["table", "ruleset", "trump", "led", "trick", "hand"]
    trump = forms.ChoiceField(label=_("Trump"), choices=TRUMPS)
    led = OneCardField(label=_("The card led to the trick (none: you lead)"))
    trick = CardsField(label=_("The other cards already on the trick"))
    hand = CardsField(label=_("The hand"), required=True)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        led, others = data.get("led") or "", list(data.get("trick") or [])
        if not led and len(others) == 1:
            led, others = others[0], []
        if not led and others:
            self.add_error("led", _("Which card was led? Tap it in the first grid."))
        if led in others:
            others.remove(led)
        data["led"], data["trick"] = led, others
        return data

    def tool_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "trump": data["trump"],
            "trick": [data["led"], *data["trick"]] if data["led"] else [],
            "hand": list(data["hand"]),
            **self.rules(),
        }


class CombinationsForm(DebercPlayersForm):
    """Each player's declared runs tapped on a grid (the cards of the run), bella ticked."""

    trump = forms.ChoiceField(label=_("Trump"), choices=TRUMPS)
    last_trick = forms.CharField(label=_("Who took the last trick (optional)"), required=False)
    declarer = forms.CharField(
        label=_("Declarer, who leads first (optional; combination_tie: first_declared)"),
        required=False,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for index in range(MAX_SEATS):
            self.fields[f"runs_{index}"] = CardsField(
                label=str(_("%(player)s: the cards of the declared runs"))
                % {"player": self.seat_label(index)}
            )
            self.fields[f"bella_{index}"] = forms.BooleanField(
                label=str(_("%(player)s declared bella")) % {"player": self.seat_label(index)},
                required=False,
            )
        self.order_fields(["table", "ruleset", "players", "trump", "last_trick"])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        names = self.clean_players_list()
        declarations: dict[str, list[str]] = {}
        for index, name in enumerate(names):
            runs, loose = runs_of(list(data.get(f"runs_{index}") or []))
            if loose:
                self.add_error(
                    f"runs_{index}",
                    _("These cards make no run of three or more: %(cards)s")
                    % {"cards": ", ".join(card_label(c) for c in loose)},
                )
            declarations[name] = runs + (["bella"] if data.get(f"bella_{index}") else [])
        data["names"], data["declarations"] = names, declarations
        return data

    def tool_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "trump": data["trump"],
            "players": data["names"],
            "declarations": data["declarations"],
            "last_trick": data["last_trick"].strip() or None,
            "declarer": (data.get("declarer") or "").strip() or None,
            **self.rules(),
        }


TRICKS = 10  # 9, 10 at Kharkov's deal (rules §2), 8 with four players


class CheckDealForm(DebercPlayersForm):
    """A deal card by card: each hand and each trick tapped on a grid. The order of a trick
    is not tapped: it follows from the hands (who held each card) and who led (the first
    lead's convention, then each trick's winner)."""

    dealer = forms.CharField(label=_("Dealer"))
    trump = forms.ChoiceField(label=_("Trump"), choices=TRUMPS)
    declarer = forms.CharField(label=_("Declarer (who named the trump)"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for index in range(MAX_SEATS):
            label = self.seat_label(index)
            self.fields[f"hand_{index}"] = CardsField(
                label=str(_("%(player)s's hand at the first lead")) % {"player": label}
            )
            self.fields[f"runs_{index}"] = CardsField(
                label=str(_("%(player)s: the cards of the declared runs (optional)"))
                % {"player": label}
            )
            self.fields[f"bella_{index}"] = forms.BooleanField(
                label=str(_("%(player)s declared bella")) % {"player": label}, required=False
            )
        for number in range(TRICKS):
            self.fields[f"trick_{number}"] = CardsField(
                label=str(_("Trick %(n)s (stop at the disputed card)")) % {"n": number + 1}
            )
        # Rulings that do not stop the deal (rules §4 and §6): optional.
        self.fields["how_high_by"] = forms.CharField(
            label=_('Asked "how high?" and then declared a senior combination (optional)'),
            required=False,
            max_length=80,
        )
        self.fields["late_senior_by"] = forms.CharField(
            label=_("Announced a senior combination after a junior one (optional)"),
            required=False,
            max_length=80,
        )
        self.fields["late_combination"] = forms.CharField(
            label=_("… that combination (e.g. fifty:AC)"), required=False, max_length=24
        )
        self.fields["taken_by"] = forms.CharField(
            label=_("Renonce, where it takes a trick: the opponent who took it (optional)"),
            required=False,
            max_length=80,
        )
        self.fields["taken_trick"] = forms.IntegerField(
            label=_("… and the number of the trick taken"),
            required=False,
            min_value=1,
            max_value=TRICKS,
        )
        self.order_fields(["table", "ruleset", "players", "dealer", "trump", "declarer"])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        names = self.clean_players_list()
        data["names"] = names
        data["hands"] = {name: list(data.get(f"hand_{i}") or []) for i, name in enumerate(names)}
        declarations = {}
        for index, name in enumerate(names):
            runs, loose = runs_of(list(data.get(f"runs_{index}") or []))
            if loose:
                self.add_error(
                    f"runs_{index}",
                    _("These cards make no run of three or more: %(cards)s")
                    % {"cards": ", ".join(card_label(c) for c in loose)},
                )
            chosen = runs + (["bella"] if data.get(f"bella_{index}") else [])
            if chosen:
                declarations[name] = chosen
        data["declarations"] = declarations
        data["trick_sets"] = [
            list(data.get(f"trick_{n}") or []) for n in range(TRICKS) if data.get(f"trick_{n}")
        ]
        return data

    def tool_args(self) -> dict[str, Any]:
        from .tools import order_tricks

        data = self.cleaned_data
        rules = self.rules()
        return {
            "players": data["names"],
            "dealer": data["dealer"].strip(),
            "trump": data["trump"],
            "declarer": data["declarer"].strip(),
            "declarations": data["declarations"],
            "hands": data["hands"],
            "tricks": order_tricks(
                players=data["names"],
                dealer=data["dealer"].strip(),
                declarer=data["declarer"].strip(),
                trump=data["trump"],
                hands=data["hands"],
                tricks=data["trick_sets"],
                **rules,
            ),
            "how_high_by": (data.get("how_high_by") or "").strip() or None,
            "late_senior_by": (data.get("late_senior_by") or "").strip() or None,
            "late_combination": (data.get("late_combination") or "").strip() or None,
            "taken_by": (data.get("taken_by") or "").strip() or None,
            "taken_trick": data.get("taken_trick"),
            **rules,
        }


class CheckClosingForm(DebercToolForm):
    field_order = ["table", "ruleset", "totals", "dealer", "claimant", "points"]
    totals = forms.CharField(
        label=_(
            "Match totals before this deal, one player per line, clockwise (empty: the table's)"
        ),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "placeholder": "Anna: 452\nBoris: 380"}),
    )
    dealer = forms.CharField(label=_("Dealer of this deal (optional)"), required=False)
    claimant = forms.CharField(label=_("Who claims the match"))
    points = forms.IntegerField(
        label=_("Points the claimant took so far in this deal"), min_value=0
    )

    def clean_totals(self) -> list[tuple[str, int]]:
        out = []
        for name, rest in per_player_lines(self.cleaned_data["totals"]):
            try:
                out.append((name, int(rest)))
            except ValueError as exc:
                raise forms.ValidationError(_("Totals are whole numbers.")) from exc
        return out

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        match = self.match
        if not data.get("totals") and match is not None:
            totals = (match.result or {}).get("match") or {}
            data["totals"] = [(name, int(totals.get(name, 0))) for name in self.seat_names()]
        if not data.get("totals") and "totals" not in self.errors:
            self.add_error("totals", _("Choose a table or write the totals."))
        return data

    def tool_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "players": [name for name, _total in data["totals"]],
            "totals": dict(data["totals"]),
            "dealer": data["dealer"].strip() or None,
            "claimant": data["claimant"].strip(),
            "points": data["points"],
            **self.rules(),
        }
