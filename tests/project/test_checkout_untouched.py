"""Tests write nothing into the checkout: the app's instance folder (secret key, database)
is the one the test gives ``create_app``."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import act, start_duel

ROOT = Path(__file__).resolve().parents[2]
SKIPPED = {".git", ".venv", "node_modules", "__pycache__", ".pytest_cache", ".mypy_cache"}
SKIPPED |= {".ruff_cache", ".hypothesis", "mutants"}


def files_of_checkout() -> dict[str, tuple[int, int]]:
    """Return every file of the checkout (caches aside) with its size and change time."""
    found: dict[str, tuple[int, int]] = {}
    todo = [ROOT]
    while todo:
        folder = todo.pop()
        for entry in folder.iterdir():
            if entry.name in SKIPPED:
                continue
            if entry.is_dir():
                todo.append(entry)
            else:
                info = entry.stat()
                found[str(entry.relative_to(ROOT))] = (info.st_size, info.st_mtime_ns)
    return found


def test_the_app_writes_its_instance_files_where_told(tmp_path: Path) -> None:
    from companion import create_app
    from companion.storage.db import close_thread_connections

    before = files_of_checkout()
    app = create_app({"DATABASE": str(tmp_path / "db.sqlite3")}, instance_path=tmp_path / "inst")
    match_id, a, _ = start_duel(app)
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    close_thread_connections()
    assert (tmp_path / "inst" / "secret_key").exists()
    assert files_of_checkout() == before
