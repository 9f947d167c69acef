"""A 2-round, 4-player Puzzle Strike event in Debian's Chromium: the organiser's phone and two
players' phones. Two players are typed in, two join by the tournament's link and are
approved; the players take their seats from their phones; one table's result arrives from
the phones by itself, the others are entered on the organiser's page. Screenshots go to
output/screenshots/tournament-*.png for a person to look at."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest

from tests.phones import CHROMIUM, PHONE, SHOTS

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")
WAIT_MS = 8000


def api(page: Any, method: str, url: str, body: Any = None, headers: Any = None) -> Any:
    """Call the API from a phone (its cookies, its CSRF header)."""
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    sent = {"X-CSRF-Token": cookies.get("csrf", ""), **(headers or {})}
    if method == "GET":
        response = page.request.get(url, headers=sent)
    else:
        response = page.request.post(url, data=json.dumps(body), headers={
            **sent, "Content-Type": "application/json"})  # fmt: skip
    assert response.ok, (url, response.status, response.text())
    return response.json()


def act(page: Any, base: str, match_id: str, action: dict[str, Any]) -> None:
    """Post one action at a table from a seated phone."""
    version = api(page, "GET", f"{base}/api/matches/{match_id}/state")["version"]
    body = {"action": action, "base_version": version, "idempotency_key": uuid.uuid4().hex}
    api(page, "POST", f"{base}/api/matches/{match_id}/actions", body)


def play_to_the_end(base: str, match_id: str, first: Any, second: Any, loser: str) -> None:
    """Seat 0 (``loser``) overflows twice: seat 1 wins the match 2-0."""
    act(first, base, match_id, {"type": "choose", "character": "grave"})
    act(second, base, match_id, {"type": "choose", "character": "rook"})
    for game in range(2):
        for value in (4, 4, 2):
            act(first, base, match_id, {"type": "add_gem", "player": loser, "value": value})
        act(first, base, match_id, {"type": "ante"})
        act(first, base, match_id, {"type": "end_turn"})
        if game == 0:
            act(first, base, match_id, {"type": "losers_choice", "option": "keep"})


def take_seat(page: Any, url: str) -> str:
    """Open a seat link on a phone and tap 'Take my seat'; return the match id."""
    page.goto(url)
    page.click("#take-seat")
    page.wait_for_url("**/m/**")
    return str(page.url.rsplit("/m/", 1)[1])


def enter_from_phone(page: Any, enter_url: str, name: str) -> None:
    """A player scans the tournament's QR and asks to enter."""
    page.goto(enter_url)
    page.fill("#enter input[name=name]", name)
    page.click("#enter button[type=submit]")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".you", timeout=WAIT_MS)


def enter_result(org: Any, table: int, wins_a: int, wins_b: int) -> None:
    """The organiser types a table's result into its form."""
    form = org.locator(f"li[data-table='{table}'] form.result-form")
    form.locator("input[name=wins_a]").fill(str(wins_a))
    form.locator("input[name=wins_b]").fill(str(wins_b))
    form.locator("button").click()
    try:
        org.wait_for_selector(f"li[data-table='{table}'] .result.done", timeout=WAIT_MS)
    except Exception:
        org.screenshot(path=str(SHOTS / "tournament-debug.png"), full_page=True)
        raise AssertionError(org.inner_text("#round-error")) from None


def test_two_round_event_on_three_phones(server: str, browser: Any) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    org, cat, dan = (browser.new_context(**PHONE).new_page() for _ in range(3))
    for page in (org, cat, dan):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    org.goto(server + "/")
    org.click("a[href='/tournaments/new']")
    org.fill("input[name=name]", "Friday Strike")
    org.fill("textarea[name=players]", "Ana\nBen")
    org.fill("input[name=round_minutes]", "50")
    org.screenshot(path=str(SHOTS / "tournament-new.png"), full_page=True)
    org.click("#new-tournament button[type=submit]")
    org.wait_for_url("**/to/**")
    org.wait_for_selector("#enter-link[href*='/enter']", timeout=WAIT_MS)
    enter_url = org.get_attribute("#enter-link", "href")
    tid = org.url.split("/to/")[1].split("/")[0]
    token = {"X-Organiser-Token": org.url.rsplit("/", 1)[1]}

    enter_from_phone(cat, enter_url, "Cat")
    enter_from_phone(dan, enter_url, "Dan")
    assert "waiting" in cat.inner_text("#you")
    for name in ("Cat", "Dan"):
        org.click(f"#players li:has-text('{name}') button:has-text('Approve')", timeout=WAIT_MS)
        org.wait_for_selector(f"#players li.active:has-text('{name}')", timeout=WAIT_MS)
    org.screenshot(path=str(SHOTS / "tournament-organiser-players.png"), full_page=True)

    for number in (1, 2):
        org.wait_for_selector(f"#next-round:has-text('Start round {number}'):enabled",
                              timeout=WAIT_MS)  # fmt: skip
        org.click("#next-round")
        org.wait_for_selector(f"#round-title:has-text('Round {number}')", timeout=WAIT_MS)
        data = api(org, "GET", f"{server}/api/tournaments/{tid}", headers=token)
        tables = data["rounds"][-1]["tables"]
        play_round(server, tid, org, {"Cat": cat, "Dan": dan}, tables, browser, number)
    org.wait_for_selector("#next-round:has-text('over')", timeout=WAIT_MS)
    org.screenshot(path=str(SHOTS / "tournament-organiser.png"), full_page=True)
    check_standings(server, tid, browser, cat)
    assert not errors, errors


def play_round(base: str, tid: str, org: Any, phones: dict[str, Any], tables: list[Any],
               chromium: Any, number: int) -> None:  # fmt: skip
    """Table 1 plays on phones (players without one borrow a fresh phone); its result arrives
    by itself. The other table's result is entered by the organiser."""
    first = tables[0]
    seated = []
    for seat, who in enumerate((first["a"]["name"], first["b"]["name"])):
        page = phones.get(who)
        if page is not None:  # the player's own phone: their page offers their seat
            page.goto(f"{base}/t/{tid}")
            page.wait_for_selector("#you a.button", timeout=WAIT_MS)
            if number == 1:
                page.screenshot(path=str(SHOTS / f"tournament-player-{who}.png"), full_page=True)
            page.click("#you a.button")
            page.click("#take-seat")
            page.wait_for_url("**/m/**")
            match_id = page.url.rsplit("/m/", 1)[1]
        else:
            page = chromium.new_context(**PHONE).new_page()
            match_id = take_seat(page, first["seat_urls"][seat])
        seated.append(page)
    event = seated[0].locator("#event a")
    assert event.get_attribute("href") == f"/t/{tid}"  # the table links to its event
    assert seated[0].locator("#event .sent").count() == 0
    play_to_the_end(base, match_id, seated[0], seated[1], first["a"]["name"])
    seated[1].wait_for_selector("#event .sent", timeout=WAIT_MS)  # "result sent" on the table
    org.wait_for_selector("li[data-table='1'] .result.done", timeout=WAIT_MS)
    assert "0–2" in org.inner_text("li[data-table='1'] .result")
    enter_result(org, 2, 2, 1)


def check_standings(base: str, tid: str, chromium: Any, player: Any) -> None:
    """The projector page and a player's page show the standings."""
    projector = chromium.new_context(viewport={"width": 1280, "height": 720}).new_page()
    projector.goto(f"{base}/t/{tid}/standings")
    projector.wait_for_selector("table.standings tbody tr", timeout=WAIT_MS)
    assert projector.locator("table.standings tbody tr").count() == 4
    projector.screenshot(path=str(SHOTS / "tournament-projector.png"))
    player.goto(f"{base}/t/{tid}")
    player.wait_for_selector("table.standings tbody tr", timeout=WAIT_MS)
    player.wait_for_selector("#standings .winner", timeout=WAIT_MS)  # the winner announced
    player.screenshot(path=str(SHOTS / "tournament-public.png"), full_page=True)
    data = api(player, "GET", f"{base}/api/tournaments/{tid}")
    assert sorted(s["points"] for s in data["standings"]) == sorted(
        3 * (s["wins"]) for s in data["standings"]
    )
    assert sum(s["wins"] for s in data["standings"]) == 4  # 2 rounds x 2 tables


def test_a_clockwork_table_drafts_and_plays_the_tournament_s_duel(
    server: str,
    browser: Any,  # noqa: F811
) -> None:
    """The draft page's "Start a match" button leads both phones of a tournament table to
    the duel the tournament follows (it once opened a match of its own)."""
    from tests.browser.test_browser_rooms import draft_to_the_end
    from tests.phones import Phone

    org = Phone(browser, "Organiser")
    org.page.goto(server + "/")
    made = api(org.page, "POST", f"{server}/api/tournaments", {
        "name": "Clockwork Cup", "game": "flash-duel", "mode": "custom-clockwork",
        "rounds": 1, "players": ["Ana", "Ben"], "seed": 1})  # fmt: skip
    tid, token = made["tournament_id"], {"X-Organiser-Token": made["organiser_url"].rsplit("/")[-1]}
    api(org.page, "POST", f"{server}/api/tournaments/{tid}/rounds", {"round": 1}, token)
    table = api(org.page, "GET", f"{server}/api/tournaments/{tid}", headers=token)
    table = table["rounds"][-1]["tables"][0]
    phones = {}
    for side, url in zip(("a", "b"), table["seat_urls"], strict=True):
        phone = Phone(browser, table[side]["name"])
        take_seat(phone.page, url)
        phones[phone.name] = phone
    for phone in phones.values():
        phone.page.wait_for_selector("#pool button")
    draft_to_the_end(phones)
    first, second = phones.values()
    draft_url = first.page.url
    first.page.locator("#carry").click()
    first.page.wait_for_url(lambda url: url != draft_url)
    second.page.wait_for_selector("#carry:has-text('Go to the match')", timeout=WAIT_MS)
    second.page.locator("#carry").click()
    second.page.wait_for_url(lambda url: url != draft_url)
    assert second.page.url == first.page.url
    duel_id = first.page.url.rsplit("/", 1)[1]
    followed = api(org.page, "GET", f"{server}/api/tournaments/{tid}", headers=token)
    assert followed["rounds"][-1]["tables"][0]["match_url"].endswith("/" + duel_id)
    for phone in phones.values():
        seen = phone.state(server, duel_id)
        assert seen["state"]["mode"] == "custom-clockwork" and seen["state"]["you"] == phone.name
    second.page.wait_for_selector("#track", timeout=WAIT_MS)
    second.shot("tournament-clockwork-duel")
    for phone in phones.values():
        phone.check_no_errors()


def test_standings_before_and_after_the_first_result_are_true(server: str, browser: Any) -> None:
    """Before any result the standings show no percentages (a 33.00% floor means nothing
    yet) and no empty cell; everyone is level. Once results are in, the tie-breakers appear
    for the players they describe."""
    org = browser.new_context(**PHONE).new_page()
    errors: list[str] = []
    org.on("pageerror", lambda exc: errors.append(str(exc)))
    org.goto(server + "/tournaments/new")
    org.fill("input[name=name]", "Friday Strike")
    org.fill("textarea[name=players]", "Ana\nBen\nCid\nDee")
    org.click("#new-tournament button[type=submit]")
    org.wait_for_url("**/to/**")
    org.wait_for_selector("#next-round:has-text('Start round 1'):enabled", timeout=WAIT_MS)
    org.click("#next-round")
    org.wait_for_selector("#round-title:has-text('Round 1')", timeout=WAIT_MS)
    rows = org.locator("#standings table.standings tbody tr")
    rows.first.wait_for(timeout=WAIT_MS)
    org.locator("#standings").screenshot(path=str(SHOTS / "tournament-standings-none.png"))
    cells = org.locator("#standings td").all_inner_texts()
    assert all(c.strip() for c in cells), cells  # nothing empty
    assert not any("33" in c or "%" in c for c in cells), cells
    assert set(org.locator("#standings td.place").all_inner_texts()) == {"=1"}  # all level
    enter_result(org, 1, 2, 0)
    org.locator("#standings td", has_text="3").first.wait_for(timeout=WAIT_MS)
    org.locator("#standings").screenshot(path=str(SHOTS / "tournament-standings-one.png"))
    table = org.locator("#standings table.standings")
    head = table.locator("thead").inner_text()
    assert "GW%" in head
    texts = [r.inner_text() for r in rows.all()]
    played = [t for t in texts if "1-0-0" in t or "0-1-0" in t]
    waiting = [t for t in texts if "0-0-0" in t]
    assert len(played) == 2 and len(waiting) == 2, texts
    assert not any("—" in t for t in played) and all("—" in t for t in waiting), texts
    assert org.locator("#standings td.none").first.get_attribute("title")
    assert all(c.strip() for c in org.locator("#standings td").all_inner_texts())
    assert not errors, errors
