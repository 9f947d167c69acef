"""PostgreSQL going away and coming back (#28, item 4): a commit whose answer is lost is
"unknown: send it again with the same key", never "nothing was saved"; the first write after
the server returns is accepted at once (no reconnection back-off to wait for)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from flask import Flask

from tests.helpers import post, start_duel
from tests.pg import Cluster

pytestmark = pytest.mark.postgresql

BACK_WITHIN = 2.0
"""The issue's bound: a write is accepted within 2 s of the database's return."""


@pytest.fixture
def pg_app(pg_database: str, tmp_path: Path) -> Iterator[Flask]:
    """An app on a PostgreSQL database of its own."""
    from companion import create_app

    config = {"TESTING": True, "DATABASE": pg_database, "SECRET_KEY": "t"}
    yield create_app(config, instance_path=tmp_path / "instance")


def choose(phone: Any, match_id: str, key: str, version: int = 0) -> Any:
    """Post Ana's first choice with this idempotency key."""
    body = {"action": {"type": "choose", "character": "grave"}, "base_version": version,
            "idempotency_key": key}  # fmt: skip
    return post(phone, f"/api/matches/{match_id}/actions", body)


def events(database: str, match_id: str) -> int:
    """Count the match's stored events."""
    with psycopg.connect(database) as conn:
        row = conn.execute("select count(*) from events where match_id = %s", (match_id,))
        return int(row.fetchone()[0])  # type: ignore[index]


def test_a_commit_whose_answer_is_lost_is_unknown_and_its_retry_is_applied_once(
    pg_app: Flask, pg_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.storage import pg
    from companion.storage.pgpool import NoAnswer

    match_id, a, _ = start_duel(pg_app)
    before = events(pg_database, match_id)
    execute = pg.PgConnection.execute

    def commit_then_lose_the_answer(self: Any, sql: str, parameters: Any = ()) -> Any:
        result = execute(self, sql, parameters)
        if sql == "commit":  # stored, but the phone's server never hears it
            self.raw.close()
            raise NoAnswer("the database did not answer within 2 s")
        return result

    monkeypatch.setattr(pg.PgConnection, "execute", commit_then_lose_the_answer)
    lost = choose(a, match_id, "lost-answer-1")
    monkeypatch.undo()
    assert lost.status_code == 503, lost.get_json()
    said = lost.get_json()
    assert said["outcome"] == "unknown" and "same idempotency key" in said["error"]
    assert "nothing was saved" not in said["error"]
    assert events(pg_database, match_id) == before + 1  # it was stored
    again = choose(a, match_id, "lost-answer-1")
    assert again.status_code == 200, again.get_json()
    assert events(pg_database, match_id) == before + 1  # and applied once


def test_a_write_is_accepted_at_once_when_the_database_is_back(
    pg_app: Flask, pg_database: str, pg_cluster: Cluster
) -> None:
    match_id, a, _ = start_duel(pg_app)
    pg_cluster.halt()
    try:
        for attempt in range(3):  # phones keep trying during the outage
            refused = choose(a, match_id, f"during-outage-{attempt}")
            assert refused.status_code == 503, refused.get_json()
            time.sleep(0.5)
    finally:
        pg_cluster.start()
    started = time.monotonic()
    accepted = choose(a, match_id, "after-outage")
    assert accepted.status_code == 200, accepted.get_json()
    assert time.monotonic() - started < BACK_WITHIN


def test_a_write_queued_behind_a_long_write_waits_its_turn(pg_app: Flask, pg_database: str) -> None:
    """A request's statements stop after 1.5 s (lock waits after 1 s), but a write queues
    for the write lock up to 3 s, as SQLite's writers wait in their busy timeout: a prune
    batch or a large round start is not a 503 for every table writing meanwhile."""
    from companion.storage import pg

    match_id, a, _ = start_duel(pg_app)
    holder = psycopg.connect(pg_database, autocommit=True)
    try:
        holder.execute(f"begin; select pg_advisory_xact_lock({pg.WRITE_KEY})")  # a long write
        release = threading.Timer(2.0, holder.execute, ("commit",))
        release.start()
        queued = choose(a, match_id, "queued-behind-1")
        release.join()
    finally:
        holder.close()
    assert queued.status_code == 200, queued.get_json()
