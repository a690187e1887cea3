"""The organiser's forms: a tournament with its ruleset and per-convention overrides, and the
scorer assignment of a round's tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django import forms
from django.urls import reverse
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from config.datetimes import OUT_OF_RANGE, datetime_in_range
from config.forms import choice_field
from scoring import games
from tournaments.clubs.names import NameRefused, name_clean
from tournaments.discipline.services import LOSS_LIMIT_MAX, PENALTY_MAX
from tournaments.events import setup
from tournaments.events.models import Tournament
from tournaments.events.scorer_select import (  # noqa: F401 (the forms of the events' pages)
    NAME_SUFFIX,
    NOBODY,
    ScorerAssignmentForm,
    ScorerCandidates,
    ScorerChoiceField,
    scorer_error_html,
)
from tournaments.standings.services import TIEBREAKS

# The only value format of `<input type="datetime-local">` (HTML's "local date and time"),
# whatever the page's language; the ISO forms with seconds are accepted too.
DATETIME_LOCAL_FORMAT = "%Y-%m-%dT%H:%M"
DATETIME_LOCAL_INPUT_FORMATS = [DATETIME_LOCAL_FORMAT, "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M:%S.%f"]


def _to_minute(moment: datetime) -> datetime:
    """`moment` as the datetime-local input shows it: in the current time zone, to the minute."""
    local = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    return local.replace(second=0, microsecond=0)


def _convention_field(game: games.Game, name: str, meta: Mapping[str, Any]) -> forms.Field:
    label = game.convention_labels.get(name, name)
    kind = meta.get("kind")
    preset = _("as the ruleset")
    if kind == "bool":
        return forms.TypedChoiceField(
            label=label,
            required=False,
            choices=[("", preset), ("yes", _("yes")), ("no", _("no"))],
        )
    if kind == "whole":
        return forms.IntegerField(label=label, required=False, min_value=0)
    if kind in ("positive", "deals"):
        return forms.IntegerField(label=label, required=False, min_value=1)
    if kind == "one_or_two":
        return forms.ChoiceField(
            label=label, required=False, choices=[("", preset), ("1", "1"), ("2", "2")]
        )
    if kind == "limit":
        return forms.CharField(
            label=label, required=False, help_text=_('a number, or "none"'), max_length=8
        )
    if kind == "exit":
        return forms.CharField(
            label=label, required=False, help_text=_("e.g. 6, 7, 7"), max_length=20
        )
    if kind == "debertz":
        return forms.ChoiceField(
            label=label,
            required=False,
            choices=[("", preset), ("off", _("off")), ("6", "6"), ("7", "7")],
        )
    if kind == "mercy":
        return forms.CharField(
            label=label, required=False, help_text=_('points, or "off"'), max_length=8
        )
    values = meta.get("values") or ()
    return forms.ChoiceField(
        label=label,
        required=False,
        # "int_choice": whole numbers offered as words (Deberc's deal_after_trump 3 or 4).
        choices=[("", preset)]
        + [(str(v), games.convention_value_label(game, name, str(v))) for v in values],
    )


def _to_json(kind: str | None, value: Any) -> Any:
    """A form value in the scoresheet's notation for `conventions`."""
    if kind == "bool":
        return value == "yes"
    if kind == "debertz":
        return value if value == "off" else int(value)
    if kind in ("one_or_two", "int_choice"):
        return int(value)
    if kind == "limit":
        text = str(value).strip().lower()
        return int(text) if text.isdigit() else text
    if kind == "exit":
        parts = [part for part in str(value).replace(";", ",").replace(" ", ",").split(",") if part]
        return [int(part) if part.isdigit() else part for part in parts]
    if kind == "mercy":
        text = str(value).strip().lower()
        if text in ("off", "no", "false"):
            return "off"
        try:
            return int(text)
        except ValueError:
            return text
    return value


def _preset_value(game: games.Game, value: Any, name: str = "") -> str:
    if value is True:
        return str(_("yes"))
    if value is False:
        return str(_("no"))
    if value is None:
        return "—"
    if value == "4p":
        return str(_("4 players only"))
    if value == "50/100":
        return "50 / 100"
    if not isinstance(value, str):
        return str(value)
    return str(games.convention_value_label(game, name, value))


def _from_json(kind: str | None, value: Any) -> Any:
    if kind == "bool":
        return "yes" if value in (True, "yes") else "no"
    if kind in ("debertz", "one_or_two", "int_choice"):
        return str(value)
    if kind == "exit" and isinstance(value, list):
        return ", ".join(map(str, value))
    return value


# The settings of the tournament form that depend on the game (its part of the form, which the
# game select swaps with htmx: `events.views.tournament_game_fields`), and those that do not.
GAME_FIELDS = ("ruleset", "table_size", "table_sizes", "match_score", "match_score_bands")
FORM_FIELDS = (
    "name",
    "club",
    *(name for name in setup.TOURNAMENT_FIELDS[1:] if name not in ("conventions", "status")),
)


def discipline_fields_bound(form: forms.BaseForm) -> None:
    """The discipline settings (tournaments.discipline.services): bounded as the API bounds them;
    the
    second yellow's meaning and penalty optional (blank: as the tournament has them)."""
    from django.core.validators import MaxValueValidator, MinValueValidator

    for name, low, high in (
        ("second_yellow_penalty", 0, PENALTY_MAX),
        ("loss_limit", 1, LOSS_LIMIT_MAX),
    ):
        field = form.fields.get(name)
        if field is not None:
            field.validators += [MinValueValidator(low), MaxValueValidator(high)]
            field.widget.attrs.update({"min": low, "max": high})
    for name in ("second_yellow", "second_yellow_penalty"):
        if name in form.fields:
            form.fields[name].required = False
    helps = {
        "loss_limit": _(
            "Preferans: a whist balance below minus the limit counts minus the limit; Deberc: "
            "a player counts at most this many points behind the best opponent. Beyond it a "
            "yellow card is given. Blank: no limit."
        ),
        "second_yellow_penalty": _(
            "Taken off for every yellow card after the first (0 to 100 match points)."
        ),
    }
    for name, text in helps.items():
        if name in form.fields:
            form.fields[name].help_text = text


class TournamentForm(forms.ModelForm):
    """A tournament and, below, one optional override per convention (blank = the ruleset's
    preset). The ruleset, table size, match scoring, tiebreaks and conventions are those of
    the game chosen: the posted one, else the one asked for (`?game=`), else the tournament's.
    A value that is not the game's (a form sent after another game was chosen without the
    page following) is refused at its field in the user's language, never with its code."""

    # Mixed sizes in one round: none chosen is the one table size above.
    table_sizes = forms.TypedMultipleChoiceField(
        label=_("Mixed table sizes"),
        coerce=int,
        required=False,
        widget=forms.SelectMultiple(attrs={"size": 3}),
        help_text=_(
            "Choose two sizes (e.g. 3 and 4) to seat every round at both: everyone plays, "
            "the fewest byes, the larger tables in turn. None: the table size above."
        ),
    )
    # Any game's preset: its choices are the chosen game's (set in __init__).
    ruleset = forms.ChoiceField(label=capfirst(_("ruleset")))
    # The compressed balance's bands as one line of text (`bands_from_text`).
    match_score_bands = forms.CharField(
        label=_("Bands of the compressed balance"),
        required=False,
        max_length=400,
        widget=forms.TextInput(attrs={"placeholder": "200:1, 650:0.1, :0"}),
        help_text=_(
            "Only for the compressed balance: up to:factor, separated by commas, the last "
            "band without up to. 200:1, 650:0.1, :0 counts the first 200 whole, 200 to 650 "
            "at a tenth and nothing above 650, for a loss alike."
        ),
    )

    class Meta:
        model = Tournament
        fields = [name for name in FORM_FIELDS if name != "tiebreaks"]
        # "name" alone reads as a person's name in Russian and Ukrainian ("Имя").
        labels = {"club": _("Club"), "name": _("Tournament name")}
        widgets = {
            # A datetime-local input takes only the ISO form: a localised value
            # ("25.11.2026 17:08:00" in Russian) is dropped by the browser, and the form
            # saved unchanged would erase the start time.
            # The browser keeps to the range the form checks (config.datetimes).
            "starts_at": forms.DateTimeInput(
                format=DATETIME_LOCAL_FORMAT,
                attrs={
                    "type": "datetime-local",
                    "min": "2000-01-01T00:00",
                    "max": "2100-12-31T23:59",
                },
            )
        }

    def __init__(
        self, *args: Any, game: str | None = None, clubs: Any = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        if clubs is not None:  # the clubs the user organises (and the tournament's own)
            club_field = self.fields["club"]
            assert isinstance(club_field, forms.ModelChoiceField)
            club_field.queryset = clubs
            club_field.error_messages["invalid_choice"] = _(
                "You can create tournaments only in a club you organise."
            )
        starts_at = self.fields["starts_at"]
        assert isinstance(starts_at, forms.DateTimeField)
        starts_at.input_formats = DATETIME_LOCAL_INPUT_FORMATS
        chosen = self.data.get("game") if self.is_bound else None
        self.game = game_or_default(chosen or game, self.instance.game)
        self.initial["game"] = self.game.key
        self.fields["game"].required = False  # blank: the game the page shows
        if "entrants" in self.fields:
            self.fields["entrants"].required = False  # blank: as the tournament has it
        discipline_fields_bound(self)
        choice_field(self, "game").choices = [(g.key, g.name) for g in games.games_all()]
        self.fields["game"].error_messages["invalid_choice"] = _(
            "No such game: choose one from the list."
        )
        # The game select swaps the game's part of the form (htmx), no reload.
        self.fields["game"].widget.attrs.update(
            {
                "hx-get": reverse("tournaments:game_fields")
                + (f"?tournament={self.instance.pk}" if self.instance.pk else ""),
                "hx-target": "#game-fields",
                "hx-swap": "innerHTML",
                "hx-trigger": "change",
                "data-testid": "game-select",
            }
        )
        # The game's own settings unless the tournament already plays it.
        own = bool(self.instance.pk) and self.instance.game == self.game.key
        if not own and not self.is_bound:
            self.initial["ruleset"] = self.game.default_ruleset
            self.initial["match_score"] = next(iter(self.game.match_scores))
            self.initial["table_size"] = self.game.table_sizes[0]
        name = self.game.name
        choice_field(self, "ruleset").choices = games.ruleset_choices(self.game)
        choice_field(self, "match_score").choices = list(
            setup.match_score_choices(self.game).items()
        )
        choice_field(self, "table_size").choices = [
            (size, table_size_label(self.game, size)) for size in self.game.table_sizes
        ]
        choice_field(self, "table_sizes").choices = [
            (size, table_size_label(self.game, size)) for size in self.game.table_sizes
        ]
        if not own and not self.is_bound:
            self.initial["table_sizes"] = []
        self.initial["match_score_bands"] = (
            bands_text(self.instance.match_score_bands) if own else ""
        )
        for field, message in (
            ("ruleset", _("%(game)s has no such ruleset: choose one from the list.")),
            ("table_size", _("%(game)s is not played at such tables: choose one from the list.")),
            ("table_sizes", _("%(game)s is not played at such tables: choose one from the list.")),
            ("match_score", _("%(game)s does not score matches so: choose one from the list.")),
        ):
            self.fields[field].error_messages["invalid_choice"] = message % {"game": name}
        # The tiebreaks in order: one select a place, blank for none.
        chosen_order = list((self.instance.tiebreaks or []) if own else self.game.default_tiebreaks)
        self.tiebreak_names = [f"tiebreak_{i}" for i in range(1, len(self.game.tiebreaks) + 1)]
        tiebreak_choices = [("", "—"), *((key, TIEBREAKS[key]) for key in self.game.tiebreaks)]
        for place, field_name in enumerate(self.tiebreak_names):
            self.fields[field_name] = forms.ChoiceField(
                label=_("Tiebreak %(place)s") % {"place": place + 1},
                required=False,
                choices=tiebreak_choices,
                initial=chosen_order[place] if place < len(chosen_order) else "",
                error_messages={
                    "invalid_choice": _("%(game)s has no such tiebreak: choose one from the list.")
                    % {"game": name}
                },
            )
        presets = self.game.presets
        self.convention_meta = self.game.conventions
        current = (self.instance.conventions or {}) if own else {}
        for conv, meta in self.convention_meta.items():
            key = f"conv_{conv}"
            self.fields[key] = _convention_field(self.game, conv, meta)
            # What each preset says, so that the organiser sees what "as the ruleset" means.
            self.fields[key].help_text = " · ".join(
                f"{games.ruleset_label(code)}: "
                f"{_preset_value(self.game, presets[code].get(conv), conv)}"
                for code in presets
            )
            if conv in current:
                self.initial[key] = _from_json(meta.get("kind"), current[conv])

    def clean_game(self) -> str:
        return self.cleaned_data.get("game") or self.game.key

    def clean_match_score_bands(self) -> list[dict[str, float]]:
        """The bands typed, read and checked as the API checks them (`bad_match_score`)."""
        bands = bands_from_text(self.cleaned_data.get("match_score_bands") or "")
        scoring = self.cleaned_data.get("match_score")
        if scoring:  # else the match scoring's own error says what is wrong
            problems = setup.match_score_bands_problems(scoring, bands)
            if problems:
                raise forms.ValidationError(problems)
        return bands

    def clean_second_yellow(self) -> str:
        """Not sent (a form of before issue 19): as the tournament has it."""
        return str(self.cleaned_data.get("second_yellow") or self.instance.second_yellow)

    def clean_second_yellow_penalty(self) -> float:
        value = self.cleaned_data.get("second_yellow_penalty")
        return float(self.instance.second_yellow_penalty if value is None else value)

    def clean_entrants(self) -> str:
        """Not sent (a form of before issue 19): the tournament's entrants, else players."""
        return str(
            self.cleaned_data.get("entrants")
            or self.instance.entrants
            or Tournament.Entrants.PLAYERS
        )

    def clean_name(self) -> str:
        """The one name policy (tournaments.clubs.names): a hidden character refused at the field;
        a lookalike of another tournament of the club, the services' refusal on saving."""
        try:
            return name_clean(self.cleaned_data.get("name"))
        except NameRefused as exc:
            raise forms.ValidationError(exc.message, code=exc.code) from None

    def clean_starts_at(self) -> datetime | None:
        """The input shows minutes: the same minute sent back keeps the stored seconds, so a
        form saved unchanged changes nothing."""
        posted = self.cleaned_data.get("starts_at")
        stored = self.instance.starts_at if self.instance.pk else None
        if posted is not None and stored is not None and posted == _to_minute(stored):
            return stored
        if posted is not None and not datetime_in_range(posted):  # config.datetimes
            raise forms.ValidationError(OUT_OF_RANGE, code="date_out_of_range")
        return posted

    @property
    def chosen_game(self) -> games.Game:
        """The game whose part the form shows (templates: `form.game` is the select)."""
        return self.game

    def head_fields(self) -> list[forms.BoundField]:
        """The settings before the game's part: up to the game select."""
        names = list(self.Meta.fields)
        return [self[name] for name in names[: names.index("game") + 1]]

    def tail_fields(self) -> list[forms.BoundField]:
        """The settings every game has, after the game's part."""
        names = list(self.Meta.fields)
        rest = names[names.index("game") + 1 :]
        return [self[name] for name in rest if name not in GAME_FIELDS]

    def game_fields(self) -> list[forms.BoundField]:
        """The game's part: its rulesets, table sizes and match scorings."""
        return [self[name] for name in GAME_FIELDS]

    def tiebreak_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.tiebreak_names]

    def convention_fields(self) -> list[forms.BoundField]:
        return [self[f"conv_{name}"] for name in self.convention_meta]

    def tiebreaks(self) -> list[str]:
        """The tiebreaks chosen, in order (each once)."""
        out: list[str] = []
        for name in self.tiebreak_names:
            value = self.cleaned_data.get(name)
            if value and value not in out:
                out.append(value)
        return out

    def conventions(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, meta in self.convention_meta.items():
            value = self.cleaned_data.get(f"conv_{name}")
            if value in (None, ""):
                continue
            out[name] = _to_json(meta.get("kind"), value)
        return out

    def settings(self) -> dict[str, Any]:
        """The tournament's settings as the services take them (the club apart)."""
        data = {
            k: v
            for k, v in self.cleaned_data.items()
            if k in setup.TOURNAMENT_FIELDS and k != "conventions"
        }
        data["tiebreaks"] = self.tiebreaks()
        data["conventions"] = self.conventions()
        return data

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        seen: set[str] = set()
        for name in self.tiebreak_names:
            value = cleaned.get(name)
            if value and value in seen:
                self.add_error(
                    name,
                    forms.ValidationError(
                        _("This tiebreak is chosen already: choose another or none."),
                        code="repeated_tiebreak",
                    ),
                )
            seen.add(value or "")
        if self.errors.keys() & {"ruleset", "table_size", "table_sizes"}:
            return cleaned  # the conventions are checked against a valid ruleset and size
        problem = setup.table_sizes_problem(self.game, cleaned.get("table_sizes") or None)
        if problem is not None:
            self.add_error("table_sizes", problem)
            return cleaned
        if "entrants" in self.fields and "entrants" not in self.errors:
            entrants_error = setup.entrants_problem(
                self.game,
                cleaned.get("entrants") or Tournament.Entrants.PLAYERS,
                table_size=cleaned.get("table_size") or self.game.table_sizes[0],
                table_sizes=cleaned.get("table_sizes") or None,
            )
            if entrants_error is not None:
                self.add_error("entrants", entrants_error)
        try:
            self.game.check_conventions(
                cleaned.get("ruleset") or self.game.default_ruleset,
                self.conventions(),
                cleaned.get("table_size") or self.game.table_sizes[0],
            )
        except self.game.error_type as exc:
            for err in self.game.errors_of(exc):
                field = (err.get("field") or "").replace("conventions.", "conv_")
                self.add_error(
                    field if field in self.fields else None,
                    forms.ValidationError(
                        problem_message(self.game, err), code=err.get("code") or "invalid"
                    ),
                )
        return cleaned


def _band_number(text: str) -> float | None:
    text = text.strip().replace(" ", "")
    if not text:
        return None
    value = float(text)  # ValueError for anything but a number
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(text)
    return int(value) if value.is_integer() else value


def bands_from_text(text: str) -> list[dict[str, float]]:
    """The bands typed as "200:1, 650:0.1, :0" (commas, semicolons or new lines between
    bands; a band is up_to:factor, the last one :factor): the list the API takes. A band
    that does not read is refused naming its number (`bad_match_score`); whether the list
    makes sense is `setup.match_score_bands_problems`'s."""
    parts = [p.strip() for p in text.replace(";", ",").replace("\n", ",").split(",")]
    parts = [p for p in parts if p]
    bands: list[dict[str, float]] = []
    for number, part in enumerate(parts, start=1):
        up_to_text, colon, factor_text = part.partition(":")
        try:
            if not colon:
                raise ValueError(part)
            up_to = _band_number(up_to_text)
            factor = _band_number(factor_text)
            if factor is None:
                raise ValueError(part)
        except ValueError:
            raise forms.ValidationError(
                _("Band %(number)s: write it as up to:factor, e.g. 200:1 (the last :0).")
                % {"number": number},
                code="bad_match_score",
            ) from None
        bands.append({"factor": factor} if up_to is None else {"up_to": up_to, "factor": factor})
    return bands


def bands_text(bands: Any) -> str:
    """Stored bands as the form shows them: "200:1, 650:0.1, :0"."""
    if not isinstance(bands, list):
        return ""
    return ", ".join(
        f"{band.get('up_to', '')}:{band.get('factor', '')}"
        for band in bands
        if isinstance(band, dict)
    )


def game_or_default(key: str | None, fallback: str | None = None) -> games.Game:
    """The game called `key`, else the `fallback` one, else the default game."""
    for candidate in (key, fallback):
        if not candidate:
            continue  # game_get(None) is the default game: an empty key must not stop here
        try:
            return games.game_get(candidate)
        except KeyError:
            continue
    return games.game_default()


def problem_message(game: games.Game, problem: Any) -> str:
    """An engine's problem in the user's language (the game localises its own)."""
    return str(game.localise_error(problem, get_language() or "en"))


def table_size_label(game: games.Game, size: int) -> Any:
    if size in game.pairs_at:
        return _("%(n)s players in pairs") % {"n": size}
    return _("%(n)s players") % {"n": size}


class EntriesForm(forms.Form):
    """The evening's list as an organiser types it: one name per line."""

    players = forms.CharField(
        label=_("Players, one a line"),
        widget=forms.Textarea(attrs={"rows": 6, "autocomplete": "off"}),
        max_length=40_000,
        help_text=_(
            "A name new to the club becomes one of its players; a name already entered is "
            "not entered twice."
        ),
    )

    def names(self) -> list[str]:
        return self.cleaned_data["players"].splitlines()


class LockoutLiftForm(forms.Form):
    """The Unlock button of the sign-in lockouts page: which lockout to lift."""

    kind = forms.ChoiceField(choices=[("account", _("account")), ("address", _("address"))])
    # As long as django-axes' columns (a username of 255 characters, an address).
    value = forms.CharField(max_length=255)


class TeamForm(forms.Form):
    """A pair or team as an organiser types it (issue 19, item 2): its name, and its members
    one a line (the club's players by name whatever the case; a new name becomes a player)."""

    team_name = forms.CharField(label=_("Name of the pair or team"), max_length=200)
    members = forms.CharField(
        label=_("Members, one a line"),
        widget=forms.Textarea(attrs={"rows": 4, "autocomplete": "off"}),
        max_length=4_000,
        help_text=_("A pair has two players, a team two to six; a player plays for one team."),
    )

    def member_names(self) -> list[str]:
        return [line for line in self.cleaned_data["members"].splitlines() if line.strip()]
