"""A greyed-out Undo says why it is off (#18): the last action is final (the double-blind
reveal), or it is another seat's; its title and description give the reason, and a tap
shows it under the button, in English and Japanese. Screenshots: undo-why-*.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_next_step_bar import japanese, seat_puzzle_strike
from tests.phones import CHROMIUM, SEEN_WITHIN_MS, Phone, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def undo_is_off_because(phone: Phone, reason: str) -> None:
    """The phone's Undo is off, says the reason when tapped, and is described by it."""
    undo = phone.page.locator("#undo")
    phone.page.locator("#undo[aria-disabled=true]").wait_for(timeout=SEEN_WITHIN_MS)
    assert undo.is_disabled()
    until(phone.page, f"document.getElementById('undo').title.includes({reason!r})")
    assert undo.get_attribute("aria-describedby") == "undo-why"
    undo.dispatch_event("click")  # a tap: a disabled button would swallow it
    phone.page.locator("#undo-why", has_text=reason).wait_for(timeout=SEEN_WITHIN_MS)
    phone.page.locator("#undo-why").scroll_into_view_if_needed()


def test_undo_off_says_why(server: str, browser: Any) -> None:
    ana, ben = Phone(browser, "Ana"), Phone(browser, "Ben", color_scheme="dark")
    seat_puzzle_strike(server, ana, ben)
    # The characters' reveal is final: no phone can undo it.
    for phone in (ana, ben):
        undo_is_off_because(phone, "Cannot undo: this is final")
    ana.shot("undo-why-final")
    turn = until(ana.page, "ROOM.current.state.table && ROOM.current.state.table.turn")
    acting, waiting = (ana, ben) if turn == "Ana" else (ben, ana)
    acting.page.locator("#next-step button", has_text="Ante").click()
    acting.page.locator("#undo:not([aria-disabled])", has_text=f"{turn} anted").wait_for()
    assert acting.page.locator("#undo-why").is_hidden()
    # The ante is the acting seat's: the other phone says whose it is.
    undo_is_off_because(waiting, f"the last action is {turn}'s, and only {turn}'s phone")
    waiting.page.locator("#undo-why", has_text=f"take it back: {turn} anted").wait_for()
    waiting.shot(f"undo-why-other-{waiting.name}")
    japanese(waiting)
    undo_is_off_because(waiting, f"最後の操作は {turn} のもの")
    waiting.shot(f"undo-why-other-ja-{waiting.name}")
    acting.page.locator("#undo").click()  # the acting phone still undoes its own ante
    acting.page.locator("#next-step #next-line", has_text="ante a 1-gem").wait_for()
    ana.check_no_errors()
    ben.check_no_errors()
