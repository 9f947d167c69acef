"""A write sends few statements, and PostgreSQL keeps the hot ones prepared (issue #29,
PostgreSQL's part): a phone's action is its match read once (with the seat), the lock
taken, one guarded update (the table still at the version the action was worked out on,
its idempotency key unused, the phone still seated) and the event inserted with its answer
(one statement on PostgreSQL), the commit; the seats for the woken phones' answers are
remembered per seat version. Before, the match was read three times, the seat once more,
the answer written by a second update, the seats read on every write, and the lock string
held six statements. The retries and races those reads served still get their answers. On
both engines (tests/storage/conftest.py)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.storage import db, pg
from companion.storage import matches as store
from tests.helpers import act, post, start_duel

WRITE_STATEMENTS = 5
"""What a phone's action may send: the match and seat; the lock (PostgreSQL: ``begin`` and
the lock tried, one string; SQLite: ``begin immediate``); the guarded update and the insert
(PostgreSQL: one statement; SQLite: two); the commit. The seats (for the woken phones'
answers) are remembered per seat version."""


@contextmanager
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Record every statement the store sends, on either engine (a string of several
    statements counts as each of them)."""
    seen: list[str] = []

    def recording(real: Any) -> Any:
        def execute(self: Any, sql: str, *args: Any) -> Any:
            seen.extend(part for part in sql.split(";") if part.strip())
            return real(self, sql, *args)

        return execute

    for cls, name in ((pg.PgConnection, "execute"), (pg.PgConnection, "execute_waiting"),
                      (pg.PgConnection, "executemany"), (db.SqliteConnection, "execute"),
                      (db.SqliteConnection, "executemany")):  # fmt: skip
        monkeypatch.setattr(cls, name, recording(getattr(cls, name)))
    yield seen


def chose(app: Flask) -> tuple[str, Any, Any, int]:
    """A Puzzle Strike table past the characters' choice; its match id, phones, version."""
    match_id, a, b = start_duel(app)
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    assert act(b, match_id, {"type": "choose", "character": "rook"}).status_code == 200
    version = a.get(f"/api/matches/{match_id}/state").get_json()["version"]
    return match_id, a, b, int(version)


def gem(version: int, key: str | None = None) -> dict[str, Any]:
    """The body of an action giving Ben a gem, based on ``version``."""
    return {"action": {"type": "add_gem", "player": "Ben", "value": 1}, "base_version": version,
            "idempotency_key": key or uuid.uuid4().hex}  # fmt: skip


def test_an_action_sends_at_most_five_statements(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, a, _, version = chose(app)
    with counted(monkeypatch) as seen:
        answer = post(a, f"/api/matches/{match_id}/actions", gem(version))
    assert answer.status_code == 200, answer.get_json()
    assert len(seen) <= WRITE_STATEMENTS, seen
    assert sum("from matches" in s for s in seen) == 1, seen  # read once, with the seat


def test_the_answer_is_the_same_as_worked_out_under_the_lock(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fast path and the one that reads everything again under the lock answer and log
    the same write byte for byte."""
    answers, logs = [], []
    for fast in (True, False):
        if not fast:  # every guarded update misses: the write is worked out again
            monkeypatch.setattr(store, "log_planned", lambda *args: False)
        match_id, a, _, version = chose(app)
        answer = post(a, f"/api/matches/{match_id}/actions", gem(version, "same-key-123"))
        assert answer.status_code == 200, answer.get_json()
        answers.append(answer.get_data())
        conn = db.connect(str(app.config["DATABASE"]))
        try:
            logs.append(
                [(r["kind"], r["actor"], r["line"]) for r in store.event_rows(conn, match_id)]
            )
            stored = conn.execute(
                "select payload, answer from events where match_id = ? and idem = ?",
                (match_id, "same-key-123"),
            ).fetchone()
            assert stored["answer"].encode() == answer.get_data()
        finally:
            conn.close()
    assert answers[0] == answers[1]
    assert logs[0] == logs[1]


def test_a_retried_independent_action_gets_its_first_answer(app: Flask) -> None:
    """A character's choice may be based on an older table, so its retry passes the version
    check before the lock; its key, used already, sends it to its first answer."""
    match_id, a, b = start_duel(app)
    version = a.get(f"/api/matches/{match_id}/state").get_json()["version"]
    body = {"action": {"type": "choose", "character": "grave"}, "base_version": version,
            "idempotency_key": "choice-key-1234"}  # fmt: skip
    first = post(a, f"/api/matches/{match_id}/actions", body)
    assert first.status_code == 200, first.get_json()
    assert act(b, match_id, {"type": "choose", "character": "rook"}).status_code == 200
    again = post(a, f"/api/matches/{match_id}/actions", body)
    assert again.status_code == 200, again.get_json()
    assert again.get_data() == first.get_data()
    count = len(a.get(f"/api/matches/{match_id}/state").get_json()["history"])
    assert count == 2  # applied once


def test_a_write_from_a_handed_over_seat_is_refused_under_the_lock(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seat is handed to a new phone after the old phone's write read the match: the
    guarded update misses, and the write is refused as from a phone no longer seated."""
    from companion.storage import seats as seating

    match_id, a, _, version = chose(app)
    real = store.plan

    def hand_over_first(conn: Any, *args: Any) -> Any:
        other = db.connect(str(app.config["DATABASE"]))
        try:
            seating.hand_over_seat(other, match_id, 0, "Ana")
        finally:
            other.close()
        return real(conn, *args)

    monkeypatch.setattr(store, "plan", hand_over_first)
    answer = post(a, f"/api/matches/{match_id}/actions", gem(version))
    assert answer.status_code == 403, answer.get_json()
    assert "handed to a new phone" in answer.get_json()["error"]


@pytest.mark.postgresql
def test_the_hot_statements_are_prepared_on_postgresql(pg_database: str, tmp_path: Path) -> None:
    from companion import create_app

    app = create_app({"DATABASE": pg_database, "SECRET_KEY": "x" * 32, "TESTING": True},
                     instance_path=tmp_path)  # fmt: skip
    match_id, a, _, version = chose(app)
    for _ in range(3):
        answer = post(a, f"/api/matches/{match_id}/actions", gem(version))
        assert answer.status_code == 200, answer.get_json()
        version = answer.get_json()["version"]
    conn = pg.borrow(pg_database)  # the one pooled connection the requests took in turn
    try:
        prepared = [r[0] for r in conn.execute("select statement from pg_prepared_statements")]
    finally:
        conn.close()
    text = "\n".join(prepared)
    for hot in ("update matches set version", "insert into events", "left join seats s"):
        assert hot in text, prepared
