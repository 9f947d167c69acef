"""Migrations when several servers share one database (issue #28, item 5): the write lock
comes before any statement (two servers starting at once on an empty database both come
up), a step that would wait behind a long transaction gives up after a few seconds instead
of queueing every running server's queries behind its lock, and `companion migrate` is a
step of its own."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import psycopg
import pytest

from companion.cli import main
from companion.storage import db, pg, schema

if TYPE_CHECKING:
    from tests.pg import Cluster


def until(check: Callable[[], bool], what: str, seconds: float = 20) -> None:
    """Wait until ``check()`` holds (a bound against hanging, not a timing claim)."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.02)


def waiting_on_a_lock(admin: psycopg.Connection, database: str) -> bool:
    """Say whether another session of this database waits for a lock."""
    row = admin.execute(
        "select count(*) from pg_stat_activity where datname = %s and wait_event_type = 'Lock'",
        (database,),
    ).fetchone()
    return bool(row and row[0] > 0)


def migrate_in_thread(url: str) -> tuple[threading.Thread, list[BaseException]]:
    """Start ``db.migrate`` in a thread (a server starting); return it and its errors."""
    errors: list[BaseException] = []

    def run() -> None:
        try:
            db.migrate(url)
        except BaseException as exc:  # noqa: BLE001  (the test reports it)
            errors.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, errors


def test_a_server_starting_while_another_creates_the_schema_waits_and_comes_up(
    pg_database: str,
) -> None:
    """The other server is midway through the first migration of an empty database (it
    holds the write lock and has made the bookkeeping table, not committed yet): this one
    waits, then finds the work done. Before, it ran `create table if not exists` outside
    the lock and died with a unique violation when the other committed."""
    name = pg_database.rsplit("/", 1)[1]
    other = psycopg.connect(pg_database, autocommit=True)
    admin = psycopg.connect(pg_database, autocommit=True)
    try:
        other.execute(f"begin; select pg_advisory_xact_lock({pg.WRITE_KEY})")
        other.execute(
            f"create table {pg.MIGRATIONS_TABLE} (name text primary key, applied_at text "
            "not null, seq bigint generated always as identity)"
        )
        thread, errors = migrate_in_thread(pg_database)
        until(lambda: waiting_on_a_lock(admin, name), "the second server waits")
        other.execute("commit")
        thread.join(timeout=60)
    finally:
        other.close()
        admin.close()
    assert not thread.is_alive() and errors == []
    conn = db.connect(pg_database)
    try:
        assert schema.applied_names(conn) == db.SCHEMA_STEPS
    finally:
        conn.close()


def test_a_step_behind_a_long_transaction_gives_up_and_changes_nothing(
    pg_database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A new version's step needs a table a long transaction is writing: the migration
    gives up after DDL_LOCK_SECONDS with one line saying what to do, and the running
    servers' statements never queue behind it for longer than that."""
    db.migrate(pg_database)
    last = "add_lookup_indexes"  # a step that locks tournament_tables
    with psycopg.connect(pg_database, autocommit=True) as setup:  # as before that step
        setup.execute(f"delete from {pg.MIGRATIONS_TABLE} where name = %s", (last,))
        for index in ("tournament_tables_by_match", "tournament_tables_by_draft",
                      "carries_by_match", "tournament_log_by_tournament"):  # fmt: skip
            setup.execute(f"drop index {index}")
    long = psycopg.connect(pg_database, autocommit=True)
    try:
        long.execute("begin; update tournament_tables set bank = bank where false")
        thread, errors = migrate_in_thread(pg_database)
        thread.join(timeout=30)  # before, it waited for as long as the transaction lasted
        assert not thread.is_alive(), "the migration still waits behind the transaction"
    finally:
        long.close()
    assert [type(e) for e in errors] == [db.DatabaseProblem]
    said = str(errors[0])
    assert "gave up waiting for a lock" in said and "companion migrate" in said
    assert "nothing was changed" in said
    conn = db.connect(pg_database)
    try:
        assert last not in schema.applied_names(conn)
    finally:
        conn.close()
    assert main(["migrate", "--db", pg_database]) == 0  # once the transaction is over
    newest = db.SCHEMA_STEPS[-1]
    assert f"schema up to date at {newest} (applied 1: {last})" in capsys.readouterr().out


def test_companion_migrate_is_a_step_of_its_own(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`companion migrate` makes the schema and says so; a second run finds nothing to do."""
    assert main(["migrate", "--db", database]) == 0
    out = capsys.readouterr().out
    assert f"schema up to date at {db.SCHEMA_STEPS[-1]} (applied {len(db.SCHEMA_STEPS)}:" in out
    assert main(["migrate", "--db", database]) == 0
    assert "(nothing to apply)" in capsys.readouterr().out


def start_migrate(database: str) -> subprocess.Popen[str]:
    """Start `companion migrate` in a process of its own."""
    return subprocess.Popen(
        [sys.executable, "-m", "companion", "migrate", "--db", database],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def test_two_processes_starting_at_once_on_an_empty_postgresql_both_come_up(
    pg_cluster: Cluster, pg_database: str
) -> None:
    """RECIPES.md, "Two servers racing their first start": the postmaster paused while both
    connect, then resumed, so their first statements meet."""
    pid_file = pg_cluster.folder / "data" / "postmaster.pid"
    postmaster = int(pid_file.read_text().split()[0])
    os.kill(postmaster, signal.SIGSTOP)
    try:
        procs = [start_migrate(pg_database) for _ in range(2)]
        time.sleep(1.5)  # both are started and waiting for the server to accept them
    finally:
        os.kill(postmaster, signal.SIGCONT)
    outcomes = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outcomes
    assert sum("nothing to apply" in out for out, _ in outcomes) == 1, outcomes


def test_two_processes_starting_at_once_on_a_new_sqlite_file_both_come_up(tmp_path: Path) -> None:
    """The same on SQLite: the second process waits on the lock file beside the database."""
    path = str(tmp_path / "companion.sqlite3")
    procs = [start_migrate(path) for _ in range(2)]
    outcomes = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outcomes
    assert sum("nothing to apply" in out for out, _ in outcomes) == 1, outcomes
