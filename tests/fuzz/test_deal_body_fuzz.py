"""Issue 17: Hypothesis sends deal bodies to `POST /api/v1/matches/{id}/deals/` of both games:
a deal the engine accepts, changed by a few of: a key added (a misspelling, junk, at the top
or inside a nested object), a key dropped, a value replaced by deep nesting or by a number of
any size; and, as raw text, JSON nested far too deep or holding integers beyond 64 bits.

What must hold for every body: no server error; a refusal is a coded JSON error; a body with
a key no deal has is refused (`unknown_field`), one nested over 64 levels is `too_deep`, an
integer beyond 64 bits `number_too_large`; and a 2xx stores nothing the request did not
name: every key of the stored record, at every depth, is a key the request sent there.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from scoring.games.deberc.engine.reader import DEAL_KEYS as DEBERC_KEYS
from scoring.games.deberc.engine.reader import NESTED_KEYS as DEBERC_NESTED
from scoring.games.preferans.engine.reader import DEAL_KEYS as PREFERANS_KEYS
from scoring.models import Deal, Match
from tests.factories import (
    DEAL_BIG,
    DEAL_MADE,
    DEAL_VOID,
    PREF_SEVEN_HEARTS_DOWN,
    PREF_SIX_SPADES,
    make_evening,
    make_preferans_evening,
)

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

MAX_EXAMPLES = 60
INT64 = 2**63
DEBERC_SEEDS = [
    DEAL_MADE,
    DEAL_BIG,
    DEAL_VOID,
    {**DEAL_MADE, "violation": {"player": "Anna", "kind": "renonce"}},
    {**DEAL_MADE, "closing": {"player": "Boris", "points": 30}},
]
PREFERANS_SEEDS = [
    PREF_SIX_SPADES,
    PREF_SEVEN_HEARTS_DOWN,
    {**PREF_SIX_SPADES, "violation": {"player": "Vera", "kind": "renonce", "count": 1}},
    {"kind": "allpass", "tricks": {"Anna": 3, "Boris": 3, "Vera": 4}},
]
_KEYS = itertools.count()

# Numbers of every size, the edges of 64 bits and far beyond them included.
NUMBERS = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([INT64 - 1, INT64, -INT64, -INT64 - 1, 10**20, 10**100]),
    st.floats(allow_nan=False, allow_infinity=False),
)
# Text without NUL (refused at the parser with its own code, by tests/fuzz/test_api_fuzz.py).
TEXT = st.text(st.characters(exclude_characters="\x00"), max_size=20)
LEAVES = st.one_of(st.none(), st.booleans(), NUMBERS, TEXT)
VALUES = st.recursive(
    LEAVES,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(TEXT, inner, max_size=3)),
    max_leaves=8,
)
NAMES = st.one_of(
    st.sampled_from(["trmp", "pointz", "Trump", "score", "junk", "kind ", "count", "x"]),
    TEXT.filter(bool),
)


def _nested(depth: int, leaf: Any) -> Any:
    for index in range(depth):
        leaf = [leaf] if index % 2 else {"k": leaf}
    return leaf


@st.composite
def changed_deal(draw: st.DrawFn, seeds: list[dict]) -> dict:
    """A seed deal with a few changes: keys added (top level or nested), dropped, or values
    replaced by anything (deep nesting and huge numbers included)."""
    deal = json.loads(json.dumps(draw(st.sampled_from(seeds))))
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        change = draw(
            st.sampled_from(["respell", "respell", "add", "add_nested", "drop", "replace", "deep"])
        )
        if change == "respell":
            # Another spelling the engine reads (stored canonically): a 2xx now and then.
            if isinstance(deal.get("trump"), str):
                deal["trump"] = draw(st.sampled_from(["c", "d", "h", "s", "♣", "♦", "♥", "♠"]))
            if isinstance(deal.get("contract"), str):
                deal["contract"] = deal["contract"].lower()
        elif change == "add":
            deal[draw(NAMES)] = draw(VALUES)
        elif change == "add_nested":
            holders = [key for key, value in deal.items() if isinstance(value, dict)]
            if holders:
                deal[draw(st.sampled_from(holders))][draw(NAMES)] = draw(VALUES)
        elif change == "drop" and deal:
            del deal[draw(st.sampled_from(sorted(deal)))]
        elif change == "replace" and deal:
            deal[draw(st.sampled_from(sorted(deal)))] = draw(VALUES)
        elif change == "deep":
            depth = draw(st.integers(min_value=1, max_value=120))
            deal[draw(st.sampled_from([*sorted(deal), "deep"]))] = _nested(depth, draw(LEAVES))
    return deal


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


def _has_huge_int(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return not -INT64 <= value < INT64
    children = value.values() if isinstance(value, dict) else value
    return isinstance(value, dict | list) and any(_has_huge_int(item) for item in children)


def _unknown_keys(deal: dict, known: frozenset[str], nested: dict[str, frozenset[str]]) -> bool:
    if not deal.keys() <= known:
        return True
    for key, keys in nested.items():
        value = deal.get(key)
        entries = value if isinstance(value, list) else [value]
        if any(isinstance(entry, dict) and not entry.keys() <= keys for entry in entries):
            return True
    return False


def _named(stored: Any, sent: Any, path: str = "") -> list[str]:
    """Paths of keys in `stored` that `sent` did not have at the same place."""
    if not isinstance(stored, dict):
        if isinstance(stored, list) and isinstance(sent, list):
            return [
                bad
                for index, item in enumerate(stored)
                if index < len(sent)
                for bad in _named(item, sent[index], f"{path}[{index}]")
            ]
        return []
    if not isinstance(sent, dict):
        return [path or "(deal)"]
    out = []
    for key, value in stored.items():
        if key not in sent:
            out.append(f"{path}.{key}" if path else key)
        else:
            out.extend(_named(value, sent[key], f"{path}.{key}" if path else key))
    return out


def _post(client: APIClient, match: Match, body: str) -> Any:
    return client.generic(
        "POST",
        f"/api/v1/matches/{match.pk}/deals/",
        body,
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=f"fuzz-{next(_KEYS)}",
    )


def _check(response: Any, deal: dict, match: Match, sent: Any) -> None:
    where = f"{json.dumps(sent)[:400]} → {response.status_code} {response.content[:400]!r}"
    assert response.status_code < 500, where
    if response.status_code < 300:
        stored = Deal.objects.filter(match=match).order_by("-number").first()
        assert stored is not None, where
        assert _named(stored.record, deal) == [], where
        return
    errors = response.json()["errors"]
    assert errors and all(isinstance(e.get("code"), str) and e["code"] for e in errors), where


@pytest.fixture
def deal_client(settings):
    # The deal throttle would answer most examples with 429 before the view reads them.
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"deals": "100000/second"},
    }
    return APIClient()


def _fuzz_game(client: APIClient, match: Match, deal: dict, known, nested) -> None:
    version = Match.objects.get(pk=match.pk).version
    body = {**deal, "version": version}
    with transaction.atomic():
        response = _post(client, match, json.dumps(body))
        event(f"answered {response.status_code}")  # --hypothesis-show-statistics
        _check(response, deal, match, body)
        codes = (
            {e["code"] for e in response.json().get("errors", [])} if response.content else set()
        )
        too_deep, huge = _depth(body) > 64, _has_huge_int(body)
        if too_deep or huge:
            # The parser stops at the first of them it meets.
            allowed = ({"too_deep"} if too_deep else set()) | (
                {"number_too_large"} if huge else set()
            )
            assert response.status_code == 400 and len(codes) == 1 and codes <= allowed, (
                response.content
            )
        elif _unknown_keys(deal, known, nested):
            assert response.status_code == 400 and "unknown_field" in codes, response.content
        transaction.set_rollback(True)  # every example against the same empty match


FUZZ_SETTINGS = hypothesis_settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture
def deberc_ev():
    return make_evening()


@pytest.fixture
def preferans_ev():
    return make_preferans_evening()


@FUZZ_SETTINGS
@given(deal=changed_deal(DEBERC_SEEDS))
def test_deberc_deal_bodies_are_refused_coded_or_stored_as_sent(deal_client, deberc_ev, deal):
    deal_client.force_authenticate(user=deberc_ev.scorer)
    _fuzz_game(deal_client, deberc_ev.match, deal, DEBERC_KEYS, DEBERC_NESTED)


@FUZZ_SETTINGS
@given(deal=changed_deal(PREFERANS_SEEDS))
def test_preferans_deal_bodies_are_refused_coded_or_stored_as_sent(deal_client, preferans_ev, deal):
    deal_client.force_authenticate(user=preferans_ev.scorer)
    nested = {"violation": frozenset(("player", "kind", "count"))}
    _fuzz_game(deal_client, preferans_ev.match, deal, PREFERANS_KEYS, nested)


@pytest.mark.parametrize(
    "body",
    [
        '{"declarer": null, "version": 1, "x": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"declarer": null, "version": 1, "x": ' + "[" * 65 + "]" * 65 + "}",
        '{"declarer": null, "version": 1, "x": 123456789012345678901234567890}',
        '{"declarer": null, "version": 1, "x": {"y": [-99999999999999999999]}}',
        '{"declarer": null, "version": 99999999999999999999}',
    ],
    ids=["deep-5000", "deep-65", "int-30-digits", "negative-int-nested", "huge-version"],
)
def test_raw_bodies_beyond_the_parser_limits_are_coded_400s(deal_client, body):
    ev = make_evening()
    deal_client.force_authenticate(user=ev.scorer)
    response = _post(deal_client, ev.match, body)
    assert response.status_code == 400, response.content
    assert response.json()["errors"][0]["code"] in {"too_deep", "number_too_large"}
    assert not Deal.objects.filter(match=ev.match).exists()
