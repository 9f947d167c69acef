"""The app's database connection for a request: SQLite's kept per thread, PostgreSQL's
borrowed from the process's pool; an unfinished transaction rolled back when the request
ends (and a borrowed connection given back)."""

from __future__ import annotations

from flask import Flask, current_app, g

from companion.storage import db
from companion.storage.engine import Connection


def get_db() -> Connection:
    """Return this request's connection to the app's database."""
    conn: Connection | None = g.get("db")
    if conn is None:
        conn = db.request_connection(str(current_app.config["DATABASE"]))
        g.db = conn
    return conn


def close_db(_error: BaseException | None = None) -> None:
    """Leave an unfinished transaction of this request rolled back (a SQLite connection
    stays with its thread, a PostgreSQL one goes back to the pool)."""
    conn = g.pop("db", None)
    if conn is not None:
        db.release(conn)


def init_app(app: Flask) -> None:
    """Migrate the database once and close connections after each request."""
    db.migrate(app.config["DATABASE"])
    app.teardown_appcontext(close_db)


def is_healthy() -> bool:
    """Return True when the app's database answers a query (False when it cannot be opened)."""
    try:
        return db.is_healthy(get_db())
    except db.NO_ANSWER:
        return False
