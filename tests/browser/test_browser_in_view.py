"""What a phone must act on is on screen (#27 item 4), at 390 x 844: a counter-crash decision
brings the deciding phone's own pile into view, clear of the next-step bar; after Start on
the home page, the join QR and "Go to the table" are scrolled into view."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_own_controls import playing, shoot
from tests.browser.test_browser_puzzle_strike import Phone, no_errors
from tests.phones import CHROMIUM, PHONE, SHOTS, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")

IN_VIEW = """(selector) => {
  const box = document.querySelector(selector)?.getBoundingClientRect();
  const bar = document.getElementById('next-step');
  const bottom = bar && !bar.hidden ? bar.getBoundingClientRect().top : innerHeight;
  return !!box && box.top >= 0 && box.bottom <= bottom;
}"""


def test_a_counter_crash_decision_shows_the_deciders_pile(server: str, browser: Any) -> None:
    phones, on, off = playing(server, browser)
    on.act("#next-step button:has-text('Ante')")
    on.add(on.name, 3)
    off.add(off.name, 2)
    until(off.page, f"ROOM.current.version >= {Phone.latest}")
    off.page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # reading the bank
    on.select_gem(on.name, 3)
    on.act(f"#piles section[data-owner='{on.name}'] button:has-text('Crash')")
    off.see("#next-step.mine #next-line", "counter-crash")
    gem = f"#piles section[data-owner='{off.name}'] .gem-tile.v2"
    until(off.page, f"({IN_VIEW})({gem!r})")
    off.page.screenshot(path=str(SHOTS / "own-counter-decision-viewport.png"))  # the screen
    shoot(off.page, "counter-decision-in-view")
    off.select_gem(off.name, 2)
    off.act("#next-step button:has-text('Counter-crash')")
    no_errors(phones)


def test_after_start_the_join_qr_and_table_link_are_in_view(server: str, browser: Any) -> None:
    page = browser.new_context(**PHONE).new_page()
    page.goto(server + "/")
    page.fill("#start input[name=p1]", "Ana")
    page.fill("#start input[name=p2]", "Ben")
    page.click("#start button[type=submit]")
    page.wait_for_selector("#started:not([hidden])")
    until(page, f"({IN_VIEW})('#table-link') && ({IN_VIEW})('#join-qr')")
    page.screenshot(path=str(SHOTS / "own-home-started-viewport.png"))  # the screen only
