"""Refusals on a Japanese phone (issue 27, item 11): what the server refuses is said with a
word key, and every page shows it in the phone's language, not the server's English. Each
case is met the way a player meets it: two same names on the home page's start form, a seat
another phone took a moment earlier on the join page, a pinned chip the sets do not have on
the bank page, a name already entered on a tournament's entry page. Screenshots:
refusal-*-ja.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_tournament_browser import WAIT_MS, api
from tests.phones import CHROMIUM, PHONE, SHOTS

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def japanese_phone(browser: Any, dark: bool = False) -> Any:
    """Return a page of a phone whose language is Japanese (as the language switch leaves it)."""
    context = browser.new_context(**PHONE, color_scheme="dark" if dark else "light")
    page = context.new_page()
    page.add_init_script("localStorage.setItem('lang', 'ja')")
    return page


def error_text(page: Any, selector: str) -> str:
    """Wait for an error line to say something and return it."""
    page.wait_for_selector(f"{selector}:not(:empty)", timeout=WAIT_MS)
    text: str = page.inner_text(selector)
    return text


def test_the_home_page_says_a_refused_start_in_japanese(server: str, browser: Any) -> None:
    page = japanese_phone(browser)
    page.goto(server + "/")
    page.fill("input[name=p1]", "Ana")
    page.fill("input[name=p2]", "ana")
    page.click("#start button[type=submit]")
    said = error_text(page, "#start-error")
    assert "同じ名前" in said and "must" not in said, said
    page.locator("#start-error").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "refusal-home-ja.png"))


def test_the_join_page_says_a_seat_just_taken_in_japanese(server: str, browser: Any) -> None:
    host = browser.new_context(**PHONE).new_page()
    host.goto(server + "/")
    made = api(host, "POST", f"{server}/api/matches", {"players": ["Ana", "Ben"], "seat": 0})
    late = japanese_phone(browser, dark=True)
    late.goto(made["join_url"])
    late.wait_for_selector("#seats button:has-text('Ben')")
    quick = browser.new_context(**PHONE).new_page()
    quick.goto(made["join_url"])
    quick.click("#seats button:has-text('Ben')")
    quick.wait_for_url("**/m/**")
    late.click("#seats button:has-text('Ben')")  # drawn before Ben's seat was taken
    said = error_text(late, "#join-error")
    assert said == "Ben の席はもう使われています", said
    late.screenshot(path=str(SHOTS / "refusal-join-ja.png"), full_page=True)


def test_the_bank_page_says_an_impossible_bank_in_japanese(server: str, browser: Any) -> None:
    page = japanese_phone(browser)
    page.goto(server + "/bank")
    page.fill("input[name=pin]", "Nothing Such")
    page.click("#options button[type=submit]")
    said = error_text(page, "#bank-error")
    assert said == "これらのセットにパズルチップ 'Nothing Such' はありません", said
    page.locator("#bank-error").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "refusal-bank-ja.png"))


def test_a_tournament_entry_says_a_taken_name_in_japanese(server: str, browser: Any) -> None:
    org = browser.new_context(**PHONE).new_page()
    org.goto(server + "/")
    made = api(org, "POST", f"{server}/api/tournaments", {"name": "Friday Strike", "rounds": 1})
    enter_url = made.get("enter_url") or f"{server}/t/{made['tournament_id']}/enter"
    first = browser.new_context(**PHONE).new_page()
    first.goto(enter_url)
    first.fill("#enter input[name=name]", "Cat")
    first.click("#enter button[type=submit]")
    first.wait_for_url("**/t/*")
    page = japanese_phone(browser)
    page.goto(enter_url)
    page.fill("#enter input[name=name]", "Cat")
    page.click("#enter button[type=submit]")
    said = error_text(page, "#error")
    assert said.startswith("'Cat' はもう参加しています"), said
    page.screenshot(path=str(SHOTS / "refusal-tournament-ja.png"), full_page=True)
