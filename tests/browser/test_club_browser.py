"""The club on phones (issue #30): two players make profiles, play a casual Flash Duel to
its end, each counts it on their own phone, and the club, player and statistics pages
show it; axe finds nothing serious on the club's pages in light, dark and Japanese."""

from __future__ import annotations

import uuid
from contextlib import closing
from typing import Any

import pytest

from companion.storage import club, db
from tests.browser.test_accessibility import VARIANTS, violations
from tests.phones import CHROMIUM, PHONE, SEEN_WITHIN_MS, Phone

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def call(phone: Phone, server: str, url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST JSON from the phone with its own cookies and CSRF header."""
    csrf = next(c["value"] for c in phone.context.cookies() if c["name"] == "csrf")
    response = phone.page.request.post(server + url, data=body, headers={"X-CSRF-Token": csrf})
    assert response.ok, (url, response.status, response.text())
    data: dict[str, Any] = response.json()
    return data


def act(phone: Phone, server: str, room: str, action: dict[str, Any]) -> None:
    """Make one table action from the phone (as its page would)."""
    version = phone.state(server, room)["version"]
    body = {"action": action, "base_version": version, "idempotency_key": uuid.uuid4().hex}
    call(phone, server, f"/api/matches/{room}/actions", body)


def make_profile(phone: Phone, server: str, name: str) -> None:
    """Make a profile on the player card page, as a player does."""
    phone.page.goto(server + "/club/me")
    phone.page.fill("input[name=name]", name)
    phone.page.locator("#profile-form button[type=submit]").click()
    phone.page.locator("h2", has_text=name).wait_for(timeout=SEEN_WITHIN_MS)


def play_duel(server: str, ana: Phone, ben: Phone) -> str:
    """Open a Flash Duel on Ana's phone, seat Ben on his, and play it to its end."""
    ana.page.goto(server + "/")
    body = {"kind": "flash-duel", "mode": "full", "seat": 0, "players": ["Ana", "Ben"]}
    made = call(ana, server, "/api/rooms", {**body, "characters": {"Ana": "grave", "Ben": "rook"}})
    room = made["match_id"]
    ben.page.goto(server + "/")
    call(ben, server, f"/api/join/{made['join_code']}", {"seat": 1})
    phones = {"Ana": ana, "Ben": ben}
    while not ana.state(server, room)["state"]["game_winner"]:
        view = ana.state(server, room)["state"]
        attacker = view["turn"]
        target = "Ben" if attacker == "Ana" else "Ana"
        where = {f["name"]: f["position"] for f in view["fighters"]}
        space = where[target] - 3 if where[target] > 3 else where[target] + 3
        act(phones[attacker], server, room, {"type": "place", "player": attacker, "space": space})
        act(phones[attacker], server, room,
            {"type": "attack", "player": attacker, "target": target, "cards": [3]})  # fmt: skip
        act(phones[target], server, room, {"type": "hit", "player": target})
        if not ana.state(server, room)["state"]["game_winner"]:
            act(phones[target], server, room, {"type": "first_player", "player": attacker})
    return room


def test_two_profiles_count_a_casual_match_and_read_the_club(server: str, browser: Any) -> None:
    ana = Phone(browser, "Ana", color_scheme="light")
    ben = Phone(browser, "Ben", color_scheme="dark", locale="ja-JP")
    make_profile(ana, server, "Ana")
    make_profile(ben, server, "Ben")
    room = play_duel(server, ana, ben)
    ana.page.goto(server + f"/m/{room}")
    ana.page.locator("#winner", has_text="wins").wait_for(timeout=SEEN_WITHIN_MS)
    # Ana counts it at the table (one tap at the end), Ben from his player card.
    ana.page.get_by_role("button", name="Count this match for the club").click()
    ana.page.locator("#club-count", has_text="Confirmed: 1/2").wait_for(timeout=SEEN_WITHIN_MS)
    ana.shot("club-count-at-the-table")
    ana.page.goto(server + "/club/me")
    ana.page.get_by_text("waiting for the other players").wait_for(timeout=SEEN_WITHIN_MS)
    ben.page.goto(server + "/club/me")
    ben.page.get_by_role("button", name="この対戦を記録する").click()  # Ben reads Japanese
    ben.page.get_by_text("この端末で確認を待つカジュアル対戦はありません。").wait_for(
        timeout=SEEN_WITHIN_MS
    )
    ben.shot("club-me-ja-dark")
    for phone in (ana, ben):
        phone.page.goto(server + "/club")
        board = phone.page.locator("section", has=phone.page.locator("h2", has_text="Flash Duel"))
        board.get_by_role("link", name="Ana").wait_for(timeout=SEEN_WITHIN_MS)
        assert board.locator("tbody tr").count() == 2
    ana.shot("club-light")
    ben.shot("club-dark-ja")
    ana.page.get_by_role("link", name="Ben").first.click()
    ana.page.locator("svg.chart").first.wait_for(timeout=SEEN_WITHIN_MS)
    assert "Rook (Flash Duel, 1)" in ana.page.locator("main").inner_text()  # Ben's character
    ana.shot("club-player-ben")
    ben.page.goto(server + "/club/stats/flash-duel")
    ben.page.get_by_text("対戦数が少なすぎます").first.wait_for(timeout=SEEN_WITHIN_MS)
    ben.shot("club-stats-ja-dark")
    for phone in (ana, ben):
        phone.check_no_errors()


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_club_pages_pass_axe(server: str, browser: Any, variant: str) -> None:
    ana = Phone(browser, "Ana", **VARIANTS[variant])
    ben = Phone(browser, "Ben", **VARIANTS[variant])
    make_profile(ana, server, "Ana")
    make_profile(ben, server, "Ben")
    room = play_duel(server, ana, ben)
    call(ana, server, f"/api/club/matches/{room}/count", {})
    me = call(ben, server, f"/api/club/matches/{room}/count", {})
    assert me["counted"]
    profile = ben.page.request.get(server + "/api/club/me").json()["profile"]
    tid = call(ben, server, "/api/tournaments", {"name": "Friday Strike"})["tournament_id"]
    context = browser.new_context(**PHONE, **VARIANTS[variant], bypass_csp=True)
    page = context.new_page()
    page.context.add_cookies(ben.context.cookies())
    failures = {}
    club_pages = ("/club", "/club/me", profile["url"], "/club/stats/flash-duel", f"/club/t/{tid}")
    for url in (*club_pages, "/club/device/x", "/club/count/x", "/club/admin"):
        page.goto(server + url)
        page.wait_for_load_state("load")
        found = violations(page)
        if found:
            failures[url] = found
    context.close()
    assert failures == {}, "\n".join(f"{k}: {v}" for k, v in failures.items())


def test_the_admin_renames_and_starts_a_season_on_the_admin_page(
    server: str, browser: Any, app: Any
) -> None:
    with closing(db.connect(app.config["DATABASE"])) as conn:
        secret = club.ensure_admin_secret(conn)
    assert secret is not None
    ben = Phone(browser, "Ben")
    make_profile(ben, server, "Ben")
    admin = Phone(browser, "Admin", color_scheme="dark")
    page = admin.page
    page.goto(server + "/club/admin")
    page.fill("input[name=secret]", "wrong")
    page.get_by_role("button", name="Open").click()
    page.locator("#error", has_text="only the club admin").wait_for(timeout=SEEN_WITHIN_MS)
    page.fill("input[name=secret]", secret)
    page.get_by_role("button", name="Open").click()
    page.get_by_label("New name").fill("Benjamin")
    page.get_by_role("button", name="Rename").click()
    page.locator("#admin-list b", has_text="Benjamin").wait_for(timeout=SEEN_WITHIN_MS)
    page.get_by_role("button", name="Start a new season").click()
    page.locator("#admin-season", has_text="2").wait_for(timeout=SEEN_WITHIN_MS)
    assert page.locator("#error").inner_text() == ""  # the refusal went with the next success
    page.get_by_role("button", name="Make pages private").click()
    page.get_by_role("button", name="Make pages public").wait_for(timeout=SEEN_WITHIN_MS)
    admin.shot("club-admin-dark")
    stranger = Phone(browser, "Stranger")
    assert stranger.page.goto(server + "/club").status == 403
    assert ben.page.goto(server + "/club").status == 200  # a player of the club
    assert violations_with_axe(browser, page.context.cookies(), server, secret) == []
    ben.page.goto(server + "/club/me")
    ben.page.locator("h2", has_text="Benjamin").wait_for(timeout=SEEN_WITHIN_MS)
    for phone in (ben, admin):
        phone.check_no_errors()


def violations_with_axe(browser: Any, cookies: Any, server: str, secret: str) -> list[str]:
    """Open the admin page logged in, in a context where axe may run; return its findings."""
    context = browser.new_context(**PHONE, bypass_csp=True)
    page = context.new_page()
    page.goto(server + "/club/admin")
    page.fill("input[name=secret]", secret)
    page.get_by_role("button", name="Open").click()
    page.locator("#admin-list li").first.wait_for(timeout=SEEN_WITHIN_MS)
    found: list[str] = violations(page)
    context.close()
    return found


def test_a_shared_phone_shows_a_confirm_code_the_other_player_opens(
    server: str, browser: Any
) -> None:
    ana = Phone(browser, "Ana")
    helper = Phone(browser, "Ben's seat, played from a phone handed back")
    make_profile(ana, server, "Ana")
    room = play_duel(server, ana, helper)
    call(ana, server, f"/api/matches/{room}/seats/1/hand-over", {})  # no phone holds Ben's seat
    ana.page.goto(server + f"/m/{room}")
    ana.page.get_by_role("button", name="Count this match for the club").click()
    ana.page.get_by_role("button", name="Show a confirm code for Ben").click()
    code = ana.page.locator("#club-count img.qr")
    code.wait_for(timeout=SEEN_WITHIN_MS)
    ana.shot("club-count-shared-phone")
    url = code.get_attribute("alt")
    assert url is not None and "/club/count/" in url
    ben = Phone(browser, "Ben", locale="ja-JP")
    make_profile(ben, server, "Ben")
    ben.page.goto(url)
    ben.page.get_by_role("button", name="この対戦を記録する").click()
    ben.page.get_by_text("あなたのプロフィールで確認しました。").wait_for(timeout=SEEN_WITHIN_MS)
    assert ben.page.get_by_role("button", name="この対戦を記録する").count() == 0
    ben.shot("club-count-code-ja")
    ana.page.goto(server + "/club")
    board = ana.page.locator("section", has=ana.page.locator("h2", has_text="Flash Duel"))
    assert board.locator("tbody tr").count() == 2
    for phone in (ana, ben):
        phone.check_no_errors()
