"""Health checks: the database answers; a trivial endpoint for load tests."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from companion.storage import db

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> tuple[Response, int]:
    """Answer 200 when the database answers."""
    ok = db.is_healthy()
    return jsonify({"ok": ok}), 200 if ok else 503


@bp.get("/api/ping")
def ping() -> Response:
    """A trivial endpoint (for load tests)."""
    return jsonify({"ok": True})
