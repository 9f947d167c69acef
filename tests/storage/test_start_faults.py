"""A database the companion cannot use stops `companion serve` (and maintenance) at start with
one line that names the file and the fix, exit 2: a corrupt file, a folder it cannot write,
a database from a newer strikekit."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.cli import main
from companion.storage import db


@pytest.fixture(autouse=True)
def never_serve(monkeypatch: pytest.MonkeyPatch) -> None:
    """A database that passed the start checks would be served: fail instead of blocking."""

    def served(*args: object, **kwargs: object) -> int:
        raise AssertionError("the database passed the start checks and was served")

    monkeypatch.setattr("companion.server.serve.serve", served)


def serve_fails(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Start `companion serve` on a database; return the one line it printed (exit 2)."""
    assert main(["serve", "--db", str(path), "--port", "5099"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err, err
    return err


def test_a_corrupt_database_is_named_with_the_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "companion.sqlite3"
    path.write_bytes(b"this is not SQLite" * 400)
    err = serve_fails(path, capsys)
    assert str(path) in err and "not a usable database" in err and "backup" in err


def test_a_folder_it_cannot_write_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    path = blocker / "companion.sqlite3"  # a folder that is a file: nothing can be made there
    err = serve_fails(path, capsys)
    assert str(path) in err and "cannot create" in err


def test_a_database_from_a_newer_strikekit_is_refused_naming_both_versions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "companion.sqlite3"
    db.migrate(path)
    with sqlite3.connect(path) as conn:
        conn.execute(
            "insert into _sqlite_migrations (migration_set, name, applied_at) "
            "values ('companion', 'add_time_travel', '2031-01-01')"
        )
    err = serve_fails(path, capsys)
    assert str(path) in err and "newer" in err
    assert "add_time_travel" in err and db.SCHEMA_STEPS[-1] in err
    assert main(["prune", "--older-than", "30d", "--db", str(path)]) == 2  # maintenance too
