"""The public standings page (/t/<id>/standings) on a phone: the round's bank line and its
tables stack in one column at 390 px (side by side they were cramped, the play-test's note),
in light, dark and Japanese; a wide projector screen keeps its two columns."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_accessibility import VARIANTS
from tests.phones import CHROMIUM, PHONE, SHOTS, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def started_event(page: Any, base: str) -> str:
    """Make an 8-player event with one random bank a round, start round 1; return its id."""
    players = ["Ana", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    headers = {"X-CSRF-Token": cookies.get("csrf", ""), "Content-Type": "application/json"}
    body = {
        "name": "Friday Strike",
        "players": players,
        "bank": {"policy": "round"},
        "sets": ["base-2e"],
        "seed": 7,
    }  # 2e: the bank is shown at once
    made = page.request.post(f"{base}/api/tournaments", data=body, headers=headers)
    assert made.ok, made.text()
    tid = made.json()["tournament_id"]
    token = made.json()["organiser_url"].rsplit("/", 1)[1]
    started = page.request.post(f"{base}/api/tournaments/{tid}/rounds", data={"round": 1},
                                headers={**headers, "X-Organiser-Token": token})  # fmt: skip
    assert started.ok, started.text()
    return str(tid)


def boxes(page: Any, base: str, tid: str) -> tuple[dict[str, float], dict[str, float]]:
    """Open the standings page; return the bank line's and the tables' bounding boxes."""
    page.goto(f"{base}/t/{tid}/standings")
    until(page, "document.querySelectorAll('#round ul.tables li').length === 4")
    bank = page.locator("#round .bank").bounding_box()
    tables = page.locator("#round ul.tables").bounding_box()
    assert bank and tables
    return bank, tables


@pytest.mark.parametrize("variant", VARIANTS)
def test_bank_and_tables_stack_on_a_phone(server: str, browser: Any, variant: str) -> None:
    page = browser.new_context(**PHONE, **VARIANTS[variant]).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server + "/")
    tid = started_event(page, server)
    bank, tables = boxes(page, server, tid)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"tournament-standings-phone-{variant}.png"), full_page=True)
    assert tables["y"] >= bank["y"] + bank["height"] - 1, (bank, tables)  # below, not beside
    assert tables["width"] >= 0.9 * page.viewport_size["width"] - 40, tables  # the full width
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width  # nothing pushes the page sideways
    text = "#round li, table.standings td, .projector-round"
    sizes = page.evaluate(f"""[...document.querySelectorAll("{text}")]
        .map((n) => parseFloat(getComputedStyle(n).fontSize))""")
    assert min(sizes) >= 14, sizes  # readable on a phone (the projector's vw sizes were 8 px)
    assert errors == []


def test_a_projector_keeps_two_columns(server: str, browser: Any) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    page.goto(server + "/")
    tid = started_event(page, server)
    boxes(page, server, tid)
    page.screenshot(path=str(SHOTS / "tournament-standings-projector.png"), full_page=True)
    assert page.evaluate("getComputedStyle(document.getElementById('round')).columnCount") == "2"
