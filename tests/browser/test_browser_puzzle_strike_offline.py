"""Taps made offline on the Puzzle Strike table (issue 9, defect 11), and the screen kept on
without the Wake Lock API, on two phones in Debian's Chromium (390 x 844).

A tap made offline is kept with its idempotency key and sent when the phone is back; a reload
offline shows the table; a kept tap the table has moved past is refused visibly.
Screenshots go to $STRIKEKIT_SHOTS/ps-offline-*.png (tests/browser/test_browser.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_puzzle_strike import Phone, choose, no_errors, start_match, until
from tests.phones import CHROMIUM, SEEN_WITHIN_MS, WORKER_MS

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")
KEPT = "#outbox:has-text('Offline: your last tap is kept')"
"""A bound for the service worker to install (it fetches every shell file first): seconds on
a loaded CI machine running tests on both cores, not a speed target."""


def two_phones_playing(server: str, browser: Any) -> tuple[Phone, Phone]:  # noqa: F811
    """Start a 2-player game; return (the phone whose turn it is, the other phone), the first
    one reloaded once so that its service worker keeps the page and its state."""
    ana, ben = Phone(browser, "Ana"), Phone(browser, "Ben")
    start_match(server, [ana, ben])
    choose([ana, ben], ["Grave", "Rook"])
    turn = ana.page.evaluate("ROOM.current.state.table.turn")
    a, b = (ana, ben) if turn == "Ana" else (ben, ana)
    until(a.page, "navigator.serviceWorker.controller !== null", WORKER_MS)
    a.page.reload()
    a.see("#piles .pile")
    return a, b


def total_of(phone: Phone, owner: str) -> str:
    """The total a phone shows under a player's pile."""
    return str(phone.pile(owner).locator(".facts .total").inner_text())


def test_an_ante_made_offline_is_kept_and_sent_when_back(server: str, browser: Any) -> None:  # noqa: F811
    a, b = two_phones_playing(server, browser)
    a.context.set_offline(True)
    a.tap("#next-step button:has-text('Ante')")
    a.see(KEPT, "Ante")
    a.tap(f"#piles section[data-owner='{b.name}'] button:text-is('+2')")
    a.see("#message", "still waiting for the network")  # a second tap is refused at once
    a.shot("offline-ante-kept")
    a.page.reload()  # offline: the table from the phone's copy, not the start form
    a.see("#piles .pile")
    assert a.page.locator("#offline").is_visible()
    assert a.page.locator("#start").count() == 0
    a.see(KEPT)  # the kept tap survived the reload
    assert total_of(b, a.name) == "Total 0 / 10"  # nothing reached the table yet
    a.context.set_offline(False)
    a.see("#message", "Your kept tap was sent")
    b.see("#history li", f"{a.name} anted a 1-gem")
    b.see(f"#piles section[data-owner='{a.name}'] .facts .total", "Total 1 / 10")
    assert a.page.locator("#outbox").count() == 0
    a.shot("offline-ante-sent")
    b.shot("offline-ante-seen-by-b")
    no_errors([a, b])


def test_a_kept_tap_is_refused_once_the_table_moved_on(server: str, browser: Any) -> None:  # noqa: F811
    a, b = two_phones_playing(server, browser)
    a.context.set_offline(True)
    a.tap("#next-step button:has-text('End turn')")
    a.tap("#next-step button.danger")  # no ante this turn: confirm ending without it
    a.see(KEPT, "end turn")
    version = b.version()
    b.tap(f"#piles section[data-owner='{a.name}'] button.record-for")  # a's pile, on purpose
    b.tap(f"#piles section[data-owner='{a.name}'] button:text-is('+2')")  # the table moves on
    b.settle(version)
    a.context.set_offline(False)
    a.see("#message", "Your kept tap was not applied (end turn)")
    a.see(f"#piles section[data-owner='{a.name}'] .facts .total", "Total 2 / 10")
    assert a.page.locator("#outbox").count() == 0
    a.shot("offline-end-turn-refused")
    # The turn never ended: both phones still show it as a's.
    a.see("#status .turn-line", "Your turn")
    b.see("#status .turn-line", f"Turn: {a.name}")
    assert b.page.evaluate("ROOM.current.state.table.turn") == a.name
    no_errors([a, b])


def test_the_table_stays_awake_without_the_wake_lock_api(server: str, browser: Any) -> None:  # noqa: F811
    ana, ben = Phone(browser, "Ana"), Phone(browser, "Ben")
    # As on a LAN address over plain HTTP: no Wake Lock API (not a secure context).
    ana.context.add_init_script("delete Navigator.prototype.wakeLock;")
    start_match(server, [ana, ben])
    assert ana.page.evaluate("'wakeLock' in navigator") is False
    ana.tap("#choose button:has-text('Grave')")
    until(
        ana.page,
        "document.querySelector('video.awake') && !document.querySelector('video.awake').paused",
    )
    assert ana.page.evaluate("document.querySelector('video.awake').muted") is True
    no_errors([ana, ben])


def test_the_offline_badge_shows_while_a_long_poll_is_waiting(server: str, browser: Any) -> None:  # noqa: F811
    """An idle phone (its long poll waiting up to 20 s on the server) shows the badge as soon
    as the network goes, without a tap: well before that long poll would have ended."""
    ana, ben = Phone(browser, "Ana"), Phone(browser, "Ben")
    start_match(server, [ana, ben])
    choose([ana, ben], ["Grave", "Rook"])
    ben.page.wait_for_timeout(1500)  # the next long poll is waiting on the server now
    ben.context.set_offline(True)
    until(ben.page, "!document.getElementById('offline').hidden", 3000)  # within 3 s
    ben.shot("offline-badge-idle")
    ben.context.set_offline(False)
    until(ben.page, "document.getElementById('offline').hidden")
    no_errors([ana, ben])


def test_a_read_under_way_when_the_network_comes_back_is_asked_again(
    server: str,
    browser: Any,  # noqa: F811
) -> None:
    """When the network comes back, a read still under way is cut short and read again: one
    sent as the network went (or over a connection from before a change of network) would
    otherwise wait on the server for a whole long poll while the badge says offline (the
    flake of the badge test above: the held poll kept the badge up for 20 s)."""
    ana, ben = Phone(browser, "Ana"), Phone(browser, "Ben")
    start_match(server, [ana, ben])
    choose([ana, ben], ["Grave", "Rook"])
    ben.page.wait_for_timeout(1500)  # the next long poll is waiting on the server now
    held = lambda request: "wait=" in request.url  # noqa: E731
    with ben.page.expect_event("requestfailed", held, timeout=SEEN_WITHIN_MS):
        ben.page.evaluate("window.dispatchEvent(new Event('online'))")  # as the browser does
    until(ben.page, "document.getElementById('offline').hidden")
    no_errors([ana, ben])


def test_a_phone_that_joined_by_link_shows_its_table_reloaded_offline(
    server: str,
    browser: Any,  # noqa: F811
) -> None:
    """Ben opened the join link, took his seat and never reloaded: offline, a reload still
    shows his table (from the service worker's copy), not the start page."""
    ana, ben = Phone(browser, "Ana"), Phone(browser, "Ben")
    start_match(server, [ana, ben])
    choose([ana, ben], ["Grave", "Rook"])
    # The worker may still be installing (Ben's phone registered it on the join page): wait
    # until it runs, then until it has kept Ben's page, which is what this test is about.
    ready = ben.page.evaluate(
        "Promise.race([navigator.serviceWorker.ready.then(() => true),"
        f" new Promise((done) => setTimeout(() => done(false), {WORKER_MS}))])"
    )
    assert ready, "the service worker did not start"
    until(ben.page, "caches.match(location.origin + location.pathname).then(Boolean)", WORKER_MS)
    until(
        ben.page,
        "caches.match(location.origin + ROOM.url).then((r) => r && r.json())"
        ".then((s) => !!s && s.version === ROOM.current.version)",
    )
    ben.context.set_offline(True)
    ben.page.reload()
    ben.see("#piles .pile")
    assert ben.page.locator("#offline").is_visible()
    ben.shot("offline-joined-by-link-reloaded")
    no_errors([ana, ben])
