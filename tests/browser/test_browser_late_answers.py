"""Taps and answers in flight: a phone never steps back to an older table, and a double
tap never ends two turns.

A long poll answered just before a tap's own read can be delivered just after it. Drawing
that older state took the phone back a version, and its next tap was refused as stale (the
lost tap of the Shadowfist game on three phones). Here the late answer is held back on
purpose and handed to the page after a newer one.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_rooms import card, open_room, power_of, shadowfist_pair
from tests.phones import CHROMIUM, SEEN_WITHIN_MS, Phone, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def test_an_older_state_delivered_late_is_not_drawn(server: str, browser: Any) -> None:
    # No service worker on Ana's phone: Playwright routes only what the page itself fetches.
    ana, ben = Phone(browser, "Ana", service_workers="block"), Phone(browser, "Ben")
    room = open_room(server, [ana, ben], "shadowfist")
    page = ana.page
    page.wait_for_selector("#players section")
    # Every long poll the page starts from now on is held (the loop waits on it, so one at
    # most): routed before the tap, so a long poll started between the tap and the route
    # cannot slip by and wait its 20 s at the server (1 run in 3 failed so).
    held: list[Any] = []
    page.route("**/api/matches/*/state?wait=*", lambda route: held.append(route))
    card(page, "Ana").get_by_role("button", name="+1", exact=True).click()
    power_of(page, "Ana").filter(has_text="Power: 2 ").wait_for(timeout=SEEN_WITHIN_MS)
    old = page.request.get(f"{server}/api/matches/{room}/state")
    old_body, old_etag, old_version = old.body(), old.headers["etag"], old.json()["version"]
    page.wait_for_timeout(1500)  # the page asks again within a second; that long poll is held
    assert len(held) == 1, "the page's next long poll was not seen"
    # Ana's tap: its own read (not held) brings the new table.
    card(page, "Ana").get_by_role("button", name="+1", exact=True).click()
    power_of(page, "Ana").filter(has_text="Power: 3 ").wait_for(timeout=SEEN_WITHIN_MS)
    # The held long poll is answered with the table before the tap, as a server that
    # answered it just before the tap would, delivered late.
    held[0].fulfill(
        status=200, body=old_body, headers={"Content-Type": "application/json", "ETag": old_etag}
    )
    page.wait_for_timeout(500)
    assert page.evaluate("ROOM.current.version") == old_version + 1
    assert "Power: 3 " in power_of(page, "Ana").inner_text()
    # The phone's next tap is based on the table it shows, and is applied.
    page.unroute("**/api/matches/*/state?wait=*")
    card(page, "Ana").get_by_role("button", name="+5", exact=True).click()
    power_of(ben.page, "Ana").filter(has_text="Power: 8 ").wait_for(timeout=SEEN_WITHIN_MS)
    assert page.locator("#message").inner_text() == ""
    ana.check_no_errors()
    ben.check_no_errors()


def test_a_double_tap_on_end_turn_ends_one_turn(server: str, browser: Any) -> None:
    phones = {name: Phone(browser, name) for name in ("Ana", "Ben", "Cid")}
    open_room(server, list(phones.values()), "shadowfist")
    first = phones["Ana"].page
    first.wait_for_selector("#players section")
    order = first.evaluate("ROOM.current.state.order")
    page = phones[order[0]].page
    page.wait_for_selector("#players section")
    page.get_by_role("button", name="End turn").dblclick()
    page.wait_for_selector("#message:has-text('already moved on')", timeout=SEEN_WITHIN_MS)
    for phone in phones.values():
        phone.page.locator("#prompt h1", has_text=f"Turn 2: {order[1]}").wait_for(
            timeout=SEEN_WITHIN_MS
        )
    assert page.locator("#history li", has_text="ended the turn").count() == 1
    phones[order[0]].shot("double-tap-end-turn")
    for phone in phones.values():
        phone.check_no_errors()


def test_end_turn_after_missing_the_turns_between_is_taken(server: str, browser: Any) -> None:
    # The first player's phone is away while the other phone ends both turns (a casual table
    # allows it): it comes back on its next turn, whose bar looks just like the last one. Its
    # End turn must carry the turn shown now, not the one the bar was first drawn on.
    me, other = shadowfist_pair(server, browser)
    me.page.get_by_role("button", name="End turn").wait_for(timeout=SEEN_WITHIN_MS)
    me.context.set_offline(True)
    for turn in (1, 2):
        other.page.evaluate(
            f"import('/static/lib.js').then(m => m.roomAct({{type: 'end_turn', turn: {turn}}}))"
        )
        until(other.page, f"ROOM.current.state.turn_no === {turn + 1}")
    me.context.set_offline(False)
    until(me.page, "ROOM.current.state.turn_no === 3")
    me.page.get_by_role("button", name="End turn").click()
    until(other.page, "ROOM.current.state.turn_no === 4")
    assert me.page.locator("#message").is_hidden()
    for phone in (me, other):
        phone.check_no_errors()
