"""``companion copy`` from a database in use, and from one that holds what the target cannot
store (issue #28, items 6 and 7): copy and check read one snapshot of the source, the
target commits only after the check, so a failure leaves it empty and a rerun works."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion import create_app
from companion.cli import main
from companion.storage import copying, db
from companion.storage.db import close_thread_connections
from companion.storage.matches import clear_cache
from tests.conftest import phone, post
from tests.storage.test_maintenance import played_match
from tests.web.test_tournament_api import create, org


def filled(database: str, folder: Path) -> Flask:
    """An app on a database with played matches and a tournament's first round."""
    clear_cache()
    app = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "t"},
                     instance_path=folder / "instance")  # fmt: skip
    played_match(app)
    played_match(app)
    client = phone(app)
    tid, organiser = create(client, players=["Ana", "Ben", "Cat", "Dan"])
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1},
               organiser).status_code == 201  # fmt: skip
    return app


def count(database: str, table: str) -> int:
    """Count a table's rows."""
    with closing(db.connect(database)) as conn:
        return int(conn.execute(f"select count(*) from {table}").fetchone()[0])


@pytest.fixture(params=["sqlite-to-postgresql", "postgresql-to-sqlite"])
def ends(
    request: pytest.FixtureRequest, tmp_path: Path, pg_database: str
) -> Iterator[tuple[str, str]]:
    """(source, target): a SQLite file and a PostgreSQL database, one way or the other."""
    sqlite_file = str(tmp_path / "db.sqlite3")
    if request.param == "sqlite-to-postgresql":
        yield sqlite_file, pg_database
    else:
        yield pg_database, str(tmp_path / "copy.sqlite3")
    clear_cache()
    close_thread_connections()


def test_a_copy_of_a_database_in_use_is_the_snapshot_it_read(
    ends: tuple[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A phone opens a match while the copy reads the events: the copy is the database as
    it was when the copy began, and says so. Before, the check read the source again after
    the copy and answered "differs" (exit 2), leaving the target filled: a rerun was
    refused."""
    source, target = ends
    app = filled(source, tmp_path)
    before = count(source, "matches")
    real = copying.read_rows
    written: list[int] = []

    def read_while_a_phone_writes(conn: Any, table: str, names: list[str]) -> Any:
        if table == "events" and not written:
            made = post(phone(app), "/api/matches", {"players": ["Eve", "Fay"], "seat": 0})
            written.append(made.status_code)
        return real(conn, table, names)

    monkeypatch.setattr(copying, "read_rows", read_while_a_phone_writes)
    assert main(["copy", "--db", source, "--to", target]) == 0, capsys.readouterr().err
    assert written == [201]
    assert "are alike on both" in capsys.readouterr().out
    assert count(target, "matches") == before
    assert count(source, "matches") == before + 1


@pytest.mark.postgresql
def test_nul_characters_stored_in_sqlite_are_named_and_a_rerun_after_removing_them_works(
    tmp_path: Path, pg_database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Names stored with a NUL by an older version: the copy into PostgreSQL names every
    place and the fix, copies nothing, and with --remove-nul cleans the source's texts
    and copies. Before, it crashed with a psycopg traceback."""
    source = str(tmp_path / "db.sqlite3")
    filled(source, tmp_path)
    with closing(sqlite3.connect(source)) as conn, conn:
        conn.execute("update seats set name = 'Ana' || char(0) where seat = 0")
        conn.execute("update tournament_players set name = name || char(0) where player = 2")
    assert main(["copy", "--db", source, "--to", pg_database]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "NUL characters (U+0000)" in err
    seated = count(source, "seats where seat = 0")
    assert f"seats.name in {seated} row(s), the first with match_id '" in err
    assert "tournament_players.name in 1 row(s), the first with tournament_id '" in err
    assert "Nothing was copied" in err
    assert count(pg_database, "matches") == 0
    assert "copy again with --remove-nul" in err
    assert main(["copy", "--db", source, "--to", pg_database, "--remove-nul"]) == 0, (
        capsys.readouterr().err
    )
    assert f"removed NUL characters from {seated + 1} texts" in capsys.readouterr().out
    assert count(pg_database, "matches") == count(source, "matches")
    assert count(source, "seats where instr(name, char(0)) > 0") == 0


def test_a_copy_that_fails_its_check_leaves_the_target_empty_and_runs_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Whatever the check finds, nothing is committed: the same command runs again."""
    source, target = str(tmp_path / "a.sqlite3"), str(tmp_path / "b.sqlite3")
    filled(source, tmp_path)
    real = copying.compare

    def differs(*args: Any) -> int:
        raise copying.CopyError("the copy differs from the source in table seats")

    monkeypatch.setattr(copying, "compare", differs)
    assert main(["copy", "--db", source, "--to", target]) == 2
    assert "differs" in capsys.readouterr().err
    assert count(target, "matches") == 0
    monkeypatch.setattr(copying, "compare", real)
    assert main(["copy", "--db", source, "--to", target]) == 0
    assert count(target, "matches") == count(source, "matches")


def test_a_target_in_use_is_refused_saying_how_to_empty_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, target = str(tmp_path / "a.sqlite3"), str(tmp_path / "b.sqlite3")
    filled(source, tmp_path)
    assert main(["copy", "--db", source, "--to", target]) == 0
    assert main(["copy", "--db", source, "--to", target]) == 2
    assert f"to start again, delete {target} and its -wal and -shm files" in (
        capsys.readouterr().err
    )
