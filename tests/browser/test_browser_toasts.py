"""Toasts and the Undo snackbar (#27 item 8), on the phone NOT on turn at 390 x 844: above the
page's content (the pile's "10" line drew over them) and above the next-step bar, never over
it; each goes by itself or with its dismiss button; "Your kept tap was not applied" only for
a tap that really was kept offline, not for one still on its way when the table changed."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_own_controls import playing, shoot
from tests.browser.test_browser_puzzle_strike import Phone, no_errors
from tests.phones import CHROMIUM, SEEN_WITHIN_MS, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")

ON_TOP = """() => {
  const item = document.querySelector('#message .toast-item');
  const bar = document.getElementById('next-step').getBoundingClientRect();
  if (!item) return null;
  const box = item.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + 20, box.top + box.height / 2);
  return {bottom: box.bottom, bar: bar.top, inside: item.contains(hit)};
}"""


def test_a_toast_is_above_the_page_and_the_bar_and_goes(server: str, browser: Any) -> None:
    phones, on, off = playing(server, browser, dark=True)
    on.add(off.name, 4)  # the turn player's chip puts a gem in the other's pile: a toast there
    off.see("#message .toast-item", f"{on.name}")
    # Scrolled so that the pile's "10" line is where the toast is drawn.
    off.page.evaluate("document.querySelector('#piles .ten-line').scrollIntoView({block: 'end'})")
    placed = until(off.page, ON_TOP)
    assert placed["inside"], placed  # nothing of the page draws over it
    assert placed["bottom"] <= placed["bar"], placed  # and it leaves the bar free
    shoot(off.page, "toast-not-on-turn")
    off.page.locator("#message .toast-item").first.wait_for(
        state="detached", timeout=SEEN_WITHIN_MS
    )  # it goes by itself
    assert off.page.locator("#message").is_hidden()
    on.add(off.name, 1)
    off.see("#message .toast-item", f"{on.name}")
    off.page.locator("#message .toast-close").first.click()  # or it is dismissed
    assert off.page.locator("#message .toast-item").count() == 0
    no_errors(phones)


def test_a_tap_still_on_its_way_is_not_called_a_kept_tap(server: str, browser: Any) -> None:
    phones, on, off = playing(server, browser)
    held: list[Any] = []

    def hold_first(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)  # the first tap's request waits on its way

    off.page.route("**/actions", hold_first)
    until(off.page, f"ROOM.current && ROOM.current.version >= {Phone.latest}")
    off.tap(f"#piles section[data-owner='{off.name}'] button:text-is('+1')")
    while not held:
        off.page.wait_for_timeout(50)
    on.add(on.name, 2)  # the table changes meanwhile, and the other phone's poll shows it
    until(off.page, f"ROOM.current.version >= {Phone.latest}")
    held[0].continue_()
    off.see("#message .toast-item", "changed")  # refused as based on an older table
    shown = off.page.locator("#message").inner_text()
    assert "kept tap" not in shown, shown
    no_errors(phones)
