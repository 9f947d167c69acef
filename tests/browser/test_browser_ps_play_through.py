"""Puzzle Strike played through on phones (#27 "Done when"), at 390 x 844: two phones
(light and Japanese) to the end of a best-of-3 match, and a 3rd-edition free-for-all on
three phones (light, dark, Japanese) to the end of a game. At every step the phones that are
not on turn show none of another player's controls (unless opened on purpose), and axe finds
nothing serious on any phone, mid-game and at the end. The tournament table and the shared
phone are played in test_browser_off_turn.py and test_browser_shared_phone.py.
Screenshots: $STRIKEKIT_SHOTS/ps-pt-*.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_accessibility import violations
from tests.browser.test_browser_own_controls import turn_and_other
from tests.browser.test_browser_puzzle_strike import Phone, choose, no_errors, start_match
from tests.phones import CHROMIUM, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")

FOREIGN = """(me) => {
  const turn = ROOM.current.state.table?.turn, found = [];
  const open = (b) => b.offsetParent && !b.disabled && !b.closest('.acting-for');
  for (const pile of document.querySelectorAll('#piles section.pile')) {
    if (pile.dataset.owner === me || turn === me) continue;  // the turn player adds anywhere
    for (const b of pile.querySelectorAll('button'))
      if (open(b) && !b.matches('.record-for')) found.push(pile.dataset.owner + ': ' + b.innerText);
  }
  if (turn !== me)
    for (const b of document.querySelectorAll('#actions button, #stack-detail button'))
      if (open(b)) found.push(b.textContent);
  for (const box of document.querySelectorAll('.acting-for')) found.push('open: ' + box.innerText);
  return found;
}"""


def only_own(phones: list[Phone]) -> None:
    """No phone shows another player's controls, once it has seen the latest table."""
    for phone in phones:
        until(phone.page, f"ROOM.current && ROOM.current.version >= {Phone.latest}")
        shown = phone.page.evaluate(FOREIGN, phone.name)
        assert shown == [], (phone.name, shown)


def no_serious(phones: list[Phone]) -> None:
    """axe finds no serious or critical violation on any phone."""
    for phone in phones:
        assert violations(phone.page) == [], phone.name


def step(name: str) -> str:
    """The bar's button for a step action, in any language (the same on every phone)."""
    return f"#next-step button[data-step='{name}']"


def yours(name: str) -> str:
    """The same button in a bar that asks this phone's own player."""
    return f"#next-step.mine button[data-step='{name}']"


def to_japanese(phone: Phone) -> None:
    """Switch the phone to Japanese (its saved language) and reload it."""
    phone.page.evaluate("localStorage.setItem('lang', 'ja')")
    phone.page.reload()
    phone.see("#piles .pile")
    phone.see("#next-step #next-line", "")


def crash_and_answer(on: Phone, target: Phone, gem: int) -> None:
    """The turn player crashes a gem at the target, who counter-crashes with a 2-gem."""
    on.select_gem(on.name, gem)
    pile = on.pile(on.name)
    crash = pile.locator("button", has_text=f"→ {target.name}")
    if not crash.count():
        crash = pile.get_by_role("button", name="Crash", exact=True)
    until(on.page, f"ROOM.current.version >= {Phone.latest}")
    version = on.version()
    crash.click()
    Phone.latest = on.settle(version)
    target.see(yours("counter"))


def test_two_phones_light_and_japanese_best_of_three(server: str, browser: Any) -> None:
    phones = [Phone(browser, "Ana", bypass_csp=True), Phone(browser, "Ben", bypass_csp=True)]
    start_match(server, phones)
    choose(phones, ["Grave", "Rook"])
    on, off = turn_and_other(phones)
    to_japanese(off)
    only_own(phones)
    no_serious(phones)
    on.act(step("ante"))
    on.add(on.name, 3)
    off.add(off.name, 2)  # its own pile, off turn
    only_own(phones)
    off.shot("pt-2p-off-turn-ja")
    crash_and_answer(on, off, 3)
    only_own(phones)
    no_serious(phones)
    off.shot("pt-2p-counter-ja")
    off.select_gem(off.name, 2)
    off.act(step("counter"))
    on.see("#history li", "counter-crashed a 2-gem")
    on.act(step("end_turn"))
    # The Japanese phone's turn: it antes and forfeits; the light phone watches.
    off.see(yours("ante"))
    only_own(phones)
    on.shot("pt-2p-off-turn-light")
    off.act(step("ante"))
    off.tap("#actions button")
    off.act("#actions button.danger")
    off.act(step("keep"))  # the loser's choice, in the bar
    for phone in phones:
        until(phone.page, "ROOM.current.state.phase === 'playing'")
    # Game 2: the loser plays first and ends a turn at 10: the game is lost (seed 000 l.324).
    off.act(step("ante"))
    off.add(off.name, 4, 4, 2)
    only_own(phones)
    off.tap(step("end_turn_at_ten"))
    off.act("#next-step button.danger")
    for phone in phones:
        phone.see("#status .winner")
        phone.see("#rematch")  # a casual table plays again
    assert on.name in on.page.locator("#status .winner").inner_text()
    for phone in phones:  # nobody's turn any more: no pile marked as on turn
        assert phone.page.locator("#piles section.pile.turn").count() == 0, phone.name
    only_own(phones)
    no_serious(phones)
    on.shot("pt-2p-won-light")
    off.shot("pt-2p-lost-ja")
    no_errors(phones)


def test_free_for_all_on_three_phones_to_the_end(server: str, browser: Any) -> None:
    phones = [
        Phone(browser, "Ana", bypass_csp=True),
        Phone(browser, "Ben", color_scheme="dark", bypass_csp=True),
        Phone(browser, "Cid", bypass_csp=True),
    ]
    phones[2].page.add_init_script("localStorage.setItem('lang', 'ja')")
    start_match(server, phones)
    choose(phones, ["Grave", "Rook", "Lum"])
    assert phones[0].page.evaluate("ROOM.current.state.edition") == 3
    turn = phones[0].page.evaluate("ROOM.current.state.table.turn")
    on = next(p for p in phones if p.name == turn)
    others = [p for p in phones if p is not on]
    only_own(phones)
    on.act(step("ante"))
    on.add(on.name, 3)
    for phone in others:
        phone.add(phone.name, 2)
    crash_and_answer(on, others[0], 3)
    only_own(phones)
    no_serious(phones)
    for phone in phones:
        phone.shot(f"pt-ffa-in-the-air-{phone.name}")
    others[0].act(step("land"))
    # Each other player in turn order may counter-crash for the target (seed 000 l.328).
    for _ in range(len(phones)):
        mine = yours("land")
        deciding = [p for p in phones if p.page.locator(mine).count()]
        if not deciding:
            break
        deciding[0].act(step("land"))
    on.see(yours("end_turn"))
    on.act(step("end_turn"))
    following = phones[0].page.evaluate("ROOM.current.state.table.turn")
    nxt = next(p for p in phones if p.name == following)
    nxt.see(yours("ante"))
    nxt.act(step("ante"))
    nxt.add(nxt.name, 4, 4)
    only_own(phones)
    nxt.tap(step("end_turn_at_ten"))
    nxt.act("#next-step button.danger")
    for phone in phones:
        phone.see("#status .winner")
        assert phone.page.locator("#piles section.pile.turn").count() == 0, phone.name
    only_own(phones)
    no_serious(phones)
    for phone in phones:
        phone.shot(f"pt-ffa-end-{phone.name}")
    no_errors(phones)
