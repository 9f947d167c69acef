"""The companion's SQLite database: schema migrations, connections, the write lock.

One connection per request (cached on ``flask.g``), WAL journal, ``synchronous=NORMAL``
(a committed event survives the process being killed) and a 5 s busy timeout. Writes go
through ``WRITE_LOCK`` so threads of one server do not fight over SQLite's lock.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import sqlite_utils
from flask import Flask, current_app, g
from sqlite_utils.migrations import Migrations

WRITE_LOCK = threading.Lock()
migrations = Migrations("companion")


@migrations()
def create_tables(db: sqlite_utils.Database) -> None:
    """Matches, seats and the append-only event log."""
    db.execute(
        """create table matches (
            id text primary key, created text not null, setup text not null,
            version integer not null default 0, join_code text not null unique,
            view_token text not null unique)"""
    )
    db.execute(
        """create table seats (
            match_id text not null references matches(id), seat integer not null,
            name text not null, token_hash text, primary key (match_id, seat))"""
    )
    db.execute(
        """create table events (
            match_id text not null references matches(id), version integer not null,
            kind text not null, payload text not null, actor text not null,
            idem text not null, line text not null, created text not null,
            primary key (match_id, version), unique (match_id, idem))"""
    )


def connect(path: str | Path) -> sqlite3.Connection:
    """Open a connection with the pragmas every connection needs."""
    conn = sqlite3.connect(str(path), timeout=5, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("pragma busy_timeout = 5000")
    conn.execute("pragma synchronous = NORMAL")
    conn.execute("pragma foreign_keys = ON")
    return conn


def migrate(path: str | Path) -> None:
    """Create or update the schema (once, at start) and switch to WAL."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with WRITE_LOCK:
        db = sqlite_utils.Database(connect(path))
        db.execute("pragma journal_mode = WAL")
        migrations.apply(db)
        db.conn.close()


def get_db() -> sqlite3.Connection:
    """Return this request's connection."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    conn: sqlite3.Connection = g.db
    return conn


def close_db(_error: BaseException | None = None) -> None:
    """Close this request's connection, if it was opened."""
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def init_app(app: Flask) -> None:
    """Migrate the database once and close connections after each request."""
    migrate(app.config["DATABASE"])
    app.teardown_appcontext(close_db)


def is_healthy() -> bool:
    """Return True when the database answers a query."""
    try:
        row = get_db().execute("select 1").fetchone()
        return bool(row is not None and row[0] == 1)
    except sqlite3.Error:
        return False
