"""``companion copy``: a SQLite database moves into PostgreSQL and back, every table's rows
and every match's replayed state the same on both sides."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion import create_app
from companion.cli import main
from companion.storage import copying, db
from printkit.catalog import Catalog
from tests.conftest import phone
from tests.storage.test_maintenance import carried_draft, played_match, state_of
from tests.web.test_tournament_api import create, org


def filled_app(path: Path) -> tuple[Flask, list[str]]:
    """A SQLite app with played matches, a carried draft and a tournament's first round."""
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "t"},
                     instance_path=path.parent / "instance")  # fmt: skip
    ids = [played_match(app), played_match(app), *carried_draft(app)]
    client = phone(app)
    tid, organiser = create(client, players=["Ana", "Ben", "Cat", "Dan"])
    started = org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, organiser)
    assert started.status_code in (200, 201), started.get_json()
    return app, ids


def rows(database: str, sql: str) -> list[Any]:
    """Return a query's rows as tuples."""
    with closing(db.connect(database)) as conn:
        return [tuple(r) for r in conn.execute(sql).fetchall()]


@pytest.mark.postgresql
def test_sqlite_to_postgresql_and_back_keeps_every_table(
    tmp_path: Path, pg_database: str, catalog: Catalog, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "db.sqlite3"
    _, ids = filled_app(source)
    target = pg_database
    assert main(["copy", "--db", str(source), "--to", target]) == 0
    said = capsys.readouterr().out
    assert "every table's rows and all 6 matches' replayed states are alike" in said
    for match_id in ids:
        assert state_of(target, match_id, catalog) == state_of(source, match_id, catalog)
    log = "select actor, line from tournament_log order by rowid"
    assert rows(target, log) == rows(str(source), log)  # in the order it was written
    back = tmp_path / "back.sqlite3"
    assert main(["copy", "--db", target, "--to", f"sqlite:///{back}"]) == 0
    for table in copying.TABLES:
        assert rows(str(back), f"select * from {table}") == rows(
            str(source), f"select * from {table}"
        ), table


@pytest.mark.postgresql
def test_a_copy_goes_only_into_an_empty_database(
    tmp_path: Path, pg_database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "db.sqlite3"
    filled_app(source)
    target = pg_database
    assert main(["copy", "--db", str(source), "--to", target]) == 0
    capsys.readouterr()
    assert main(["copy", "--db", str(source), "--to", target]) == 2
    assert "copy into an empty database" in capsys.readouterr().err
    assert main(["copy", "--db", str(source), "--to", str(source)]) == 2
    assert "that is the source itself" in capsys.readouterr().err


def test_a_copy_that_differs_is_refused(tmp_path: Path, catalog: Catalog) -> None:
    """The check compares, it does not trust: a row changed in the target is named."""
    source, target = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    filled_app(source)
    db.migrate(target)
    with closing(db.connect(source)) as a, closing(db.connect(target)) as b:
        copying.copy_rows(a, b)
        b.execute("update seats set name = 'Zed' where seat = 0")
        with pytest.raises(copying.CopyError, match="in table seats"):
            copying.compare(a, b, catalog)
