"""The Puzzle Strike table drawn with the view library (#27 item 13), at 390 x 844: a redraw
that comes between a finger's press and its release (a poll bringing the same table, another
phone's tap) keeps the pressed button, so the tap lands. Hand-written redraws replaced every
node and lost such taps. Screenshot: $STRIKEKIT_SHOTS/ps-view-redraw.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_own_controls import playing
from tests.browser.test_browser_puzzle_strike import Phone, no_errors
from tests.phones import CHROMIUM

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def press_redraw_release(phone: Phone, selector: str) -> bool:
    """Press a button, redraw the page as a poll would, release; return whether the pressed
    node is still the one on the page."""
    button = phone.page.locator(selector).first
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None
    handle = button.element_handle()
    phone.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.page.mouse.down()
    phone.page.evaluate("ROOM.render(ROOM.current)")
    phone.page.mouse.up()
    return bool(handle.evaluate("(node) => node.isConnected"))


def test_a_redraw_under_a_pressed_gem_or_stack_keeps_the_tap(server: str, browser: Any) -> None:
    phones, on, _ = playing(server, browser)
    on.add(on.name, 3)
    gem = f"#piles section[data-owner='{on.name}'] .gem-tile.v3"
    assert press_redraw_release(on, gem)
    on.see(f"{gem}[aria-pressed=true]")  # the tap selected it
    assert press_redraw_release(on, "#stacks .stack-cell button.stack")
    on.see("#stack-detail:not([hidden]) h3")  # the tap opened the stack
    on.shot("view-redraw")
    no_errors(phones)
