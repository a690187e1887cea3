"""The tables page's scorer choice (who scores each table of a round; issue 35, item 19).

Each table has a small select of its likely scorers (the accounts of the players seated at
it, the club's scorers, referees and organisers, the tournament's organisers and referees,
its current scorer) and a text field for anyone else who may score it: a name from the one
list of every candidate the page carries once (`<datalist id="scorer-candidates">`), which
the server maps back to a candidate or refuses with the field, a code and a message. A club
of 3,000 members once gave each of a page's 128 selects 3,000 options: 16 MB of HTML.
"""

from __future__ import annotations

import html
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.forms.utils import flatatt
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from tournaments.events import selectors

# The scorer select's value for "nobody scores this table": a choice of its own, so that a
# field left out or empty changes nothing (an empty POST once took every table's scorer away).
NOBODY = "none"
# The text field beside each select: `<select name>` + this.
NAME_SUFFIX = "_name"
# The id of the page's one list of every candidate's name.
DATALIST_ID = "scorer-candidates"
# The longest name the text field takes (Django's usernames are at most 150 characters).
NAME_MAX = 150

INVALID_CHOICE = "invalid_choice"
UNKNOWN_SCORER = "unknown_scorer"
AMBIGUOUS_SCORER = "ambiguous_scorer"
UNKNOWN_MESSAGE = _(
    "Nobody of that name may score this tournament's tables: choose a name from the list."
)


class ScorerCandidates:
    """Who may score a tournament's tables (`selectors.scorer_candidates`) and who likely
    will score each table (`selectors.scorer_likely`), read once for a page (or a post) and
    shared by its rounds' forms: a fixed number of queries whatever the rounds and tables.

    `with_names`: the candidates are shown, and found, by their players' names as well as
    their sign-in names: for who may see which account is whose (the organiser, as on the
    staff page's member search: `permissions.can_manage_staff`), never for a referee, who
    assigns scorers by sign-in name as before."""

    def __init__(self, tournament: Any, *, round: Any = None, with_names: bool = False) -> None:
        self.tournament = tournament
        self.round = round
        self.with_names = with_names
        self._names: dict[int, tuple[int, str, str | None]] | None = None
        self._likely: tuple[set[int], dict[int, set[int]]] | None = None
        self._lookup: dict[str, list[int]] | None = None
        self._datalist: str | None = None

    @property
    def names(self) -> dict[int, tuple[int, str, str | None]]:
        """{user id: (user id, sign-in name, player's display name or None)}, by sign-in
        name."""
        if self._names is None:
            self._names = (
                {row[0]: row for row in selectors.scorer_candidate_names(self.tournament)}
                if self.tournament is not None
                else {}
            )
        return self._names

    def label(self, pk: int) -> str:
        _pk, username, display = self.names[pk]
        if self.with_names and display and display != username:
            return f"{display} ({username})"
        return username

    def likely(self, table: Any, chosen: int | None = None) -> tuple[list[int], list[int]]:
        """(the candidates seated at `table`, the other likely ones: the staff, its scorer
        and `chosen`), each by sign-in name."""
        if self._likely is None:
            self._likely = (
                selectors.scorer_likely(self.tournament, round=self.round)
                if self.tournament is not None
                else (set(), {})
            )
        staff, seated = self._likely
        names = self.names
        here = {pk for pk in seated.get(table.pk, ()) if pk in names}
        rest = {pk for pk in (*staff, table.scorer_id, chosen) if pk in names} - here

        def by_name(pks: set[int]) -> list[int]:
            return sorted(pks, key=lambda pk: (names[pk][1], pk))

        return by_name(here), by_name(rest)

    def datalist_html(self) -> str:
        """The page's one list of every candidate: the value is the sign-in name (what the
        field sends), the label the player's name, by which a browser also finds it."""
        if self._datalist is None:
            quote = html.escape  # Django's escape, without its lazy-string wrapping
            named = self.with_names
            options = "".join(
                f'<option value="{quote(username)}">{quote(display)}</option>'
                if named and display and display != username
                else f'<option value="{quote(username)}"></option>'
                for _pk, username, display in self.names.values()
            )
            self._datalist = mark_safe(f'<datalist id="{DATALIST_ID}">{options}</datalist>')
        return self._datalist

    def find(self, name: str) -> int:
        """The candidate `name` means: their sign-in name (exactly, else whatever the
        letters' case), else (`with_names`) their player's display name if only one
        candidate has it. ValidationError `unknown_scorer` or `ambiguous_scorer` otherwise."""
        if self._lookup is None:
            lookup: dict[str, list[int]] = {}
            for pk, username, _display in self.names.values():
                lookup.setdefault(username, []).append(pk)
                folded = "\0" + username.casefold()
                lookup.setdefault(folded, []).append(pk)
            for pk, _username, display in self.names.values():
                if display and self.with_names:
                    lookup.setdefault("\1" + " ".join(display.split()).casefold(), []).append(pk)
            self._lookup = lookup
        value = name.strip()
        for key in (value, "\0" + value.casefold(), "\1" + " ".join(value.split()).casefold()):
            found = self._lookup.get(key)
            if found and len(set(found)) == 1:
                return found[0]
            if found:
                raise ValidationError(
                    _("Several people have that name: choose one from the list."),
                    code=AMBIGUOUS_SCORER,
                )
        raise ValidationError(UNKNOWN_MESSAGE, code=UNKNOWN_SCORER)


class ScorerSelect(forms.Select):
    """A table's select of its likely scorers, after "nobody": those seated at the table,
    then the other likely ones, its scorer (or the value sent) selected."""

    def __init__(self, candidates: ScorerCandidates, table: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.candidates = candidates
        self.table = table

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> Any:
        value = self.format_value(value)
        chosen = value[0] if value else ""
        chosen_pk = int(chosen) if chosen.isdigit() and len(chosen) < 19 else None
        if chosen_pk is not None and chosen_pk not in self.candidates.names:
            chosen_pk = None
        if chosen != NOBODY and chosen_pk is None:
            # Sent empty, or a value refused (a page shown again): the table's scorer as is.
            chosen_pk = self.table.scorer_id
            chosen = NOBODY if chosen_pk is None else str(chosen_pk)
        at_table, rest = self.candidates.likely(self.table, chosen_pk)
        final = self.build_attrs(self.attrs, attrs)
        out = [f'<select name="{escape(name)}"{flatatt(final)}>']
        nobody = " selected" if chosen == NOBODY else ""
        out.append(f'\n  <option value="{NOBODY}"{nobody}>{escape(_("— nobody —"))}</option>')
        for group, pks in ((_("At this table"), at_table), (_("Scorers and staff"), rest)):
            if not pks:
                continue
            out.append(f'\n  <optgroup label="{escape(group)}">')
            for pk in pks:
                mark = " selected" if pk == chosen_pk else ""
                label = escape(self.candidates.label(pk))
                out.append(f'\n    <option value="{pk}"{mark}>{label}</option>')
            out.append("\n  </optgroup>")
        out.append("\n</select>")
        return mark_safe("".join(out))


class ScorerChoiceField(forms.Field):
    """A table's select: a candidate's id, or NOBODY; an empty or missing value is None
    (nothing to change). Any candidate's id is taken, not only those the select offers."""

    widget = forms.Select

    def __init__(self, candidates: ScorerCandidates, table: Any, **kwargs: Any) -> None:
        super().__init__(required=False, widget=ScorerSelect(candidates, table), **kwargs)
        self.candidates = candidates

    def to_python(self, value: Any) -> Any:
        if value in self.empty_values:
            return None
        value = str(value).strip()
        if value == NOBODY:
            return NOBODY
        if value.isdigit() and len(value) < 19 and int(value) in self.candidates.names:
            return int(value)
        raise ValidationError(_("Choose a scorer among the people offered."), code=INVALID_CHOICE)


class ScorerNameInput(forms.TextInput):
    """The name field's input, its markup made here: a page has one per table (128), and
    Django's template of an input, rendered so many times, was a fifth of the page's time."""

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> Any:
        final = self.build_attrs(self.attrs, attrs)
        value = self.format_value(value)
        if value is not None:
            final["value"] = value
        return mark_safe(f'<input type="text" name="{escape(name)}"{flatatt(final)}>')


class ScorerNameField(forms.CharField):
    """The text field beside a table's select: anyone else who may score it, by name (from
    the page's list); empty is nothing. Cleans to the candidate's id."""

    def __init__(self, candidates: ScorerCandidates, **kwargs: Any) -> None:
        attrs = {
            "list": DATALIST_ID,
            "autocomplete": "off",
            "placeholder": _("or someone else…"),
            "class": "scorer-name",
        }
        super().__init__(
            required=False, max_length=NAME_MAX, widget=ScorerNameInput(attrs=attrs), **kwargs
        )
        self.candidates = candidates

    def clean(self, value: Any) -> Any:
        try:
            text = super().clean(value)
        except ValidationError:
            # Too long for any name, or a character no name has: no candidate has it.
            raise ValidationError(UNKNOWN_MESSAGE, code=UNKNOWN_SCORER) from None
        if not text:
            return None
        return self.candidates.find(text)


class ScorerAssignmentForm(forms.Form):
    """Per table of a round, `table_<id>` (its select) and `table_<id>_name` (anyone else by
    name, which wins when given): who scores it. Only the tables sent change; "nobody"
    (NOBODY) takes a table's scorer away. `candidates`: the page's, shared by its rounds'
    forms (read once); one of its own by default."""

    def __init__(
        self,
        *args: Any,
        tables: list[Any],
        candidates: ScorerCandidates | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.tables = tables
        if candidates is None:
            candidates = ScorerCandidates(tables[0].round.tournament if tables else None)
        self.candidates = candidates
        for table in tables:
            self.fields[f"table_{table.pk}"] = ScorerChoiceField(
                candidates,
                table,
                label=_("Scorer of table %(n)s") % {"n": table.number},
                initial=table.scorer_id,
            )
            self.fields[f"table_{table.pk}{NAME_SUFFIX}"] = ScorerNameField(
                candidates,
                label=_("Someone else to score table %(number)s") % {"number": table.number},
            )

    def refusals(self) -> dict[str, list[dict[str, str]]]:
        """{field name as sent (with its prefix): [{field, code, message}]} of a bound form
        that is not valid; the refused fields are marked for assistive technology, the first
        focused (on a phone the round may be far down the page)."""
        out: dict[str, list[dict[str, str]]] = {}
        for name, errors in self.errors.as_data().items():
            if name not in self.fields:
                continue
            sent = self.add_prefix(name)
            out[sent] = [
                {"field": sent, "code": error.code or INVALID_CHOICE, "message": message}
                for error in errors
                for message in error.messages
            ]
            marks: dict[str, Any] = {"aria-invalid": "true", "aria-describedby": f"{sent}-error"}
            if len(out) == 1:
                # The page shown again opens at the first refusal, its field focused.
                marks["autofocus"] = True
            self.fields[name].widget.attrs.update(marks)
        return out

    def assignments(self) -> dict[int, Any]:
        """{table id: user, or None for nobody} for the tables sent; the rest are left out."""
        chosen: dict[int, Any] = {}
        for table in self.tables:
            by_name = self.cleaned_data.get(f"table_{table.pk}{NAME_SUFFIX}")
            value = by_name if by_name is not None else self.cleaned_data.get(f"table_{table.pk}")
            if value is None:
                continue  # not sent (or sent empty): unchanged
            chosen[table.pk] = value
        users = get_user_model().objects.in_bulk(
            [value for value in chosen.values() if value != NOBODY]
        )
        # An account gone since the candidates were read: its table is left as it is.
        return {
            pk: None if value == NOBODY else users[value]
            for pk, value in chosen.items()
            if value == NOBODY or value in users
        }


def scorer_error_html(refusal: dict[str, str]) -> str:
    """A refusal at its field, as the page shows it."""
    return format_html(
        '<p class="error" id="{}-error" role="alert" data-field="{}" data-code="{}">{}</p>',
        refusal["field"],
        refusal["field"],
        refusal["code"],
        refusal["message"],
    )
