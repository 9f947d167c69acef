"""Time-over at a tournament Flash Duel table, played on two phones in Debian's Chromium
(issue #26, item 1): each phone enters its own hand; the phone that is not on turn sees
whose hand is still awaited and never the other's cards, and the round is settled when both
are in (seed 002 l.111-113). Screenshots: time-over-*.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_tournament_browser import act, api, take_seat
from tests.phones import CHROMIUM, PHONE, SEEN_WITHIN_MS, Phone, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def duel_round_one(server: str, browser: Any) -> tuple[Any, str, dict[str, Any]]:
    """Open a Flash Duel tournament of Ana (Grave) and Ben (Rook) and its round 1 from the
    organiser's phone; return that phone, the tournament id and the one table."""
    org = browser.new_context(**PHONE).new_page()
    org.goto(server + "/tournaments/new")
    config = {"name": "Duel Cup", "rounds": 1, "game": "flash-duel", "mode": "full", "seed": 7}
    made = api(org, "POST", f"{server}/api/tournaments", config)
    tid, token = made["tournament_id"], {"X-Organiser-Token": made["organiser_url"].rsplit("/")[-1]}
    for name, character in (("Ana", "grave"), ("Ben", "rook")):
        api(org, "POST", f"{server}/api/tournaments/{tid}/players",
            {"name": name, "character": character}, token)  # fmt: skip
    api(org, "POST", f"{server}/api/tournaments/{tid}/rounds", {"round": 1}, token)
    rounds = api(org, "GET", f"{server}/api/tournaments/{tid}", headers=token)["rounds"]
    return org, tid, rounds[-1]["tables"][0]


def test_each_phone_shows_its_own_hand_at_a_tournament_time_over(server: str, browser: Any) -> None:
    _, _, table = duel_round_one(server, browser)
    phones = {}
    match_id = ""
    looks = (
        {"color_scheme": "light", "locale": "en-US"},
        {"color_scheme": "dark", "locale": "ja-JP"},
    )
    for side, url, look in zip(("a", "b"), table["seat_urls"], looks, strict=True):
        phone = Phone(browser, table[side]["name"], **look)  # player b: dark, in Japanese
        match_id = take_seat(phone.page, url)
        phones[phone.name] = phone
    first = next(iter(phones.values()))
    seen = first.state(server, match_id)["state"]
    turn = seen["turn"]
    other = next(name for name in phones if name != turn)
    while seen["deck"] > 0:  # the turn player draws the last card
        act(phones[turn].page, server, match_id, {"type": "draw", "count": min(10, seen["deck"])})
        seen = first.state(server, match_id)["state"]
    waiting = phones[other]  # the phone that is not on turn
    waiting.page.wait_for_selector("#show-hand", timeout=SEEN_WITHIN_MS)
    assert not waiting.page.locator("#time-over").count()  # no form for every hand
    assert waiting.page.locator("[data-hand]").count() == 1  # its own hand only
    waiting.shot("time-over-own-hand-empty")
    phones[table["b"]["name"]].shot("time-over-own-hand-dark-ja")
    # The turn player shows first; the other phone sees that it is in, not what it holds.
    on_turn = phones[turn]
    on_turn.page.wait_for_selector("#show-hand", timeout=SEEN_WITHIN_MS)
    on_turn.page.fill(f"[data-hand='{turn}']", "3 5")
    on_turn.page.click("#show-hand")
    on_turn.page.wait_for_selector("#my-hand", timeout=SEEN_WITHIN_MS)
    until(on_turn.page, "ROOM.current.state.next_step.say === 'fd_hand_shown'")
    awaited = "document.getElementById('hands-waiting')?.textContent"
    until(waiting.page, f"{awaited}.endsWith('{other}')")
    assert "3 5" not in waiting.page.inner_text("main")
    waiting.shot("time-over-waiting-for-my-hand")
    waiting.page.fill(f"[data-hand='{other}']", "1")
    waiting.page.click("#show-hand")
    for phone in phones.values():
        until(phone.page, "ROOM.current && ROOM.current.state.round_over")
        assert not phone.page.locator("#show-hand").count()
    waiting.shot("time-over-settled")
    for phone in phones.values():
        phone.check_no_errors()
