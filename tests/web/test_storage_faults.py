"""A database that cannot be written (read-only, disk full) is a 503 that names the cause,
/healthz says so until a write succeeds again, and nothing is half-written."""

from __future__ import annotations

from flask import Flask

from companion.web import database
from tests.conftest import act, start_duel


def test_a_read_only_database_is_a_503_naming_it_and_healthz_reports_it(app: Flask) -> None:
    match_id, a, _ = start_duel(app)
    assert app.test_client().get("/healthz").status_code == 200
    with app.app_context():
        conn = database.get_db()
        conn.execute("pragma query_only = on")  # as a read-only file or mount would refuse
    refused = act(a, match_id, {"type": "choose", "character": "grave"})
    assert refused.status_code == 503, refused.get_json()
    message = refused.get_json()["error"]
    assert "cannot be written" in message and "readonly" in message
    health = app.test_client().get("/healthz")
    assert health.status_code == 503 and "readonly" in health.get_json()["error"]
    assert a.get(f"/api/matches/{match_id}/state").get_json()["version"] == 0
    with app.app_context():
        database.get_db().execute("pragma query_only = off")  # the disk is writable again
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    assert app.test_client().get("/healthz").status_code == 200
