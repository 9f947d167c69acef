"""The organiser's page (issue 27, item 9) on phones: "Approve all" lets every waiting player
in; a table whose players reported different scores is flagged "reports differ: 2-1 / 1-2"
with the decision form beside it; "New phone" is folded away and asks first; the player's
page shows the decided result; the round clock counts the minutes left on the organiser's
page, on the projector and on the table's own page. Screenshots: organiser-*.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_accessibility import violations
from tests.browser.test_tournament_browser import WAIT_MS, api, enter_from_phone, take_seat
from tests.phones import CHROMIUM, PHONE, SHOTS

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def test_disputed_reports_are_flagged_and_decided_on_the_organisers_page(
    server: str, browser: Any
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    org = browser.new_context(**PHONE, color_scheme="dark", bypass_csp=True).new_page()
    cat = browser.new_context(**PHONE, locale="ja-JP", bypass_csp=True).new_page()
    dan = browser.new_context(**PHONE).new_page()
    for page in (org, cat, dan):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    org.goto(server + "/")
    made = api(org, "POST", f"{server}/api/tournaments",
               {"name": "Friday Strike", "rounds": 1, "round_minutes": 50})  # fmt: skip
    tid = made["tournament_id"]
    org.goto(made["organiser_url"])
    enter_url = made["enter_url"] if "enter_url" in made else f"{server}/t/{tid}/enter"
    enter_from_phone(cat, enter_url, "Cat")
    enter_from_phone(dan, enter_url, "Dan")

    org.click("#approve-all:has-text('Approve all (2)')", timeout=WAIT_MS)
    org.wait_for_selector("#players li.active:has-text('Cat')", timeout=WAIT_MS)
    org.wait_for_selector("#players li.active:has-text('Dan')", timeout=WAIT_MS)
    assert org.locator("#approve-all").count() == 0
    org.click("#next-round:has-text('Start round 1')", timeout=WAIT_MS)
    org.wait_for_selector("#round-title:has-text('min left')", timeout=WAIT_MS)
    assert "1 Swiss round" in org.inner_text("#summary")

    token = {"X-Organiser-Token": made["organiser_url"].rsplit("/", 1)[1]}
    table = api(org, "GET", f"{server}/api/tournaments/{tid}", headers=token)["rounds"][0]
    table = table["tables"][0]
    where = f"{server}/api/tournaments/{tid}/rounds/1/tables/{table['table']}/report"
    first, second = (cat, dan) if table["a"]["name"] == "Cat" else (dan, cat)
    api(first, "POST", where, {"wins_a": 2, "wins_b": 1, "draws": 0})
    api(second, "POST", where, {"wins_a": 1, "wins_b": 2, "draws": 0})
    line = org.locator(f"li.disputed[data-table='{table['table']}']")
    line.wait_for(timeout=WAIT_MS)
    assert "reports differ: 2-1 / 1-2" in line.inner_text()
    assert line.locator("form.result-form").count() == 1  # the decision form beside it
    # "New phone" is folded below the form, and asks before it locks a phone out.
    fold = line.locator("details.new-phones-fold")
    assert not fold.evaluate("(d) => d.open")
    form_box, fold_box = line.locator("form.result-form").bounding_box(), fold.bounding_box()
    assert form_box and fold_box and fold_box["y"] > form_box["y"] + form_box["height"]
    fold.locator("summary").click()
    asked: list[str] = []

    def dismiss(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    org.once("dialog", dismiss)
    fold.locator("button[data-new-phone='Cat']").click()
    org.wait_for_timeout(300)
    assert asked and "new phone" in asked[0]
    assert fold.locator(".handed").count() == 0  # dismissed: no seat handed over
    org.screenshot(path=str(SHOTS / "organiser-disputed-dark.png"), full_page=True)
    assert violations(org) == []

    form = line.locator("form.result-form")
    form.locator("input[name=wins_a]").fill("2")
    form.locator("input[name=wins_b]").fill("1")
    form.locator("button").click()
    org.wait_for_selector(f"li[data-table='{table['table']}'] .result.done", timeout=WAIT_MS)
    cat.goto(f"{server}/t/{tid}")
    cat.wait_for_selector("#your-result", timeout=WAIT_MS)
    shown = cat.inner_text("#your-result")
    assert "結果" in shown and "2–1" in shown and "主催者" in shown, shown  # Japanese, decided
    assert "50分" in cat.inner_text("#summary")
    cat.screenshot(path=str(SHOTS / "organiser-player-result-ja.png"), full_page=True)
    assert violations(cat) == []
    projector = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    projector.goto(f"{server}/t/{tid}/standings")
    projector.wait_for_selector("table.standings tbody tr", timeout=WAIT_MS)
    assert errors == [], errors


def test_the_projector_shows_the_round_clock(server: str, browser: Any) -> None:
    org = browser.new_context(**PHONE).new_page()
    org.goto(server + "/")
    made = api(org, "POST", f"{server}/api/tournaments",
               {"name": "Clock", "players": ["Ana", "Ben"], "round_minutes": 30})  # fmt: skip
    token = {"X-Organiser-Token": made["organiser_url"].rsplit("/", 1)[1]}
    tid = made["tournament_id"]
    api(org, "POST", f"{server}/api/tournaments/{tid}/rounds", {"round": 1}, headers=token)
    projector = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    projector.goto(f"{server}/t/{tid}/standings")
    projector.wait_for_selector("#round-title:has-text('min left')", timeout=WAIT_MS)
    projector.screenshot(path=str(SHOTS / "organiser-projector-clock.png"))
    # ...and the table's own page, at its footer's event line.
    table = api(org, "GET", f"{server}/api/tournaments/{tid}", headers=token)["rounds"][0]
    seat = browser.new_context(**PHONE, locale="ja-JP").new_page()
    take_seat(seat, table["tables"][0]["seat_urls"][0])
    seat.wait_for_selector("#round-clock:has-text('ラウンド終了')", timeout=WAIT_MS)
    seat.locator("#event").scroll_into_view_if_needed()
    seat.screenshot(path=str(SHOTS / "organiser-table-clock-ja.png"))
