"""Health checks: the database answers; a trivial endpoint for load tests."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from companion.storage import db
from companion.storage.engine import Connection
from companion.web import database

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> tuple[Response, int]:
    """Answer 200 when the database answers and the last write did not fail for want of a
    writable database (503 naming the cause otherwise)."""
    status, body = report(database.is_healthy())
    return jsonify(body), status


def report(answers: bool) -> tuple[int, dict[str, object]]:
    """Return /healthz's status and body, given whether the database answered a query."""
    if not answers:
        return 503, {"ok": False, "error": "the database does not answer"}
    fault = db.write_fault()
    if fault is not None:
        return 503, {"ok": False, "error": f"the database cannot be written ({fault})"}
    return 200, {"ok": True}


def check(conn: Connection) -> tuple[int, dict[str, object]]:
    """Return /healthz's status and body, asking the database on ``conn``."""
    return report(db.is_healthy(conn))


@bp.get("/api/ping")
def ping() -> Response:
    """A trivial endpoint (for load tests)."""
    return jsonify({"ok": True})
