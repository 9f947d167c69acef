"""The club's commands (issue #30): `companion serve` prints the admin secret at the club's
first start only, `companion club admin-secret` makes a new one, `companion ratings
--recompute` rates every result again."""

from __future__ import annotations

import re
from contextlib import closing
from pathlib import Path

import pytest

from companion.cli import main
from companion.game.club.ratings import Result
from companion.storage import club, club_results, db


def secret_in(text: str) -> str | None:
    """Return the admin secret a command printed, if it printed one."""
    found = re.search(r"club admin secret[^:]*: (\S+)", text)
    return found.group(1) if found else None


def test_serve_prints_the_admin_secret_at_the_first_start_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("companion.server.serve.serve", lambda *a, **k: None)
    path = tmp_path / "db.sqlite3"
    args = ["serve", "--db", str(path), "--port", "5099", "--instance", str(tmp_path)]
    assert main(args) == 0
    first = secret_in(capsys.readouterr().out)
    assert first is not None
    with closing(db.connect(path)) as conn:
        club.check_admin(conn, first)
    assert main(args) == 0
    assert secret_in(capsys.readouterr().out) is None


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """A migrated SQLite database."""
    made = tmp_path / "db.sqlite3"
    db.migrate(made)
    return made


def test_admin_secret_makes_a_new_one_and_the_old_stops_working(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    conn = db.connect(path)
    old = club.ensure_admin_secret(conn)
    assert main(["club", "admin-secret", "--db", str(path)]) == 0
    new = secret_in(capsys.readouterr().out)
    assert new is not None and new != old
    club.check_admin(conn, new)
    with pytest.raises(club.NotAdmin):
        club.check_admin(conn, old)
    conn.close()


def test_ratings_recompute_rates_every_result_again(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    conn = db.connect(path)
    ana, ben = (club.create_profile(conn, n)[0] for n in ("Ana", "Ben"))
    club_results.record(conn, "match:1", Result("flash-duel", ((ana,), (ben,)), (1, 2)))
    before = conn.execute("select mu, sigma from club_ratings order by mu").fetchall()
    conn.execute("update club_ratings set mu = 0")  # a store left wrong by hand
    assert main(["ratings", "--recompute", "--db", str(path)]) == 0
    assert "rated 1 result(s) again" in capsys.readouterr().out
    after = conn.execute("select mu, sigma from club_ratings order by mu").fetchall()
    assert [tuple(r) for r in after] == [tuple(r) for r in before]
    conn.close()


def test_ratings_without_recompute_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["ratings"])
    assert exit_.value.code == 2
