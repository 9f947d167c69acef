"""A Puzzle Strike free-for-all is one game unless the table chooses more (issue #26,
item 9; docs/match-formats.md): three phones (390 x 844, one context each) see the match
end with the first game, and the status says how long the match is.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_puzzle_strike import no_errors, three_playing
from tests.phones import CHROMIUM

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def test_a_free_for_all_is_one_game_by_default(server: str, browser: Any) -> None:
    phones = three_playing(server, browser)
    ana, ben, cid = phones
    ben.see("#status p", "Game 1 · one game")
    cid.see("#status p", "1ゲーム")
    ana.act("#next-step button:has-text('Ante')")
    ben.add("Ben", 2)  # Cid is the lowest: no tie-break
    ana.add("Ana", 4, 4, 1)  # 10
    ana.tap("#next-step button:has-text('End turn')")
    ana.act("#next-step button.danger")
    for phone in phones:
        phone.see("#status .winner", "Cid")
    ben.see("#history li", "Game 1 to Cid")
    for phone in phones:
        assert phone.page.locator("#between").is_hidden()  # no loser's choice, no next game
    ben.shot("ffa-one-game-over-dark")
    cid.shot("ffa-one-game-over-ja")
    no_errors(phones)
