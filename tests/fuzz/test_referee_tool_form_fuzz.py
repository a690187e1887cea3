"""Issue 13: Hypothesis fuzzes the referee's tools at the table (referee/games/*/forms.py, the pages
of referee/urls.py): which cards may be played, whose combinations count, a deal checked card
by card, a closing, a Preferans deal scored, a Preferans pulka settled. Each with the form's
own names (the card grids, one seat more than a table has, the table select offering both
games' tables) with their choices, random, out-of-range and unicode values, fields left out,
unknown or repeated; as the referee (the tables offered) and as the public (no table).

Every answer: no server error, the tool page again (200) with either the rules' answer or
each of its problems shown.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from django import forms as django_forms
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from referee.games.deberc import forms
from referee.games.preferans import forms as preferans_forms

from .form_fuzzing import (
    any_value,
    assert_named,
    choices_of,
    form_posts,
    fuzz_settings,
    problems,
    where,
)

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

MAX_EXAMPLES = 60
FUZZ = fuzz_settings(MAX_EXAMPLES)

cards = choices_of([*forms.DECK, "1C", "10", "ZZ", "AS AS"])
# A card grid posts one value per ticked card: a few of them, or a run of one suit.
card_lists = st.one_of(
    st.lists(cards, min_size=1, max_size=9),
    st.sampled_from(forms.GRID_SUITS).flatmap(
        lambda suit: st.lists(st.sampled_from(forms.GRID_RANKS), min_size=1, max_size=6).map(
            lambda ranks: [rank + suit for rank in ranks]
        )
    ),
)
names = st.one_of(
    st.sampled_from(["Anna, Boris", "Anna, Boris, Vera", "Anna,,Anna", "A, B, C, D, E", ""]),
    any_value,
)


def _played() -> dict:
    example = Path(__file__).resolve().parent.parent / "data" / "examples"
    return json.loads((example / "moscow-2p-card-by-card.json").read_text())


def _check_deal() -> dict[str, str | list[str]]:
    """The example file's first deal, as the card grids post it."""
    played = _played()
    deal = played["deals"][0]
    body: dict[str, str | list[str]] = {
        "ruleset": played["ruleset"],
        "players": ", ".join(played["players"]),
        "dealer": deal["dealer"],
        "trump": deal["trump"],
        "declarer": deal["declarer"],
        "runs_0": ["KS", "QS", "JS"],
    }
    for i, name in enumerate(played["players"]):
        body[f"hand_{i}"] = deal["play"]["hands"][name]
    for n, trick in enumerate(deal["play"]["tricks"]):
        body[f"trick_{n}"] = trick
    return body


# Each tool: its route, its form and a post its rules answer (without a table).
TOOLS = {
    "legal_cards": (
        "/referee/legal-cards/",
        forms.LegalCardsForm,
        {"ruleset": "moscow", "trump": "C", "led": "JC", "hand": ["7C", "AS"]},
    ),
    "combinations": (
        "/referee/combinations/",
        forms.CombinationsForm,
        {
            "ruleset": "moscow",
            "players": "Anna, Boris",
            "trump": "D",
            "runs_0": ["AS", "KS", "QS"],
            "bella_1": "on",
            "last_trick": "Boris",
        },
    ),
    "check_deal": ("/referee/check-deal/", forms.CheckDealForm, _check_deal()),
    "check_closing": (
        "/referee/check-closing/",
        forms.CheckClosingForm,
        {
            "ruleset": "moscow",
            "totals": "Anna: 452\nBoris: 480",
            "dealer": "Boris",
            "claimant": "Anna",
            "points": "49",
        },
    ),
    "preferans_deal": (
        "/referee/preferans/score-deal/",
        preferans_forms.PreferansDealForm,
        {
            "ruleset": "sochi",
            "players": "Anna, Boris, Vera",
            "kind": "game",
            "declarer": "1",
            "level": "6",
            "suit": "S",
            "whist_0": "pass",
            "whist_2": "whist",
            "tricks_0": "1",
            "tricks_1": "6",
            "tricks_2": "3",
        },
    ),
    "preferans_settle": (
        "/referee/preferans/settle/",
        preferans_forms.PreferansSettleForm,
        {
            "ruleset": "sochi",
            "players": "Anna, Boris, Vera",
            "pool_0": "10",
            "mountain_1": "4",
            "whists_0_1": "20",
        },
    ),
}


@cache
def _fields(tool: str, tables: tuple[int, ...]) -> dict[str, st.SearchStrategy]:
    """Each field of the tool's form (as the referee sees it: with the table select) with
    what it offers; `tables` are the ids of the evening's matches, both games'."""
    _url, form_class, _valid = TOOLS[tool]
    form = form_class()
    fields: dict[str, st.SearchStrategy] = {
        "table": st.one_of(st.sampled_from([str(pk) for pk in tables]), any_value),
        "players": names,
        "totals": st.one_of(
            st.sampled_from(["Anna: 452\nBoris: 480", "Anna 452", "Anna: x", ": 1", "A: 1\nA: 2"]),
            any_value,
        ),
    }
    for name, field in form.fields.items():
        if name in fields:
            continue
        if isinstance(field, forms.CardsField):
            fields[name] = card_lists
        elif isinstance(field, django_forms.BooleanField):
            fields[name] = st.sampled_from(["", "on", "1", "false", "0"])
        elif isinstance(field, django_forms.ChoiceField):
            fields[name] = choices_of([str(value) for value, _label in field.choices])
        else:
            fields[name] = any_value
    return fields


@pytest.fixture
def clients(fuzz_evening, preferans_fuzz_evening) -> dict[str, Client]:
    referee = Client()
    referee.force_login(fuzz_evening.referee)
    return {"referee": referee, "public": Client()}


@FUZZ
@pytest.mark.parametrize("tool", sorted(TOOLS))
@given(data=st.data(), who=st.sampled_from(["referee", "public"]))
def test_it_answers_every_referee_tool_post_without_a_server_error(
    clients, fuzz_evening, preferans_fuzz_evening, tool, data, who
):
    url, _form, valid = TOOLS[tool]
    tables = (
        fuzz_evening.match.pk,
        preferans_fuzz_evening.match.pk,
        preferans_fuzz_evening.four_match.pk,
    )
    body = data.draw(form_posts(_fields(tool, tables), valid, changed=2, dropped=1))
    response = clients[who].post(url, body)
    assert response.status_code == 200, where(url, body)
    if problems(response):
        assert_named(response, where(url, body))
    else:
        assert response.context["answer"] is not None, f"{where(url, body)}: no answer"
