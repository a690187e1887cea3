"""Issue 13: schemathesis fuzzes every operation of `/api/schema/` in-process (WSGI, the
test database), signed in as each role (organiser, referee, the table's scorer, a seated
player: API tokens of fuzz_evening) and as the anonymous public.

What must hold for every request, valid or not: no server error (5xx), every refusal (4xx)
is coded: a JSON body `{"errors": [{"field", "code", "message"}, ...]}`, and every one of
schemathesis's checks passes (issue 17, item 21: the schema tells the truth): the status code,
content type, headers and body are the documented ones, a request the schema allows is not
refused (but where the rules or the data decide: RULES_DECIDE), a request it forbids is
refused, a public operation says so and a private one refuses the anonymous.

- Bounded for CI: MAX_EXAMPLES fuzzed cases per operation (each sent as every role) plus
  schemathesis's examples and coverage phases (each case sent as the organiser and one other
  role in turn), positive and negative, derandomized (the same cases every run), no deadline.
- Aimed: path parameters are half the evening's real ids, half what the schema allows; whole
  numbers are sometimes swapped for edge ones (0, -1, 2**31, 2**63, 10**30); the operations
  whose body the schema calls "an object" also get a valid body with a few parts changed
  (fuzz_evening.seeds), so that the requests reach the views behind the first checks.
- The schema is loaded when the module is collected (it reads no data): schemathesis's
  `pytest.from_fixture` does not work with pytest 9.2 (it sets `Node._nodeid`).

`test_it_refuses_unstorable_text_anywhere_in_a_body_with_a_coded_400` adds a deterministic
sweep: every seeded body with each of its texts made a NUL or a lone surrogate.
"""

from __future__ import annotations

import copy
import itertools
import json
import os
import re
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from schemathesis.core.parameters import ParameterLocation

from config.wsgi import application

from .allowed_refusals import ACCEPTED_OR_RULED, RULES_DECIDE
from .conftest import ROLES

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

MAX_EXAMPLES = 5


CONFIG = schemathesis.Config.from_dict(
    {
        "generation": {
            "max-examples": MAX_EXAMPLES,
            "deterministic": True,
            "mode": "all",
            # The role's token is the only credential sent: none is generated.
            "with-security-parameters": False,
            "database": "none",
        },
        "phases": {"stateful": {"enabled": False}},
        "operations": [
            {
                "include-name": label,
                "checks": {"positive_data_acceptance": {"expected-statuses": ACCEPTED_OR_RULED}},
            }
            for label in RULES_DECIDE
        ],
    }
)

PATH_PARAMETER = re.compile(r"{(\w+)}")
ERROR_KEYS = {"field", "code", "message"}


# Loaded when the module is collected, as the site serves it: drawing the schema reads no data.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application, config=CONFIG)

# A narrower run while fixing a failure (every operation is one test, every role sends each
# case, so `-k` cannot choose): FUZZ_OPERATIONS, a regular expression on the operation's label
# ("PATCH /api/v1/tournaments/{tournament_id}/entries/{entry_id}/"), and FUZZ_ROLES, the roles
# that send (comma-separated). CI sets neither: every operation, every role.
if os.environ.get("FUZZ_OPERATIONS"):
    schema = schema.include(name_regex=os.environ["FUZZ_OPERATIONS"])
FUZZ_ROLES = tuple(
    role for role in os.environ.get("FUZZ_ROLES", ",".join(ROLES)).split(",") if role in ROLES
)


@schema.hook
def before_generate_path_parameters(context, strategy):
    """Half the path parameters are the evening's real ids (KNOWN, set by the `role_headers`
    fixture before the test draws its cases); the other half whatever the schema allows."""
    names = PATH_PARAMETER.findall(context.operation.path)
    if not names or any(name not in KNOWN for name in names):
        return strategy
    real = st.fixed_dictionaries({name: st.sampled_from(KNOWN[name]) for name in names})
    return st.one_of(real, strategy)


# Whole numbers a database column cannot hold, or that sit at its edges: Hypothesis seldom
# draws them by itself, and an id beyond 64 bits is what breaks an SQL parameter.
EDGE_INTS = [0, -1, 2**31, 2**63 - 1, 2**63, 10**30]


def _with_edge_ints(value: Any) -> Any:
    """`value`, with each whole number at its top level possibly swapped for an edge one."""
    if not isinstance(value, dict):
        return st.just(value)
    ints = [k for k, v in value.items() if isinstance(v, int) and not isinstance(v, bool)]
    if not ints:
        return st.just(value)
    swaps = {k: st.one_of(st.just(value[k]), st.sampled_from(EDGE_INTS)) for k in ints}
    return st.fixed_dictionaries(swaps).map(lambda new: {**value, **new})


@schema.hook
def flatmap_path_parameters(context, path_parameters):
    return _with_edge_ints(path_parameters)


@schema.hook
def flatmap_query(context, query):
    return _with_edge_ints(query)


@schema.hook
def flatmap_body(context, body):
    return _with_edge_ints(body)


# Text a database column may not hold: NUL (PostgreSQL). (Lone surrogates too, but the
# transport cannot encode them: tests/fuzz/test_found_by_fuzzing.py sends them.)
AWKWARD_TEXTS = ["", "\x00", "a\x00b"]

# Any JSON value, edge numbers and awkward strings included.
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from(EDGE_INTS)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from([*AWKWARD_TEXTS, "Ч", "10H", "ДП", "bella", "terz:KH", "Anna", "Boris"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every place inside a JSON document, as a path of keys and indexes."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


@st.composite
def mutated(draw: st.DrawFn, seed: Any) -> Any:
    """`seed` with one to three places changed (a value replaced, a key removed), and maybe
    a key added to it: what a view keeps as it came (a deal's extra keys, a reason, a name)
    must be storable."""
    doc = copy.deepcopy(seed)
    if isinstance(doc, dict) and draw(st.booleans()):
        key = draw(st.sampled_from(["note", "reason", "name", *AWKWARD_TEXTS]))
        doc[key] = draw(st.one_of(st.sampled_from(AWKWARD_TEXTS), json_values))
    paths = _paths(doc)
    for path in draw(st.lists(st.sampled_from(paths), min_size=1, max_size=3, unique=True)):
        parent = doc
        try:
            for step in path[:-1]:
                parent = parent[step]
            parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed or replaced this place
        if isinstance(parent, dict) and draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(json_values)
    return doc


@schema.hook
def before_generate_body(context, strategy):
    """For the operations with a seed (a valid body, fuzz_evening.seeds), half the bodies
    are the seed with a few parts changed, the other half whatever the schema allows."""
    seed = SEEDS.get(context.operation.label)
    if seed is None:
        return strategy
    return st.one_of(mutated(seed), strategy)


KNOWN: dict[str, list[Any]] = {}
SEEDS: dict[str, Any] = {}
TURN = itertools.count()


@pytest.fixture
def keep_test_connection():
    """Schemathesis calls the WSGI application itself, whose request_started/finished signals
    close "old" connections: on PostgreSQL that is the test's own connection, inside its
    transaction. Django's test client disconnects them the same way."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def role_headers(fuzz_evening, settings, keep_test_connection) -> dict[str, dict[str, str]]:
    """Each role's headers ("public": none), and KNOWN filled with the evening's ids.

    The deal throttle (10 a second per user) would answer most of a fuzzer's deals with 429
    before the view reads them: here it allows plenty (its own tests check it)."""
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"deals": "100000/second"},
    }
    KNOWN.clear()
    KNOWN.update(vars(fuzz_evening.known))
    SEEDS.clear()
    SEEDS.update(fuzz_evening.seeds)
    global TURN
    TURN = itertools.count()
    yield {
        role: {"Authorization": f"Token {fuzz_evening.tokens[role]}"} if role != "public" else {}
        for role in FUZZ_ROLES
    }
    KNOWN.clear()
    SEEDS.clear()


def assert_answered(response: Any, case: Any, role: str) -> None:
    """No 5xx; a 4xx answers {"errors": [{"field", "code", "message"}, ...]} with a code."""
    label = f"{case.operation.label} as {role} → {response.status_code}"
    # (Bytes, not `text`: a download such as the table cards' PDF is no UTF-8.)
    body_start = response.content[:500].decode(errors="replace")
    where = f"{label}\n{case.as_curl_command()}\n{body_start}"
    assert response.status_code < 500, f"server error: {where}"
    if response.status_code < 400:
        return
    content_type = (response.headers.get("content-type") or [""])[0]
    assert "json" in content_type, f"refusal not JSON ({content_type}): {where}"
    body = json.loads(response.content)
    errors = body.get("errors") if isinstance(body, dict) else None
    assert isinstance(errors, list) and errors, f"refusal without an errors list: {where}"
    for item in errors:
        assert isinstance(item, dict) and item.keys() >= ERROR_KEYS, f"{item!r}: {where}"
        assert isinstance(item["code"], str) and item["code"], f"uncoded {item!r}: {where}"
        assert isinstance(item["message"], str), f"{item!r}: {where}"
        assert item["field"] is None or isinstance(item["field"], str), f"{item!r}: {where}"


def senders(case: Any, role_headers: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """Who sends the case: every role for a fuzzed case; for the coverage and examples
    phases (hundreds of cases for an operation with a body), the organiser, who gets
    furthest, and one other role in turn."""
    phase = case.meta.phase if case.meta is not None else None
    if phase is None or phase.name.value == "fuzzing":
        return role_headers
    if "organiser" not in role_headers or len(role_headers) == 1:
        return role_headers
    others = [role for role in role_headers if role != "organiser"]
    other = others[next(TURN) % len(others)]
    return {"organiser": role_headers["organiser"], other: role_headers[other]}


def aim(case: Any) -> None:
    """Schemathesis's coverage and examples phases draw the path parameters themselves (the
    hook above is for the fuzzing phase): unless a case is about a path parameter, it is sent
    to the evening's real objects, so that its body and query reach the view behind them."""
    phase = case.meta.phase if case.meta is not None else None
    if phase is None or phase.name.value == "fuzzing" or not case.path_parameters:
        return
    if getattr(phase.data, "parameter_location", None) == ParameterLocation.PATH:
        return
    if case.meta.is_negative_at(ParameterLocation.PATH):
        return  # a case about a wrong path, whatever its description says
    for name in case.path_parameters:
        if name in KNOWN:
            case.path_parameters[name] = KNOWN[name][0]


@pytest.mark.slow
@schema.parametrize()
# The evening (a function-scoped fixture) is shared by the cases of one operation on purpose:
# what one case changed (a deal entered, a round paired) is data for the next.
@hypothesis_settings(
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
def test_it_answers_every_api_call_without_a_server_error(case, role_headers):
    aim(case)
    for role, headers in senders(case, role_headers).items():
        response = case.call(headers=headers)
        assert_answered(response, case, role)
        # Every schemathesis check (the schema's promises), as this role.
        case.validate_response(response, headers=headers)


# Text no database column can hold, as JSON sends it: a NUL (PostgreSQL's text and jsonb
# refuse it) and a lone surrogate (UTF-8 cannot encode it; schemathesis's transport cannot
# send one, so this test posts the JSON itself).
UNSTORABLE = ["a\\u0000b", "\\ud800"]


def _seed_url(label: str, known: dict[str, list[Any]]) -> tuple[str, str]:
    method, path = label.split(" ", 1)
    return method, PATH_PARAMETER.sub(lambda m: str(known[m.group(1)][0]), path)


def test_it_refuses_unstorable_text_anywhere_in_a_body_with_a_coded_400(
    fuzz_evening, keep_test_connection
):
    """Every seeded body (a valid request), with each text in it, and an added key, made
    unstorable: no 5xx, and the refusal coded, for the organiser and the table's scorer."""
    from django.test import Client

    clients = {}
    for role in ("organiser", "scorer"):
        clients[role] = Client(HTTP_AUTHORIZATION=f"Token {fuzz_evening.tokens[role]}")
    known = vars(fuzz_evening.known)
    for label, seed in fuzz_evening.seeds.items():
        method, url = _seed_url(label, known)
        places = [path for path in _paths(seed) if isinstance(_at(seed, path), str)]
        for bad in UNSTORABLE:
            bodies = [json.dumps(seed)[:-1] + f', "note": "{bad}"}}']
            for path in places:
                doc = copy.deepcopy(seed)
                _set(doc, path, "\x01")
                bodies.append(json.dumps(doc).replace('"\\u0001"', f'"{bad}"'))
            for role, client in clients.items():
                for number, body in enumerate(bodies):
                    response = client.generic(
                        method,
                        url,
                        body,
                        content_type="application/json",
                        HTTP_IDEMPOTENCY_KEY=f"unstorable-{role}-{number}-{len(bad)}",
                    )
                    where = f"{label} as {role}: {body[:300]}\n{response.content[:300]!r}"
                    assert response.status_code < 500, where
                    if response.status_code >= 400:
                        errors = response.json()["errors"]
                        assert errors and all(e.get("code") for e in errors), where


def _at(doc: Any, path: tuple) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _set(doc: Any, path: tuple, value: Any) -> None:
    _at(doc, path[:-1])[path[-1]] = value
