"""Which database a companion runs on, and what every store module may ask of a connection.

Two engines, one interface. A plain path or ``sqlite:///path`` is SQLite (the embedded
default, nothing else to run); ``postgresql://user@host:port/dbname`` is PostgreSQL (several
app servers, on one machine or many, sharing one database). The store modules write their SQL
once with SQLite's ``?`` placeholders; the PostgreSQL connection (``companion.storage.pg``)
turns them into psycopg's ``%s``. Upserts use ``ON CONFLICT``, which both engines know.

No ORM: the statements are few, hand-written and already portable, the schema is a dozen
tables, and the parts where the engines truly differ (the write lock, waking long polls,
the backup) are not what an ORM abstracts; it would add a layer and a dependency for the
placeholder style alone.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Protocol

import psycopg

DATABASE_ENV = "STRIKEKIT_DATABASE_URL"
"""Where the database is when ``--db`` does not say (a path, sqlite:/// or postgresql://)."""
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"

ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, psycopg.Error)
"""Errors of either engine."""
INTEGRITY_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError, psycopg.IntegrityError)
"""A unique key or a reference refused a row, on either engine."""


class Row(Protocol):
    """A result row: by column name or by position (``sqlite3.Row`` and ``pg.Row``)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def keys(self) -> list[str]: ...


class Cursor(Protocol):
    """What the store reads from an executed statement."""

    @property
    def description(self) -> Any: ...

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """A connection as the store uses it: statements with ``?`` placeholders, transactions
    opened and closed with plain ``begin``/``commit``/``rollback`` (never implicitly)."""

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Cursor: ...

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Any: ...

    @property
    def in_transaction(self) -> bool: ...

    def close(self) -> None: ...


def is_postgres(database: str) -> bool:
    """Say whether a database address names a PostgreSQL server."""
    return database.startswith(POSTGRES_SCHEMES)


def database_address(given: str | None, default: str) -> str:
    """Return the database to use: ``given`` (--db), else $STRIKEKIT_DATABASE_URL, else
    ``default``; a SQLite path made absolute, a PostgreSQL address as it is."""
    text = given or os.environ.get(DATABASE_ENV) or default
    if is_postgres(text):
        return text
    if text.startswith(SQLITE_SCHEME):  # as SQLAlchemy reads it: sqlite:////abs, sqlite:///rel
        text = text[len(SQLITE_SCHEME) :]
    return str(os.path.abspath(os.path.expanduser(text)))


def shown(database: str) -> str:
    """Return a database address fit to print: a PostgreSQL password left out."""
    if not is_postgres(database):
        return database
    scheme, _, rest = database.partition("://")
    login, at, place = rest.rpartition("@")
    if at and ":" in login:
        login = login.split(":", 1)[0] + ":***"
    return f"{scheme}://{login}{at}{place}"
