"""The room pages drawn with the view library, played through on phones of their own (#27
item 13 and "Done when"): Shadowfist on 3 phones (light, dark, Japanese) to a win, and a
Custom Clockwork draft on 2 phones (light; dark and Japanese) carried into its match. One
browser context per phone at 390x844; no phone shows another player's controls unless opened
on purpose ("Record for"); axe finds nothing serious on any phone; screenshots of the phone
on turn and of the phones that are not, in $STRIKEKIT_SHOTS/play-*.png."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.test_accessibility import violations
from tests.browser.test_browser_rooms import card, caught_up, open_room, turn_of
from tests.phones import CHROMIUM, SEEN_WITHIN_MS, Phone, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")

BANNER_SEEN = """(() => {
  const banner = document.getElementById('winner').getBoundingClientRect();
  const line = document.getElementById('status-line').getBoundingClientRect();
  const x = banner.left + banner.width / 2, y = banner.top + banner.height / 2;
  const seen = document.elementFromPoint(x, y);
  return banner.top >= line.bottom - 1 && banner.top < 200 && seen && seen.closest('#winner');
})()"""
"""The winner banner sticks below the status line, visible (what is drawn at its middle)."""
LOOKS = {"Ana": {}, "Ben": {"color_scheme": "dark"}, "Cid": {"locale": "ja-JP"}}


def phones_of(browser: Any, names: list[str]) -> dict[str, Phone]:
    """One phone a player, each in its look; axe is injected (bypass_csp)."""
    return {n: Phone(browser, n, bypass_csp=True, **LOOKS[n]) for n in names}


def no_serious(phones: dict[str, Phone], when: str) -> None:
    """Axe on every phone: nothing serious or critical."""
    for phone in phones.values():
        assert violations(phone.page) == [], f"{phone.name} {when}"


def own_card_only(phones: dict[str, Phone]) -> None:
    """Each phone has controls on its own card; another's are behind one 'Record for'."""
    for phone in phones.values():
        for other in phones:
            theirs = card(phone.page, other)
            if other == phone.name:
                theirs.locator(".row button").first.wait_for(timeout=SEEN_WITHIN_MS)
            else:
                assert theirs.locator(".row button").count() == 0
                assert theirs.locator("button.record-for").count() == 1


def play_turn(phone: Phone, others: list[Phone], shots: set[str]) -> None:
    """Start the turn, play a Feng Shui Site, end the turn, on the turn player's phone;
    screenshot each phone once while another player is on turn."""
    page = phone.page
    caught_up(page)
    page.locator("#next-step button").first.wait_for(timeout=SEEN_WITHIN_MS)
    page.locator("#next-step button").first.click()  # Start turn (its words in any language)
    until(page, "ROOM.current.state.step.phase === 'main-shot'")
    sites = page.evaluate(
        "ROOM.current.state.players.find(p => p.name === ROOM.current.state.you).sites"
    )
    caught_up(page)
    card(page, phone.name).locator("button.big").click()  # Play a Feng Shui Site
    until(
        page,
        f"ROOM.current.state.players.find(p => p.name === '{phone.name}').sites === {sites + 1}",
    )
    for other in others:
        until(other.page, f"ROOM.current.version >= {page.evaluate('ROOM.current.version')}")
        if other.name not in shots:
            shots.add(other.name)
            assert other.page.locator("#next-step.mine").count() == 0  # not their turn
            other.shot(f"play-sf-off-turn-{other.name}")
    caught_up(page)
    page.locator("#next-step button").last.click()  # End turn
    until(page, f"ROOM.current.state.turn !== {phone.name!r}")


def test_shadowfist_on_three_phones_to_a_win(server: str, browser: Any) -> None:
    phones = phones_of(browser, ["Ana", "Ben", "Cid"])
    open_room(server, list(phones.values()), "shadowfist")
    for phone in phones.values():
        phone.page.wait_for_selector("#players section")
    own_card_only(phones)
    order = phones["Ana"].page.evaluate("ROOM.current.state.order")
    shots: set[str] = set()
    for name in order:  # a round: each plays a site on their own turn
        on = phones[name]
        until(on.page, f"ROOM.current.state.turn === {name!r}")
        assert turn_of(on.page) == name
        on.shot(f"play-sf-on-turn-{name}")
        play_turn(on, [p for p in phones.values() if p is not on], shots)
    no_serious(phones, "mid-game")
    # A casual table: Ben records a gain for Cid on purpose; every phone says who recorded it.
    ben = phones["Ben"].page
    caught_up(ben)  # the last End turn may not have reached Ben's phone: a tap on it is stale
    power = ben.evaluate("ROOM.current.state.players.find(p => p.name === 'Cid').power")
    card(ben, "Cid").locator("button.record-for").click()
    card(ben, "Cid").locator(".acting-for").get_by_role("button", name="+1", exact=True).click()
    for phone in phones.values():
        cid = "ROOM.current.state.players.find(p => p.name === 'Cid')"
        until(phone.page, f"{cid}.power === {power + 1}")
    phones["Ana"].page.locator("#history li", has_text="Ben: Cid gained 1 power").wait_for()
    phones["Cid"].page.locator("#history li", has_text="Ben：Cid が 1 パワーを得ました").wait_for()
    card(ben, "Cid").locator("button.record-for").wait_for(timeout=SEEN_WITHIN_MS)  # closed
    phones["Cid"].shot("play-sf-recorded-by-ja")
    # Ben and Cid draw their last cards (each on their own phone): Ana wins.
    for name in ("Ben", "Cid"):
        page = phones[name].page
        caught_up(page)
        card(page, name).locator(".row").last.locator("button").last.click()  # Drew the last card
        until(page, f"ROOM.current.state.players.find(p => p.name === '{name}').decked")
    for phone in phones.values():
        phone.page.locator("#winner", has_text="Ana").wait_for(timeout=SEEN_WITHIN_MS)
        assert phone.page.locator("#players .row button").count() == 0  # the game is over
        phone.shot(f"play-sf-won-{phone.name}")
    assert "の勝利" in phones["Cid"].page.locator("#winner").inner_text()
    # Scrolled down, the winner stays on screen below the status line, not under it.
    for phone in phones.values():
        phone.page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        until(phone.page, BANNER_SEEN)
    no_serious(phones, "at the end")
    for phone in phones.values():
        phone.check_no_errors()


def test_a_clockwork_draft_on_two_phones_into_its_match(server: str, browser: Any) -> None:
    ana = Phone(browser, "Ana", bypass_csp=True)
    ben = Phone(browser, "Ben", bypass_csp=True, color_scheme="dark", locale="ja-JP")
    phones = {"Ana": ana, "Ben": ben}
    open_room(server, [ana, ben], "draft:puzzle-strike")
    for phone in phones.values():
        phone.page.wait_for_selector("#pool button")
    no_serious(phones, "at the start")
    shot_waiting = False
    while not ana.page.evaluate("ROOM.current.state.done"):
        turn = ana.page.evaluate("ROOM.current.state.turn")
        on, off = (ana, ben) if turn == "Ana" else (ben, ana)
        page = on.page
        until(page, "ROOM.current.state.turn === ROOM.current.state.you")
        taken = page.evaluate("ROOM.current.state.picks_made")
        # The phone not picking shows no Pick button, even with an item open.
        off.page.locator("#pool button:not(.empty)").first.click()
        off.page.locator("#pool-detail h3").wait_for(timeout=SEEN_WITHIN_MS)
        assert off.page.locator("#pick").count() == 0
        if not shot_waiting:
            shot_waiting = True
            off.shot(f"play-draft-waiting-{off.name}")
            on.shot(f"play-draft-picking-{on.name}")
        page.locator("#pool button:not(.empty)").first.click()
        page.locator("#pick").click()
        for phone in phones.values():
            until(phone.page, f"ROOM.current.state.picks_made > {taken}")
    ben.page.locator("#status p.big", has_text="ドラフト終了").wait_for(timeout=SEEN_WITHIN_MS)
    ana.page.locator("#status p.big", has_text="The draft is done").wait_for()
    no_serious(phones, "when done")
    ana.shot("play-draft-done-Ana")
    ben.shot("play-draft-done-Ben")
    draft_url = ana.page.url
    ana.page.locator("#carry").click()
    ana.page.wait_for_url(lambda url: url != draft_url)
    ben.page.locator("#carry", has_text=re.compile("対戦へ進む")).click()
    ben.page.wait_for_url(lambda url: url != draft_url)
    assert ben.page.url == ana.page.url
    ben.page.wait_for_selector("#piles .pile")
    for phone in phones.values():
        phone.check_no_errors()
