"""The service worker keeps every file a room page loads (and the bank page), so a table
reloaded offline is drawn with its own script and styles, not the home page in their place."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask

from companion.kinds import KINDS
from companion.web.pages import files_version

COMPANION = Path(__file__).resolve().parents[2] / "companion" / "web"
STATIC_FILE = re.compile(r"url_for\('static', filename='([^']+)'\)")
IMPORTED = re.compile(r'^(?:import|export) [^;]*? from "\./([^"]+)";', re.M)


def shell_files(app: Flask) -> set[str]:
    """The addresses the served sw.js stores when it installs."""
    source = app.test_client().get("/sw.js").get_data(as_text=True)
    files = source.split("const STATIC = [", 1)[1].split("];", 1)[0]
    shell = source.split("const FILES = [", 1)[1].split("];", 1)[0]
    return set(re.findall(r'"([^"]+)"', files + shell))


def static_files_of(template: str) -> set[str]:
    """The static files a template names itself (not through its base)."""
    text = (COMPANION / "templates" / template).read_text(encoding="utf-8")
    return {"/static/" + name for name in STATIC_FILE.findall(text)}


def with_imports(files: set[str]) -> set[str]:
    """The files and every module they import, followed to the end."""
    found, todo = set(files), list(files)
    while todo:
        path = COMPANION / todo.pop().removeprefix("/")
        if path.suffix != ".js":
            continue
        for name in IMPORTED.findall(path.read_text(encoding="utf-8")):
            if "/static/" + name not in found:
                found.add("/static/" + name)
                todo.append("/static/" + name)
    return found


def test_every_file_of_a_room_page_is_kept_for_offline(app: Flask) -> None:
    pages = {"base.html", "room.html", "bank.html"} | {kind.template for kind in KINDS}
    wanted = set().union(*(static_files_of(p) for p in pages))
    wanted |= {"/static/" + kind.script for kind in KINDS}
    wanted = with_imports(wanted)
    assert "/static/room.js" in wanted  # imported by every room page's module
    assert wanted - shell_files(app) == set()


def test_the_shell_cache_is_named_after_the_files(app: Flask, tmp_path: Path) -> None:
    served = app.test_client().get("/sw.js").get_data(as_text=True)
    name = re.search(r'const SHELL = "strikekit-shell-([0-9a-f]{12})";', served)
    assert name is not None, served[:400]
    assert name.group(1) == files_version(COMPANION / "static", COMPANION / "templates")
    (tmp_path / "a.js").write_text("one")
    before = files_version(tmp_path)
    (tmp_path / "a.js").write_text("two")
    assert files_version(tmp_path) != before
    (tmp_path / "a.js").rename(tmp_path / "b.js")
    assert files_version(tmp_path) not in (before, files_version())
