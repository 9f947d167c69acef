"""Helpers of bulk writes (a recompute's hundreds of thousands of rows): a SQLite table's
own indexes dropped and made again around the write, Python's cycle collector paused while
the rows are made."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from companion.storage import pg
from companion.storage.engine import Connection


@contextmanager
def without_indexes(conn: Connection, table: str) -> Iterator[None]:
    """Drop a SQLite table's own indexes (not its key's) for a bulk write and make them
    again after it, in the caller's transaction: building an index once at the end is half
    the cost of keeping it up row by row. Readers keep their snapshot, indexes and all
    (WAL). On PostgreSQL nothing is dropped: there a dropped index would lock out every
    reader of the table until the transaction ends."""
    if isinstance(conn, pg.PgConnection):
        yield
        return
    made = conn.execute(
        "select name, sql from sqlite_master where type = 'index' and tbl_name = ? "
        "and sql is not null",  # null: the primary key's own index, which stays
        (table,),
    ).fetchall()
    for row in made:
        conn.execute(f'drop index "{row["name"]}"')
    yield
    for row in made:
        conn.execute(row["sql"])


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Pause Python's cycle collector while a recompute makes its million small objects (none
    of them in a cycle): each collection would walk them all again, a quarter of the time."""
    was_on = gc.isenabled()  # process-wide: other threads skip it too, for a second or two
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
