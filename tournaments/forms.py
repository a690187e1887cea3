"""The organiser's forms: a tournament with its ruleset and per-convention overrides, and the
scorer assignment of a round's tables."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.forms.models import ModelChoiceIterator
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring import games

from .models import Tournament
from .selectors import scorer_candidates

# Human names of the conventions (rules §8); the engine's CONVENTIONS says which values each
# takes. Keys must match the engine's names exactly.
CONVENTION_LABELS: dict[str, Any] = {
    "target": _("Target (points to win)"),
    "obligatory_order": _("Obligatory order (dealer must name a suit)"),
    "seven_swap": _("Seven swap"),
    "first_lead": _("First lead"),
    "overtrump": _("Overtrump"),
    "hundred": _("Hundred (five in sequence)"),
    "debertz": _("Debertz"),
    "trump_in_combination": _("Trump in combination seniority"),
    "combination_tie": _("Equal combinations go to"),
    "combinations_need_trick": _("Combinations need a trick"),
    "bella_to_trick_winner": _("Bella to the trick winner"),
    "winner_takes_all": _("Winner takes all"),
    "byte_3p": _("Byte with 3 players"),
    "hanging_separately": _("Hanging pools kept separately"),
    "hanging_on_byte_3p": _("Hanging pool on a byte (3 players)"),
    "dealer": _("Next dealer"),
    "renonce_penalty": _("Renonce penalty"),
    "hanging_replay": _("Hanging byte (висяк) replayed"),
    "redeal_below": _("Redeal below this many card points (0: off)"),
    "bolt_penalty": _("Bolt penalty (no trick)"),
    "three_bytes_penalty": _("Third byte penalty"),
    "both_over_target": _("Both over the target"),
    "false_closing": _("False closing"),
    "match_score": _("Match score"),
    "klabor": _("Klabor"),
    "format": _("Match format (race to target / fixed deals)"),
    "fixed_deals": _("Number of deals (fixed format)"),
    "mercy_gap": _("Mercy gap"),
    "pencil_rule": _("Pencil rule"),
    # Preferans (docs/preferans.md)
    "pool_target": _("Pool target"),
    "whist_split": _("Whist with one whister"),
    "shortfall": _("Shortfall of the whisters"),
    "whist_factor": _("Whist factor"),
    "mountain_factor": _("Mountain factor"),
    "half_whist": _("Half a whist"),
    "obligation_8": _("Defenders' obligation on an eight (tricks)"),
    "stalingrad": _("Stalingrad (6♠ whisted by both)"),
    "ten_checked": _("A ten is checked"),
    "allpass_scoring": _("All-pass scoring"),
    "allpass_trick": _("All-pass: points a trick"),
    "allpass_progression": _("All-pass progression"),
    "allpass_progression_limit": _("All-pass progression: rises"),
    "allpass_zero": _("All-pass without a trick"),
    "allpass_exit": _("Least game after all-passes"),
    "allpass_dealer": _("Dealer after an all-pass"),
    "end": _("End of the pulka"),
}

VALUE_LABELS: dict[str, Any] = {
    "eldest": _("eldest hand"),
    "declarer": _("declarer"),
    "trump_lead": _("only when trump is led"),
    "always": _("always"),
    "moscow": _("counts (Moscow)"),
    "kharkov": _("ignored (Kharkov)"),
    "last_trick": _("last trick"),
    "top": _("to the top opponent"),
    "split": _("split"),
    "winner": _("winner of the deal"),
    "clockwise": _("clockwise"),
    "card_byte": _("card byte"),
    "redeal_minus_100": _("redeal, −100"),
    "take_trick": _("the opponent takes a trick"),
    "forced": _("forced deal (висяк)"),
    # A word two conventions use differently, labelled per convention ("name.word").
    "hanging_replay.pool": _("a hanging pool"),
    "higher": _("higher total"),
    "loses": _("loses the match"),
    "double_to_opponents": _("double to opponents"),
    "win": _("win"),
    "difference": _("difference"),
    "race": _("race to the target"),
    "fixed": _("fixed number of deals"),
    "off": _("off"),
    # Preferans
    "whister": _("the whister writes all (responsible)"),
    "halves": _("halves (gentleman)"),
    "full": _("all to the whister"),
    "half": _("half to the whister"),
    "shared": _("shared with the passer"),
    "mountain": _("into the mountain"),
    "whists": _("whists (Rostov)"),
    "none": _("none"),
    "arithmetic": _("arithmetic (×1, ×2, ×3)"),
    "geometric": _("geometric (×1, ×2, ×4)"),
    "pool": _("a point into the pool"),
    "mountain_off": _("a point off the mountain"),
    "rotates": _("passes on"),
    "stays": _("deals again"),
    "pools_full": _("every pool at the target"),
    "fixed_deals": _("a fixed number of deals"),
    "closed": _("time limit (closed on time)"),
}


# The only value format of `<input type="datetime-local">` (HTML's "local date and time"),
# whatever the page's language; the ISO forms with seconds are accepted too.
DATETIME_LOCAL_FORMAT = "%Y-%m-%dT%H:%M"
DATETIME_LOCAL_INPUT_FORMATS = [DATETIME_LOCAL_FORMAT, "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M:%S.%f"]


def _to_minute(moment: datetime) -> datetime:
    """`moment` as the datetime-local input shows it: in the current time zone, to the minute."""
    local = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    return local.replace(second=0, microsecond=0)


def _convention_field(name: str, meta: dict[str, Any]) -> forms.Field:
    label = CONVENTION_LABELS.get(name, name)
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
        choices=[("", preset)]
        + [(v, VALUE_LABELS.get(f"{name}.{v}", VALUE_LABELS.get(v, v))) for v in values],
    )


def _to_json(kind: str, value: Any) -> Any:
    """A form value in the scoresheet's notation for `conventions`."""
    if kind == "bool":
        return value == "yes"
    if kind == "debertz":
        return value if value == "off" else int(value)
    if kind == "one_or_two":
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


def _preset_value(value: Any, name: str = "") -> str:
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
    return str(VALUE_LABELS.get(f"{name}.{value}", VALUE_LABELS.get(value, value)))


def _from_json(kind: str, value: Any) -> Any:
    if kind == "bool":
        return "yes" if value in (True, "yes") else "no"
    if kind in ("debertz", "one_or_two"):
        return str(value)
    if kind == "exit" and isinstance(value, list):
        return ", ".join(map(str, value))
    return value


class TournamentForm(forms.ModelForm):
    """A tournament and, below, one optional override per convention (blank = the ruleset's
    preset)."""

    class Meta:
        model = Tournament
        fields = [
            "name",
            "club",
            "game",
            "ruleset",
            "table_size",
            "system",
            "rounds",
            "match_score",
            "round_minutes",
            "confirm_deals",
            "published",
            "starts_at",
        ]
        widgets = {
            # A datetime-local input takes only the ISO form: a localised value
            # ("25.11.2026 17:08:00" in Russian) is dropped by the browser, and the form
            # saved unchanged would erase the start time.
            "starts_at": forms.DateTimeInput(
                format=DATETIME_LOCAL_FORMAT, attrs={"type": "datetime-local"}
            )
        }

    def __init__(self, *args: Any, game: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["starts_at"].input_formats = DATETIME_LOCAL_INPUT_FORMATS
        # The game chosen decides the ruleset, table size, match scoring and convention
        # fields: the posted one, else the one asked for (`?game=`), else the tournament's.
        chosen = self.data.get("game") if self.is_bound else None
        key = chosen or game or self.instance.game
        self.game = games.GAMES.get(key or "", games.game_get(self.instance.game))
        self.initial.setdefault("game", self.game.key)
        self.fields["game"].required = False  # blank: the game the page shows
        if not self.instance.pk and not self.is_bound:
            self.initial["ruleset"] = self.game.default_ruleset
            self.initial["match_score"] = next(iter(self.game.match_scores))
            self.initial["table_size"] = self.game.table_sizes[0]
        labels = dict(Tournament.Ruleset.choices)
        self.fields["ruleset"].choices = [
            (code, labels.get(code, code)) for code in self.game.presets
        ]
        self.fields["match_score"].choices = list(self.game.match_scores.items())
        self.fields["table_size"].choices = [
            (size, table_size_label(self.game, size)) for size in self.game.table_sizes
        ]
        presets = self.game.presets
        self.convention_meta = self.game.conventions
        current = (self.instance.conventions or {}) if self.instance.pk else {}
        for name, meta in self.convention_meta.items():
            key = f"conv_{name}"
            self.fields[key] = _convention_field(name, meta)
            # What each preset says, so that the organiser sees what "as the ruleset" means.
            self.fields[key].help_text = " · ".join(
                f"{labels.get(code, code)}: {_preset_value(presets[code].get(name), name)}"
                for code in presets
            )
            if name in current:
                self.initial[key] = _from_json(meta.get("kind"), current[name])

    def clean_game(self) -> str:
        return self.cleaned_data.get("game") or self.game.key

    def clean_starts_at(self) -> datetime | None:
        """The input shows minutes: the same minute sent back keeps the stored seconds, so a
        form saved unchanged changes nothing."""
        posted = self.cleaned_data.get("starts_at")
        stored = self.instance.starts_at if self.instance.pk else None
        if posted is not None and stored is not None and posted == _to_minute(stored):
            return stored
        return posted

    def convention_fields(self) -> list[forms.BoundField]:
        return [self[f"conv_{name}"] for name in self.convention_meta]

    def main_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.Meta.fields]

    def conventions(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, meta in self.convention_meta.items():
            value = self.cleaned_data.get(f"conv_{name}")
            if value in (None, ""):
                continue
            out[name] = _to_json(meta.get("kind"), value)
        return out

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        try:
            self.game.check_conventions(
                cleaned.get("ruleset") or self.game.default_ruleset,
                self.conventions(),
                cleaned.get("table_size") or self.game.table_sizes[0],
            )
        except self.game.error_type as exc:
            for err in self.game.errors_of(exc):
                field = (err.get("field") or "").replace("conventions.", "conv_")
                self.add_error(field if field in self.fields else None, err.get("message"))
        return cleaned


def table_size_label(game: games.Game, size: int) -> Any:
    if size in game.pairs_at:
        return _("%(n)s players in pairs") % {"n": size}
    return _("%(n)s players") % {"n": size}


# The scorer select's value for "nobody scores this table": a choice of its own, so that a
# field left out or empty changes nothing (an empty POST once took every table's scorer away).
NOBODY = "none"


class _ScorerChoices(ModelChoiceIterator):
    """The users, after the explicit "nobody"."""

    def __iter__(self) -> Any:
        yield (NOBODY, _("— nobody —"))
        yield from super().__iter__()

    def __len__(self) -> int:
        return super().__len__() + 1


class ScorerChoiceField(forms.ModelChoiceField):
    """A user, or NOBODY; an empty or missing value is None: nothing to change."""

    iterator = _ScorerChoices

    def __init__(self, queryset: Any, **kwargs: Any) -> None:
        super().__init__(queryset, required=False, empty_label=None, **kwargs)

    def prepare_value(self, value: Any) -> Any:
        return NOBODY if value is None else super().prepare_value(value)

    def to_python(self, value: Any) -> Any:
        if value == NOBODY:
            return NOBODY
        return super().to_python(value)


class ScorerAssignmentForm(forms.Form):
    """One select per table of a round: who scores it. Only the tables sent change; "nobody"
    (NOBODY) takes a table's scorer away."""

    def __init__(self, *args: Any, tables: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tables = tables
        # Only who may score the tournament's tables (a club member, its staff, a scorer of
        # it already): never any account of the site.
        users = (
            scorer_candidates(tables[0].round.tournament)
            if tables
            else get_user_model().objects.none()
        )
        for table in tables:
            self.fields[f"table_{table.pk}"] = ScorerChoiceField(
                queryset=users,
                label=_("Table %(number)s") % {"number": table.number},
                initial=table.scorer_id,
            )

    def assignments(self) -> dict[int, Any]:
        """{table id: user, or None for nobody} for the tables sent; the rest are left out."""
        out: dict[int, Any] = {}
        for table in self.tables:
            value = self.cleaned_data.get(f"table_{table.pk}")
            if value is None:
                continue  # not sent (or sent empty): unchanged
            out[table.pk] = None if isinstance(value, str) and value == NOBODY else value
        return out


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
