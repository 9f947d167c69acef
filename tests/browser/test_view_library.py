"""The pages' view library (#27 item 13): a redraw under a pressed button keeps the button.

A finger presses a button; before it lifts, another phone acts and the long poll brings the
new table, which redraws the page. A hand-written redraw (replaceChildren with new nodes)
put a new button under the finger: the press and the release then met different nodes,
no click was made and the tap was lost (the lost tap and three flaky tests of the last
turn). With keyed DOM diffing (Preact) the button still there is the same node, so the
release lands on it and the tap is applied.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_rooms import card, open_room, power_of, shadowfist_pair
from tests.phones import CHROMIUM, SEEN_WITHIN_MS, Phone, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def press(page: Any, button: Any) -> None:
    """Put a finger (the mouse) down on a button, without lifting it."""
    box = button.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()


def test_a_redraw_under_a_pressed_button_keeps_the_button(server: str, browser: Any) -> None:
    ana, ben = Phone(browser, "Ana"), Phone(browser, "Ben")
    open_room(server, [ana, ben], "shadowfist")
    for phone in (ana, ben):
        phone.page.wait_for_selector("#players section")
    page = ana.page
    start = page.evaluate("ROOM.current.state.players.find(p => p.name === 'Ana').power")
    version = page.evaluate("ROOM.current.version")
    plus = card(page, "Ana").get_by_role("button", name="+1", exact=True)
    plus.scroll_into_view_if_needed()
    plus.evaluate("button => { window.pressed = button; }")
    press(page, plus)
    # Ben's phone acts while Ana's finger is down: her long poll brings the new table.
    card(ben.page, "Ben").get_by_role("button", name="+5", exact=True).click()
    until(page, f"ROOM.current.version > {version}")
    kept = page.evaluate("window.pressed.isConnected")
    page.mouse.up()
    # The release lands on the button pressed: Ana's +1 is applied, on both phones.
    power_of(ben.page, "Ana").filter(has_text=f"Power: {start + 1} ").wait_for(
        timeout=SEEN_WITHIN_MS
    )
    assert kept, "the redraw replaced the button under the finger"
    assert "Power: " + str(start + 1) + " " in power_of(page, "Ana").inner_text()
    for phone in (ana, ben):
        phone.check_no_errors()


def test_a_press_on_one_step_never_lands_on_the_next(server: str, browser: Any) -> None:
    # The bar's buttons are keyed by the step they were drawn for: when another phone moves
    # the turn on while a finger is down on "Next step", the release does not move it again.
    on, other = shadowfist_pair(server, browser)
    page = on.page
    next_step = page.locator("#next-step button", has_text="Next step")
    next_step.wait_for(timeout=SEEN_WITHIN_MS)
    press(page, next_step)
    other.page.evaluate(  # a casual table: the other phone records the step for the turn player
        "import('/static/lib.js').then(m => m.roomAct({type: 'next_step', "
        "turn: ROOM.current.state.turn_no, step: ROOM.current.state.step.index}))"
    )
    until(page, "ROOM.current.state.step.index === 1")
    page.mouse.up()
    page.wait_for_timeout(1500)  # a tap that landed would be sent and drawn by now
    assert page.evaluate("ROOM.current.state.step.index") == 1
    assert other.page.evaluate("ROOM.current.state.step.index") <= 1
    for phone in (on, other):
        phone.check_no_errors()
