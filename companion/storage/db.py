"""The companion's database: connections, migrations, the write lock, on either engine.

PostgreSQL (``postgresql://...``) is ``companion.storage.pg``: a pool per process, the write
lock as advisory locks. The rest of this docstring is SQLite, the embedded default.

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
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import sqlite_utils

from companion.storage import pg, schema
from companion.storage.engine import ERRORS, Connection, is_postgres, shown
from companion.storage.schema import SCHEMA_STEPS as SCHEMA_STEPS
from companion.storage.schema import migrations

try:
    import fcntl
except ImportError:  # Windows: one process only (no gunicorn), the thread lock is enough
    fcntl = None  # type: ignore[assignment]

WRITE_LOCK = threading.Lock()
_lock_files: dict[tuple[int, str], int | None] = {}


class DatabaseProblem(Exception):
    """The database cannot be used at all; the message names the file and the fix."""


NO_ANSWER: tuple[type[Exception], ...] = (*ERRORS, DatabaseProblem)
"""What opening or asking a database raises when it cannot answer."""


class OutcomeUnknown(Exception):
    """A commit was sent but its answer never came: the write may or may not be stored."""


class SqliteConnection(sqlite3.Connection):
    """A connection that knows its database file (for the write lock between processes)."""

    path = ""
    engine = "sqlite"


def connect(database: str | Path, request: bool = False) -> Connection:
    """Open a connection of its own to either engine (the caller closes it); ``request``: one
    that never waits long (PostgreSQL: the timeouts of the connections that answer requests;
    SQLite: no busy timeout, a locked database is an error at once)."""
    if is_postgres(str(database)):
        try:
            return pg.connect(str(database), request)
        except psycopg.OperationalError as exc:
            raise DatabaseProblem(unreachable(str(database), exc)) from None
    conn = connect_sqlite(database)
    if request:
        conn.execute("pragma busy_timeout = 0")
    return conn


def unreachable(database: str, exc: Exception) -> str:
    """Say that a PostgreSQL server does not answer, and what to check."""
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return (f"{shown(database)}: cannot reach the PostgreSQL database ({first}); check the "
            "address, that the server runs and that the database and user exist")  # fmt: skip


def connect_sqlite(path: str | Path) -> SqliteConnection:
    """Open a SQLite connection with the pragmas every connection needs."""
    conn = sqlite3.connect(
        str(path), timeout=5, isolation_level=None, check_same_thread=False,
        factory=SqliteConnection,
    )  # fmt: skip
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
SEEN_ON_DISK = ("readonly", "read-only", "disk is full")
"""Those of them that ``unwritable`` sees on the file system, in every process alike."""
MIN_FREE_BYTES = 1024 * 1024
"""Less free space than this beside a SQLite database: the disk is full."""
_write_fault: list[str] = []


def write_fault(database: str) -> str | None:
    """Return why the database cannot be written, else None: what the file system shows
    (``unwritable``: every process of the server says the same), or why this process's last
    write failed when the file system cannot show it (an I/O error), until a write succeeds."""
    seen = unwritable(database)
    if seen is not None:
        return seen
    if _write_fault and not any(word in _write_fault[0].lower() for word in SEEN_ON_DISK):
        return _write_fault[0]
    return None


def unwritable(database: str) -> str | None:
    """Say why a SQLite database cannot be written, as its file system shows it: a read-only
    mount, a full disk, a file or folder this user may not write; None when nothing shows
    (and always for PostgreSQL, whose server says it itself)."""
    if is_postgres(database) or database == ":memory:" or not hasattr(os, "statvfs"):
        return None
    folder = os.path.dirname(os.path.abspath(database))
    try:
        found = os.statvfs(folder)
    except OSError as exc:
        return f"cannot look at {folder} ({exc.strerror})"
    if found.f_flag & os.ST_RDONLY:
        return f"{folder} is on a read-only file system"
    free = found.f_bavail * found.f_frsize
    if free < MIN_FREE_BYTES:
        return f"database or disk is full: {free // 1024} KB free in {folder}"
    for path in (folder, database, database + "-wal", database + "-shm"):
        if os.path.exists(path) and not os.access(path, os.W_OK):
            return f"{path} is not writable by this user"
    return None


def is_unreachable(exc: Exception) -> bool:
    """Say whether an error means the PostgreSQL server cannot be reached now (down,
    restarting, or every pooled connection busy for too long)."""
    return isinstance(exc, psycopg.OperationalError)


def cause_of(exc: Exception) -> str | None:
    """Return the cause when an error says the database cannot be written, else None."""
    text = str(exc).lower()
    return str(exc) if any(word in text for word in WRITE_FAULTS) else None


@contextmanager
def write_transaction(conn: Connection, match_id: str | None = None) -> Iterator[None]:
    """Run a write in one transaction under the write lock, on either engine.

    ``match_id``: the write is one action on this match's log alone (PostgreSQL then lets
    actions on other matches run beside it; SQLite has one writer whatever the write).
    """
    if isinstance(conn, pg.PgConnection):
        try:
            pg.begin_locked(conn, match_id)
            yield
        except BaseException:
            roll_back_open(conn)
            raise
        commit_or_say_unknown(conn)
        return
    with writing(conn):
        conn.execute("begin immediate")
        try:
            yield
            conn.execute("commit")
        except BaseException:
            roll_back_open(conn)  # a failed COMMIT (disk full) has rolled back already
            raise


def commit_or_say_unknown(conn: pg.PgConnection) -> None:
    """Commit; when the server's answer does not come (the connection broke or was cut), say
    that the outcome is unknown rather than that nothing was saved.

    :raises OutcomeUnknown: the commit may have been applied; psycopg.Error: the server
        refused it (nothing was saved).
    """
    try:
        conn.execute("commit")
    except psycopg.Error as exc:
        if exc.sqlstate is None or conn.raw.closed:
            raise OutcomeUnknown(str(exc) or type(exc).__name__) from exc
        roll_back_open(conn)
        raise


def roll_back_open(conn: Connection) -> None:
    """Roll back the transaction if one is still open; an error of the rollback itself (a
    broken connection) does not hide the error that led here."""
    try:
        if conn.in_transaction:
            conn.execute("rollback")
    except ERRORS:
        pass


@contextmanager
def writing(conn: Connection) -> Iterator[None]:
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
def file_lock(conn: Connection) -> Iterator[None]:
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


def migrate(path: str | Path) -> list[str]:
    """Create or update the schema (once, at start); on SQLite switch to WAL. Return the
    names of the migrations applied now.

    :raises DatabaseProblem: for a file that cannot be made, is no SQLite database, cannot be
        written, or comes from a newer strikekit; one line naming the file and the fix.
    """
    if is_postgres(str(path)):
        return migrate_postgres(str(path))
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
            return apply_schema(path)
        except sqlite3.DatabaseError as exc:
            cause = unwritable(str(path)) or cause_of(exc)
            if cause is not None:
                raise DatabaseProblem(
                    f"{path}: cannot write the database ({cause}): make the file and its "
                    "folder writable by this user, mount its file system read-write, or free "
                    "disk space; the database itself is not damaged"
                ) from None
            raise DatabaseProblem(
                f"{path}: not a usable database ({exc}); restore a copy made by "
                "`companion backup`, or move the file away to start with an empty one"
            ) from None


def migrate_postgres(url: str) -> list[str]:
    """Apply the migrations a PostgreSQL database lacks (under the write lock); return
    their names.

    :raises DatabaseProblem: when the server does not answer or the database has
        migrations this version does not know.
    """
    from companion.storage.matches import now

    conn = connect(url)
    assert isinstance(conn, pg.PgConnection)
    try:
        newer, applied = schema.migrate_postgres(conn, now())
    except schema.MigrationLocked as exc:
        raise DatabaseProblem(f"{shown(url)}: {exc}") from None
    finally:
        conn.close()
    if newer:
        raise DatabaseProblem(newer_schema(shown(url), newer))
    return applied


def newer_schema(database: str, newer: list[str]) -> str:
    """Say that a database was written by a newer strikekit."""
    return (f"{database}: written by a newer strikekit (its schema has {', '.join(newer)}; "
            f"this version's ends at {SCHEMA_STEPS[-1]}): upgrade strikekit, or use "
            "another database")  # fmt: skip


def apply_schema(path: str | Path) -> list[str]:
    """Switch to WAL and apply the migrations this version has and the database lacks;
    return their names.

    :raises DatabaseProblem: for a database with migrations this version does not know.
    """
    db = sqlite_utils.Database(connect_sqlite(path))
    try:
        with file_lock(db.conn):  # other processes starting at once wait, then find it done
            newer = [m.name for m in migrations.applied(db) if m.name not in SCHEMA_STEPS]
            if newer:
                raise DatabaseProblem(newer_schema(str(path), newer))
            db.execute("pragma journal_mode = WAL")
            pending = [m.name for m in migrations.pending(db)]
            migrations.apply(db)
            return pending
    finally:
        db.conn.close()


_local = threading.local()


def thread_connection(path: str) -> Connection:
    """Return this thread's SQLite connection to a database file (opened once per thread)."""
    conns: dict[str, Connection] = getattr(_local, "conns", {})
    _local.conns = conns
    if path not in conns:
        conns[path] = connect_sqlite(path)
    return conns[path]


def request_connection(database: str) -> Connection:
    """Return a connection for one request: SQLite's kept per thread, or one borrowed from
    this process's PostgreSQL pool (``release`` gives it back)."""
    if is_postgres(database):
        return pg.borrow(database)
    return thread_connection(database)


def release(conn: Connection) -> None:
    """End a request's use of its connection: an unfinished transaction rolled back (its
    error was answered already); a pooled connection goes back to its pool."""
    if isinstance(conn, pg.PgConnection):
        conn.close()
    elif conn.in_transaction:
        conn.execute("rollback")


def roll_back_unfinished(conn: Connection) -> None:
    """Roll back a transaction a request left open (its error was answered already)."""
    if conn.in_transaction:
        conn.execute("rollback")


def close_thread_connections() -> None:
    """Close this thread's connections and this process's pools (tests with throwaway
    databases)."""
    for conn in getattr(_local, "conns", {}).values():
        conn.close()
    _local.conns = {}
    pg.close_pools()


def close_lock_files() -> None:
    """Close this process's lock files (tests: a file system is remounted read-only only
    when no file on it is open for writing)."""
    for key, fd in list(_lock_files.items()):
        if key[0] == os.getpid() and fd is not None:
            os.close(fd)
        del _lock_files[key]


def is_healthy(conn: Connection) -> bool:
    """Return True when the database answers a query."""
    try:
        row = conn.execute("select 1").fetchone()
        return bool(row is not None and row[0] == 1)
    except ERRORS:
        return False
