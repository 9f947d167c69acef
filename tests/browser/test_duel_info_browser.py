"""Flash Duel phones (issue 27, item 10): each character's ability cards readable while it is
picked (the catalog's text), the dark-mode track keeps dark spaces darker than the others, and
the teammate who may dashing block is told so in the bar. Screenshots: duel-info-*.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_duel import Phone, no_errors, open_table, running
from tests.browser.test_browser_duel_choosing import open_blind_table
from tests.browser.test_browser_rooms import caught_up
from tests.phones import CHROMIUM, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


BEHIND = """(s) => {
  let n = document.querySelector(s).parentElement;
  while (n.parentElement && getComputedStyle(n).backgroundColor === 'rgba(0, 0, 0, 0)')
    n = n.parentElement;
  return getComputedStyle(n).backgroundColor;
}"""
"""The colour a space sits on: its first ancestor with a background."""


def rgba(text: str) -> list[float]:
    """Read 'rgb(1, 2, 3)' or 'rgba(1, 2, 3, 0.5)' as [r, g, b, alpha]."""
    values = [float(x) for x in text[text.index("(") + 1 : -1].split(",")]
    return values + [1.0] * (4 - len(values))


def shade(page: Any, selector: str) -> float:
    """Return how light a space looks over what it sits on (0 black, 255 white)."""
    own = rgba(page.evaluate("(s) => getComputedStyle(document.querySelector(s))"
                             ".backgroundColor", selector))  # fmt: skip
    base = rgba(page.evaluate(BEHIND, selector))
    a = own[3]
    return sum(c * a + d * (1 - a) for c, d in zip(own[:3], base[:3], strict=True)) / 3


def test_the_picker_shows_the_ability_cards_and_the_dark_track_keeps_dark_spaces_dark(
    request: pytest.FixtureRequest,
) -> None:
    url, chromium = running(request)
    ana, ben = Phone(chromium, "Ana"), Phone(chromium, "Ben", dark=True, ja=True)
    open_blind_table(url, ana, ben)
    ana.page.select_option("#choose #character", "grave")
    ana.see("#pick-abilities h3", "Grave")
    names = ana.page.evaluate(
        "ROOM.current.state.choosing.options.find((o) => o.id === 'grave')"
        ".abilities.map((a) => a.name)"
    )
    for name in names:
        ana.see("#pick-abilities li", name)
    ana.page.select_option("#choose #character", "rook")
    ana.see("#pick-abilities h3", "Rook")
    ana.shot("info-picker")
    ben.see("#pick-abilities h3", "Grave")  # the first character, in its catalog words
    ben.shot("info-picker-dark-ja")
    no_errors([ana, ben])


def test_dark_spaces_stay_darker_in_dark_mode(request: pytest.FixtureRequest) -> None:
    url, chromium = running(request)
    for dark in (False, True):
        ana = Phone(chromium, "Ana", dark=dark)
        ben = Phone(chromium, "Ben", dark=dark)
        open_table(url, [ana, ben], "full")
        darker = shade(ana.page, "#track .space.dark")
        plain = shade(ana.page, "#track .space:not(.dark)")
        assert darker < plain, (dark, darker, plain)
        ana.shot(f"info-track-{'dark' if dark else 'light'}")


def test_the_teammate_who_may_dashing_block_is_told_so(request: pytest.FixtureRequest) -> None:
    url, chromium = running(request)
    phones = [Phone(chromium, n) for n in ("Ana", "Ben", "Cat", "Dan")]
    open_table(url, phones, "team-battle")
    ana, ben, cat, dan = phones
    # Cat behind Ana, Ben in reach of Ana: Ben attacks Ana, Cat's phone is told it may help.
    ben.page.evaluate(
        "import('/static/room.js').then(async (room) => {"
        " for (const [p, s] of [['Cat', 5], ['Ana', 8], ['Ben', 11], ['Dan', 15]])"
        "   await room.roomAct({type: 'place', player: p, space: s}); })"
    )
    until(ben.page, "ROOM.current.state.fighters.find((f) => f.name === 'Ben').position === 11")
    turn = ben.page.evaluate("ROOM.current.state.turn")
    while turn != "Ben":
        phone = next(p for p in phones if p.name == turn)
        until(phone.page, f"ROOM.current.state.turn === '{turn}'")
        caught_up(phone.page)  # a tap on an older table is refused as stale, as it should be
        phone.page.evaluate(
            "import('/static/room.js').then((room) => room.roomAct("
            "{type: 'end_turn', turn: ROOM.current.state.turn_no}))"
        )
        until(phone.page, f"ROOM.current.state.turn !== '{turn}'")
        turn = phone.page.evaluate("ROOM.current.state.turn")
    caught_up(ben.page)
    ben.page.evaluate(
        "import('/static/room.js').then((room) => room.roomAct("
        "{type: 'attack', player: 'Ben', target: 'Ana', cards: [3]}))"
    )
    cat.see("#next-step.mine #next-line", "Ben attacks Ana: you may dashing block")
    cat.see("#next-step button", "Dashing block")
    dan.see("#next-step:not(.mine) #next-line", "Waiting for Ana to answer Ben")
    cat.shot("info-dashing-block-cat")
    no_errors(phones)
