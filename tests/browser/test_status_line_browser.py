"""The status line on phones (issue 27, item 3): every side's key numbers at the top of the
screen, the phone's own side first, on the phone on turn and on the one waiting, before and
after scrolling to the bottom; light, dark and Japanese, with axe's serious findings none (the
Puzzle Strike phone on turn has its "Bought 1" buttons). Screenshots: status-*.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_accessibility import violations
from tests.browser.test_browser_duel import open_table
from tests.browser.test_browser_rooms import open_room
from tests.phones import CHROMIUM, SEEN_WITHIN_MS, Phone, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")
HEIGHT = 844


def start_puzzle_strike(server: str, phones: list[Phone]) -> None:
    """Start a 2-player match from the first phone's home page, seat the second, choose."""
    first = phones[0].page
    first.goto(server + "/")
    for n, phone in enumerate(phones, start=1):
        first.fill(f"#start input[name=p{n}]", phone.name)
    first.click("#start button[type=submit]")
    first.wait_for_selector("#started:not([hidden])")
    join_url = first.get_attribute("#join-link", "href")
    first.click("#table-link")
    second = phones[1].page
    second.goto(str(join_url))
    second.click(f"#seats button:has-text('{phones[1].name}')")
    second.wait_for_url("**/m/**")
    for n, phone in enumerate(phones):  # different characters: no clash
        until(phone.page, "ROOM.current && ROOM.current.state.phase === 'choosing'")
        phone.page.locator("#choose button.stack").nth(n).click(timeout=SEEN_WITHIN_MS)
        until(phone.page, "ROOM.current.state.characters[ROOM.current.state.you] !== null")
    for phone in phones:
        until(phone.page, "ROOM.current.state.phase === 'playing'")


def check_line(phone: Phone, words: str) -> None:
    """The line is on screen at the top, its first side the phone's own, in its words; it
    stays on screen once the page is scrolled to the bottom."""
    line = phone.page.locator("#status-line")
    line.locator("li.mine").first.wait_for(timeout=SEEN_WITHIN_MS)
    first = line.locator("li").first
    assert phone.name in first.inner_text() and "mine" in (first.get_attribute("class") or "")
    assert words in line.inner_text(), line.inner_text()
    for scroll in ("0", "document.body.scrollHeight"):
        phone.page.evaluate(f"window.scrollTo(0, {scroll})")
        until(phone.page, f"Math.abs(window.scrollY - Math.min({scroll}, "
              "document.documentElement.scrollHeight - innerHeight)) < 2")  # fmt: skip
        box = line.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT / 4, box
    phone.page.evaluate("window.scrollTo(0, 0)")


GAMES = {
    # game: (how to start, (phone 1 looks, words), (phone 2 looks, words))
    "puzzle-strike": (
        start_puzzle_strike,
        ({"color_scheme": "light", "locale": "en-US"}, "pile 0/10"),
        ({"color_scheme": "dark", "locale": "ja-JP"}, "場 0/10"),
    ),
    "flash-duel": (
        lambda server, phones: open_table(server, phones, "full"),
        ({"color_scheme": "dark", "locale": "en-US"}, "space"),
        ({"color_scheme": "light", "locale": "ja-JP"}, "マス"),
    ),
    "shadowfist": (
        lambda server, phones: open_room(server, phones, "shadowfist"),
        ({"color_scheme": "light", "locale": "ja-JP"}, "サイト0"),
        ({"color_scheme": "dark", "locale": "en-US"}, "0 sites"),
    ),
}


@pytest.mark.parametrize("game", GAMES)
def test_the_status_line_is_on_every_phone_its_own_side_first(
    server: str, browser: Any, game: str
) -> None:
    start, (looks_a, words_a), (looks_b, words_b) = GAMES[game]
    ana = Phone(browser, "Ana", bypass_csp=True, **looks_a)  # axe is loaded into the page
    ben = Phone(browser, "Ben", bypass_csp=True, **looks_b)
    start(server, [ana, ben])
    for phone, words in ((ana, words_a), (ben, words_b)):
        check_line(phone, words)
        phone.shot(f"status-{game}-{phone.name}")
        assert violations(phone.page) == [], phone.name  # axe: nothing serious
    turn = ana.page.locator("#status-line li.turn")
    assert turn.count() == 1  # one side is on turn, marked on every phone
    for phone in (ana, ben):
        phone.check_no_errors()
