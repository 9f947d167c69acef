"""A PostgreSQL server that drops every connection (a restart, a failover) costs no phone
an error: the pool replaces its broken connections, the fast poll path reconnects."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from flask import Flask

from tests.conftest import act, post, start_duel
from tests.server.test_fastpoll import counted

pytestmark = pytest.mark.postgresql


@pytest.fixture
def pg_app(pg_database: str, tmp_path: Path) -> Iterator[Flask]:
    """An app on a PostgreSQL database of its own, with the fast poll path."""
    from companion import create_app
    from companion.server.polls import UnchangedPolls

    app = create_app({"TESTING": True, "DATABASE": pg_database, "SECRET_KEY": "t"},
                     instance_path=tmp_path / "instance")  # fmt: skip
    yield app
    assert isinstance(app.wsgi_app, UnchangedPolls)
    app.wsgi_app.check.forget_connection()  # this thread's fast-path connection


def drop_every_connection(database: str) -> int:
    """End every other session on the database, as a restart would; return how many.

    Each backend is waited for (up to 10 s): without a timeout pg_terminate_backend only
    sends the signal, and a pool asked at once could still find the connection quiet and lend
    it (the flake of test_pg_pool under load)."""
    with psycopg.connect(database, autocommit=True) as admin:
        ended = admin.execute(
            "select count(pg_terminate_backend(pid, 10000)) from pg_stat_activity "
            "where datname = current_database() and pid <> pg_backend_pid()"
        ).fetchone()
    return int(ended[0]) if ended else 0


def test_after_the_server_drops_its_connections_polls_and_writes_still_answer(
    pg_app: Flask, pg_database: str
) -> None:
    match_id, a, _ = start_duel(pg_app)
    url = f"/api/matches/{match_id}/state"
    etag = a.get(url).headers["ETag"]
    calls = counted(pg_app)
    assert a.get(url, headers={"If-None-Match": etag}).status_code == 304
    assert calls == []  # the fast path answered, on its own connection
    assert drop_every_connection(pg_database) >= 2  # the pool's and the fast path's
    assert a.get(url, headers={"If-None-Match": etag}).status_code == 304
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    assert a.get(url, headers={"If-None-Match": etag}).status_code == 200  # it changed
    new = a.get(url).headers["ETag"]
    assert a.get(url, headers={"If-None-Match": new}).status_code == 304


def test_a_database_that_does_not_answer_is_a_503_that_says_so(
    pg_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.storage import pg

    match_id, a, _ = start_duel(pg_app)
    version = a.get(f"/api/matches/{match_id}/state").get_json()["version"]

    def unreachable(url: str) -> pg.PgConnection:
        raise psycopg.OperationalError("connection refused")

    monkeypatch.setattr(pg, "borrow", unreachable)
    body = {"action": {"type": "choose", "character": "grave"}, "base_version": version,
            "idempotency_key": "k" * 16}  # fmt: skip
    answer = post(a, f"/api/matches/{match_id}/actions", body)
    assert answer.status_code == 503, answer.get_json()
    assert "the database does not answer now" in answer.get_json()["error"]
