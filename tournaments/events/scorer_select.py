"""The tables page's scorer selects (who scores each table of a round): the form, its field
and its select, whose options a page reads and renders once for all its selects (issue 35,
item 19)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.forms.models import ModelChoiceIterator
from django.forms.utils import flatatt
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from tournaments.events.selectors import scorer_candidates

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


class ScorerOptions:
    """The scorer selects' options of a page, read and rendered once for all its selects: the
    same list (every user who may score the tournament's tables, issue 35 item 19) stood in
    each table's select, and a club's thousands of members made a page of a few rounds a
    query per select and millions of options through the template engine (a minute)."""

    def __init__(self, users: Any) -> None:
        self.users = users
        self._html: str | None = None

    def html(self) -> str:
        """Every option after "nobody", each on its line, none selected; as Django's Select
        renders them."""
        if self._html is None:
            self._html = "".join(
                f'\n  <option value="{user.pk}">{escape(str(user))}</option>' for user in self.users
            )
        return self._html


class ScorerSelect(forms.Select):
    """A scorer select rendered from its page's `ScorerOptions` (the markup of Django's Select
    with the choices "nobody" then the users, the value's option selected): the options'
    HTML is made once and each select only marks its scorer."""

    def __init__(self, options: ScorerOptions, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scorer_options = options

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> Any:
        value = self.format_value(value)
        chosen = value[0] if value else ""
        final = self.build_attrs(self.attrs, attrs)
        nobody = escape(_("— nobody —"))
        head = f'<select name="{escape(name)}"' + flatatt(final) + ">"
        first = f'\n  <option value="{NOBODY}"{" selected" if chosen == NOBODY else ""}>'
        options = self.scorer_options.html()
        if chosen and chosen != NOBODY:
            mark = f'<option value="{escape(chosen)}">'
            options = options.replace(mark, mark[:-1] + " selected>", 1)
        return mark_safe(f"{head}{first}{nobody}</option>{options}\n</select>")


class ScorerChoiceField(forms.ModelChoiceField):
    """A user, or NOBODY; an empty or missing value is None: nothing to change."""

    iterator = _ScorerChoices

    def __init__(self, queryset: Any, options: ScorerOptions | None = None, **kwargs: Any) -> None:
        if options is not None:
            kwargs["widget"] = ScorerSelect(options)
        super().__init__(queryset, required=False, empty_label=None, **kwargs)

    def prepare_value(self, value: Any) -> Any:
        return NOBODY if value is None else super().prepare_value(value)

    def to_python(self, value: Any) -> Any:
        if value == NOBODY:
            return NOBODY
        return super().to_python(value)


class ScorerAssignmentForm(forms.Form):
    """One select per table of a round: who scores it. Only the tables sent change; "nobody"
    (NOBODY) takes a table's scorer away. `options`: the page's scorer options, shared by its
    rounds' forms (read once); one of its own by default."""

    def __init__(
        self, *args: Any, tables: list[Any], options: ScorerOptions | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.tables = tables
        # Only who may score the tournament's tables (a club member, its staff, a scorer of
        # it already): never any account of the site.
        users = (
            scorer_candidates(tables[0].round.tournament)
            if tables
            else get_user_model().objects.none()
        )
        if options is None:
            options = ScorerOptions(users)
        for table in tables:
            self.fields[f"table_{table.pk}"] = ScorerChoiceField(
                queryset=users,
                options=options,
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
