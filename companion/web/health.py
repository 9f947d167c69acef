"""Health checks: the database answers; a trivial endpoint for load tests."""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, Response, current_app, jsonify

from companion.storage import db
from companion.storage.engine import Connection
from companion.web import database

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> tuple[Response, int]:
    """Answer 200 when the database answers and the last write did not fail for want of a
    writable database (503 naming the cause otherwise)."""
    status, body = report(str(current_app.config["DATABASE"]), database.is_healthy)
    return jsonify(body), status


def report(address: str, answers: Callable[[], bool]) -> tuple[int, dict[str, object]]:
    """Return /healthz's status and body: 503 naming why the database cannot be written
    (``db.write_fault``), else 503 when it does not answer a query, else 200."""
    fault = db.write_fault(address)
    if fault is not None:
        return 503, {"ok": False, "error": f"the database cannot be written ({fault})"}
    if not answers():
        return 503, {"ok": False, "error": "the database does not answer"}
    return 200, {"ok": True}


def check(address: str, conn: Callable[[], Connection]) -> tuple[int, dict[str, object]]:
    """Return /healthz's status and body, asking the database on the connection ``conn``
    gives (an error opening it: no answer)."""
    return report(address, lambda: answers(conn))


def answers(conn: Callable[[], Connection]) -> bool:
    """Whether the database answers a query on the connection ``conn`` gives."""
    try:
        return db.is_healthy(conn())
    except db.NO_ANSWER:
        return False


@bp.get("/api/ping")
def ping() -> Response:
    """A trivial endpoint (for load tests)."""
    return jsonify({"ok": True})
