"""Writers of several processes queue on a lock file beside the database (companion.db)."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

import pytest

from companion import db


def other_holder_can_lock(path: Path) -> bool:
    """Whether another open file description (as another process has) gets the lock now."""
    fd = os.open(str(path) + "-writer", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(fd)
    return True


def test_a_write_holds_the_lock_file_and_lets_go(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    db.migrate(path)
    conn = db.connect(path)
    with db.writing(conn):
        assert not other_holder_can_lock(path)
        conn.execute("begin immediate")
        conn.execute("commit")
    assert other_holder_can_lock(path)


def test_a_failed_write_lets_go_too(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    db.migrate(path)
    conn = db.connect(path)
    with pytest.raises(RuntimeError), db.writing(conn):
        raise RuntimeError("the rules refused")
    assert other_holder_can_lock(path)


def test_without_a_lock_file_the_write_still_runs(tmp_path: Path) -> None:
    """A folder where no lock file can be made: SQLite's own lock still serialises."""
    path = tmp_path / "db.sqlite3"
    db.migrate(path)
    conn = db.connect(path)
    (tmp_path / "db.sqlite3-writer").mkdir()  # a directory cannot be opened for writing
    with db.writing(conn):
        conn.execute("begin immediate")
        conn.execute("create table probe (x)")
        conn.execute("commit")
    assert db.lock_file(str(path)) is None
    assert conn.execute("select count(*) from probe").fetchone()[0] == 0
