"""Every word the #27 page modules say has its Japanese (a new word without one fails here):
seats.js ("Record for Ben"), toasts.js, shared.js (pass-and-play), and the words #27 added to
the Puzzle Strike and Shadowfist pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "companion" / "web" / "static"
SAID = re.compile(r'\b(?:t|say)\(\s*"([^"]+)"')  # say(): a word with {who}
JAPANESE = re.compile(r'(?:^|[{,])\s*"?([\w-]+)"?\s*:\s*"[^"]*[\u3040-\u30ff\u4e00-\u9fff]', re.M)


def japanese_keys() -> set[str]:
    """Every word key given Japanese in a page script's block (addWords or i18n.js)."""
    return {k for f in STATIC.glob("*.js") for k in JAPANESE.findall(f.read_text("utf-8"))}


@pytest.mark.parametrize("module", ["seats.js", "toasts.js", "shared.js"])
def test_every_word_of_a_27_module_has_japanese(module: str) -> None:
    said = set(SAID.findall((STATIC / module).read_text("utf-8"))) - {"undo"}  # a common word
    assert said, module
    assert said - japanese_keys() == set()


def test_the_words_27_added_to_game_pages_have_japanese() -> None:
    assert {"nobody_reacts", "sf_start_turn", "undo"} <= japanese_keys()
