"""The app's database connection for a request: one connection per thread to the file the
app was made with, an unfinished transaction rolled back when the request ends."""

from __future__ import annotations

import sqlite3

from flask import Flask, current_app, g

from companion.storage import db


def get_db() -> sqlite3.Connection:
    """Return this thread's connection to the app's database (opened once per thread)."""
    conn = db.thread_connection(str(current_app.config["DATABASE"]))
    g.db = conn
    return conn


def close_db(_error: BaseException | None = None) -> None:
    """Leave an unfinished transaction of this request rolled back (the connection stays)."""
    conn = g.pop("db", None)
    if conn is not None:
        db.roll_back_unfinished(conn)


def init_app(app: Flask) -> None:
    """Migrate the database once and close connections after each request."""
    db.migrate(app.config["DATABASE"])
    app.teardown_appcontext(close_db)


def is_healthy() -> bool:
    """Return True when the app's database answers a query."""
    return db.is_healthy(get_db())
