"""seats.js draws another player's folded controls with the pages' view library only
(#27): recordFor and ownedControl return Preact views, never DOM nodes from the old `el`
builder, which a caller forgetting to pass `h` would have put into a Preact tree."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_rooms import shadowfist_pair
from tests.phones import CHROMIUM

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")
DRAWN = """async () => {
  const seats = await import("/static/seats.js");
  const drawn = [
    seats.recordFor(ROOM.current, "test:folded", "Ben", () => null),
    seats.ownedControl(ROOM.current, "player:Ben", "Ben", () => null),
  ];
  return drawn.map((v) => ({ node: v instanceof Node, type: v.type, cls: v.props?.class }));
}"""


def test_record_for_and_owned_control_draw_views(server: str, browser: Any) -> None:
    on, other = shadowfist_pair(server, browser)
    page = on.page if on.name == "Ana" else other.page  # Ana's phone: Ben's controls fold
    drawn = page.evaluate(DRAWN)
    assert drawn == [{"node": False, "type": "button", "cls": "record-for"}] * 2
    for phone in (on, other):
        phone.check_no_errors()
