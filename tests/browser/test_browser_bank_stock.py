"""Buys and bank stock on phones (issue 27, items 5 and 7): "Bought 1" on each stack of the
turn's phone only, the stack counting down and emptying by itself, Panic Time starting from the
empty stacks with a history line and a toast on every phone (Japanese on a Japanese phone).
Seed 000 line 240 (bought chips leave the bank), line 276 (X empty stacks start Panic Time).
Screenshots: ps-stock-*.png in the shots folder."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_puzzle_strike import Phone, choose, no_errors, start_match
from tests.phones import CHROMIUM, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def test_the_turns_phone_buys_until_two_stacks_empty_and_panic_starts(
    server: str, browser: Any
) -> None:
    ana = Phone(browser, "Ana")
    ben = Phone(browser, "Ben", color_scheme="dark", locale="ja-JP")
    phones = [ana, ben]
    start_match(server, phones)
    choose(phones, ["Grave", "Rook"])
    ana.see("#next-step.mine #next-line", "Your turn")
    first, second = ana.page.evaluate("ROOM.current.state.stacks.slice(8, 10).map((x) => x.name)")
    sneak = f"#stacks .stack-cell:has(.stack:has-text('{first}'))"
    ana.see(f"{sneak} .stack", "5 left")
    assert ben.page.locator("#stacks button.buy").count() == 0  # not Ben's turn
    assert ana.page.locator("#stacks button.buy").count() == 18

    ana.act(f"{sneak} button.buy")
    ana.see(f"{sneak} .stack", "4 left")
    ben.see("#history li", "を購入")  # the stack by its Japanese name where the catalog has one
    ben.see(f"{sneak} .stack", "残り4")
    # A tap the rules refuse is said in the phone's language (#27 item 11): Ben buys on Ana's turn.
    ben.page.evaluate(
        "import('/static/room.js').then((room) => room.roomAct("
        "{type: 'buy', stack: ROOM.current.state.stacks[8].key}))"
    )
    ben.see("#message", "Ben は購入できません：Ana のターンです")
    for _ in range(4):
        ana.act(f"{sneak} button.buy")
    ana.see(f"{sneak} .stack.empty", "0 left")
    assert ana.page.locator(f"{sneak} button.buy").count() == 0
    knock = f"#stacks .stack-cell:has(.stack:has-text('{second}'))"
    for _ in range(5):
        ana.act(f"{knock} button.buy")
    ana.see("#history li", "Panic Time starts: everyone antes a 2-gem from now on")
    ben.see("#message", "パニックタイム発動")  # a toast on the other phone, in its language
    ben.see("#panic", "パニックタイム · アンティ 2ジェム")  # no English "2-gem" (#27 item 11)
    ana.shot("stock-panic")
    ben.shot("stock-panic-ben-ja-dark")
    # Undo puts the last Knockdown back; Panic Time goes with it.
    ana.act("#message .toast-undo")
    ana.see(f"{knock} .stack", "1 left")
    assert ana.page.locator("#panic").is_hidden()
    no_errors(phones)


def test_an_uncounterable_crash_toasts_and_vibrates_on_the_targets_phone(
    server: str, browser: Any
) -> None:
    ana = Phone(browser, "Ana")
    ben = Phone(browser, "Ben")
    # Record the vibrations the page asks for (headless Chromium has no motor).
    ben.page.add_init_script(
        "navigator.vibrate = (p) => { (window.buzzed ||= []).push(p); return true; };"
    )
    phones = [ana, ben]
    start_match(server, phones)
    choose(phones, ["Grave", "Rook"])
    ana.add("Ana", 4)
    until(ben.page, f"ROOM.current && ROOM.current.version >= {Phone.latest}")
    before = ben.page.evaluate("(window.buzzed || []).length")
    ana.select_gem("Ana", 4)
    ana.act("#piles section[data-owner='Ana'] button:has-text('Crash')")
    # A 4-gem cannot be counter-crashed (seed 000): it lands at once, nothing waits in the air.
    ben.see("#message", "Ana crashed a 4-gem at Ben")
    assert ben.page.evaluate("(window.buzzed || []).length") > before
    ben.shot("stock-uncounterable-ben")
    no_errors(phones)
