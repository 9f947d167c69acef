"""Issue 10's measured targets, kept: module and function sizes, and JSON typed as Any only
where stored JSON is read back."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 60
ANY_JSON = re.compile(r"(Mapping|dict)\[str, Any\]")


def modules(*folders: str) -> list[tuple[str, str]]:
    """Return (path, text) of the Python modules under the folders."""
    found = []
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            found.append((name, path.read_text(encoding="utf-8")))
    return found


FUNCTION_SIZES = """
import ast, json, sys
sizes = []
for name in sys.argv[1:]:
    for node in ast.walk(ast.parse(open(name, encoding="utf-8").read())):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            sizes.append((name, node.name, node.end_lineno - start + 1))
print(json.dumps(sizes))
"""


def function_sizes(names: list[str]) -> list[tuple[str, str, int]]:
    """Return (module, function, lines) of every function, decorators included.

    Parsed in a fresh interpreter: after the browser tests (greenlets), CPython 3.11's parser
    can raise "AST constructor recursion depth mismatch" in the test process.
    """
    done = subprocess.run(
        [sys.executable, "-c", FUNCTION_SIZES, *names],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return [(m, f, n) for m, f, n in json.loads(done.stdout)]


def test_no_module_is_over_500_lines() -> None:
    long = [(n, t.count("\n")) for n, t in modules("companion", "printkit")]
    assert [m for m in long if m[1] > MAX_MODULE_LINES] == []


def test_no_function_is_over_60_lines() -> None:
    names = [name for name, _ in modules("companion", "printkit")]
    long = [size for size in function_sizes(names) if size[2] > MAX_FUNCTION_LINES]
    assert long == []


def test_the_rules_type_json_as_any_only_where_stored_setups_are_read_back() -> None:
    uses = [
        f"{name}:{number}: {line.strip()}"
        for name, text in modules("companion/game")
        for number, line in enumerate(text.splitlines(), start=1)
        if ANY_JSON.search(line)
    ]
    assert len(uses) <= 5, uses
    # Parse edges only: the readers of stored JSON, and a game's action parser module.
    assert all("from_json(" in use or "/actions.py:" in use for use in uses), uses


WAIT_FOR_EXPRESSION = re.compile(r"wait_for_function\(\s*\"(?![^\"]*=>)")


def test_browser_tests_wait_with_until_not_a_string_playwright_evaluates() -> None:
    """The pages' CSP forbids eval: Playwright's wait_for_function polls an expression string
    with eval, which fails whenever the first check is false; tests.phones.until does not."""
    found = [name for name, text in modules("tests") if WAIT_FOR_EXPRESSION.search(text)]
    assert found == [], f"use tests.phones.until instead of wait_for_function in {found}"
