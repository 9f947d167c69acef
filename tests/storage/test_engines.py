"""Which engine a --db names, the one adapter between the engines' placeholders, and the
messages for a PostgreSQL server that cannot be used."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.storage import engine, pg


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("postgresql://strike@db.example:5433/kit", "postgresql://strike@db.example:5433/kit"),
        ("postgres://strike@db/kit", "postgres://strike@db/kit"),
        ("sqlite:////srv/kit/companion.sqlite3", "/srv/kit/companion.sqlite3"),
        ("/srv/kit/companion.sqlite3", "/srv/kit/companion.sqlite3"),
        ("sqlite:///kit.sqlite3", str(Path("kit.sqlite3").resolve())),
    ],
)
def test_db_names_its_engine(given: str, expected: str) -> None:
    assert engine.database_address(given, "/default") == expected
    assert engine.is_postgres(expected) == given.startswith("postgres")


def test_the_environment_names_the_database_when_db_does_not(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(engine.DATABASE_ENV, "postgresql://a@b/c")
    assert engine.database_address(None, "/default") == "postgresql://a@b/c"
    assert engine.database_address(str(tmp_path / "x"), "/default") == str(tmp_path / "x")
    monkeypatch.delenv(engine.DATABASE_ENV)
    assert engine.database_address(None, "/default") == "/default"


def test_a_password_is_never_printed() -> None:
    assert engine.shown("postgresql://kit:s3cret@db:5432/kit") == "postgresql://kit:***@db:5432/kit"
    assert engine.shown("postgresql://kit@db/kit") == "postgresql://kit@db/kit"


def test_placeholders_become_psycopg_s_and_percent_signs_stay_literal() -> None:
    assert pg.translate("select * from t where a = ? and b like '5%' and c in (?,?)") == (
        "select * from t where a = %s and b like '5%%' and c in (%s,%s)"
    )


def test_a_row_reads_by_name_and_by_position() -> None:
    class Result:  # what psycopg's cursor.pgresult answers of the names
        nfields = 2

        def fname(self, i: int) -> bytes:
            return (b"id", b"version")[i]

    class Cursor:
        pgresult = Result()

    row = pg.row_factory(Cursor())(("abc", 7))
    assert (row["id"], row[1], row.keys(), tuple(row)) == ("abc", 7, ["id", "version"], ("abc", 7))
    assert dict(zip(row.keys(), row, strict=True)) == {"id": "abc", "version": 7}


def test_a_server_that_does_not_answer_is_named_with_what_to_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tests.pg import free_port

    url = f"postgresql://kit:s3cret@127.0.0.1:{free_port()}/kit"
    assert main(["prune", "--older-than", "30d", "--db", url]) == 2
    err = capsys.readouterr().err
    assert "cannot reach the PostgreSQL database" in err and "kit:***@" in err
    assert "s3cret" not in err


@pytest.mark.postgresql
def test_a_literal_percent_sign_reads_the_same_with_and_without_parameters(
    pg_database: str,
) -> None:
    from contextlib import closing

    from companion.storage import db

    with closing(db.connect(pg_database)) as conn:
        assert conn.execute("select '5%' as t").fetchone()["t"] == "5%"
        assert conn.execute("select '5%' || ? as t", ("!",)).fetchone()["t"] == "5%!"
