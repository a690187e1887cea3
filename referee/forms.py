"""Forms of the referee pages. A referee at a table types cards as "10H QS 7C" (any notation
the engine accepts) and one player per line as "Anna: terz:KH, bella"; these forms turn that
into the tools' arguments."""

from __future__ import annotations

import json
import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.engine.conventions import PRESETS
from tournaments.models import Tournament

from .models import Ruling

TRUMPS = [("C", _("♣ clubs")), ("D", _("♦ diamonds")), ("H", _("♥ hearts")), ("S", _("♠ spades"))]
# The presets the engine knows, labelled as the tournaments app labels them (translated there).
_LABELS = dict(Tournament.Ruleset.choices)
RULESETS = [(name, _LABELS.get(name, name.capitalize())) for name in PRESETS]
_SPLIT = re.compile(r"[\s,;]+")


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


def _declarations(text: str) -> dict[str, list[str]]:
    return {
        name: [d.strip() for d in rest.split(",") if d.strip()]
        for name, rest in per_player_lines(text)
    }


class _ToolForm(forms.Form):
    ruleset = forms.ChoiceField(label=_("Rules"), choices=RULESETS, initial="moscow")
    conventions = forms.CharField(
        label=_("Convention overrides (JSON, optional)"),
        required=False,
        widget=forms.TextInput(attrs={"placeholder": '{"overtrump": "always"}'}),
    )

    def clean_conventions(self) -> dict[str, Any]:
        text = self.cleaned_data.get("conventions", "").strip()
        if not text:
            return {}
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(_("Not valid JSON.")) from exc
        if not isinstance(value, dict):
            raise forms.ValidationError(_("An object of name: value is expected."))
        return value


class LegalCardsForm(_ToolForm):
    field_order = ["trump", "trick", "hand", "ruleset", "conventions"]
    trump = forms.ChoiceField(label=_("Trump"), choices=TRUMPS)
    trick = forms.CharField(
        label=_("Cards already on the trick, in order"),
        required=False,
        widget=forms.TextInput(attrs={"placeholder": "8H 10H", "autocapitalize": "characters"}),
    )
    hand = forms.CharField(
        label=_("The hand"),
        widget=forms.TextInput(
            attrs={"placeholder": "7H JH AS KD", "autocapitalize": "characters"}
        ),
    )

    def tool_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "trump": data["trump"],
            "trick": split_cards(data["trick"]),
            "hand": split_cards(data["hand"]),
            "ruleset": data["ruleset"],
            "conventions": data["conventions"],
        }


class CombinationsForm(_ToolForm):
    field_order = ["trump", "declarations", "last_trick", "ruleset", "conventions"]
    trump = forms.ChoiceField(label=_("Trump"), choices=TRUMPS)
    declarations = forms.CharField(
        label=_("Declared combinations, one player per line, from the eldest clockwise"),
        widget=forms.Textarea(
            attrs={"rows": 4, "placeholder": "Anna: terz:KH, bella\nBoris: terz:QS"}
        ),
    )
    last_trick = forms.CharField(label=_("Who took the last trick (optional)"), required=False)

    def clean_declarations(self) -> list[tuple[str, str]]:
        lines = per_player_lines(self.cleaned_data["declarations"])
        if not 2 <= len(lines) <= 4:
            raise forms.ValidationError(_("One line per player: 2 to 4 players."))
        return lines

    def tool_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        lines = data["declarations"]
        return {
            "trump": data["trump"],
            "players": [name for name, _rest in lines],
            "declarations": {
                name: [d.strip() for d in rest.split(",") if d.strip()] for name, rest in lines
            },
            "last_trick": data["last_trick"].strip() or None,
            "ruleset": data["ruleset"],
            "conventions": data["conventions"],
        }


class CheckDealForm(_ToolForm):
    field_order = [
        "players",
        "dealer",
        "trump",
        "declarer",
        "declarations",
        "hands",
        "tricks",
        "ruleset",
        "conventions",
    ]
    players = forms.CharField(
        label=_("Players, clockwise"), widget=forms.TextInput(attrs={"placeholder": "Ivan, Petro"})
    )
    dealer = forms.CharField(label=_("Dealer"))
    trump = forms.ChoiceField(label=_("Trump"), choices=TRUMPS)
    declarer = forms.CharField(label=_("Declarer (who named the trump)"))
    declarations = forms.CharField(
        label=_("Declared combinations (optional), one player per line"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2, "placeholder": "Ivan: terz:KS"}),
    )
    hands = forms.CharField(
        label=_("Hands at the first lead, one player per line"),
        widget=forms.Textarea(
            attrs={"rows": 3, "placeholder": "Ivan: JC 9C AC KS QS JS 10H 7D 8D"}
        ),
    )
    tricks = forms.CharField(
        label=_("Tricks in the order played, one per line (stop at the disputed card)"),
        widget=forms.Textarea(attrs={"rows": 9, "placeholder": "AH 10H\nKH AC"}),
    )

    def clean_players(self) -> list[str]:
        names = [n.strip() for n in self.cleaned_data["players"].split(",") if n.strip()]
        if not 2 <= len(names) <= 4:
            raise forms.ValidationError(_("2 to 4 names, separated by commas."))
        return names

    def tool_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "players": data["players"],
            "dealer": data["dealer"].strip(),
            "trump": data["trump"],
            "declarer": data["declarer"].strip(),
            "declarations": _declarations(data["declarations"]),
            "hands": {name: split_cards(rest) for name, rest in per_player_lines(data["hands"])},
            "tricks": [split_cards(line) for line in data["tricks"].splitlines() if line.strip()],
            "ruleset": data["ruleset"],
            "conventions": data["conventions"],
        }


class CheckClosingForm(_ToolForm):
    field_order = ["totals", "dealer", "claimant", "points", "ruleset", "conventions"]
    totals = forms.CharField(
        label=_("Match totals before this deal, one player per line, clockwise"),
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

    def tool_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "players": [name for name, _total in data["totals"]],
            "totals": dict(data["totals"]),
            "dealer": data["dealer"].strip() or None,
            "claimant": data["claimant"].strip(),
            "points": data["points"],
            "ruleset": data["ruleset"],
            "conventions": data["conventions"],
        }


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

    def __init__(self, *args: Any, deals: list[int], players: list[str], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["deal"].choices = [(n, str(n)) for n in deals]
        self.fields["violator"].choices = [(p, p) for p in players]

    def clean_articles(self) -> list[str]:
        return [a for a in _SPLIT.split(self.cleaned_data.get("articles", "")) if a]


class OverturnForm(forms.Form):
    reason = forms.CharField(label=_("Why is the ruling overturned?"), max_length=500)
