"""Every table's next-step bar on the acting and the waiting phone, in light, dark and
Japanese: the bar says what this phone's player must do (or waits for), and its buttons are
on the 390 x 844 screen without scrolling. Screenshots: next-step-*.png in the shots folder.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_rooms import open_room
from tests.phones import CHROMIUM, SEEN_WITHIN_MS, SHOTS, Phone, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")
HEIGHT = 844


def bar_says(phone: Phone, text: str, mine: bool) -> None:
    """Wait until the phone's bar says text, as this player's move (mine) or a wait."""
    kind = "#next-step.mine" if mine else "#next-step:not(.mine)"
    phone.page.locator(f"{kind} #next-line", has_text=text).wait_for(timeout=SEEN_WITHIN_MS)


def on_screen(phone: Phone, label: str, buttons: list[str]) -> None:
    """The bar and these buttons of it lie inside the viewport as the page opens; save a
    screenshot of the screen as the player sees it."""
    assert phone.page.evaluate("window.scrollY") == 0
    found = phone.page.locator("#next-step button").all_inner_texts()
    for name in buttons:
        assert any(name in text for text in found), (phone.name, name, found)
    for box in [phone.page.locator("#next-step").bounding_box()] + [
        b.bounding_box() for b in phone.page.locator("#next-step button").all()
    ]:
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, box
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.page.screenshot(path=str(SHOTS / f"next-step-{label}.png"))


def steps_named(phone: Phone, *names: str) -> None:
    """Each of the bar's buttons names the step action it is for (data-step, the same in any
    language), one a button in the server's order, these among them."""
    named = [b.get_attribute("data-step") for b in phone.page.locator("#next-step button").all()]
    assert named == phone.page.evaluate("ROOM.current.state.next_step.actions"), named
    assert set(names) <= set(named), (names, named)


def japanese(*phones: Phone) -> None:
    """Switch the phones to Japanese with the language button."""
    for phone in phones:
        phone.page.locator("#lang").click()
        until(phone.page, "document.documentElement.lang === 'ja'")


def top(phone: Phone) -> None:
    """Back to the top of the page, as a phone that has just been handed the turn."""
    phone.page.evaluate("window.scrollTo(0, 0)")


def seat_puzzle_strike(server: str, ana: Phone, ben: Phone) -> None:
    """Start a 2-player Puzzle Strike match and let both choose their characters."""
    ana.page.goto(server + "/")
    ana.page.fill("#start input[name=p1]", "Ana")
    ana.page.fill("#start input[name=p2]", "Ben")
    ana.page.click("#start button[type=submit]")
    ana.page.wait_for_selector("#started:not([hidden])")
    join_url = ana.page.get_attribute("#join-link", "href")
    ana.page.click("#table-link")
    ben.page.goto(str(join_url))
    ben.page.click("#seats button:has-text('Ben')")
    for phone, character in ((ana, "Grave"), (ben, "Rook")):
        phone.page.locator("#choose button", has_text=character).click(timeout=SEEN_WITHIN_MS)
        until(phone.page, "ROOM.current && ROOM.current.state.characters[ROOM.current.state.you]")
    for phone in (ana, ben):
        phone.page.wait_for_selector("#piles .pile", timeout=SEEN_WITHIN_MS)


def test_puzzle_strike_bar_on_the_acting_and_the_waiting_phone(server: str, browser: Any) -> None:
    ana, ben = Phone(browser, "Ana"), Phone(browser, "Ben", color_scheme="dark")
    seat_puzzle_strike(server, ana, ben)
    turn = until(ana.page, "ROOM.current.state.table && ROOM.current.state.table.turn")
    acting, waiting = (ana, ben) if turn == "Ana" else (ben, ana)
    bar_says(acting, "Your turn: ante a 1-gem", mine=True)
    bar_says(waiting, f"Waiting for {turn}'s turn", mine=False)
    on_screen(acting, f"ps-turn-{acting.name}", ["Ante 1-gem", "End turn"])
    on_screen(waiting, f"ps-wait-{waiting.name}", [])
    acting.page.locator("#next-step button", has_text="Ante").click()
    bar_says(acting, "play your chips, then end the turn", mine=True)
    # A crash at the waiting phone: its bar asks it, with both buttons on screen.
    acting.page.locator(f"#piles section[data-owner='{turn}'] button:text-is('+3')").click()
    acting.page.locator(f"#piles section[data-owner='{turn}'] .gem-tile.v3").first.click()
    acting.page.locator("#piles button", has_text="Crash").first.click()
    bar_says(waiting, f"{turn} crashed 3 at you: counter-crash or let them land", mine=True)
    bar_says(acting, f"waiting for {waiting.name}", mine=False)
    top(waiting)
    on_screen(waiting, f"ps-crashed-{waiting.name}", ["Counter-crash", "Let them land"])
    japanese(ana, ben)
    bar_says(waiting, "カウンタークラッシュするか、受ける", mine=True)
    on_screen(waiting, f"ps-crashed-ja-{waiting.name}", ["カウンタークラッシュ", "そのまま受ける"])
    on_screen(acting, f"ps-wait-ja-{acting.name}", [])
    ana.check_no_errors()
    ben.check_no_errors()


def test_puzzle_strike_bar_says_what_sent_the_gems_and_what_counter_crash_is(
    server: str, browser: Any
) -> None:
    """A counter-crash's rest flying back is said as such (nobody crashed it), on the bar
    and in the toast; the bar offering counter-crash says what it means and which chips
    can do it (the page does not know the hand), in English and in Japanese."""
    ana, ben = Phone(browser, "Ana"), Phone(browser, "Ben", color_scheme="dark")
    seat_puzzle_strike(server, ana, ben)
    turn = until(ana.page, "ROOM.current.state.table && ROOM.current.state.table.turn")
    acting, waiting = (ana, ben) if turn == "Ana" else (ben, ana)
    other = waiting.name
    pile = f"#piles section[data-owner='{other}']"
    waiting.page.locator(f"{pile} button:text-is('+3')").click()
    acting.page.locator(f"{pile} .gem-tile.v3").wait_for(timeout=SEEN_WITHIN_MS)
    acting.page.locator("#next-step button", has_text="Ante").click()
    bar_says(acting, "play your chips, then end the turn", mine=True)
    acting.page.locator(f"#piles section[data-owner='{turn}'] .gem-tile.v1").first.click()
    acting.page.locator("#piles button", has_text="Crash").first.click()
    bar_says(waiting, f"{turn} crashed 1 at you: counter-crash or let them land", mine=True)
    hint = waiting.page.locator("#next-step #next-hint")
    hint.filter(has_text="Counter-crash: play Crash Gem").wait_for()
    described = waiting.page.locator("#next-step button[aria-describedby=next-hint]")
    assert described.inner_text().startswith("Counter-crash")
    top(waiting)
    on_screen(waiting, f"ps-counter-hint-{other}", ["Counter-crash", "Let them land"])
    waiting.page.locator(f"{pile} .gem-tile.v3").first.click()
    waiting.page.locator("#next-step button", has_text="Counter-crash (3)").click()
    # 3 against 1: 2 fly back at the crasher, sent by the collision, not by a crash.
    back = f"{other}'s counter-crash sends 2 back at you: counter-crash or let them land"
    bar_says(acting, back, mine=True)
    acting.page.locator("#message", has_text=f"{other}'s counter-crash sends 2 back").wait_for()
    assert "crashed" not in acting.page.locator("#next-step #next-line").inner_text()
    bar_says(waiting, f"{other}'s counter-crash sends 2 back at {turn}: waiting for", mine=False)
    top(acting)
    on_screen(acting, f"ps-counter-back-{turn}", ["Counter-crash", "Let them land"])
    japanese(ana, ben)
    bar_says(acting, f"{other} のカウンタークラッシュで 2 個があなたに跳ね返る", mine=True)
    acting.page.locator(
        "#next-hint", has_text="カウンタークラッシュ：手札の クラッシュジェム・"
    ).wait_for()
    on_screen(acting, f"ps-counter-back-ja-{turn}", ["カウンタークラッシュ"])
    ana.check_no_errors()
    ben.check_no_errors()


def test_flash_duel_bar_says_your_turn_and_you_are_attacked(server: str, browser: Any) -> None:
    ana, ben = Phone(browser, "Ana", color_scheme="dark"), Phone(browser, "Ben")
    ana.page.goto(server + "/")
    ana.page.select_option("#duel select[name=mode]", "full")
    ana.page.fill("#duel input[name=p1]", "Ana")
    ana.page.fill("#duel input[name=p2]", "Ben")
    ana.page.click("#duel button[type=submit]")
    ana.page.wait_for_url("**/m/**")
    join_url = ana.page.locator("#share a").first.get_attribute("href")
    ben.page.goto(str(join_url))
    ben.page.click("#seats button:has-text('Ben')")
    ben.page.wait_for_selector("#track .pawn")
    turn = until(ana.page, "ROOM.current && ROOM.current.state.turn")
    acting, waiting = (ana, ben) if turn == "Ana" else (ben, ana)
    bar_says(acting, "Your turn: one action, then end the turn", mine=True)
    bar_says(waiting, f"Waiting for {turn}'s turn", mine=False)
    on_screen(acting, f"fd-turn-{acting.name}", ["End turn"])
    on_screen(waiting, f"fd-wait-{waiting.name}", [])
    steps_named(acting, "end_turn")
    # The attacker stands 3 from the other pawn and attacks with a 3.
    page = acting.page
    space = 15 if turn == "Ana" else 4
    page.locator(f"#track .pawn[title={turn}]").click()
    page.locator(f"#track .space[data-space='{space}']").click()
    page.locator(f"#track .space[data-space='{space}'] .pawn[title={turn}]").wait_for()
    page.locator("#controls button[data-card='3']").first.click()
    page.locator("#controls #attack").click()
    bar_says(waiting, f"You are attacked by {turn}: block or take the hit", mine=True)
    bar_says(acting, f"Waiting for {waiting.name} to answer {turn}", mine=False)
    top(waiting)
    on_screen(waiting, f"fd-attacked-{waiting.name}", ["Block or retreat", "Hit"])
    steps_named(waiting, "answer", "hit")
    # A stray tap on Hit loses nothing: it asks again, in the bar too.
    waiting.page.locator("#next-step button", has_text="Hit").click()
    waiting.page.locator("#next-step button.danger", has_text="Take the hit?").wait_for()
    assert waiting.page.evaluate("ROOM.current.state.round_over") is False
    japanese(ana, ben)
    bar_says(waiting, "攻撃されています", mine=True)
    on_screen(waiting, f"fd-attacked-ja-{waiting.name}", ["ブロック"])
    on_screen(acting, f"fd-wait-ja-{acting.name}", [])
    ana.check_no_errors()
    ben.check_no_errors()


def test_shadowfist_bar_says_your_turn_on_one_phone(server: str, browser: Any) -> None:
    ana, ben = Phone(browser, "Ana"), Phone(browser, "Ben", color_scheme="dark")
    open_room(server, [ana, ben], "shadowfist")
    turn = until(ana.page, "ROOM.current && ROOM.current.state.turn")
    acting, waiting = (ana, ben) if turn == "Ana" else (ben, ana)
    bar_says(acting, "Your turn: ", mine=True)
    bar_says(waiting, f"Waiting for {turn}'s turn", mine=False)
    on_screen(acting, f"sf-turn-{acting.name}", ["Next step", "End turn"])
    steps_named(acting, "next_step", "end_turn")
    on_screen(waiting, f"sf-wait-{waiting.name}", [])
    assert waiting.page.locator("#next-step button").count() == 0
    japanese(ana, ben)
    bar_says(acting, "あなたのターン：エスタブリッシング・ショット", mine=True)  # the step too
    acting.page.locator("#prompt strong", has_text="エスタブリッシング・ショット").wait_for()
    on_screen(acting, f"sf-turn-ja-{acting.name}", ["次のステップ", "ターン終了"])
    on_screen(waiting, f"sf-wait-ja-{waiting.name}", [])
    ana.check_no_errors()
    ben.check_no_errors()
