"""The service worker keeps every file a room page loads (and the bank page), so a table
reloaded offline is drawn with its own script and styles, not the home page in their place."""

from __future__ import annotations

import re
from pathlib import Path

from companion.kinds import KINDS

COMPANION = Path(__file__).resolve().parents[2] / "companion" / "web"
STATIC_FILE = re.compile(r"url_for\('static', filename='([^']+)'\)")


def shell_files() -> set[str]:
    """The addresses sw.js stores when it installs."""
    source = (COMPANION / "static" / "sw.js").read_text(encoding="utf-8")
    block = source.split("const FILES = [", 1)[1].split("];", 1)[0]
    return set(re.findall(r'"([^"]+)"', block))


def static_files_of(template: str) -> set[str]:
    """The static files a template names itself (not through its base)."""
    text = (COMPANION / "templates" / template).read_text(encoding="utf-8")
    return {"/static/" + name for name in STATIC_FILE.findall(text)}


def test_every_file_of_a_room_page_is_kept_for_offline() -> None:
    pages = {"base.html", "room.html", "bank.html"} | {kind.template for kind in KINDS}
    wanted = set().union(*(static_files_of(p) for p in pages))
    wanted |= {"/static/" + kind.script for kind in KINDS}
    assert wanted - shell_files() == set()
