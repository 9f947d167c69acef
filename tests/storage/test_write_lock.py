"""Writers of several processes queue on a lock file beside the database (companion.storage.db)."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

import pytest

from companion.storage import db


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


def test_without_a_lock_file_the_write_still_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder where no lock file can be made or read: SQLite's own lock still serialises
    (as root the refusal has to be played by a stand-in)."""
    path = tmp_path / "db.sqlite3"
    real_open = os.open

    def refuse(name: str | os.PathLike[str], flags: int, *mode: int) -> int:
        if str(name).endswith("-writer"):
            raise PermissionError(13, "Permission denied", name)
        return real_open(name, flags, *mode)

    # Refused from the start: the migration takes the write lock too, and a descriptor once
    # opened is kept for the process.
    monkeypatch.setattr(os, "open", refuse)
    db.migrate(path)
    conn = db.connect(path)
    with db.writing(conn):
        conn.execute("begin immediate")
        conn.execute("create table probe (x)")
        conn.execute("commit")
    assert db.lock_file(str(path)) is None
    assert conn.execute("select count(*) from probe").fetchone()[0] == 0


def test_a_lock_file_that_cannot_be_written_is_still_locked_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another user's lock file, readable only: flock needs no write access, so the
    processes still queue (as root the refusal has to be played by a stand-in)."""
    path = tmp_path / "db.sqlite3"
    db.migrate(path)
    (tmp_path / "db.sqlite3-writer").touch()
    real_open = os.open

    def refuse_writing(name: str, flags: int, *mode: int) -> int:
        if name.endswith("-writer") and flags & os.O_RDWR:
            raise PermissionError(13, "Permission denied", name)
        return real_open(name, flags, *mode)

    monkeypatch.setattr(os, "open", refuse_writing)
    conn = db.connect(path)
    with db.writing(conn):
        monkeypatch.setattr(os, "open", real_open)
        assert not other_holder_can_lock(path)
