"""The hot statements find their rows through an index on both engines (issue #28, item 8):
the statements a tournament round runs (pair, read, a table's state, results, the cap on
open tables, the log) and a prune's deletes are recorded as they run, then explained
(SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN with sequential scans priced out); a
full scan of a table that grows with use fails. So do foreign-key columns without an
index: every delete of a match looks them up."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask

from companion.storage import db, maintenance
from companion.storage.engine import Connection, is_postgres
from tests.conftest import CSRF

GROWING = ("matches", "seats", "events", "carries", "match_clients", "tournaments",
           "tournament_players", "tournament_rounds", "tournament_tables", "tournament_log",
           "table_reports")  # fmt: skip
"""Tables that grow with every match and event."""
SMALL = ("match_holds", "CONSTANT")
"""What may be scanned: the holds of the last minute's creates, a row of constants."""
NOT_HOT = re.compile(
    r"^\s*(begin|commit|rollback|pragma|set |select 1$|select pg_advisory|insert |savepoint"
    r"|release)",
    re.I,
)
"""Statements with no plan worth reading (inserts find no rows)."""
SCANS = [
    # A prune looks at every match once (it is the point of a prune) and at the matches a
    # tournament keeps; neither runs while phones play.
    "select m.id, m.setup, m.version, coalesce(",
]
"""Statements that read a whole table on purpose (start of their text), and why."""


@contextmanager
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, tuple[Any, ...]]]]:
    """Record every statement the store runs (on either engine) with its parameters."""
    from companion.storage import pg

    seen: list[tuple[str, tuple[Any, ...]]] = []
    real_pg = pg.PgConnection.execute

    def pg_execute(self: Any, sql: str, parameters: Any = (), /) -> Any:
        seen.append((sql, tuple(parameters)))
        return real_pg(self, sql, parameters)

    monkeypatch.setattr(pg.PgConnection, "execute", pg_execute)
    real_sqlite = db.SqliteConnection.execute

    def sqlite_execute(self: Any, sql: str, parameters: Any = (), /) -> Any:
        seen.append((sql, tuple(parameters)))
        return real_sqlite(self, sql, parameters)

    monkeypatch.setattr(db.SqliteConnection, "execute", sqlite_execute)
    yield seen


def play_a_round(app: Flask) -> None:
    """Create an event, pair a round, read it, open a table, report and enter results."""
    client = app.test_client()
    client.set_cookie("csrf", CSRF)
    made = client.post("/api/tournaments", json={"name": "Cup", "players": [
        "Ana", "Ben", "Cat", "Dan", "Eve"]}, headers={"X-CSRF-Token": CSRF})  # fmt: skip
    assert made.status_code == 201, made.get_json()
    tid = made.get_json()["tournament_id"]
    org = {"X-Organiser-Token": made.get_json()["organiser_url"].rsplit("/", 1)[1],
           "X-CSRF-Token": CSRF}  # fmt: skip
    assert client.post(f"/api/tournaments/{tid}/rounds", json={"round": 1},
                       headers=org).status_code == 201  # fmt: skip
    data = client.get(f"/api/tournaments/{tid}", headers=org).get_json()
    tables = [t for t in data["rounds"][0]["tables"] if t["b"] is not None]
    for t in tables:
        view = t["view_url"].rsplit("/", 1)[1]
        assert client.get(f"/api/view/{view}/state").status_code == 200
        url = f"/api/tournaments/{tid}/rounds/1/tables/{t['table']}/result"
        assert client.post(url, json={"wins_a": 2, "wins_b": 0}, headers=org).status_code == 200
    assert client.get(f"/api/tournaments/{tid}").status_code == 200
    assert client.post(f"/api/tournaments/{tid}/rounds", json={"round": 2},
                       headers=org).status_code == 201  # fmt: skip


def client_match(app: Flask) -> str:
    """Open a casual match (a prune's kind); return its id."""
    client = app.test_client()
    client.set_cookie("csrf", CSRF)
    made = client.post("/api/matches", json={"players": ["Ana", "Ben"], "seat": 0},
                       headers={"X-CSRF-Token": CSRF})  # fmt: skip
    assert made.status_code == 201, made.get_json()
    return str(made.get_json()["match_id"])


def full_scans(conn: Connection, sql: str, parameters: tuple[Any, ...]) -> list[str]:
    """Return the lines of a statement's plan that read a growing table whole."""
    if is_postgres_conn(conn):
        conn.execute("set enable_seqscan = off")  # a scan then costs more than any index
        plan = [r[0] for r in conn.execute("explain " + sql, parameters)]
        return [
            line
            for line in plan
            if "Seq Scan on" in line and line.split("Seq Scan on ")[1].split()[0] in GROWING
        ]
    plan = [r["detail"] for r in conn.execute("explain query plan " + sql, parameters)]
    return [line for line in plan if line.startswith("SCAN ") and "USING" not in line
            and line.split()[1] not in SMALL]  # SQLite names a table by its alias  # fmt: skip


def is_postgres_conn(conn: Connection) -> bool:
    """Say whether a connection is PostgreSQL's."""
    return getattr(conn, "engine", "") == "postgresql"


def test_the_statements_of_a_round_and_a_prune_use_indexes(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = app.config["DATABASE"]
    with recorded(monkeypatch) as seen:
        play_a_round(app)
        conn = db.connect(database)
        try:
            casual = client_match(app)
            maintenance.stale_matches(conn, timedelta(days=30))
            maintenance.delete_matches(conn, [casual])
        finally:
            conn.close()
    monkeypatch.undo()
    statements = {sql: params for sql, params in seen if not NOT_HOT.match(sql)}
    assert len(statements) > 20  # the round was recorded
    conn = db.connect(database)
    try:
        scans = {
            sql: found
            for sql, params in statements.items()
            if not any(sql.startswith(s) for s in SCANS)
            and (found := full_scans(conn, sql, params))
        }
    finally:
        conn.close()
    assert scans == {}


def index_leads(conn: Connection) -> set[tuple[str, str]]:
    """Return (table, column) of every column an index (or a primary key) starts with."""
    if is_postgres_conn(conn):
        rows = conn.execute(
            "select t.relname, a.attname from pg_index i join pg_class t on t.oid = i.indrelid "
            "join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]"
        )
        return {(r[0], r[1]) for r in rows}
    leads = set()
    tables = [r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")]
    for table in tables:
        for index in conn.execute(f"pragma index_list({table})").fetchall():
            first = conn.execute(f"pragma index_info({index['name']})").fetchone()
            leads.add((table, first["name"]))
    return leads


def foreign_keys(conn: Connection) -> set[tuple[str, str]]:
    """Return (table, column) of every column that refers to another table."""
    if is_postgres_conn(conn):
        rows = conn.execute(
            "select t.relname, a.attname from pg_constraint c join pg_class t on t.oid = "
            "c.conrelid join pg_attribute a on a.attrelid = t.oid and a.attnum = any(c.conkey) "
            "where c.contype = 'f'"
        )
        return {(r[0], r[1]) for r in rows}
    found = set()
    for (table,) in conn.execute("select name from sqlite_master where type = 'table'").fetchall():
        for key in conn.execute(f"pragma foreign_key_list({table})").fetchall():
            found.add((table, key["from"]))
    return found


def test_every_column_that_refers_to_a_match_or_a_tournament_leads_an_index(
    database: str,
) -> None:
    """Deleting a match looks for rows that still refer to it in every referring column;
    without an index that is a scan of the table per deleted match."""
    db.migrate(database)
    conn = db.connect(database)
    try:
        missing = foreign_keys(conn) - index_leads(conn)
    finally:
        conn.close()
    assert is_postgres(database) or database.endswith(".sqlite3")
    assert missing == set()
