"""The benchmark scripts' setup steps still run on today's store and API (in small sizes)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from companion.storage import db
from companion.storage import matches as store
from printkit.catalog import Catalog

ROOT = Path(__file__).resolve().parents[2]


def bench_module(name: str) -> ModuleType:
    """Import a script of bench/ (not a package) as a module."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_capacity_bench_creates_seated_tables_with_characters_chosen(
    tmp_path: Path, catalog: Catalog
) -> None:
    path = tmp_path / "db.sqlite3"
    tables = bench_module("capacity_bench").make_tables(path, 2)
    assert len(tables) == 2
    conn = db.connect(path)
    for match_id, cookie_a, cookie_b in tables:
        assert cookie_a.startswith(f"seat_{match_id}=") and cookie_b.startswith(f"seat_{match_id}=")
        match = store.find_match(conn, match_id=match_id)
        cached = store.load(conn, match, catalog)
        assert cached.version == 2 and cached.state.phase == "playing"
        seated = conn.execute("select count(*) from seats where match_id = ? and token_hash "
                              "is not null", (match_id,)).fetchone()[0]  # fmt: skip
        assert seated == 2
    conn.close()
    store.clear_cache()


def run_script(*args: str) -> str:
    """Run a bench script with the checkout on the path; return its output."""
    done = subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_serve_setup_and_poll_load_run_against_a_server(server: str, tmp_path: Path) -> None:
    lines = run_script("bench/serve_setup.py", server, "2").split("\n")
    rows = [line.split() for line in lines if line]
    assert len(rows) == 2 and all(len(row) == 4 and row[3] == "2" for row in rows)
    paths = tmp_path / "paths"
    paths.write_text("".join(f"/api/matches/{row[0]}/state\n" for row in rows))
    host, port = server.removeprefix("http://").split(":")
    out = run_script("bench/poll_load.py", host, port, str(paths), "2", "1")
    assert "2 connections" in out and " 0 errors" in out


def test_undo_bench_lengthens_a_table_on_todays_store(tmp_path: Path, catalog: Catalog) -> None:
    path = tmp_path / "db.sqlite3"
    undo_bench = bench_module("undo_bench")
    (match_id, _, _), *_ = undo_bench.make_tables(path, 1)
    undo_bench.lengthen(path, match_id, 10)
    conn = db.connect(path)
    cached = store.load(conn, store.find_match(conn, match_id=match_id), catalog)
    conn.close()
    assert cached.version == 12 and cached.top is not None and cached.top.actor == "Ana"


def test_attack_bench_runs_its_attack_and_phones_in_small_sizes() -> None:
    out = run_script("bench/attack_bench.py", "--phones", "4", "--step", "1", "--idle", "5",
                     "--slow", "2", "--big", "1")  # fmt: skip
    assert "under attack:" in out and "server memory:" in out
    assert "big 431" in out  # 32 MB of headers: refused, and the refusal reaches the client
