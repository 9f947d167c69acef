"""Health checks: the database answers; a trivial endpoint for load tests."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from companion.storage import db
from companion.web import database

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> tuple[Response, int]:
    """Answer 200 when the database answers and the last write did not fail for want of a
    writable database (503 naming the cause otherwise)."""
    if not database.is_healthy():
        return jsonify({"ok": False, "error": "the database does not answer"}), 503
    fault = db.write_fault()
    if fault is not None:
        return jsonify({"ok": False, "error": f"the database cannot be written ({fault})"}), 503
    return jsonify({"ok": True}), 200


@bp.get("/api/ping")
def ping() -> Response:
    """A trivial endpoint (for load tests)."""
    return jsonify({"ok": True})
