"""The PostgreSQL engine: psycopg 3 connections that read like the SQLite ones, a pool per
process, the write lock as advisory locks, and the channel that wakes long polls.

Writes are exact across processes and machines the way SQLite makes them exact on one:
a write transaction first takes ``pg_advisory_xact_lock`` on one key, so writers queue in
the server (first come, first served; the lock goes with the transaction, even when its
process dies by ``kill -9``). An action on one match's log takes that key shared and a key
of its own match exclusive, so actions on different tables run side by side while
everything else (seats, tournaments, prunes, imports) stays one writer at a time, as under
SQLite. Idempotency keys and base versions are checked inside, as on SQLite.

Every change of a match's version or seat version notifies the channel ``CHANNEL`` with
the match's id (a trigger, so no write can forget it): each app process LISTENs and wakes
its phones waiting on that match, whichever process or machine wrote.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from typing import Any

import psycopg
from psycopg import pq
from psycopg.conninfo import conninfo_to_dict

from companion.storage.pgpool import DEADLINES, Pool, close_quietly

CHANNEL = "strikekit_matches"
WRITE_KEY = 0x5374_6B4B  # "StkK": the one key every write transaction takes
MATCH_SPACE = 0x5374_6B4D  # the two-key space of per-match locks ("StkM", hash of the id)
POOL_WAIT_SECONDS = 2.0
"""How long a request waits for a pooled connection (every one lent) before its 503."""
CONNECT_SECONDS = 2
"""How long opening a connection may take (libpq's ``connect_timeout``, 2 s at least)."""
ANSWER_SECONDS = float(os.environ.get("STRIKEKIT_PG_ANSWER_SECONDS", "2"))
"""How long a request's statement may wait for the server's answer before the connection is
cut (the server's own ``statement_timeout`` stops it first, unless the server is frozen)."""
CONNECTION_SETTINGS: dict[str, Any] = {
    "connect_timeout": CONNECT_SECONDS,
    "application_name": "strikekit",
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 3,
    "keepalives_count": 3,
    "tcp_user_timeout": 10_000,
}
"""libpq settings of every connection, unless the database address sets them (a query
string such as ``?application_name=club&keepalives_idle=30``): a dead server or network is
noticed within ~20 s even on an idle connection, and ``pg_stat_activity`` names the app."""
WRITE_LOCK_SECONDS = 3.0
"""How long a write may queue for the write lock (``begin_locked``); a frozen server is
then noticed within WRITE_LOCK_SECONDS + 1 s by a write waiting there."""
REQUEST_TIMEOUTS = {"statement_timeout": "1500", "lock_timeout": "1000"}
"""Server-side limits (milliseconds) of the connections that answer requests, unless the
address's ``options`` sets them (``?options=-c%20statement_timeout%3D5000``); the command
line's own connections (migrate, prune, copy, backup) have none."""
MIGRATIONS_TABLE = "strikekit_migrations"
PREPARE_AFTER = 2
"""How many times a statement with parameters runs on a connection before it is prepared
there (psycopg's ``prepare_threshold``; a connection keeps its 100 latest, psycopg's
``prepared_max``): the hot ones (a write's, a state read's) are prepared within a few
requests, a statement run once (a long list of ids) is not."""


class Row(tuple[Any, ...]):
    """A result row read by column name or by position, like ``sqlite3.Row``."""

    names: dict[str, int]

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return super().__getitem__(self.names[key])
        return super().__getitem__(key)

    def keys(self) -> list[str]:
        """Return the column names, in order."""
        return list(self.names)


def row_factory(cursor: Any) -> Callable[[Sequence[Any]], Row]:
    """Make rows that read by name or position (psycopg's row factory protocol); the names
    read from the result itself (``cursor.description`` makes an object per column)."""
    result = cursor.pgresult
    count = result.nfields if result is not None else 0
    names = {(result.fname(i) or b"").decode(): i for i in range(count)}

    def make(values: Sequence[Any]) -> Row:
        row = Row(values)
        row.names = names
        return row

    return make


_translated: dict[str, str] = {}
QMARK = re.compile(r"\?")


def translate(sql: str) -> str:
    """Turn a statement with SQLite's ``?`` placeholders into psycopg's ``%s`` (a literal
    ``%`` doubled); remembered per statement text."""
    done = _translated.get(sql)
    if done is None:
        done = QMARK.sub("%s", sql.replace("%", "%%"))
        _translated[sql] = done
    return done


class PgConnection:
    """A psycopg connection with the interface the store uses (``engine.Connection``).

    ``answer_seconds``: how long each statement may wait for the server before the connection
    is cut (``pgpool.Deadlines``); None for no limit (the command line's long tasks).
    """

    engine = "postgresql"
    path = ""

    def __init__(
        self,
        raw: psycopg.Connection[Any],
        pool: Pool | None = None,
        answer_seconds: float | None = None,
    ) -> None:
        self.raw = raw
        self.pool = pool
        self.answer_seconds = answer_seconds

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Any:
        """Run one statement; return its cursor (without parameters, the text goes as it is:
        psycopg reads no placeholder in it, and a literal ``%`` stays single)."""
        with DEADLINES.bounded(self.raw, self.answer_seconds):
            if not parameters:
                return self.raw.execute(sql, prepare=False)
            return self.raw.execute(translate(sql), tuple(parameters))

    def execute_waiting(self, sql: str, seconds: float) -> Any:
        """Run one statement (no parameters) that may wait up to ``seconds`` for its answer."""
        with DEADLINES.bounded(self.raw, seconds):
            return self.raw.execute(sql, prepare=False)

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Any:
        """Run one statement for each set of parameters."""
        cursor = self.raw.cursor()
        with DEADLINES.bounded(self.raw, self.answer_seconds):
            cursor.executemany(translate(sql), [tuple(p) for p in parameters])
        return cursor

    @property
    def in_transaction(self) -> bool:
        """Whether a transaction is open (or failed and not rolled back yet)."""
        return self.raw.info.transaction_status in (
            pq.TransactionStatus.INTRANS,
            pq.TransactionStatus.INERROR,
        )

    def close(self) -> None:
        """Give the connection back to its pool (rolled back first), or close it."""
        try:
            if self.in_transaction and not self.raw.closed:
                self.execute("rollback")
        except psycopg.OperationalError:
            pass  # broken: the pool drops it
        finally:
            if self.pool is not None:
                self.pool.give_back(self.raw)
                self.pool = None
            else:
                close_quietly(self.raw)


def settings(url: str, request: bool) -> dict[str, Any]:
    """Return the connection settings the address does not set itself: CONNECTION_SETTINGS,
    and for a request's connection REQUEST_TIMEOUTS (before the address's own ``options``,
    so that those win)."""
    given = conninfo_to_dict(url)
    found = {k: v for k, v in CONNECTION_SETTINGS.items() if k not in given}
    if request:
        ours = " ".join(f"-c {k}={v}" for k, v in REQUEST_TIMEOUTS.items())
        found["options"] = f"{ours} {given.get('options', '')}".strip()
    return found


def open_raw(url: str, request: bool) -> psycopg.Connection[Any]:
    """Open a psycopg connection: autocommit, rows by name, with ``settings``; a statement
    with parameters run PREPARE_AFTER times on it is prepared (server-side, per connection:
    parsed and planned once, then only bound and run)."""
    raw = psycopg.connect(url, autocommit=True, row_factory=row_factory, **settings(url, request))
    raw.prepare_threshold = PREPARE_AFTER
    return raw


def connect(url: str, request: bool = False) -> PgConnection:
    """Open a connection of its own (not pooled): autocommit, rows by name; ``request``: with
    the timeouts of a request's connection (statements cut after ANSWER_SECONDS)."""
    return PgConnection(open_raw(url, request), None, ANSWER_SECONDS if request else None)


pool_size = int(os.environ.get("STRIKEKIT_PG_POOL", "0")) or 10
"""Connections per app process at most (a request holds one while it runs); ``companion
serve`` makes it its number of threads, so that no thread waits for one
(``$STRIKEKIT_PG_POOL`` sets it instead)."""
_pools: dict[tuple[int, str], Pool] = {}
_pools_lock = threading.Lock()


def size_pools(threads: int) -> None:
    """Give the pools made from now on one connection per request thread (unless
    $STRIKEKIT_PG_POOL says otherwise)."""
    global pool_size
    if not os.environ.get("STRIKEKIT_PG_POOL"):
        pool_size = threads


def pool(url: str) -> Pool:
    """Return this process's pool for a database (made at first use: after a fork, each
    worker makes its own)."""
    key = (os.getpid(), url)
    with _pools_lock:
        found = _pools.get(key)
        if found is None:
            found = Pool(lambda: open_raw(url, True), pool_size, POOL_WAIT_SECONDS)
            _pools[key] = found
        return found


def borrow(url: str) -> PgConnection:
    """Take a connection from this process's pool (``close`` gives it back).

    :raises psycopg.OperationalError: when none is free within POOL_WAIT_SECONDS or the
        server cannot be reached.
    """
    shared = pool(url)
    return PgConnection(shared.take(), shared, ANSWER_SECONDS)


def close_pools() -> None:
    """Close this process's pools (tests with throwaway databases)."""
    with _pools_lock:
        for (pid, url), found in list(_pools.items()):
            if pid == os.getpid():
                found.close()
                del _pools[(pid, url)]


def begin_locked(conn: PgConnection, match_id: str | None) -> None:
    """Open a transaction holding the write lock: every writer's key, shared when the write
    is one match's action (then that match's key exclusive), exclusive otherwise. The keys
    are numbers made here, so the statements have no parameter and go as simple queries.

    First in one round trip of two statements, the lock tried without waiting (what a
    write finds most of the time); when it is held, the write queues for it up to
    WRITE_LOCK_SECONDS (longer than a request's other statements may take: writers behind
    a large write wait their turn, as SQLite's wait in its busy timeout), the connection's
    own timeouts applying again once it holds the lock. A try does not pass writers already
    queued (PostgreSQL refuses it a lock that conflicts with a waiter's), and the keys are
    counted per holder, so a key the try took is simply taken twice.
    """
    if match_id is None:
        locking = f"pg_advisory_xact_lock({WRITE_KEY})"
        trying = f"pg_try_advisory_xact_lock({WRITE_KEY})"
    else:
        digest = hashlib.blake2b(match_id.encode("utf-8", "surrogatepass"), digest_size=4)
        key = int.from_bytes(digest.digest(), "big", signed=True)
        locking = (f"pg_advisory_xact_lock_shared({WRITE_KEY}), "
                   f"pg_advisory_xact_lock({MATCH_SPACE}, {key})")  # fmt: skip
        trying = (f"case when pg_try_advisory_xact_lock_shared({WRITE_KEY}) then "
                  f"pg_try_advisory_xact_lock({MATCH_SPACE}, {key}) else false end")  # fmt: skip
    if conn.answer_seconds is None:  # the command line's own connection: no timeouts to lift
        conn.execute(f"begin; select {locking}")
        return
    tried = conn.execute(f"begin; select {trying}")
    tried.nextset()
    if tried.fetchone()[0]:
        return
    waiting = int(WRITE_LOCK_SECONDS * 1000)
    conn.execute_waiting(
        f"set local lock_timeout = {waiting}; "
        f"set local statement_timeout = {waiting + 500}; select {locking}; "
        "set local lock_timeout to default; set local statement_timeout to default",
        WRITE_LOCK_SECONDS + 1,
    )


NOTIFY_TRIGGER = f"""
create function strikekit_match_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('{CHANNEL}', coalesce(new.id, old.id));
  return null;
end $$;
create trigger strikekit_match_changed after update of version, seat_version or delete
  on matches for each row execute function strikekit_match_changed();
"""
"""Notify ``CHANNEL`` with a match's id whenever its version or seat version moves (or it
is deleted): sent when the transaction commits, to every listening process."""


async def changed_matches(url: str) -> AsyncIterator[str | None]:
    """Yield the id of every match whose version or seat version moves, whichever process
    or machine wrote it (LISTEN on ``CHANNEL``); first None, once listening (whatever moved
    before was not heard: the caller looks at its matches then).

    :raises psycopg.Error: when the connection fails or breaks (the caller listens again).
    """
    async with await psycopg.AsyncConnection.connect(
        url, autocommit=True, **settings(url, request=False)
    ) as conn:
        await conn.execute(f"listen {CHANNEL}")
        yield None
        async for notice in conn.notifies():
            yield notice.payload


def is_healthy(conn: PgConnection) -> bool:
    """Return True when the server answers a query."""
    try:
        row = conn.execute("select 1").fetchone()
        return bool(row is not None and row[0] == 1)
    except psycopg.Error:
        return False
