"""Forms of the referee pages. Nothing is typed in a code at a table: cards are tapped on a
card grid (suits in rows, ranks in columns; plain checkboxes without JavaScript), the rules
come from choosing the table (its match's preset and conventions; a preset select remains
for stand-alone use), names are typed or come from the table. JSON and card codes stay an
API matter. These forms turn what was tapped into the tools' arguments."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring import preferans
from scoring.engine.cards import RANK_NAMES, SUIT_LETTERS, SUIT_SYMBOLS
from scoring.engine.conventions import PRESETS
from scoring.models import Match
from scoring.preferans.deal import answer_half_whist
from scoring.selectors import match_scoresheet
from tournaments.models import Tournament

from .models import Ruling

TRUMPS = [("C", _("♣ clubs")), ("D", _("♦ diamonds")), ("H", _("♥ hearts")), ("S", _("♠ spades"))]
# The presets the engine knows, labelled as the tournaments app labels them (translated there).
_LABELS = dict(Tournament.Ruleset.choices)
RULESETS = [(name, _LABELS.get(name, name.capitalize())) for name in PRESETS]
_SPLIT = re.compile(r"[\s,;]+")

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

    template_name = "referee/widgets/card_grid.html"
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


# --- the table: its match's rules ------------------------------------------------------------


def tables_for(user: Any, game: str) -> list[Match]:
    """The matches of `game` a referee may take the rules from: those of the tournaments the
    user referees or organises (every tournament's for a superuser), latest first."""
    if user is None or not user.is_authenticated:
        return []
    matches = Match.objects.filter(game=game, tournament__isnull=False)
    if not user.is_superuser:
        matches = matches.filter(Q(tournament__referees=user) | Q(tournament__organisers=user))
    return list(
        matches.select_related("tournament", "round", "table")
        .prefetch_related("seats__player")
        .distinct()
        .order_by("-tournament_id", "-round__number", "table__number", "-id")[:200]
    )


def table_label(match: Match) -> str:
    names = " – ".join(seat.player.display_name for seat in match.seats.all())
    where = ""
    if match.round_id and match.table_id:
        where = str(_("round %(round)s, table %(table)s")) % {
            "round": match.round.number,
            "table": match.table.number,
        }
    tournament = match.tournament.name if match.tournament_id else ""
    return " · ".join(part for part in (tournament, where, names) if part)


class _ToolForm(forms.Form):
    """The rules of a tool: the table's (its match's preset and conventions) or a preset."""

    GAME = "deberc"
    table = forms.TypedChoiceField(
        label=_("Table (its rules are used)"), required=False, coerce=int, empty_value=None
    )
    ruleset = forms.ChoiceField(
        label=_("Rules, without a table"), choices=RULESETS, initial="moscow"
    )

    def __init__(self, *args: Any, user: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tables = {m.pk: m for m in tables_for(user, self.GAME)}
        if self.tables:
            self.fields["table"].choices = [
                ("", _("— none: use the rules below —")),
                *[(pk, table_label(m)) for pk, m in self.tables.items()],
            ]
            self.fields["table"].widget.attrs["data-table-select"] = ""
        else:
            del self.fields["table"]

    def chosen_table(self) -> Match | None:
        """The table picked in the (bound or initial) data, before validation."""
        raw = self.data.get("table") if self.is_bound else self.initial.get("table")
        try:
            return self.tables.get(int(raw))
        except (TypeError, ValueError):
            return None

    def clean_table(self) -> Match | None:
        pk = self.cleaned_data.get("table")
        return self.tables.get(pk) if pk is not None else None

    @property
    def match(self) -> Match | None:
        return self.cleaned_data.get("table") if hasattr(self, "cleaned_data") else None

    def rules(self) -> dict[str, Any]:
        """`ruleset` and `conventions` for the tool: the chosen table's, else the preset."""
        match = self.match
        if match is not None:
            return {"ruleset": match.ruleset, "conventions": dict(match.conventions or {})}
        return {"ruleset": self.cleaned_data["ruleset"], "conventions": {}}

    def seat_names(self) -> list[str]:
        match = self.match
        return [s.player.display_name for s in match.seats.all()] if match else []


def split_cards(text: str) -> list[str]:
    return [part for part in _SPLIT.split(text or "") if part]


def per_player_lines(text: str) -> list[tuple[str, str]]:
    """ "Name: rest" lines, in order; blank lines skipped."""
    out = []
    for line in (text or "").splitlines():
        if not line.strip():
            continue
        name, sep, rest = line.partition(":")
        if not sep:
            raise forms.ValidationError(_("Write each line as “Name: …”."))
        out.append((name.strip(), rest.strip()))
    return out


def _names(text: str) -> list[str]:
    return [n.strip() for n in (text or "").split(",") if n.strip()]


MAX_SEATS = 4


class LegalCardsForm(_ToolForm):
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


class _PlayersForm(_ToolForm):
    """Players from the chosen table, or typed (stand-alone); one card grid per seat."""

    players = forms.CharField(
        label=_("Players, clockwise from the eldest (without a table)"),
        required=False,
        widget=forms.TextInput(attrs={"placeholder": "Anna, Boris"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        table = self.chosen_table()
        self.seat_labels = [seat.player.display_name for seat in table.seats.all()] if table else []

    def seat_label(self, index: int) -> str:
        if index < len(self.seat_labels):
            return self.seat_labels[index]
        return str(_("Player %(n)s")) % {"n": index + 1}

    def clean_players_list(self, low: int = 2) -> list[str]:
        names = self.seat_names() or _names(self.cleaned_data.get("players", ""))
        if not low <= len(names) <= MAX_SEATS or len(set(names)) != len(names):
            self.add_error(
                "players", _("Choose a table, or type 2 to 4 different names, comma separated.")
            )
            return []
        return names


class CombinationsForm(_PlayersForm):
    """Each player's declared runs tapped on a grid (the cards of the run), bella ticked."""

    trump = forms.ChoiceField(label=_("Trump"), choices=TRUMPS)
    last_trick = forms.CharField(label=_("Who took the last trick (optional)"), required=False)

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
            **self.rules(),
        }


TRICKS = 9


class CheckDealForm(_PlayersForm):
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
            "taken_by": (data.get("taken_by") or "").strip() or None,
            "taken_trick": data.get("taken_trick"),
            **rules,
        }


class CheckClosingForm(_ToolForm):
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


# --- Preferans (its own pages) ----------------------------------------------------------------

_PREFERANS_LABELS = {
    "sochi": pgettext_lazy("preferans preset", "Sochi"),
    "leningrad": pgettext_lazy("preferans preset", "Leningrad"),
    "rostov": pgettext_lazy("preferans preset", "Rostov"),
}
PREFERANS_RULESETS = [
    (name, _PREFERANS_LABELS.get(name, name.capitalize())) for name in preferans.PRESETS
]
DEAL_KINDS = [
    ("", _("— the table's last recorded deal —")),
    ("game", _("a game")),
    ("misere", _("misère")),
    ("allpass", _("all-pass")),
]
LEVELS = [(n, str(n)) for n in range(6, 11)]
PREFERANS_SUITS = [
    ("S", _("♠ spades")),
    ("C", _("♣ clubs")),
    ("D", _("♦ diamonds")),
    ("H", _("♥ hearts")),
    ("NT", _("no trumps")),
]
WHIST_CHOICES = [
    ("", "—"),
    ("whist", _("whist")),
    ("pass", _("pass")),
    ("half", _("half a whist")),
    ("check", _("check (a ten)")),
]


class _PreferansForm(_PlayersForm):
    GAME = "preferans"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = PREFERANS_RULESETS
        self.fields["ruleset"].initial = "sochi"
        self.fields["players"].widget.attrs["placeholder"] = "Anna, Boris, Vera"
        self.seat_choices = [(i, self.seat_label(i)) for i in range(MAX_SEATS)]
        self.fields["first_dealer"] = forms.TypedChoiceField(
            label=_("Who dealt first (without a table)"),
            choices=self.seat_choices,
            coerce=int,
            required=False,
            empty_value=0,
        )

    def names(self) -> list[str]:
        return self.clean_players_list(low=3)

    def table_record(self) -> dict[str, Any] | None:
        match = self.match
        return match_scoresheet(match) if match is not None else None


class PreferansDealForm(_PreferansForm):
    """A Preferans deal: kind, declarer, contract, each seat's whist choice and tricks (all
    selects and numbers). With a table, the deal is scored after the table's deals (or,
    without a kind, the table's last recorded deal is explained)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = [("", "—"), *self.seat_choices]
        self.fields["kind"] = forms.ChoiceField(
            label=_("The deal"), choices=DEAL_KINDS, required=False
        )
        self.fields["declarer"] = forms.TypedChoiceField(
            label=_("Declarer"), choices=seats, coerce=int, required=False, empty_value=None
        )
        self.fields["level"] = forms.TypedChoiceField(
            label=_("Contract: tricks"),
            choices=LEVELS,
            coerce=int,
            initial=6,
            required=False,
            empty_value=None,
        )
        self.fields["suit"] = forms.ChoiceField(
            label=_("Contract: trump"), choices=PREFERANS_SUITS, required=False
        )
        for index in range(MAX_SEATS):
            label = self.seat_label(index)
            self.fields[f"whist_{index}"] = forms.ChoiceField(
                label=str(_("%(player)s says")) % {"player": label},
                choices=WHIST_CHOICES,
                required=False,
            )
            self.fields[f"tricks_{index}"] = forms.IntegerField(
                label=str(_("%(player)s's tricks")) % {"player": label},
                min_value=0,
                max_value=10,
                required=False,
            )
        self.fields["violator"] = forms.TypedChoiceField(
            label=_("Renonce by (optional)"),
            choices=seats,
            coerce=int,
            required=False,
            empty_value=None,
        )
        self.fields["violations"] = forms.IntegerField(
            label=_("Number of errors"), min_value=1, max_value=10, initial=1, required=False
        )
        # Kodex 33: the declarer and a defender both erred; the deal carries the two.
        self.fields["violator2"] = forms.TypedChoiceField(
            label=_("Second renonce by (the declarer and a defender both erred)"),
            choices=seats,
            coerce=int,
            required=False,
            empty_value=None,
        )
        self.fields["violations2"] = forms.IntegerField(
            label=_("Number of errors"), min_value=1, max_value=10, initial=1, required=False
        )
        # Kodex 23: "фиг тебе, играем" — the passer answers a half-whist and whists.
        self.fields["half_answered"] = forms.BooleanField(
            label=_("The passer answered the half-whist: «играем»"), required=False
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        record = self.table_record()
        names = list(record["players"]) if record else self.names()
        if not names:
            return data
        kind = data.get("kind")
        if not kind:
            if record is None or not record["deals"]:
                self.add_error("kind", _("Choose the kind of deal (the table has no deal yet)."))
            data["record"] = record
            return data
        deal: dict[str, Any] = {"kind": kind}
        declarer = data.get("declarer")
        if kind in ("game", "misere"):
            if declarer is None or declarer >= len(names):
                self.add_error("declarer", _("Who declared?"))
                return data
            deal["declarer"] = names[declarer]
        if kind == "game":
            if not data.get("level") or not data.get("suit"):
                self.add_error("level", _("Which contract?"))
                return data
            deal["contract"] = f"{data['level']}{data['suit']}"
            deal["whist"] = {
                name: data[f"whist_{i}"]
                for i, name in enumerate(names)
                if data.get(f"whist_{i}") and i != declarer
            }
        tricks = {
            name: data[f"tricks_{i}"]
            for i, name in enumerate(names)
            if data.get(f"tricks_{i}") is not None
        }
        if tricks:
            deal["tricks"] = tricks
        if kind == "game" and data.get("half_answered"):
            deal["whist"] = answer_half_whist(deal["whist"])
        renonces = [
            {"player": names[violator], "kind": "renonce", "count": data.get(count) or 1}
            for violator, count in (
                (data.get("violator"), "violations"),
                (data.get("violator2"), "violations2"),
            )
            if violator is not None and violator < len(names)
        ]
        if len(renonces) == 1:
            deal["violation"] = renonces[0]
        elif renonces:
            deal["violation"] = renonces  # the engine checks they are declarer and defender
        if record is None:
            first = data.get("first_dealer") or 0
            record = {
                "format": preferans.FORMAT,
                # Missing when refused (its error is shown): a KeyError, found by fuzzing.
                "ruleset": data.get("ruleset"),
                "conventions": {},
                "players": names,
                "first_dealer": names[first if first < len(names) else 0],
                "deals": [],
            }
        record = {**record, "deals": [*record["deals"], deal]}
        data["record"] = record
        return data

    def tool_args(self) -> dict[str, Any]:
        return {"record": self.cleaned_data["record"]}


class PreferansSettleForm(_PreferansForm):
    """The sheet to settle: the table's (its deals scored), or pools, mountains and whists
    typed as numbers per seat."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for i in range(MAX_SEATS):
            label = self.seat_label(i)
            self.fields[f"pool_{i}"] = forms.IntegerField(
                label=str(_("%(player)s: pool")) % {"player": label}, min_value=0, required=False
            )
            self.fields[f"mountain_{i}"] = forms.IntegerField(
                label=str(_("%(player)s: mountain")) % {"player": label},
                min_value=0,
                required=False,
            )
        for i in range(MAX_SEATS):
            for j in range(MAX_SEATS):
                if i != j:
                    self.fields[f"whists_{i}_{j}"] = forms.IntegerField(
                        label=str(_("whists %(writer)s wrote on %(on)s"))
                        % {"writer": self.seat_label(i), "on": self.seat_label(j)},
                        min_value=0,
                        required=False,
                    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        record = self.table_record()
        if record is not None:
            data["data"] = {"record": record}
            return data
        names = self.names()
        if not names:
            return data
        first = data.get("first_dealer") or 0
        data["data"] = {
            "players": names,
            "first_dealer": names[first if first < len(names) else 0],
            "ruleset": data.get("ruleset"),  # missing when refused (a KeyError, found by fuzzing)
            "pool": {n: data.get(f"pool_{i}") or 0 for i, n in enumerate(names)},
            "mountain": {n: data.get(f"mountain_{i}") or 0 for i, n in enumerate(names)},
            "whists": {
                a: {b: data.get(f"whists_{i}_{j}") or 0 for j, b in enumerate(names) if i != j}
                for i, a in enumerate(names)
            },
        }
        return data

    def tool_args(self) -> dict[str, Any]:
        return {"data": self.cleaned_data["data"]}


class RulingForm(forms.Form):
    deal = forms.TypedChoiceField(label=_("Deal"), coerce=int)
    kind = forms.ChoiceField(label=_("Violation"), choices=Ruling.Kind.choices)
    violator = forms.ChoiceField(label=_("Violator"))
    explanation = forms.CharField(
        label=_("Explanation"), required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    articles = forms.CharField(
        label=_("Cited articles (ids, comma separated; empty: the usual ones)"),
        required=False,
        widget=forms.TextInput(attrs={"placeholder": "play.renonce, violations.card_byte"}),
    )

    taken_by = forms.ChoiceField(
        label=_("Renonce, where it takes a trick: the opponent who took it"), required=False
    )

    def __init__(self, *args: Any, deals: list[int], players: list[str], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["deal"].choices = [(n, str(n)) for n in deals]
        self.fields["violator"].choices = [(p, p) for p in players]
        self.fields["taken_by"].choices = [("", "—")] + [(p, p) for p in players]

    def clean_articles(self) -> list[str]:
        return [a for a in _SPLIT.split(self.cleaned_data.get("articles", "")) if a]


class OverturnForm(forms.Form):
    reason = forms.CharField(label=_("Why is the ruling overturned?"), max_length=500)
