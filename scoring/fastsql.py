"""Plain SQL for the deal write path (scoring.services) and the token lookup of its API.

Deal entry runs a few statements per request; built by the ORM each time they cost more CPU
than the rules engine and the database together, and every statement is a round trip to the
database that costs both sides CPU. Here they are built once per database vendor from the
models' own table and column names, and fetched rows are turned into values with exactly the
conversions the ORM applies (JSON, SQLite's booleans and datetimes), so the objects are the
ORM's objects. Everything else stays with the ORM.

A deal submission (services.deal_submit) reads and writes optimistically:

- `match_snapshot`: ONE statement reads the match with its round, table and tournament, all
  its deals, and the answer kept under the request's Idempotency-Key (one snapshot, so they
  agree with each other);
- the engine judges the deal;
- the write is conditional on the version read: `UPDATE match … WHERE version = <read>`.
  If another write got in between, nothing is written and the service reads again (and then
  answers 409 or replays the first answer). On PostgreSQL the write is ONE statement
  (`submission_write_at_once`: the match, the deal, its history row and the kept answer, in
  data-modifying CTEs, atomic by itself); a deal that finishes the match runs it in a
  transaction with the tournament's tally. SQLite runs the same writes one by one in a
  transaction.

So an ordinary deal costs three round trips (token, snapshot, write) where the ORM took ten,
and on PostgreSQL each of the three is a prepared statement (see `cursor`). Through the deal
lane (scoring.middleware) it costs two: `token_match_snapshot` reads the token's user and the
snapshot in one statement.

This module must follow any change to the Deal, Match or IdempotencyKey models or to
simple-history's columns; the write path's tests on both databases say when it did not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import orjson
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.backends.utils import CursorDebugWrapper, CursorWrapper
from django.db.models import ForeignKey, JSONField, Model
from django.utils import timezone

from config.ids import is_id

from .models import Deal, IdempotencyKey, Match

_SQL: dict[tuple[str, str], str] = {}


def q(name: str | None) -> str:
    """A quoted table or column name (Django types a field's column as optional; every
    concrete field has one)."""
    assert name is not None
    return connection.ops.quote_name(name)


def _match_fk(relation: str) -> ForeignKey[Any, Any]:
    """The match's foreign key `relation` (one of MATCH_RELATED's)."""
    return cast("ForeignKey[Any, Any]", Match._meta.get_field(relation))


def sql(name: str, build: Callable[[], str]) -> str:
    """The statement `name`, built once per database vendor."""
    key = (connection.vendor, name)
    statement = _SQL.get(key)
    if statement is None:
        statement = _SQL[key] = build()
    return statement


class _LoggedCursor(CursorDebugWrapper):
    """Django's query log reads the SQL that a client-binding cursor composed; a server-binding
    cursor sends its parameters apart, so the log shows the statement as written."""

    def execute(self, sql: Any, params: Any = None) -> Any:  # str, or psycopg's composed SQL
        with self.debug_sql(sql, params, use_last_executed_query=False):
            return CursorWrapper.execute(self, sql, params)


def cursor() -> Any:
    """A cursor for these statements, wrapped like Django's own (errors, query logging).

    On PostgreSQL it binds parameters server-side, so psycopg prepares each statement on the
    connection (settings: prepare_threshold) and sends parameters as they are: planning the
    snapshot's five-table join took four times the CPU of running it, and escaping a result
    document into the SQL text costs Python time on every deal. (Django's persistent
    connections keep the prepared statements; a pooler in transaction mode would not: this
    site connects directly. A migration that changes these tables comes with a restart of
    the site, as every release does.) The ORM's client-binding cursors never prepare."""
    # The thread's connection looked up once: each `connection.x` is a lookup of its own
    # (five per cursor, two or three cursors a deal).
    db = connections[DEFAULT_DB_ALIAS]
    if db.vendor != "postgresql":
        return db.cursor()
    import psycopg

    db.ensure_connection()
    wrapper = _LoggedCursor if db.queries_logged else CursorWrapper
    return wrapper(psycopg.Cursor(db.connection), db)


def execute(cur: Any, name: str, build: Callable[[], str], params: Sequence[Any]) -> None:
    """Run the statement `name`, built once per database vendor by `build`."""
    cur.execute(sql(name, build), params)


def converters(model: Any, attnames: Sequence[str]) -> list[tuple[Any, list[Any]]]:
    """For each column, the conversions Django applies to a fetched value (JSON decoding,
    SQLite's booleans and naive datetimes, …)."""
    out = []
    for attname in attnames:
        field = next(f for f in model._meta.concrete_fields if f.attname == attname)
        column = field.get_col(model._meta.db_table)
        field_converters = field.get_db_converters(connection)
        if isinstance(field, JSONField) and field.decoder is None:
            field_converters = [_json_field_loader]
        out.append((column, connection.ops.get_db_converters(column) + field_converters))
    return out


def convert(values: list[Any], conversions: list[tuple[Any, list[Any]]]) -> list[Any]:
    for index, (column, funcs) in enumerate(conversions):
        for func in funcs:
            values[index] = func(values[index], column, connection)
    return values


def _json(value: Any) -> Any:
    return orjson.loads(value) if isinstance(value, str | bytes | bytearray) else value


def _dumps(value: Any) -> str:
    """JSON text for a json/jsonb column (orjson: the result document is dumped on every deal)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def _json_field_loader(value: Any, expression: Any, connection: Any) -> Any:
    """JSONField.from_db_value without a custom decoder, with orjson."""
    if value is None or not isinstance(value, str | bytes | bytearray):
        return value
    try:
        return orjson.loads(value)
    except orjson.JSONDecodeError:
        return value


def _stamp() -> tuple[Any, Any]:
    """Now, as the model gets it and as the database takes it."""
    now = timezone.now()
    return now, connection.ops.adapt_datetimefield_value(now)


# --- the user of an API token --------------------------------------------------------------

_token_plan: dict[str, Any] = {}


def _build_token_plan() -> dict[str, Any]:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from .models import ApiTokenUse

    user_model = get_user_model()
    attnames = [f.attname for f in user_model._meta.concrete_fields]
    columns = ", ".join(f"u.{q(f.column)}" for f in user_model._meta.concrete_fields)
    use_token = q(ApiTokenUse._meta.get_field("token").column)
    # The user, then the token's creation and last use (its sliding expiry: scoring.tokens).
    select = (
        f"{columns}, t.{q(Token._meta.get_field('created').column)}, "
        f"tu.{q(ApiTokenUse._meta.get_field('last_used_at').column)}"
    )
    tables = (
        f"{q(Token._meta.db_table)} t "
        f"JOIN {q(user_model._meta.db_table)} u "
        f"ON u.{q(user_model._meta.pk.column)} = t.{q(Token._meta.get_field('user').column)} "
        f"LEFT JOIN {q(ApiTokenUse._meta.db_table)} tu "
        f"ON tu.{use_token} = t.{q(Token._meta.pk.column)}"
    )
    where = f"t.{q(Token._meta.pk.column)} = %s"
    return {
        "sql": f"SELECT {select} FROM {tables} WHERE {where}",
        "select": select,
        "tables": tables,
        "where": where,
        "user_pk": f"u.{q(user_model._meta.pk.column)}",
        "model": user_model,
        "attnames": attnames,
        "converters": converters(user_model, attnames)
        + converters(Token, ["created"])
        + converters(ApiTokenUse, ["last_used_at"]),
    }


TokenFound = tuple[Any, Any, Any]  # (user, the token's creation, its last use or None)


def _token(plan: dict[str, Any], row: Sequence[Any]) -> TokenFound:
    values = convert(list(row[: len(plan["converters"])]), plan["converters"])
    width = len(plan["attnames"])
    user = plan["model"].from_db(connection.alias, plan["attnames"], values[:width])
    return user, values[width], values[width + 1]


def _token_plan_of_vendor() -> dict[str, Any]:
    plan = _token_plan.get(connection.vendor)
    if plan is None:
        plan = _token_plan[connection.vendor] = _build_token_plan()
    return plan


def token_user(key: str) -> TokenFound | None:
    """The user whose API token is `key`, with the token's creation and last use (None for
    never recorded); None if there is no such token."""
    plan = _token_plan_of_vendor()
    with cursor() as cur:
        execute(cur, "user_for_token", lambda: plan["sql"], [key])
        row = cur.fetchone()
    return None if row is None else _token(plan, row)


def user_for_token(key: str) -> Any | None:
    """The user whose API token is `key` (None if there is none)."""
    found = token_user(key)
    return found[0] if found is not None else None


# --- a match as the write path reads it ------------------------------------------------------

# The match with the parts of its round, table and tournament that the permission checks, the
# answer and the tournament hook read. Other fields of those three are left deferred: reading
# one costs a query, never a wrong value.
MATCH_RELATED: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("round", ("id", "tournament_id", "number", "status", "ends_at")),
    ("table", ("id", "round_id", "number", "scorer_id")),
    (
        "tournament",
        ("id", "club_id", "name", "ruleset", "conventions", "table_size", "system", "rounds",
         "match_score", "tiebreaks", "confirm_deals", "published", "status"),
    ),
)  # fmt: skip

DealRow = tuple[int, dict[str, Any], str]  # (number, record, status)
StoredAnswer = tuple[str, int, bytes]  # (request hash, status, body)


@dataclass(frozen=True)
class Snapshot:
    """What one statement read of a match: the match (with round, table, tournament), its
    deals in number order, and the answer kept under the request's Idempotency-Key."""

    match: Match
    rows: list[DealRow]
    stored: StoredAnswer | None


_match_plans: dict[tuple[str, str], dict[str, Any]] = {}


def _deals_aggregate() -> str:
    """A subquery: the match's deals as one JSON array of [number, record, status]."""
    deal = Deal._meta.db_table
    number, record, status = (f"d.{q(c)}" for c in ("number", "record", "status"))
    if connection.vendor == "postgresql":
        # As text: orjson reads it faster than the driver's JSON loader.
        agg = f"json_agg(json_build_array({number}, {record}, {status}))::text"
    elif connection.vendor == "sqlite":
        # The record is JSON text: json() embeds it as JSON, not as a string.
        agg = f"json_group_array(json_array({number}, json({record}), {status}))"
    else:  # pragma: no cover - the project runs on PostgreSQL and SQLite
        raise NotImplementedError(connection.vendor)
    return f"(SELECT {agg} FROM {q(deal)} d WHERE d.{q('match_id')} = m.{q('id')})"


def _build_match_plan(kind: str) -> dict[str, Any]:
    """`lock`: the match row locked until the transaction ends; `snapshot`: the match, its
    deals and a kept answer, read without a lock."""
    match_fields = [f.attname for f in Match._meta.concrete_fields]
    parts: list[tuple[str, type[Model], list[str], str | None]] = [("m", Match, match_fields, None)]
    for i, (relation, wanted) in enumerate(MATCH_RELATED):
        model: type[Model] = _match_fk(relation).related_model
        attnames = [f.attname for f in model._meta.concrete_fields if f.attname in wanted]
        parts.append((f"r{i}", model, attnames, relation))
    select = ", ".join(
        f"{alias}.{q(next(f for f in model._meta.concrete_fields if f.attname == a).column)}"
        for alias, model, attnames, _rel in parts
        for a in attnames
    )
    joins = " ".join(
        f"LEFT OUTER JOIN {q(model._meta.db_table)} {alias} "
        f"ON {alias}.{q('id')} = m.{q(_match_fk(relation).column)}"
        for alias, model, _attnames, relation in parts[1:]
        if relation is not None
    )
    tail = ""
    statement = ""
    if kind in ("snapshot", "token_snapshot"):
        select += (
            f", {_deals_aggregate()}, k.{q('request_hash')}, k.{q('response_status')}, "
            f"k.{q('response_body')}"
        )
        # The kept answer is the user's: the one given (snapshot), or the token's (below).
        user = "%s" if kind == "snapshot" else _token_plan_of_vendor()["user_pk"]
        joins += (
            f" LEFT OUTER JOIN {q(IdempotencyKey._meta.db_table)} k "
            f"ON k.{q('match_id')} = m.{q('id')} AND k.{q('user_id')} = {user} "
            f"AND k.{q('key')} = %s"
        )
    elif connection.features.has_select_for_update:
        has_of = connection.features.has_select_for_update_of
        tail = " FOR UPDATE OF m" if has_of else " FOR UPDATE"
    if kind == "token_snapshot":
        # The token's row, with the match beside it (none: its columns are NULL). Parameters:
        # the match, the Idempotency-Key, the token.
        token = _token_plan_of_vendor()
        statement = (
            f"SELECT {token['select']}, {select} FROM {token['tables']} "
            f"LEFT OUTER JOIN {q(Match._meta.db_table)} m ON m.{q('id')} = %s {joins} "
            f"WHERE {token['where']}"
        )
    return {
        "sql": statement
        or f"SELECT {select} FROM {q(Match._meta.db_table)} m {joins} WHERE m.{q('id')} = %s{tail}",
        "parts": [
            (model, attnames, relation, converters(model, attnames))
            for _alias, model, attnames, relation in parts
        ],
    }


def _match_plan(kind: str) -> dict[str, Any]:
    plan = _match_plans.get((connection.vendor, kind))
    if plan is None:
        plan = _match_plans[(connection.vendor, kind)] = _build_match_plan(kind)
    return plan


def _match_from_row(plan: dict[str, Any], row: Sequence[Any]) -> tuple[Match, int]:
    """The match (its related parts cached on it) and where the row's extra columns start."""
    objects: list[Any] = []
    start = 0
    for model, attnames, relation, conversions in plan["parts"]:
        values = list(row[start : start + len(attnames)])
        start += len(attnames)
        convert(values, conversions)
        if relation is None:
            objects.append(model.from_db(connection.alias, attnames, values))
            continue
        related = model.from_db(connection.alias, attnames, values) if values[0] else None
        _match_fk(relation).set_cached_value(objects[0], related)
    return objects[0], start


def locked_match(match_id: int) -> Match | None:
    """SELECT … FOR UPDATE of the match with its round, table and tournament (one query; the
    ORM's select_related would cost a millisecond of CPU)."""
    if not is_id(match_id):
        return None  # no row has it, and the database would refuse it as a parameter
    plan = _match_plan("lock")
    with cursor() as cur:
        execute(cur, "locked_match", lambda: plan["sql"], [match_id])
        row = cur.fetchone()
    return None if row is None else _match_from_row(plan, row)[0]


def match_snapshot(match_id: int, user_id: int | None, key: str | None) -> Snapshot | None:
    """The match, its deals and the answer kept under (user, match, key), in one statement
    (no lock: the write that follows is conditional on the version read here)."""
    if not is_id(match_id):
        return None  # no row has it, and the database would refuse it as a parameter
    plan = _match_plan("snapshot")
    with cursor() as cur:
        execute(cur, "match_snapshot", lambda: plan["sql"], [user_id, key or "", match_id])
        row = cur.fetchone()
    return None if row is None else _snapshot(plan, row, key)


def _snapshot(plan: dict[str, Any], row: Sequence[Any], key: str | None) -> Snapshot:
    match, start = _match_from_row(plan, row)
    deals, request_hash, status, body = row[start : start + 4]
    rows = sorted(
        ((number, _json(record), state) for number, record, state in _json(deals) or []),
        key=lambda r: r[0],
    )
    stored = (request_hash, status, bytes(body)) if key and request_hash is not None else None
    return Snapshot(match=match, rows=rows, stored=stored)


def token_match_snapshot(
    token_key: str, match_id: int, key: str
) -> tuple[TokenFound | None, Snapshot | None]:
    """The API token's user (as `token_user`) and the match's snapshot as that user reads it
    (as `match_snapshot`, the answer kept under their `key`), in ONE statement: the deal
    lane's read (scoring.middleware), one round trip where the two took two. (None, None) for no
    such token; (found, None) for no such match. The snapshot is not checked for visibility:
    the caller checks it for the token's user (`selectors.visible`)."""
    if not is_id(match_id):
        found = token_user(token_key)
        return found, None
    plan = _match_plan("token_snapshot")
    token = _token_plan_of_vendor()
    with cursor() as cur:
        execute(cur, "token_match_snapshot", lambda: plan["sql"], [match_id, key, token_key])
        row = cur.fetchone()
    if row is None:
        return None, None
    found = _token(token, row)
    rest = row[len(token["converters"]) :]
    if rest[0] is None:  # the match's id: no such match
        return found, None
    return found, _snapshot(plan, rest, key)


def deal_rows(match_id: int) -> list[DealRow]:
    """(number, record, status) of every deal of the match, in order."""
    with cursor() as cur:
        execute(
            cur,
            "deal_rows",
            lambda: (
                f"SELECT {q('number')}, {q('record')}, {q('status')} "
                f"FROM {q(Deal._meta.db_table)} WHERE {q('match_id')} = %s "
                f"ORDER BY {q('number')}"
            ),
            [match_id],
        )
        return [(number, _json(record), status) for number, record, status in cur.fetchall()]


# --- the answers kept for retries ----------------------------------------------------------

_ANSWER_COLUMNS = (
    "key", "user_id", "match_id", "request_hash", "response_status", "response_body",
    "created_at",
)  # fmt: skip


@dataclass(frozen=True)
class Answer:
    """A first answer to keep under its Idempotency-Key."""

    key: str
    request_hash: str
    status: int
    body: bytes


def stored_answer(user_id: int | None, match_id: int, key: str) -> StoredAnswer | None:
    """(request hash, status, body) kept under this Idempotency-Key, if any."""
    with cursor() as cur:
        execute(
            cur,
            "stored_answer",
            lambda: (
                f"SELECT {q('request_hash')}, {q('response_status')}, "
                f"{q('response_body')} FROM {q(IdempotencyKey._meta.db_table)} "
                f"WHERE {q('user_id')} = %s AND {q('match_id')} = %s AND {q('key')} = %s"
            ),
            [user_id, match_id, key],
        )
        row = cur.fetchone()
    return (row[0], row[1], bytes(row[2])) if row else None


def store_answer(user_id: int | None, match_id: int, answer: Answer) -> None:
    _now, stamp = _stamp()
    with cursor() as cur:
        execute(
            cur,
            "store_answer",
            lambda: (
                f"INSERT INTO {q(IdempotencyKey._meta.db_table)} "
                f"({', '.join(q(c) for c in _ANSWER_COLUMNS)}) "
                f"VALUES ({', '.join(['%s'] * len(_ANSWER_COLUMNS))})"
            ),
            [
                answer.key,
                user_id,
                match_id,
                answer.request_hash,
                answer.status,
                answer.body,
                stamp,
            ],
        )


# --- the writes ------------------------------------------------------------------------------

_DEAL_COLUMNS = (
    "match_id", "number", "record", "status", "entered_by_id", "confirmed_by_id", "created_at",
    "updated_at", "scorer_name",
)  # fmt: skip
# simple-history's own columns of a history row, after the deal's.
_HISTORY_COLUMNS = ("history_date", "history_change_reason", "history_type", "history_user_id")
_RESULT_COLUMNS = ("result", "winner_seats", "reason", "status", "finished_at", "version")


def _deal_values(deal: Deal, stamp: Any) -> list[Any]:
    return [deal.match_id, deal.number, _dumps(deal.record), deal.status,
            deal.entered_by_id, deal.confirmed_by_id, stamp, stamp,
            deal.scorer_name or ""]  # fmt: skip


def _history_values(stamp: Any, user_id: int | None) -> list[Any]:
    """A deal's first history row ("+", created), as simple-history writes it on save()."""
    return [stamp, None, "+", user_id]


def _result_values(match: Match) -> list[Any]:
    finished_at = (
        connection.ops.adapt_datetimefield_value(match.finished_at)
        if match.finished_at is not None
        else None
    )
    return [_dumps(match.result), _dumps(match.winner_seats), match.reason,
            match.status, finished_at, match.version]  # fmt: skip


def insert_new_deal(deal: Deal, user_id: int | None) -> None:
    """INSERT a new deal and its first history row (with the user)."""
    now, stamp = _stamp()
    deal.created_at = deal.updated_at = now
    values = _deal_values(deal, stamp)
    returning = connection.features.can_return_columns_from_insert
    with cursor() as cur:
        execute(
            cur,
            "insert_deal",
            lambda: (
                f"INSERT INTO {q(Deal._meta.db_table)} "
                f"({', '.join(q(c) for c in _DEAL_COLUMNS)}) "
                f"VALUES ({', '.join(['%s'] * len(_DEAL_COLUMNS))})"
                + (f" RETURNING {q('id')}" if returning else "")
            ),
            values,
        )
        deal.pk = cur.fetchone()[0] if returning else cur.lastrowid
        columns = (*_DEAL_COLUMNS, "id", *_HISTORY_COLUMNS)
        execute(
            cur,
            "insert_deal_history",
            # (Deal.history builds a manager on each access: only here, once.)
            lambda: (
                f"INSERT INTO {q(Deal.history.model._meta.db_table)} "
                f"({', '.join(q(c) for c in columns)}) "
                f"VALUES ({', '.join(['%s'] * len(columns))})"
            ),
            [*values, deal.pk, *_history_values(stamp, user_id)],
        )
    deal._state.adding = False
    deal._state.db = connection.alias


def save_match_result(match: Match, *, expected_version: int | None = None) -> bool:
    """UPDATE the match's result, winner, reason, status, finish time and version; given an
    `expected_version`, only if the row still has it. False when it did not (another write
    got in first: nothing was written)."""
    condition = f" AND {q('version')} = %s" if expected_version is not None else ""
    with cursor() as cur:
        execute(
            cur,
            f"save_match_result{'_if' if condition else ''}",
            lambda: (
                f"UPDATE {q(Match._meta.db_table)} SET "
                + ", ".join(f"{q(c)} = %s" for c in _RESULT_COLUMNS)
                + f" WHERE {q('id')} = %s{condition}"
            ),
            [*_result_values(match), match.pk] + ([expected_version] if condition else []),
        )
        return cur.rowcount == 1


def writes_at_once() -> bool:
    """Whether this database writes a submission in one statement (data-modifying CTEs)."""
    return connection.vendor == "postgresql"


def _typed(model: Any, column: str) -> str:
    """A placeholder cast to the column's type: an INSERT … SELECT does not give a literal
    the type of the column it goes to."""
    field = next(f for f in model._meta.concrete_fields if f.column == column)
    return f"%s::{field.db_type(connection)}"


def _build_write_at_once(with_answer: bool) -> str:
    history_model = Deal.history.model
    deal_columns = ", ".join(q(c) for c in _DEAL_COLUMNS)
    history_columns = ", ".join(q(c) for c in (*_DEAL_COLUMNS, "id", *_HISTORY_COLUMNS))
    deal_values = ", ".join(_typed(Deal, c) for c in _DEAL_COLUMNS[1:])
    # The history row copies the inserted deal (RETURNING), so its figures are sent once;
    # history_date is the deal's creation time.
    history_values = ", ".join(
        [f"d.{q(c)}" for c in (*_DEAL_COLUMNS, "id")]
        + [f"d.{q('created_at')}", "NULL", "'+'", _typed(history_model, "history_user_id")]
    )
    parts = [
        f"m AS (UPDATE {q(Match._meta.db_table)} SET "
        + ", ".join(f"{q(c)} = {_typed(Match, c)}" for c in _RESULT_COLUMNS)
        + f" WHERE {q('id')} = %s AND {q('version')} = %s RETURNING {q('id')})",
        f"d AS (INSERT INTO {q(Deal._meta.db_table)} ({deal_columns}) "
        f"SELECT m.{q('id')}, {deal_values} FROM m "
        f"RETURNING {', '.join(q(c) for c in (*_DEAL_COLUMNS, 'id'))})",
        f"h AS (INSERT INTO {q(history_model._meta.db_table)} ({history_columns}) "
        f"SELECT {history_values} FROM d)",
    ]
    if with_answer:
        answer_values = ", ".join(
            f"m.{q('id')}" if c == "match_id" else _typed(IdempotencyKey, c)
            for c in _ANSWER_COLUMNS
        )
        parts.append(
            f"k AS (INSERT INTO {q(IdempotencyKey._meta.db_table)} "
            f"({', '.join(q(c) for c in _ANSWER_COLUMNS)}) SELECT {answer_values} FROM m)"
        )
    return "WITH " + ", ".join(parts) + f" SELECT {q('id')} FROM d"


def submission_write_at_once(
    match: Match,
    deal: Deal,
    *,
    expected_version: int,
    user_id: int | None,
    answer: Answer | None,
) -> bool:
    """PostgreSQL: the match's new result, the deal, its history row and the kept answer in
    one statement, only if the match still has `expected_version`. False when it had not
    (nothing written)."""
    now, stamp = _stamp()
    deal_values = _deal_values(deal, stamp)
    params = [*_result_values(match), match.pk, expected_version, *deal_values[1:]]
    params.append(user_id)  # the history row's user
    if answer is not None:
        params += [answer.key, user_id, answer.request_hash, answer.status, answer.body, stamp]
    with cursor() as cur:
        execute(
            cur,
            f"write_at_once{'_answer' if answer else ''}",
            lambda: _build_write_at_once(answer is not None),
            params,
        )
        row = cur.fetchone()
    if row is None:
        return False
    deal.pk = row[0]
    deal.created_at = deal.updated_at = now
    deal._state.adding = False
    deal._state.db = connection.alias
    return True
