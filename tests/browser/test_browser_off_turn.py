"""The phone of the player who is not on turn (#27 item 1, play-test defects), at 390 x 844:
nothing the server would refuse is drawn. At a tournament table its Crash and the bank's
"mark it empty" are gone (the rules refuse a crash off turn, seed 000 l.222, and a stack
marked by another than the turn player); at a casual table the marks are the turn player's,
folded behind "Record for Ana"; once a tournament match is decided no phone offers a tap.
axe finds nothing serious on the tournament phones, off turn and at the end.
Screenshots: $STRIKEKIT_SHOTS/ps-off-turn-*.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_accessibility import violations
from tests.browser.test_browser_own_controls import playing, tournament
from tests.browser.test_browser_puzzle_strike import Phone, no_errors
from tests.phones import CHROMIUM, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")

MARKS = ("Empty", "Into Oblivion", "Full")


def open_first_stack(phone: Phone) -> Any:
    """Tap the bank's first stack open; return its detail card."""
    phone.tap("#stacks .stack-cell button.stack")
    phone.see("#stack-detail:not([hidden]) h3")
    return phone.page.locator("#stack-detail")


def buttons(scope: Any, names: tuple[str, ...]) -> list[str]:
    """Return which of these button names the scope shows."""
    return [n for n in names if scope.get_by_role("button", name=n, exact=True).count()]


def test_tournament_phone_off_turn_has_no_crash_and_no_stack_marks(
    server: str, browser: Any
) -> None:
    phones, on, off = tournament(server, browser)
    off.add(off.name, 2)  # its own pile: the pile owner's to record, also off turn
    off.select_gem(off.name, 2)
    mine = off.pile(off.name)
    off.see(f"#piles section[data-owner='{off.name}'] button:text-is('Remove')")
    assert mine.locator("button:has-text('Crash')").count() == 0
    assert off.page.locator("#piles button:has-text('Crash'), #next-step button").count() == 0
    detail = open_first_stack(off)
    assert buttons(detail, MARKS) == []
    assert "mark it empty" not in off.page.locator("main").inner_text()
    assert violations(off.page) == []
    off.shot("off-turn-tournament")
    # The turn player's phone keeps both.
    on.add(on.name, 3)
    on.select_gem(on.name, 3)
    on.see(f"#piles section[data-owner='{on.name}'] button:has-text('Crash')")
    assert buttons(open_first_stack(on), MARKS) == list(MARKS)
    on.see("main", "mark it empty")
    on.shot("off-turn-tournament-on-turn")
    no_errors(phones)


def test_casual_phone_off_turn_records_a_stack_mark_for_the_turn_player(
    server: str, browser: Any
) -> None:
    phones, on, off = playing(server, browser)
    detail = open_first_stack(off)
    assert buttons(detail, MARKS) == []
    record = detail.locator("button.record-for")
    assert record.inner_text() == f"Record for {on.name}"
    record.click()
    off.see("#stack-detail .acting-for", f"Acting for {on.name}")
    off.shot("off-turn-casual-record")
    off.act("#stack-detail .acting-for button:text-is('Empty')")
    on.see("#history li", f"{off.name}:")  # recorded by the other phone, as such
    off.see("#stack-detail button.record-for")  # closed again by the action
    no_errors(phones)


def test_decided_tournament_match_offers_no_tap_on_either_phone(server: str, browser: Any) -> None:
    phones, _, _ = tournament(server, browser)
    for _ in range(2):  # best of 3: the turn player forfeits two games
        turn = phones[0].page.evaluate("ROOM.current.state.table.turn")
        first = next(p for p in phones if p.name == turn)
        first.tap("#actions button:has-text('Forfeit')")
        first.act("#actions button.danger")
        chooser = next((p for p in phones if p.page.locator("#between button").count()), None)
        if chooser is None:
            break
        chooser.act("#between button:has-text('Keep everything')")
        for phone in phones:
            until(phone.page, "ROOM.current.state.phase === 'playing'")
    for phone in phones:
        phone.see("#status .winner", "Match to")
        open_first_stack(phone)
        acting = phone.page.evaluate(
            """[...document.querySelectorAll('main button, #next-step button')]
              .filter((b) => b.offsetParent && !b.disabled)
              .filter((b) => b.getAttribute('aria-disabled') !== 'true')
              .filter((b) => !b.matches('#stacks button.stack, .toast-close, #lang button'))
              .map((b) => b.textContent.trim())"""
        )
        assert acting == [], (phone.name, acting)
        assert "mark it empty" not in phone.page.locator("main").inner_text()
        assert violations(phone.page) == [], phone.name
        phone.shot(f"off-turn-decided-{phone.name}")
    no_errors(phones)
