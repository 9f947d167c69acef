"""The companion's SQLite database: schema migrations, connections, the write lock.

One connection per server thread, kept open (opening and closing one per request cost
about 0.8 ms, mostly the WAL checkpoint on close), WAL journal, ``synchronous=NORMAL`` (a
committed event survives the process being killed) and a 5 s busy timeout. Writes go
through ``writing``: ``WRITE_LOCK`` so threads of one server do not fight over SQLite's lock,
then (on POSIX) an ``flock`` on a file beside the database, so the processes of
``--workers N`` queue for it too. Without the file lock, a process that finds the database
locked waits in SQLite's busy handler, which sleeps in growing steps (1, 2, 5 ... 100 ms)
instead of waking when the lock is free: at 800 tables on 2 processes, one write in ten
took over 100 ms. The kernel drops an ``flock`` when its process dies, even by ``kill -9``.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlite_utils
from sqlite_utils.migrations import Migrations

try:
    import fcntl
except ImportError:  # Windows: one process only (no gunicorn), the thread lock is enough
    fcntl = None  # type: ignore[assignment]

WRITE_LOCK = threading.Lock()
_lock_files: dict[tuple[int, str], int | None] = {}
migrations = Migrations("companion")
SCHEMA_STEPS: list[str] = []
"""The names of the schema's migrations, oldest first (this version's schema)."""


class DatabaseProblem(Exception):
    """The database cannot be used at all; the message names the file and the fix."""


def step(fn: Callable[[sqlite_utils.Database], None]) -> Callable[[sqlite_utils.Database], None]:
    """Register one migration of the schema, in order."""
    SCHEMA_STEPS.append(fn.__name__)
    return migrations()(fn)


@step
def create_tables(db: sqlite_utils.Database) -> None:
    """Matches, seats and the append-only event log."""
    db.execute(
        """create table matches (
            id text primary key, created text not null, setup text not null,
            version integer not null default 0, join_code text not null unique,
            view_token text not null unique)"""
    )
    db.execute(
        """create table seats (
            match_id text not null references matches(id), seat integer not null,
            name text not null, token_hash text, primary key (match_id, seat))"""
    )
    db.execute(
        """create table events (
            match_id text not null references matches(id), version integer not null,
            kind text not null, payload text not null, actor text not null,
            idem text not null, line text not null, created text not null,
            primary key (match_id, version), unique (match_id, idem))"""
    )


@step
def add_seat_version(db: sqlite_utils.Database) -> None:
    """Count seat claims, so cached answers and ETags notice a new player at the table."""
    db.execute("alter table matches add column seat_version integer not null default 0")


@step
def add_tournaments(db: sqlite_utils.Database) -> None:
    """Tournaments: players (entered, pending approval, dropped), rounds, tables and results,
    and a log of who changed what (companion/tournament_store.py)."""
    db.execute(
        """create table tournaments (
            id text primary key, created text not null, name text not null,
            config text not null, seed integer not null, organiser_hash text not null unique,
            version integer not null default 0)"""
    )
    db.execute(
        """create table tournament_players (
            tournament_id text not null references tournaments(id), player integer not null,
            name text not null, status text not null, first_round integer not null,
            character text, token_hash text, created text not null,
            primary key (tournament_id, player))"""
    )
    db.execute(
        """create table tournament_rounds (
            tournament_id text not null references tournaments(id), round integer not null,
            stage text not null, started text not null, primary key (tournament_id, round))"""
    )
    db.execute(
        """create table tournament_tables (
            tournament_id text not null references tournaments(id), round integer not null,
            table_no integer not null, a integer not null, b integer,
            match_id text references matches(id), bank text, wins_a integer, wins_b integer,
            draws integer, source text, changed_by text, changed_at text,
            synced_version integer, draft_id text references matches(id),
            primary key (tournament_id, round, table_no))"""
    )
    db.execute(
        """create table tournament_log (
            tournament_id text not null references tournaments(id), at text not null,
            actor text not null, line text not null)"""
    )


@step
def add_match_clients(db: sqlite_utils.Database) -> None:
    """Who opened each match (a keyed hash of the address): the cap on open matches per client."""
    db.execute(
        """create table match_clients (
            match_id text primary key references matches(id), client text not null,
            created text not null)"""
    )
    db.execute("create index match_clients_by_client on match_clients (client)")


@step
def add_seat_claims_and_carries(db: sqlite_utils.Database) -> None:
    """Handed-over seats wait for their claim code; a draft remembers the match it became."""
    db.execute("alter table seats add column claim_hash text")
    db.execute(
        """create table carries (
            draft_id text primary key references matches(id),
            match_id text not null references matches(id), created text not null)"""
    )


@step
def add_trust_levels(db: sqlite_utils.Database) -> None:
    """A table's trust level: 'casual' (any seated phone may hand a seat over, announced) or
    'tournament' (each seat bound to its entrant; only the organiser hands a seat over)."""
    db.execute("alter table matches add column trust text not null default 'casual'")


@step
def add_open_match_holds(db: sqlite_utils.Database) -> None:
    """A client's place under the cap on open matches, held while its new match is made, so
    concurrent creates from one address cannot all pass the count (companion/storage/clients.py)."""
    db.execute(
        """create table match_holds (
            hold text primary key, client text not null, created text not null)"""
    )
    db.execute("create index match_holds_by_client on match_holds (client)")


@step
def add_table_reports(db: sqlite_utils.Database) -> None:
    """A tournament table's score as each of its players reports it: the result when both
    agree, the organiser's to decide when they differ (companion/storage/results.py)."""
    db.execute(
        """create table table_reports (
            tournament_id text not null references tournaments(id), round integer not null,
            table_no integer not null, player integer not null, wins_a integer not null,
            wins_b integer not null, draws integer not null, at text not null,
            primary key (tournament_id, round, table_no, player))"""
    )


class Connection(sqlite3.Connection):
    """A connection that knows its database file (for the write lock between processes)."""

    path = ""


def connect(path: str | Path) -> sqlite3.Connection:
    """Open a connection with the pragmas every connection needs."""
    conn = sqlite3.connect(
        str(path), timeout=5, isolation_level=None, check_same_thread=False, factory=Connection
    )
    conn.path = str(path)
    conn.row_factory = sqlite3.Row
    conn.execute("pragma busy_timeout = 5000")
    conn.execute("pragma synchronous = NORMAL")
    # Checkpoint the WAL every ~16 MB instead of every 4 MB: each checkpoint syncs the disk,
    # so fewer of them cost less in all.
    conn.execute("pragma wal_autocheckpoint = 4000")
    conn.execute("pragma foreign_keys = ON")
    return conn


def lock_file(path: str) -> int | None:
    """Return this process's descriptor of the database's lock file (None: no file lock).

    Opened once per process: after a fork, a shared descriptor would not exclude anything.
    """
    key = (os.getpid(), path)
    if key not in _lock_files:
        _lock_files[key] = open_lock_file(path + "-writer")
    return _lock_files[key]


def open_lock_file(name: str) -> int | None:
    """Open (or make) a lock file; read-only will do, as ``flock`` needs no write access.

    None when it can be neither made nor read (a read-only folder): SQLite's own lock still
    serialises the writes, only the quick wake-up between processes is lost.
    """
    for flags in (os.O_RDWR | os.O_CREAT, os.O_RDONLY):
        try:
            return os.open(name, flags, 0o600)
        except OSError:
            continue
    return None


WRITE_FAULTS = ("readonly", "read-only", "disk is full", "disk i/o error", "unable to open")
"""Words of SQLite's errors for a database that cannot be written at all (not a busy one)."""
_write_fault: list[str] = []


def write_fault() -> str | None:
    """Return why the last write failed for want of a writable database, until one succeeds."""
    return _write_fault[0] if _write_fault else None


def cause_of(exc: sqlite3.Error) -> str | None:
    """Return the cause when an error says the database cannot be written, else None."""
    text = str(exc).lower()
    return str(exc) if any(word in text for word in WRITE_FAULTS) else None


@contextmanager
def writing(conn: sqlite3.Connection) -> Iterator[None]:
    """Hold the right to write: first among this process's threads, then among processes.

    A write that fails because the database cannot be written is remembered (``write_fault``,
    which /healthz reports) until a write succeeds again.
    """
    with WRITE_LOCK:
        try:
            with file_lock(conn):
                yield
        except sqlite3.Error as exc:
            cause = cause_of(exc)
            if cause is not None:
                _write_fault[:] = [cause]
            raise
        _write_fault.clear()


@contextmanager
def file_lock(conn: sqlite3.Connection) -> Iterator[None]:
    """Hold the lock file beside the database, where there is one (POSIX, a file)."""
    path = getattr(conn, "path", "")
    fd = lock_file(path) if fcntl is not None and path and path != ":memory:" else None
    if fd is None:
        yield
        return
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


def create_private(path: str | Path) -> None:
    """Create an empty database file readable by its owner only (0600), if there is none;
    SQLite gives its -wal and -shm files the same mode."""
    if str(path) == ":memory:" or Path(path).exists():
        return
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:  # another process made it first
        pass


def migrate(path: str | Path) -> None:
    """Create or update the schema (once, at start) and switch to WAL.

    :raises DatabaseProblem: for a file that cannot be made, is no SQLite database, cannot be
        written, or comes from a newer strikekit; one line naming the file and the fix.
    """
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        create_private(path)
    except OSError as exc:
        raise DatabaseProblem(
            f"{path}: cannot create the database ({exc.strerror or exc}); give --db a path in "
            "a folder this user can write"
        ) from None
    with WRITE_LOCK:
        try:
            apply_schema(path)
        except sqlite3.DatabaseError as exc:
            raise DatabaseProblem(
                f"{path}: not a usable database ({exc}); restore a copy made by "
                "`companion backup`, or move the file away to start with an empty one"
            ) from None


def apply_schema(path: str | Path) -> None:
    """Switch to WAL and apply the migrations this version has and the database lacks.

    :raises DatabaseProblem: for a database with migrations this version does not know.
    """
    db = sqlite_utils.Database(connect(path))
    try:
        newer = [m.name for m in migrations.applied(db) if m.name not in SCHEMA_STEPS]
        if newer:
            raise DatabaseProblem(
                f"{path}: written by a newer strikekit (its schema has {', '.join(newer)}; "
                f"this version's ends at {SCHEMA_STEPS[-1]}): upgrade strikekit, or use "
                "another database"
            )
        db.execute("pragma journal_mode = WAL")
        migrations.apply(db)
    finally:
        db.conn.close()


_local = threading.local()


def thread_connection(path: str) -> sqlite3.Connection:
    """Return this thread's connection to a database file (opened once per thread)."""
    conns: dict[str, sqlite3.Connection] = getattr(_local, "conns", {})
    _local.conns = conns
    if path not in conns:
        conns[path] = connect(path)
    return conns[path]


def roll_back_unfinished(conn: sqlite3.Connection) -> None:
    """Roll back a transaction a request left open (its error was answered already)."""
    if conn.in_transaction:
        conn.execute("rollback")


def close_thread_connections() -> None:
    """Close this thread's connections (tests with throwaway databases)."""
    for conn in getattr(_local, "conns", {}).values():
        conn.close()
    _local.conns = {}


def is_healthy(conn: sqlite3.Connection) -> bool:
    """Return True when the database answers a query."""
    try:
        row = conn.execute("select 1").fetchone()
        return bool(row is not None and row[0] == 1)
    except sqlite3.Error:
        return False
