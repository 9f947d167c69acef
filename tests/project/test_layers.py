"""The companion's layers (issue #20): storage speaks no HTTP (no Flask), the web and server
layers run no SQL of their own (every statement is in storage/), the rules import neither."""

from __future__ import annotations

import ast
from pathlib import Path

COMPANION = Path(__file__).resolve().parents[2] / "companion"


def imported(path: Path) -> set[str]:
    """Return the top-level names of the modules a file imports."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def calls_execute(path: Path) -> bool:
    """Say whether a file calls something's ``execute`` (runs SQL)."""
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("execute", "executemany")
        for node in ast.walk(ast.parse(path.read_text()))
    )


def test_storage_speaks_no_http() -> None:
    found = [p.name for p in (COMPANION / "storage").glob("*.py") if "flask" in imported(p)]
    assert found == []


def test_the_web_and_server_layers_run_no_sql_of_their_own() -> None:
    found = [str(p.relative_to(COMPANION)) for folder in ("web", "server")
             for p in (COMPANION / folder).rglob("*.py") if calls_execute(p)]  # fmt: skip
    assert found == []


def test_the_rules_import_neither_flask_nor_sqlite() -> None:
    for path in (COMPANION / "game").rglob("*.py"):
        assert not imported(path) & {"flask", "sqlite3", "sqlite_utils"}, path
