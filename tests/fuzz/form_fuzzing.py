"""What the form fuzzers share: the values a hand-made request may send, a POST body drawn from
a form's own fields (some left out, some unknown, some repeated; or a valid post with a few
fields changed), and the checks of every answer: no server error (the test client raises what
the view raised), and a refusal names its problems on the page it answers with."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.test import Client
from django.utils.html import escape
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st


def fuzz_settings(max_examples: int) -> settings:
    """Derandomized and bounded (the same cases every run, no deadline); one fixture for all
    the examples of a test: what one example entered is data for the next."""
    return settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
        ],
    )


# Anything a phone, a script or a hand-made request may send in a field.
EDGE_NUMBERS = [-(2**63), -1, 0, 2**31, 2**63 - 1, 2**63, 10**30]
numbers = st.one_of(
    st.integers(min_value=-5, max_value=200), st.sampled_from(EDGE_NUMBERS), st.integers()
).map(str)
texts = st.one_of(
    st.text(max_size=20),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=40),
    st.sampled_from(["", " ", "\x00", "a\x00b", "٣", "１２", "1e3", "0x10", "NaN", "-0", "½"]),
    st.sampled_from(["♥", "Ч", "<script>alert(1)</script>", "Anna", "Boris", "10H", "AS"]),
)
any_value = st.one_of(numbers, texts)


def choices_of(values: list[str]) -> st.SearchStrategy[str]:
    """One of `values` (as offered, lower- or upper-cased), or anything."""
    offered = values + [v.lower() for v in values] + [v.upper() for v in values]
    return st.one_of(st.sampled_from(offered), any_value) if offered else any_value


Body = dict[str, list[str]]


@st.composite
def form_posts(
    draw: st.DrawFn,
    fields: Mapping[str, st.SearchStrategy[Any]],
    valid: Mapping[str, str | list[str]],
    changed: int = 3,
    dropped: int = 2,
) -> Body:
    """A POST body (field → one or more values), either from scratch (any of the form's
    fields) or `valid` with a few fields left out or changed, so that it gets past the
    form's first checks to what lies behind them (at most `dropped` left out, `changed`
    changed or added); and maybe a few unknown fields."""
    body: Body = {}
    if valid and draw(st.booleans()):
        body = {k: list(v) if isinstance(v, list) else [v] for k, v in valid.items()}
        for name in draw(st.lists(st.sampled_from(sorted(valid)), max_size=dropped, unique=True)):
            del body[name]
        size = changed
    else:
        size = len(fields)
    names = draw(st.lists(st.sampled_from(sorted(fields)), max_size=size, unique=True))
    for name in names:
        # One value, or two (a repeated field); a strategy may draw a list (a card grid).
        values = draw(st.lists(fields[name], min_size=1, max_size=2))
        body[name] = [
            v for value in values for v in (value if isinstance(value, list) else [value])
        ]
    extra = draw(st.dictionaries(st.text(min_size=1, max_size=12), texts, max_size=2))
    for name, value in extra.items():
        body.setdefault(name, [value])
    return body


# --- the checks ------------------------------------------------------------------------------


def problems(response: Any) -> list[str]:
    """The problems a view found, as it handed them to its template: the form's errors, and
    the view's own `errors` (a dict of messages by field, or a list of {"message"}) or
    `error` (one message)."""
    context = response.context
    if context is None:
        return []
    found: list[str] = []
    form = context.get("form")
    if form is not None and getattr(form, "is_bound", False):
        found += [str(message) for messages in form.errors.values() for message in messages]
    errors = context.get("errors") or {}
    if isinstance(errors, Mapping):
        found += [str(message) for messages in errors.values() for message in messages]
    else:
        found += [str(problem["message"]) for problem in errors]
    if context.get("error"):
        found.append(str(context["error"]))
    return found


def assert_named(response: Any, where: str, found: list[str] | None = None) -> None:
    """A refusal shows the page again with its problems: at least one, each on the page."""
    found = problems(response) if found is None else found
    assert found, f"{where}: refused ({response.status_code}) without saying why"
    html = response.content.decode()
    for message in found:
        assert escape(message) in html, f"{where}: {message!r} is not shown ({found!r})"


def assert_sheet_named(response: Any, where: str) -> None:
    """The scorer page's refusal (either game's sheet or correction form). Where the sheet
    shows no deal form (the match is over, or a deal waits for confirmation), the reasons
    above the sheet say why: the form's own field errors have nowhere to go, and no bearing."""
    context = response.context
    if context.get("editing") is None and not context.get("can_enter"):
        assert_named(response, where, list((context.get("errors") or {}).get("__all__", [])))
    else:
        assert_named(response, where)


MESSAGE = re.compile(r'<li class="msg-(\w+)">(.*?)</li>', re.S)


def flash(client: Client, response: Any, where: str) -> list[tuple[str, str]]:
    """A post that redirects says on the next page what it did: the messages shown there
    (level, text); at least one."""
    assert response.status_code == 302, f"{where}: {response.status_code}"
    page = client.get(response["Location"])
    assert page.status_code == 200, f"{where}: the redirect lands on {page.status_code}"
    shown = MESSAGE.findall(page.content.decode())
    assert shown and all(text.strip() for _level, text in shown), f"{where}: says nothing"
    return shown


def where(url: str, body: Any) -> str:
    return f"POST {url} {body!r}"[:600]
