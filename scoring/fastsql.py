"""Plain SQL for the deal write path (scoring.services) and the token lookup of its API.

Deal entry runs a handful of statements per request; built by the ORM each time they cost more
CPU than the rules engine and the database together. Here they are built once per database
vendor from the models' own table and column names, and fetched rows are turned into values
with exactly the conversions the ORM applies (JSON, SQLite's booleans and datetimes), so the
objects are the ORM's objects. Everything else stays with the ORM.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db import connection

_SQL: dict[tuple[str, str], str] = {}


def q(name: str) -> str:
    """A quoted table or column name."""
    return connection.ops.quote_name(name)


def sql(name: str, build: Callable[[], str]) -> str:
    """The statement `name`, built once per database vendor."""
    key = (connection.vendor, name)
    statement = _SQL.get(key)
    if statement is None:
        statement = _SQL[key] = build()
    return statement


def converters(model: Any, attnames: Sequence[str]) -> list[tuple[Any, list[Any]]]:
    """For each column, the conversions Django applies to a fetched value (JSON decoding,
    SQLite's booleans and naive datetimes, …)."""
    out = []
    for attname in attnames:
        field = next(f for f in model._meta.concrete_fields if f.attname == attname)
        column = field.get_col(model._meta.db_table)
        out.append(
            (column, connection.ops.get_db_converters(column) + field.get_db_converters(connection))
        )
    return out


def convert(values: list[Any], conversions: list[tuple[Any, list[Any]]]) -> list[Any]:
    for index, (column, funcs) in enumerate(conversions):
        for func in funcs:
            values[index] = func(values[index], column, connection)
    return values


# --- the user of an API token --------------------------------------------------------------

_token_plan: dict[str, Any] = {}


def _build_token_plan() -> dict[str, Any]:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    user_model = get_user_model()
    attnames = [f.attname for f in user_model._meta.concrete_fields]
    columns = ", ".join(f"u.{q(f.column)}" for f in user_model._meta.concrete_fields)
    statement = (
        f"SELECT {columns} FROM {q(Token._meta.db_table)} t "
        f"JOIN {q(user_model._meta.db_table)} u "
        f"ON u.{q(user_model._meta.pk.column)} = t.{q(Token._meta.get_field('user').column)} "
        f"WHERE t.{q(Token._meta.pk.column)} = %s"
    )
    return {
        "sql": statement,
        "model": user_model,
        "attnames": attnames,
        "converters": converters(user_model, attnames),
    }


def user_for_token(key: str) -> Any | None:
    """The user whose API token is `key` (None if there is none)."""
    plan = _token_plan.get(connection.vendor)
    if plan is None:
        plan = _token_plan[connection.vendor] = _build_token_plan()
    with connection.cursor() as cursor:
        cursor.execute(plan["sql"], [key])
        row = cursor.fetchone()
    if row is None:
        return None
    values = convert(list(row), plan["converters"])
    return plan["model"].from_db(connection.alias, plan["attnames"], values)
