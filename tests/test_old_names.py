"""Names kept only for branches written before the redesign are not used by today's code."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("companion", "printkit", "bench", "tests")
FLASH_DUEL_MOVE = {"companion/game/duel_room.py"}
"""Files the Flash Duel package move replaces (they still use the old name until it lands)."""
SHIM = "companion/game/bank.py"


def sources() -> list[tuple[str, str]]:
    """Return (path, text) of every Python file in the checked folders, but this test."""
    found = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name != "tests/test_old_names.py" and ".venv" not in name:
                found.append((name, path.read_text(encoding="utf-8")))
    return found


def test_nothing_imports_the_old_bank_module() -> None:
    old = re.compile(r"companion\.game\.bank\b|from companion\.game import .*\bbank\b")
    users = [name for name, text in sources() if name != SHIM and old.search(text)]
    assert users == [], "import companion.game.puzzle_strike.bank instead"


def test_nothing_uses_room_error_but_the_files_the_flash_duel_move_replaces() -> None:
    users = [
        name
        for name, text in sources()
        if re.search(r"\bRoomError\b", text) and name not in FLASH_DUEL_MOVE
    ]
    assert users == ["companion/game/rooms.py"], "raise or catch IllegalMove instead"
