"""Fewer taps (#27 item 6), at 390 x 844: a Shadowfist turn is "Start turn" (the Establishing
Shot's steps that need no decision, seed 004) and "End turn", on the turn player's phone only;
in a Puzzle Strike free-for-all the player sent to answers "Nobody reacts" for everyone still
to decide (a casual table). Screenshots: $STRIKEKIT_SHOTS/own-taps-*.png, ps-nobody-*.png."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.test_browser_puzzle_strike import Phone as PsPhone
from tests.browser.test_browser_puzzle_strike import choose, start_match
from tests.browser.test_browser_rooms import caught_up, open_room, turn_of
from tests.phones import CHROMIUM, SEEN_WITHIN_MS, Phone, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def test_a_shadowfist_turn_is_two_taps(server: str, browser: Any) -> None:
    ana, ben = Phone(browser, "Ana"), Phone(browser, "Ben", locale="ja-JP")
    phones = {"Ana": ana, "Ben": ben}
    open_room(server, [ana, ben], "shadowfist")
    ana.page.wait_for_selector("#players section")
    for turn_no in (1, 2):
        turn = turn_of(ana.page)
        on, off = phones[turn], phones["Ben" if turn == "Ana" else "Ana"]
        caught_up(on.page)
        starts = re.compile("^(Start turn|ターン開始)")
        start = on.page.locator("#next-step button", has_text=starts)
        start.wait_for(timeout=SEEN_WITHIN_MS)
        assert off.page.locator("#next-step button").count() == 0  # not on the other phone
        on.shot(f"own-taps-start-{turn_no}")
        start.click()
        until(on.page, "ROOM.current.state.step.phase === 'main-shot'")
        off.page.locator("#history li", has_text=f"{turn}").first.wait_for(timeout=SEEN_WITHIN_MS)
        caught_up(on.page)
        end = "End turn" if on is ana else "ターン終了"
        on.page.get_by_role("button", name=end, exact=True).click()
        until(off.page, f"ROOM.current.state.turn_no === {turn_no + 1}")
    history = ana.page.locator("#history").inner_text()
    assert history.count("started the turn") == 2 and "on to the Main Shot" in history
    off.shot("own-taps-history-ja" if off is ben else "own-taps-history")
    ana.check_no_errors()
    ben.check_no_errors()


def test_free_for_all_the_target_answers_nobody_reacts(server: str, browser: Any) -> None:
    names = ["Ana", "Ben", "Cid"]
    phones = [PsPhone(browser, n, color_scheme="dark" if n == "Cid" else "light") for n in names]
    start_match(server, phones)
    choose(phones, ["Grave", "Rook", "Jaina"])
    turn = phones[0].page.evaluate("ROOM.current.state.table.turn")
    on = next(p for p in phones if p.name == turn)
    target, third = (p for p in phones if p is not on)
    on.act("#next-step button:has-text('Ante')")
    on.add(on.name, 2)
    on.select_gem(on.name, 2)
    on.act(f"#piles section[data-owner='{on.name}'] button:has-text('Crash → {target.name}')")
    target.see("#next-step.mine button", "Nobody reacts")
    target.shot("nobody-reacts-offered")
    assert third.page.locator("#next-step button:has-text('Nobody reacts')").count() == 0
    target.act("#next-step button:has-text('Nobody reacts')")
    third.see("#history li", f"{target.name}: nobody reacts; the gems land")
    target.see(f"#piles section[data-owner='{target.name}'] .facts .total", "Total 2 / 10")
    assert third.page.locator("#next-step.mine").count() == 0  # never asked in turn
    for phone in phones:
        assert phone.errors == [], (phone.name, phone.errors)
