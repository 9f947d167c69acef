"""Who may do what, played on phones (issue #17): four phones choosing characters in the same
50 ms all count; a tournament player's second phone cannot take the opponent's seat; a
double tap on Start opens one match."""

from __future__ import annotations

import time
import urllib.parse
from typing import Any

import pytest
from flask import Flask

from tests.browser.test_browser_puzzle_strike import Phone, no_errors, start_match
from tests.browser.test_tournament_browser import api, enter_from_phone
from tests.helpers import stored
from tests.phones import CHROMIUM, PHONE, SEEN_WITHIN_MS, SHOTS, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def test_four_phones_choosing_in_the_same_50_ms_all_count(server: str, browser: Any) -> None:
    phones = [Phone(browser, name) for name in ("Ana", "Ben", "Cid", "Dee")]
    start_match(server, phones)
    for phone in phones:
        phone.see("#choose button")
    at = int(time.time() * 1000) + 800  # one moment on every phone's clock
    for phone, character in zip(phones, ["Grave", "Rook", "Jaina", "Midori"], strict=True):
        phone.page.evaluate(
            """([at, name]) => {
              const button = [...document.querySelectorAll('#choose button')]
                .find((b) => b.textContent.includes(name));
              setTimeout(() => button.click(), at - Date.now());
            }""",
            [at, character],
        )
    for phone in phones:
        phone.see("#piles .pile")
        shown = phone.page.evaluate("document.getElementById('message').textContent")
        assert "changed" not in shown, (phone.name, shown)
    history = phones[0].page.evaluate("ROOM.current.history.map((h) => h.text)")
    assert sum(1 for line in history if "chose a character" in line) == 4, history
    phones[0].shot("four-choices-at-once")
    no_errors(phones)


def round_one(server: str, browser: Any) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    """Open a two-player tournament and its round 1 from the organiser's phone; return that
    phone, the tournament's links and its one table as the organiser sees it."""
    org = browser.new_context(**PHONE).new_page()
    org.goto(server + "/tournaments/new")
    made = api(org, "POST", f"{server}/api/tournaments", {
        "name": "Seat Cup", "rounds": 1, "players": ["Ana", "Ben"], "seed": 1})  # fmt: skip
    tid, token = made["tournament_id"], {"X-Organiser-Token": made["organiser_url"].rsplit("/")[-1]}
    api(org, "POST", f"{server}/api/tournaments/{tid}/rounds", {"round": 1}, token)
    rounds = api(org, "GET", f"{server}/api/tournaments/{tid}", headers=token)["rounds"]
    return org, made, rounds[-1]["tables"][0]


def test_a_second_phone_cannot_take_the_opponents_tournament_seat(
    server: str, browser: Any
) -> None:
    org, made, table = round_one(server, browser)
    mine, theirs = table["seat_urls"]
    other_seat = table["seats"][1]
    second = browser.new_context(**PHONE).new_page()
    # Player a's second phone edits a's own link to point at b's seat.
    link = urllib.parse.urlsplit(mine)
    forged = f"{server}/ts/{link.path.split('/')[2]}/{other_seat}?{link.query}"
    second.goto(forged)
    second.click("#take-seat")
    second.wait_for_selector("#error:has-text('kept for')", timeout=SEEN_WITHIN_MS)
    assert "/m/" not in second.url
    SHOTS.mkdir(parents=True, exist_ok=True)
    second.screenshot(path=str(SHOTS / "seat-refused.png"))
    # b's own slip still takes b's seat.
    b = browser.new_context(**PHONE).new_page()
    b.goto(theirs)
    b.click("#take-seat")
    b.wait_for_url("**/m/**")
    until(b, "ROOM.current && ROOM.current.state.you", SEEN_WITHIN_MS)
    assert b.evaluate("ROOM.current.state.you") == table["b"]["name"]


def test_a_double_tap_on_start_opens_one_match(app: Flask, server: str, browser: Any) -> None:
    page = browser.new_context(**PHONE).new_page()
    page.goto(server + "/")
    page.fill("#start input[name=p1]", "Ana")
    page.fill("#start input[name=p2]", "Ben")
    page.dblclick("#start button[type=submit]")
    page.wait_for_selector("#started:not([hidden])")
    page.wait_for_timeout(500)  # a second request, had one been sent, has landed by now
    assert stored(app)["matches"] == 1


def test_the_organiser_hands_a_seat_over_and_undoes_from_the_page(
    server: str, browser: Any
) -> None:
    org, made, table = round_one(server, browser)
    phones = {}
    for side, url in zip(("a", "b"), table["seat_urls"], strict=True):
        page = browser.new_context(**PHONE).new_page()
        page.goto(url)
        page.click("#take-seat")
        page.wait_for_url("**/m/**")
        phones[table[side]["name"]] = page
    org.goto(made["organiser_url"])
    b_name = table["b"]["name"]
    # "New phone" is folded below the result form and asks first (#27 item 9).
    org.click(f"li[data-table='{table['table']}'] details.new-phones-fold summary")
    org.once("dialog", lambda dialog: dialog.accept())
    org.click(f"[data-new-phone='{b_name}']")
    org.wait_for_selector(".handed img.qr", timeout=SEEN_WITHIN_MS)
    link = org.locator(".handed a").first.get_attribute("href")
    assert link and "claim=" in link
    org.click("[data-undo-table]")
    org.wait_for_selector(".table-undo span:has-text('nothing to undo')", timeout=SEEN_WITHIN_MS)
    SHOTS.mkdir(parents=True, exist_ok=True)
    org.screenshot(path=str(SHOTS / "tournament-organiser-table-tools.png"), full_page=True)
    until(phones[table["a"]["name"]], "ROOM.current && ROOM.current.history.some("
          "(l) => l.text.includes('the organiser handed'))", SEEN_WITHIN_MS)  # fmt: skip
    new = browser.new_context(**PHONE).new_page()  # Ben's new phone
    new.goto(link)
    new.click("#take-seat")
    new.wait_for_url("**/m/**")
    until(new, "ROOM.current && ROOM.current.state.you", SEEN_WITHIN_MS)
    assert new.evaluate("ROOM.current.state.you") == b_name


def test_two_players_report_the_same_score_from_their_phones(server: str, browser: Any) -> None:
    org = browser.new_context(**PHONE).new_page()
    org.goto(server + "/tournaments/new")
    made = api(org, "POST", f"{server}/api/tournaments", {"name": "Report Cup", "rounds": 1})
    tid, token = made["tournament_id"], {"X-Organiser-Token": made["organiser_url"].rsplit("/")[-1]}
    players = {}
    for name in ("Ana", "Ben"):
        page = browser.new_context(**PHONE).new_page()
        enter_from_phone(page, made["enter_url"], name)
        players[name] = page
    for entry in api(org, "GET", f"{server}/api/tournaments/{tid}", headers=token)["players"]:
        api(org, "POST", f"{server}/api/tournaments/{tid}/players/{entry['id']}/approve", {},
            token)  # fmt: skip
    api(org, "POST", f"{server}/api/tournaments/{tid}/rounds", {"round": 1}, token)
    for name, page in players.items():
        page.wait_for_selector("#report button", timeout=SEEN_WITHIN_MS)
        table = page.locator("#report label span").all_inner_texts()
        page.locator("#report input[name=wins_a]").fill("2" if table[0] == "Ana" else "0")
        page.locator("#report input[name=wins_b]").fill("0" if table[0] == "Ana" else "2")
        page.click("#report button")
        if name == "Ana":
            page.wait_for_selector("#report-note:has-text('waiting for Ben')",
                                   timeout=SEEN_WITHIN_MS)  # fmt: skip
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "tournament-report-waiting.png"), full_page=True)
    seen = api(org, "GET", f"{server}/api/tournaments/{tid}", headers=token)
    result = seen["rounds"][-1]["tables"][0]
    assert result["source"] == "players" and result["result"]["draws"] == 0
    winner = result["a"]["name"] if result["result"]["wins_a"] == 2 else result["b"]["name"]
    assert winner == "Ana"
