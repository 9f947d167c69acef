"""Moving a companion's database between engines: every row of every table, from one
consistent snapshot, in one transaction, then checked.

``companion copy --db SOURCE --to TARGET`` moves a SQLite database into PostgreSQL (or
back): the target must be empty (a new database, or one with no match and no tournament).
The check compares every table's rows on both sides and replays every match's log on both,
so the target is known to give each table the same state the source gives. A backup of a
PostgreSQL database is such a copy into a new SQLite file.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.storage import db, replayed
from companion.storage.engine import Connection, is_postgres, shown
from printkit.catalog import Catalog

TABLES = (
    "matches", "seats", "events", "carries", "match_clients", "match_holds", "tournaments",
    "tournament_players", "tournament_rounds", "tournament_tables", "tournament_log",
    "table_reports",
    "club_settings", "club_profiles", "club_devices", "club_device_codes", "club_confirms",
    "club_results", "club_ratings", "club_changes", "club_entries",
    "club_confirm_codes",
)  # fmt: skip
"""Every table of the schema, each after the tables it refers to."""
NUMBERED = {"tournament_log": "rowid"}
"""Tables read in the order their rows were written (the target numbers them again)."""
BATCH = 1000


class CopyError(ValueError):
    """A copy refused or failed its check; the message says why."""


@dataclass(frozen=True)
class Copied:
    """What a copy moved: rows per table, and how many matches replay the same."""

    rows: dict[str, int]
    matches_checked: int

    def describe(self) -> str:
        """One line for the terminal."""
        counts = ", ".join(f"{n} {t}" for t, n in self.rows.items() if n)
        return (f"copied {counts or 'nothing'}; every table's rows and all "
                f"{self.matches_checked} matches' replayed states are alike on both")  # fmt: skip


def columns(conn: Connection, table: str) -> list[str]:
    """Return a table's columns, but PostgreSQL's own row numbers."""
    cursor = conn.execute(f"select * from {table} limit 0")
    return [d[0] for d in cursor.description if d[0] != "rowid"]


@contextmanager
def snapshot(conn: Connection) -> Iterator[None]:
    """Read in one consistent snapshot (a read-only transaction on either engine)."""
    if is_postgres_conn(conn):
        conn.execute("begin isolation level repeatable read read only")
    else:
        conn.execute("begin")
    try:
        yield
    finally:
        conn.execute("rollback")


def is_postgres_conn(conn: Connection) -> bool:
    """Say whether a connection is PostgreSQL's."""
    return getattr(conn, "engine", "sqlite") == "postgresql"


def read_rows(conn: Connection, table: str, names: list[str]) -> Iterator[list[Any]]:
    """Yield a table's rows in batches (in writing order where that matters)."""
    order = f" order by {NUMBERED[table]}" if table in NUMBERED else ""
    cursor = conn.execute(f"select {', '.join(names)} from {table}{order}")
    batch: list[Any] = []
    for row in cursor:
        batch.append(tuple(row))
        if len(batch) >= BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def is_empty(conn: Connection) -> bool:
    """Say whether a database holds no match and no tournament."""
    return all(
        conn.execute(f"select count(*) from {t}").fetchone()[0] == 0
        for t in ("matches", "tournaments")
    )


def copy_rows(source: Connection, target: Connection) -> dict[str, int]:
    """Copy every table's rows from a snapshot of ``source`` into ``target`` in one write
    transaction; return the rows per table.

    :raises CopyError: when the target is not empty.
    """
    counts: dict[str, int] = {}
    with snapshot(source), db.write_transaction(target):
        if not is_empty(target):
            raise CopyError("the target already holds matches or tournaments: copy into an "
                            "empty database")  # fmt: skip
        for table in TABLES:
            names = columns(source, table)
            marks = ", ".join("?" * len(names))
            insert = f"insert into {table} ({', '.join(names)}) values ({marks})"
            counts[table] = 0
            for batch in read_rows(source, table, names):
                target.executemany(insert, batch)
                counts[table] += len(batch)
    return counts


def table_rows(conn: Connection, table: str) -> list[tuple[Any, ...]]:
    """Return a table's rows, sorted (the log in writing order)."""
    names = columns(conn, table)
    rows = [r for batch in read_rows(conn, table, names) for r in batch]
    return rows if table in NUMBERED else sorted(rows, key=repr)


def compare(source: Connection, target: Connection, catalog: Catalog) -> int:
    """Check that both databases hold the same rows and that every match replays to the
    same state on both; return the number of matches replayed.

    :raises CopyError: naming the first table or match that differs.
    """
    for table in TABLES:
        if table_rows(source, table) != table_rows(target, table):
            raise CopyError(f"the copy differs from the source in table {table}")
    ids = [r[0] for r in source.execute("select id from matches order by id")]
    for match_id in ids:
        here, there = (replayed_now(c, match_id, catalog) for c in (source, target))
        if here != there:
            raise CopyError(f"match {match_id} replays to another state in the copy")
    return len(ids)


def replayed_now(conn: Connection, match_id: str, catalog: Catalog) -> tuple[Any, ...]:
    """Return what a match's whole replay gives (not the cache): version, state, history,
    the stacks of actions in effect and undone."""
    row = conn.execute("select * from matches where id = ?", (match_id,)).fetchone()
    cached = replayed.replay_at(conn, row, int(row["version"]), catalog)
    return (cached.version, cached.state, cached.lines, cached.applied, cached.undone,
            cached.top_is_final)  # fmt: skip


def copy_database(source_url: str, target_url: str, catalog: Catalog) -> Copied:
    """Copy one companion database into another (empty) one, then check the copy.

    :raises CopyError: for the same database, a target that is not empty, or a copy that
        differs; DatabaseProblem: a database that cannot be opened.
    """
    if source_url == target_url:
        raise CopyError(f"{shown(source_url)}: that is the source itself; copy to another")
    if not is_postgres(source_url) and not Path(source_url).is_file():
        raise CopyError(f"{source_url}: no database here (give --db, or --instance)")
    db.migrate(source_url)
    db.migrate(target_url)
    source, target = db.connect(source_url), db.connect(target_url)
    try:
        rows = copy_rows(source, target)
        return Copied(rows, compare(source, target, catalog))
    finally:
        source.close()
        target.close()


def backup_to_sqlite(source_url: str, target: Path) -> int:
    """Back a PostgreSQL database up into a new SQLite file (one snapshot, every row),
    checked before it is renamed into place; return its match count.

    :raises CopyError: when the copy fails SQLite's integrity check.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=target.name + ".", suffix=".part", dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        tmp.unlink()
        db.migrate(tmp)
        source, copy = db.connect(source_url), db.connect(tmp)
        try:
            rows = copy_rows(source, copy)
            copy.execute("pragma journal_mode = DELETE")  # one self-contained file
            check = copy.execute("pragma integrity_check").fetchone()[0]
        finally:
            source.close()
            copy.close()
        if check != "ok":
            raise CopyError(f"the backup failed its integrity check: {check}")
        for extra in ("-wal", "-shm", "-writer"):
            Path(f"{tmp}{extra}").unlink(missing_ok=True)
        os.replace(tmp, target)
        return rows["matches"]
    finally:
        tmp.unlink(missing_ok=True)
        Path(f"{tmp}-writer").unlink(missing_ok=True)
