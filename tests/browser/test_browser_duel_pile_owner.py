"""The draw pile at a tournament Flash Duel table is the turn player's (issue #26, item 1):
played on two phones, the phone not on turn showed "I drew 1" and "1 back on the pile",
which the server refuses there (a phone off turn could empty the pile and force
time-over). That phone keeps "I discarded 1" (its own hand). Screenshot:
duel-pile-not-on-turn.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_time_over_hands import duel_round_one
from tests.browser.test_tournament_browser import take_seat
from tests.phones import CHROMIUM, SEEN_WITHIN_MS, Phone

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def test_only_the_turn_players_phone_corrects_the_pile(server: str, browser: Any) -> None:
    _, _, table = duel_round_one(server, browser)
    phones = {}
    match_id = ""
    for side, url in zip(("a", "b"), table["seat_urls"], strict=True):
        phone = Phone(browser, table[side]["name"])
        match_id = take_seat(phone.page, url)
        phones[phone.name] = phone
    turn = next(iter(phones.values())).state(server, match_id)["state"]["turn"]
    waiting = next(p for name, p in phones.items() if name != turn)
    for phone in phones.values():
        phone.page.wait_for_selector("[data-discard]", timeout=SEEN_WITHIN_MS)
    assert phones[turn].page.locator("[data-draw]").count() == 2  # I drew 1, 1 back
    assert waiting.page.locator("[data-draw]").count() == 0
    assert waiting.page.locator("[data-discard]").count() == 1  # its own hand
    waiting.shot("duel-pile-not-on-turn")
    for phone in phones.values():
        phone.check_no_errors()
