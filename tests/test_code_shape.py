"""Issue 10's measured targets, kept: module and function sizes, and JSON typed as Any only
where stored JSON is read back. The files the Flash Duel package move replaces are left out
until it lands (they are listed here so that nothing else slips in)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PENDING_FLASH_DUEL_MOVE = (
    "companion/game/duel_room.py",
    "companion/game/adapters/",
    "companion/game/flash_duel/",  # the package being written on branch fd
)
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 60
ANY_JSON = re.compile(r"(Mapping|dict)\[str, Any\]")


def modules(*folders: str) -> list[tuple[str, str]]:
    """Return (path, text) of the Python modules under the folders, but the pending files."""
    found = []
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if not name.startswith(PENDING_FLASH_DUEL_MOVE):
                found.append((name, path.read_text(encoding="utf-8")))
    return found


def function_sizes(text: str) -> list[tuple[str, int]]:
    """Return (name, lines) of every function in a module, decorators included."""
    sizes = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            sizes.append((node.name, (node.end_lineno or start) - start + 1))
    return sizes


def test_no_module_is_over_500_lines() -> None:
    long = [(n, t.count("\n")) for n, t in modules("companion", "printkit")]
    assert [m for m in long if m[1] > MAX_MODULE_LINES] == []


def test_no_function_is_over_60_lines() -> None:
    long = [
        (name, function, size)
        for name, text in modules("companion", "printkit")
        for function, size in function_sizes(text)
        if size > MAX_FUNCTION_LINES
    ]
    assert long == []


def test_the_rules_type_json_as_any_only_where_stored_setups_are_read_back() -> None:
    uses = [
        f"{name}:{number}: {line.strip()}"
        for name, text in modules("companion/game")
        for number, line in enumerate(text.splitlines(), start=1)
        if ANY_JSON.search(line)
    ]
    assert len(uses) <= 5, uses
    assert all("from_json(" in use for use in uses), uses
