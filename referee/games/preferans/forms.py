"""Preferans's tool forms: a deal from selects and numbers (kind, declarer, contract, each
seat's whist choice and tricks), a pulka's sheet as numbers per seat."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from referee.forms import MAX_SEATS, PlayersForm
from scoring.games.preferans import engine as preferans_engine
from scoring.games.preferans.engine.deal import answer_half_whist
from scoring.games.preferans.labels import RULESET_LABELS
from scoring.selectors import match_scoresheet

PREFERANS_RULESETS = [
    (name, RULESET_LABELS.get(name, name.capitalize())) for name in preferans_engine.PRESETS
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


class _PreferansForm(PlayersForm):
    GAME = "preferans"
    RULESETS = PREFERANS_RULESETS
    DEFAULT_RULESET = "sochi"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["players"].widget.attrs["placeholder"] = "Anna, Boris, Vera"
        self.seat_choices = [(i, self.seat_label(i)) for i in range(MAX_SEATS)]
        self.fields["first_dealer"] = forms.TypedChoiceField(
            label=_("Who dealt first (without a table)"),
            choices=self.seat_choices,
            coerce=int,
            required=False,
            # An int like the coerced choices (django-stubs types it as a str or None).
            empty_value=0,  # type: ignore[arg-type]
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
        # Rules §7a and §1: the deal's bomb level, blind play, the dealer in halves.
        self.fields["bomb"] = forms.TypedChoiceField(
            label=_("Bomb (empty: the level the table carries)"),
            choices=[("", "—"), *((level, str(level)) for level in range(4))],
            coerce=int,
            required=False,
            empty_value=None,
        )
        self.fields["blind"] = forms.BooleanField(label=_("Played blind (×2)"), required=False)
        self.fields["halves_with"] = forms.TypedChoiceField(
            label=_("The dealer plays in halves with (four players)"),
            choices=seats,
            coerce=int,
            required=False,
            empty_value=None,
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
        if data.get("bomb") is not None:
            deal["bomb"] = data["bomb"]
        if data.get("blind"):
            deal["blind"] = True
        partner = data.get("halves_with")
        if partner is not None and partner < len(names):
            deal["halves_with"] = names[partner]  # the engine judges who may share
        if record is None:
            first = data.get("first_dealer") or 0
            record = {
                "format": preferans_engine.FORMAT,
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
