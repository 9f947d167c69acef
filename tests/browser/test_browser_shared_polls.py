"""A shared phone turned to another seat it holds (pass-and-play) waits for the table with a
long poll, like any phone, instead of asking once a second (a play-test defect, #27).

The server's long poll knows a phone by its first seat's cookie: a read naming another seat
(X-Seat) was answered at once, so the page's poll loop asked every second for as long as the
phone showed that seat. Screenshot: $STRIKEKIT_SHOTS/shared-polls-ben.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_shared_phone import passed_to, shadowfist_on_one_phone
from tests.phones import CHROMIUM, SEEN_WITHIN_MS, Phone, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def test_a_shared_phone_long_polls_for_its_other_seat(server: str, browser: Any) -> None:
    # No service worker: every read the page makes is seen here.
    phone = Phone(browser, "table", service_workers="block")
    page = phone.page
    shadowfist_on_one_phone(page, server)
    if page.evaluate("ROOM.current.state.turn") == "Ana":  # Ana plays first: her turn ends
        page.evaluate(
            "import('/static/lib.js').then(m => m.roomAct("
            "{type: 'end_turn', turn: ROOM.current.state.turn_no}))"
        )
    passed_to(phone, "Ben", [])
    until(page, "ROOM.current.state.next_step.mine && ROOM.current.state.you === 'Ben'")
    page.locator("#next-step button", has_text="Start turn").wait_for(timeout=SEEN_WITHIN_MS)
    page.wait_for_timeout(1500)  # the reads of the turn to Ben are done
    reads: list[str] = []
    page.on("request", lambda r: reads.append(r.url) if "/state" in r.url else None)
    page.wait_for_timeout(4000)  # nothing moves at the table
    # One long poll (?wait=20) is waiting for the table; a poll a second made four reads.
    assert len(reads) <= 1, reads
    assert all("wait=" in url for url in reads), reads
    # The seat shown still follows the table: another phone's move is seen.
    power = page.evaluate("ROOM.current.state.players.find(p => p.name === 'Ana').power")
    page.request.post(
        page.url.replace("/m/", "/api/matches/") + "/actions",
        data={
            "action": {"type": "gain", "player": "Ana", "amount": 5},
            "base_version": page.evaluate("ROOM.current.version"),
            "idempotency_key": "shared-polls-gain",
        },
        headers={"X-CSRF-Token": page.evaluate("document.cookie.match(/csrf=([^;]+)/)[1]")},
    )
    until(page, f"ROOM.current.state.players.find(p => p.name === 'Ana').power === {power + 5}")
    assert page.evaluate("ROOM.current.state.you") == "Ben"
    phone.shot("shared-polls-ben")
    phone.check_no_errors()
