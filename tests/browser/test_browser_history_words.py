"""History lines and toasts in the phone's language (#18): two phones at one Puzzle Strike
table, Ana's set to Japanese, Ben's to English. Each reads the same events in its own words
(seed 003's terms in Japanese); the English phone reads exactly the English lines.
Screenshots: $STRIKEKIT_SHOTS/ps-history-ja.png and ps-history-en.png."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import test_browser_duel as duel
from tests.browser.test_browser_puzzle_strike import Phone, choose, no_errors, start_match, until
from tests.phones import CHROMIUM

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")
JAPANESE = "[\u3040-\u30ff\u4e00-\u9fff]"
"""Kana or kanji."""


def toast(phone: Phone, text: str) -> None:
    """Wait until the phone's toast says this."""
    phone.see("#message:not([hidden])", text)


def test_history_and_toasts_read_in_each_phones_language(server: str, browser: Any) -> None:  # noqa: F811
    ana = Phone(browser, "Ana", locale="ja-JP")
    ben = Phone(browser, "Ben", locale="en-US")
    phones = [ana, ben]
    start_match(server, phones)
    choose(phones, ["Grave", "Rook"])
    ben.add("Ana", 2)  # Ben puts a gem on Ana (behind "Record for Ana" off his turn, #27)
    ana.see("#history li", "Ben が Ana の場に2ジェムを置きました")
    toast(ana, "Ben が Ana の場に2ジェムを置きました")
    ana.add("Ben", 1)
    ben.see("#history li", "Ana put a 1-gem in Ben's pile")
    toast(ben, "Ana put a 1-gem in Ben's pile")
    ana.see("#history li", "キャラクター公開")  # the reveal, in Japanese
    ben.see("#history li", "Characters revealed")
    turn = str(ana.page.evaluate("ROOM.current.state.table.turn"))
    crasher, target = (ana, ben) if turn == "Ana" else (ben, ana)
    crasher.add(crasher.name, 2)
    crasher.select_gem(crasher.name, 2)
    crasher.act(
        f"#piles section[data-owner='{crasher.name}'] button:has-text('{crash_word(crasher)}')"
    )
    if target is ana:
        toast(ana, "Ben があなたに 2 個クラッシュ")  # the incoming crash, in the phone's words
        ana.see("#history li", "Ben が2ジェムを粉砕して Ana に送りつけました")
        ben.see("#history li", "Ben crashed a 2-gem at Ana")
    else:
        toast(ben, "Ana crashed 2 at you")
        ben.see("#history li", "Ana crashed a 2-gem at Ben")
        ana.see("#history li", "Ana が2ジェムを粉砕して Ben に送りつけました")
    until(ana.page, "document.querySelectorAll('#history li').length >= 5")
    japanese = ana.page.locator("#history li").all_inner_texts()
    assert all(re.search(JAPANESE, line) for line in japanese), japanese  # no English line
    english = ben.page.locator("#history li").all_inner_texts()
    assert english[0] == str(ben.page.evaluate("ROOM.current.history.at(-1).text"))
    assert all("ジェム" not in line for line in english), english
    ana.shot("history-ja")
    ben.shot("history-en")
    no_errors(phones)


def crash_word(phone: Phone) -> str:
    """The Crash button's word on this phone."""
    return "クラッシュ" if phone.name == "Ana" else "Crash"


@pytest.mark.parametrize("japanese", [True, False])
def test_the_solo_bots_line_reads_in_the_phones_language(
    request: pytest.FixtureRequest, japanese: bool
) -> None:
    url, chromium = duel.running(request)
    me = duel.Phone(chromium, "Ana", ja=japanese)
    duel.open_table(url, [me], "solo", bot="rook")
    me.see("#controls #end-turn")
    me.cards(1)
    me.act("#controls #move")
    me.act("#controls #end-turn")
    me.see("#bot #bot-go")
    me.page.fill("#bot-hand", "1 1 1 2 2")
    me.page.fill("#bot-extra", "5")
    me.act("#bot #bot-go")
    said = me.page.locator("#bot-says").inner_text()
    last = me.page.locator("#history li").first.inner_text()
    if japanese:
        assert said.startswith("ボット：") and "ボットの番" in last, (said, last)
        assert re.search(JAPANESE, said.removeprefix("ボット：")), said  # the move in words
    else:
        assert said == me.page.evaluate("ROOM.current.state.last_bot")
        assert said.startswith("bot: ") and last.startswith("Ana: the bot plays"), (said, last)
    me.shot(f"solo-bot-line-{'ja' if japanese else 'en'}")
    duel.no_errors([me])
