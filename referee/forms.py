"""Forms of the referee desk shared by every game: the table a tool takes its rules from,
the names typed at a table, a ruling and its overturn. Each game's own tool forms live in
`referee/games/<game>/forms.py` (cards are tapped on a grid, contracts chosen from selects:
nothing is typed in a code); these forms turn what was tapped into the tools' arguments."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.forms import choice_field
from scoring.models import Match

from .games.kinds import ViolationKind

_SPLIT = re.compile(r"[\s,;]+")

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
    if match.round_id and match.table_id and match.round and match.table:
        where = str(_("round %(round)s, table %(table)s")) % {
            "round": match.round.number,
            "table": match.table.number,
        }
    tournament = match.tournament.name if match.tournament is not None else ""
    return " · ".join(part for part in (tournament, where, names) if part)


class ToolForm(forms.Form):
    """The rules of a tool: the table's (its match's preset and conventions) or a preset."""

    # Set by each game's forms: its key (the tables offered are its matches), its presets
    # as (key, label) and the one a form starts with.
    GAME: str = ""
    RULESETS: Sequence[tuple[str, Any]] = ()
    DEFAULT_RULESET: str = ""
    table = forms.TypedChoiceField(
        label=_("Table (its rules are used)"), required=False, coerce=int, empty_value=None
    )
    ruleset = forms.ChoiceField(label=_("Rules, without a table"))

    def __init__(self, *args: Any, user: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "ruleset").choices = list(self.RULESETS)
        self.fields["ruleset"].initial = self.DEFAULT_RULESET
        self.tables = {m.pk: m for m in tables_for(user, self.GAME)}
        if self.tables:
            choice_field(self, "table").choices = [
                ("", _("— none: use the rules below —")),
                *[(pk, table_label(m)) for pk, m in self.tables.items()],
            ]
            self.fields["table"].widget.attrs["data-table-select"] = ""
        else:
            del self.fields["table"]

    def chosen_table(self) -> Match | None:
        """The table picked in the (bound or initial) data, before validation."""
        raw = self.data.get("table") if self.is_bound else self.initial.get("table")
        if raw is None:
            return None
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

    def clean(self) -> dict[str, Any]:
        # Form.clean() hands back `cleaned_data`: said here, typed, for the tools' forms.
        super().clean()
        return self.cleaned_data

    def tool_args(self) -> dict[str, Any]:
        """The tool's keyword arguments, from the cleaned data (each tool's form says)."""
        raise NotImplementedError


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


def names_typed(text: str) -> list[str]:
    return [n.strip() for n in (text or "").split(",") if n.strip()]


MAX_SEATS = 4


class PlayersForm(ToolForm):
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
        names = self.seat_names() or names_typed(self.cleaned_data.get("players", ""))
        if not low <= len(names) <= MAX_SEATS or len(set(names)) != len(names):
            self.add_error(
                "players", _("Choose a table, or type 2 to 4 different names, comma separated.")
            )
            return []
        return names


# The placeholder of the search box above a list of rule articles (article-picker.js).
ARTICLE_SEARCH = _("Find an article by a word of its title")


class ArticlesField(forms.MultipleChoiceField):
    """Rule articles picked from a list; an empty value (an old page's empty text box, a
    blank option) is no article."""

    def to_python(self, value: Any) -> list[str]:
        return [item for item in super().to_python(value) if item]


class RulingForm(forms.Form):
    """A ruling on a deal of a match: the violations offered are the match's game's own
    (`RefereeParts.violation_kinds`); a count for a kind the game counts, the opponent who
    took a trick for a kind that may move one.

    It opens empty (issue 35): the deal, the violation and the violator are chosen, never
    preset (a ruling recorded by one tap re-scored a match with a renonce nobody named), and
    a missing choice is named at its field. Then a confirmation step (`confirmed`) shows what
    the ruling changes before it is recorded, made from the match's `version`; `repeat` says
    a ruling like one in force is a second occurrence."""

    deal = forms.TypedChoiceField(
        label=_("Deal"),
        coerce=int,
        error_messages={
            "required": _("Choose the deal the ruling is on."),
            "invalid_choice": _("Choose the deal from the list."),
        },
    )
    kind = forms.ChoiceField(
        label=_("Violation"),
        error_messages={
            "required": _("Choose the violation."),
            "invalid_choice": _("Choose the violation from the list."),
        },
    )
    violator = forms.ChoiceField(
        label=_("Violator"),
        error_messages={
            "required": _("Choose the player who broke the rule."),
            "invalid_choice": _("Choose the violator from the players of this match."),
        },
    )
    count = forms.IntegerField(
        label=_("How many times (each is penalised)"),
        min_value=1,
        max_value=10,
        required=False,
        initial=1,
    )
    taken_by = forms.ChoiceField(
        label=_("Renonce, where it takes a trick: the opponent who took it"), required=False
    )
    combination = forms.CharField(
        label=_("The combination announced late (e.g. fifty:AC)"), required=False, max_length=24
    )
    explanation = forms.CharField(
        label=_("Explanation"), required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    articles = ArticlesField(
        label=_("Cited rule articles (none chosen: the violation's usual ones)"),
        required=False,
        widget=forms.SelectMultiple(
            attrs={
                "size": 8,
                "data-article-picker": "",
                "data-search-label": ARTICLE_SEARCH,
                "data-testid": "ruling-articles",
            }
        ),
    )
    # The confirmation step's: the match's version the referee saw, their confirmation,
    # and (for a ruling like one in force) that the violation happened again.
    version = forms.CharField(required=False, widget=forms.HiddenInput)
    confirmed = forms.BooleanField(required=False, widget=forms.HiddenInput)
    repeat = forms.BooleanField(
        label=_("The violation happened again: record a second ruling"), required=False
    )

    # The fields the referee fills in (the rest belong to the confirmation step).
    STEP_FIELDS = ("version", "confirmed", "repeat")

    def __init__(
        self,
        *args: Any,
        deals: list[int],
        players: list[str],
        kinds: Sequence[ViolationKind],
        articles: Sequence[tuple[str, Sequence[tuple[str, str]]]] = (),
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.kinds = {kind.key: kind for kind in kinds}
        # The game's articles by title, grouped by section: the referee picks them (a search
        # box filters the list, referee/static/referee/article-picker.js) instead of typing
        # ids nobody at a table knows (issue 35). The ruling starts empty: nothing is chosen
        # for the referee (a ruling is never recorded by pressing the button alone).
        choice_field(self, "articles").choices = [
            (section, list(rules)) for section, rules in articles
        ]
        empty = ("", _("— choose —"))
        choice_field(self, "deal").choices = [empty, *[(n, str(n)) for n in deals]]
        choice_field(self, "kind").choices = [empty, *[(kind.key, kind.label) for kind in kinds]]
        choice_field(self, "violator").choices = [empty, *[(p, p) for p in players]]
        choice_field(self, "taken_by").choices = [("", "—")] + [(p, p) for p in players]
        for name in ("deal", "kind", "violator"):
            self.fields[name].widget.attrs["required"] = "required"
        if not any(kind.counted for kind in kinds):
            del self.fields["count"]
        if not any(kind.takes_trick for kind in kinds):
            del self.fields["taken_by"]
        if not any(kind.names_combination for kind in kinds):
            del self.fields["combination"]

    def ruling_fields(self) -> list[Any]:
        """The bound fields the referee fills in, in order (the form's page shows these)."""
        return [self[name] for name in self.fields if name not in self.STEP_FIELDS]

    def clean_articles(self) -> list[str]:
        return list(dict.fromkeys(self.cleaned_data.get("articles") or []))

    def clean_version(self) -> int | None:
        """The version the confirmation step was made from; anything else is no version (a
        confirmation without one is shown again, afresh: never an error to fix)."""
        raw = (self.cleaned_data.get("version") or "").strip()
        return int(raw) if raw.isdigit() and len(raw) < 12 else None

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        kind = self.kinds.get(data.get("kind") or "")
        # A count belongs to a counted kind only; one when left empty.
        if kind is not None and "count" in self.fields:
            data["count"] = (data.get("count") or 1) if kind.counted else None
        return data


class OverturnForm(forms.Form):
    reason = forms.CharField(label=_("Why is the ruling overturned?"), max_length=500)


class _PlayerField(forms.TypedChoiceField):
    """A player offered by the form; one it does not offer (not entered, or from a table not
    at that table) passes here and is refused by the service with its field, code and
    message (`not_entered`, `not_at_table`), as the API refuses it."""

    def valid_value(self, value: Any) -> bool:
        text = str(value)
        return text.isdigit() and int(text) < 2**31


class CardForm(forms.Form):
    """A warning or a yellow card to a player entered in the tournament, with its reason and
    an optional article of the game's rulebook (choices set by the view)."""

    player = _PlayerField(label=_("Player"), coerce=int)
    kind = forms.ChoiceField(label=_("Card"))
    reason = forms.CharField(label=_("Reason"), max_length=200)
    article = forms.ChoiceField(
        label=_("Rule article"),
        required=False,
        widget=forms.Select(
            attrs={
                "data-article-picker": "",
                "data-search-label": ARTICLE_SEARCH,
                "data-testid": "card-article",
            }
        ),
    )

    def __init__(
        self,
        *args: Any,
        players: Sequence[tuple[int, str]],
        kinds: Sequence[tuple[str, Any]],
        articles: Sequence[tuple[str, Sequence[tuple[str, str]]]],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "player").choices = [("", "—"), *players]
        choice_field(self, "kind").choices = list(kinds)
        choice_field(self, "article").choices = [
            ("", "—"),
            *((section, list(rules)) for section, rules in articles),
        ]


class CardWithdrawForm(forms.Form):
    reason = forms.CharField(label=_("Why is the card withdrawn?"), max_length=100)
