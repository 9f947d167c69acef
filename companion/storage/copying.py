"""Moving a companion's database between engines: every row of every table, from one
consistent snapshot, in one transaction, then checked.

``companion copy --db SOURCE --to TARGET`` moves a SQLite database into PostgreSQL (or
back): the target must be empty (a new database, or one with no match and no tournament).
The check compares every table's rows on both sides and replays every match's log on both,
so the target is known to give each table the same state the source gives. Copy and check
read one snapshot of the source (servers may go on writing to it) and the target commits
only after the check: a failed copy leaves it empty. A backup of a PostgreSQL database is
such a copy into a new SQLite file.
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
    nul_removed: int = 0

    def describe(self) -> str:
        """One line for the terminal."""
        counts = ", ".join(f"{n} {t}" for t, n in self.rows.items() if n)
        removed = f"removed NUL characters from {self.nul_removed} texts of the source; " \
            if self.nul_removed else ""  # fmt: skip
        return (f"{removed}copied {counts or 'nothing'}; every table's rows and all "
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

    :raises CopyError: when the target is not empty, or holds text PostgreSQL cannot store
        (nothing is written then).
    """
    with snapshot(source), db.write_transaction(target):
        return fill(source, target)


def fill(source: Connection, target: Connection) -> dict[str, int]:
    """Insert every table's rows of ``source`` into ``target`` (inside the caller's
    snapshot and transaction); return the rows per table.

    :raises CopyError: when the target is not empty, or (into PostgreSQL) a text holds a
        NUL character: every such place named, after looking at every row.
    """
    if not is_empty(target):
        raise CopyError(f"the target already holds matches or tournaments: copy into an empty "
                        f"database ({how_to_empty(target)})")  # fmt: skip
    counts: dict[str, int] = {}
    nul: dict[tuple[str, str], list[str]] = {}
    for table in TABLES:
        names = columns(source, table)
        marks = ", ".join("?" * len(names))
        insert = f"insert into {table} ({', '.join(names)}) values ({marks})"
        counts[table] = 0
        for batch in read_rows(source, table, names):
            if is_postgres_conn(target):
                find_nul(table, names, batch, nul)
            if not nul:
                target.executemany(insert, batch)
            counts[table] += len(batch)
    if nul:
        raise CopyError(nul_message(nul))
    return counts


def how_to_empty(conn: Connection) -> str:
    """Say how to start again with an empty target database."""
    if is_postgres_conn(conn):
        name = conn.execute("select current_database()").fetchone()[0]
        return (f"to start again, drop it and make it anew as the postgres user: dropdb {name} "
                f"&& createdb -O OWNER {name}")  # fmt: skip
    path = getattr(conn, "path", "the file")
    return f"to start again, delete {path} and its -wal and -shm files"


def find_nul(
    table: str, names: list[str], batch: list[Any], found: dict[tuple[str, str], list[str]]
) -> None:
    """Note where a batch's text holds a NUL character (PostgreSQL's text cannot): by
    table and column, each row known by its first column (its id, or its match's)."""
    for row in batch:
        for name, value in zip(names, row, strict=True):
            if isinstance(value, str) and "\x00" in value:
                found.setdefault((table, name), []).append(f"{names[0]} {row[0]!r}")


def nul_message(found: dict[tuple[str, str], list[str]]) -> str:
    """Say which stored texts hold a NUL character, and how to remove them."""
    places = "; ".join(
        f"{table}.{column} in {len(rows)} row(s), the first with {rows[0]}"
        for (table, column), rows in found.items()
    )
    return (f"the source holds NUL characters (U+0000), which PostgreSQL cannot store "
            f"(the companion refuses them now): {places}. Nothing was copied. Back the source "
            f"up (companion backup FILE), then copy again with --remove-nul to delete these "
            f"characters from the source's texts first")  # fmt: skip


def remove_nul(database: str) -> int:
    """Delete the NUL characters from every stored text of a SQLite database, in one
    transaction; return how many texts changed (SQLite's replace() cannot: it reads NUL
    as the end of its pattern)."""
    conn = db.connect(database)
    changed = 0
    try:
        with db.write_transaction(conn):
            for table in TABLES:
                for name in columns(conn, table):
                    found = conn.execute(
                        f"select rowid, {name} from {table} where typeof({name}) = 'text' "
                        f"and instr({name}, char(0)) > 0"
                    ).fetchall()
                    conn.executemany(
                        f"update {table} set {name} = ? where rowid = ?",
                        [(r[1].replace("\x00", ""), r[0]) for r in found],
                    )
                    changed += len(found)
    finally:
        conn.close()
    return changed


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


def copy_database(
    source_url: str, target_url: str, catalog: Catalog, drop_nul: bool = False
) -> Copied:
    """Copy one companion database into another (empty) one and check the copy, both in one
    snapshot of the source, so a source in use still copies (what was written after the
    snapshot began waits for another copy). The copy is committed only once its check
    passes: a copy that fails leaves the target as empty as it was, and can be run again.

    :raises CopyError: for the same database, a target that is not empty, a NUL character
        PostgreSQL cannot store, or a copy that differs; DatabaseProblem: a database that
        cannot be opened.
    """
    if source_url == target_url:
        raise CopyError(f"{shown(source_url)}: that is the source itself; copy to another")
    if not is_postgres(source_url) and not Path(source_url).is_file():
        raise CopyError(f"{source_url}: no database here (give --db, or --instance)")
    db.migrate(source_url)
    db.migrate(target_url)
    removed = remove_nul(source_url) if drop_nul and not is_postgres(source_url) else 0
    source, target = db.connect(source_url), db.connect(target_url)
    try:
        with snapshot(source), db.write_transaction(target):
            rows = fill(source, target)
            checked = compare(source, target, catalog)
        return Copied(rows, checked, removed)
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
