"""The club on phones (issue #30, "Done when"), in light, dark and Japanese: two players
make profiles, play a casual Flash Duel to its end and each counts it on their own phone,
then play a small Puzzle Strike tournament they entered and linked from their phones (a
chip bought at its table); the club, player and statistics pages show both games and the
tournament's buys, and axe finds nothing serious on the club's pages."""

from __future__ import annotations

import uuid
from contextlib import closing
from typing import Any

import pytest

from companion.storage import club, db
from tests.browser.test_accessibility import VARIANTS, violations
from tests.helpers import phone as flask_phone
from tests.phones import CHROMIUM, PHONE, SEEN_WITHIN_MS, Phone
from tests.storage.test_club_pass_and_play import join_parts
from tests.web.test_tournament_api import create, current_tables, org, read

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


WORDS = {
    "light": {"count": "Count this match for the club", "confirmed": "Confirmed: 1/2",
              "waiting": "waiting for the other players", "count_this": "Count this",
              "nothing": "No finished casual match", "entry": "Count my results here",
              "counts": "its results count for you", "too_few": "too few games",
              "chips": "Bank chips"},
    "japanese": {"count": "この対戦をクラブに記録する", "confirmed": "確認済み：1/2",
                 "waiting": "他のプレイヤーの確認待ち", "count_this": "この対戦を記録する",
                 "nothing": "この端末で確認を待つカジュアル対戦はありません。",
                 "entry": "この大会の結果を記録する",
                 "counts": "結果があなたのレーティングに入ります",
                 "too_few": "対戦数が少なすぎます", "chips": "銀行のチップ"},
}  # fmt: skip
WORDS["dark"] = WORDS["light"]


def count_casual_duel(
    server: str, ana: Phone, ben: Phone, words: dict[str, str], variant: str
) -> None:
    """Play a Flash Duel to its end; Ana counts it at the table (one tap), Ben from his
    player card."""
    room = play_duel(server, ana, ben)
    ana.page.goto(server + f"/m/{room}")
    ana.page.locator("#winner").wait_for(timeout=SEEN_WITHIN_MS)
    ana.page.get_by_role("button", name=words["count"]).click()
    ana.page.locator("#club-count", has_text=words["confirmed"]).wait_for(timeout=SEEN_WITHIN_MS)
    ana.shot(f"club-count-at-the-table-{variant}")
    ana.page.goto(server + "/club/me")
    ana.page.get_by_text(words["waiting"]).wait_for(timeout=SEEN_WITHIN_MS)
    ben.page.goto(server + "/club/me")
    ben.page.get_by_role("button", name=words["count_this"], exact=True).click()
    ben.page.get_by_text(words["nothing"]).wait_for(timeout=SEEN_WITHIN_MS)
    ben.shot(f"club-me-{variant}")


def enter_from_phone(server: str, tid: str, player: Phone) -> None:
    """Enter the tournament from the player's phone by its link (the organiser lets them in
    after)."""
    player.page.goto(f"{server}/t/{tid}/enter")
    player.page.fill("#enter input[name=name]", player.name)
    player.page.click("#enter button[type=submit]")
    player.page.wait_for_url("**/t/*")
    player.page.locator(".you").wait_for(timeout=SEEN_WITHIN_MS)


def link_entry(server: str, player: Phone, words: dict[str, str]) -> None:
    """Count this phone's tournament entry for its profile on the player card."""
    player.page.goto(server + "/club/me")
    player.page.get_by_role("button", name=words["entry"]).click()
    player.page.get_by_text(words["counts"]).wait_for(timeout=SEEN_WITHIN_MS)


def play_tournament(app: Any, server: str, ana: Phone, ben: Phone, words: dict[str, str]) -> str:
    """A one-round Puzzle Strike tournament: both enter and link from their phones, take
    their seats, the first seat buys a puzzle chip and loses 0-2; return the tournament."""
    client = flask_phone(app)
    tid, h = create(client, rounds=1)
    for player in (ana, ben):
        enter_from_phone(server, tid, player)
    for pid in (1, 2):
        approve = f"/api/tournaments/{tid}/players/{pid}/approve"
        assert org(client, approve, {}, h).status_code == 200
    for player in (ana, ben):
        link_entry(server, player, words)
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    seated = []
    for player in (ana, ben):
        player.page.goto(f"{server}/t/{tid}")
        player.page.locator("#you a.button").click(timeout=SEEN_WITHIN_MS)
        player.page.click("#take-seat")
        player.page.wait_for_url("**/m/**")
        seated.append(player)
    room = ana.page.url.rsplit("/m/", 1)[1]
    first = next(p for p in seated if p.state(server, room)["state"]["you"] ==
                 p.state(server, room)["state"]["order"][0])  # fmt: skip
    second = ben if first is ana else ana
    act(first, server, room, {"type": "choose", "character": "grave"})
    act(second, server, room, {"type": "choose", "character": "rook"})
    stacks = first.state(server, room)["state"]["stacks"]
    chip = next(s["key"] for s in stacks if not s["key"].startswith("fixed/"))
    act(first, server, room, {"type": "buy", "stack": chip})
    for game in range(2):
        for value in (4, 4, 2):
            act(first, server, room, {"type": "add_gem", "player": first.name, "value": value})
        act(first, server, room, {"type": "ante"})
        act(first, server, room, {"type": "end_turn"})
        if game == 0:
            act(first, server, room, {"type": "losers_choice", "option": "keep"})
    second.page.goto(server + f"/m/{room}")
    second.page.locator("#event .sent").wait_for(timeout=SEEN_WITHIN_MS)  # result sent
    (table,) = current_tables(read(client, tid, h))  # the organiser's page reads it in
    assert table["result"] is not None
    return tid


@pytest.mark.parametrize("variant", VARIANTS)
def test_two_profiles_count_a_casual_match_play_a_tournament_and_read_the_club(
    app: Any, server: str, browser: Any, variant: str
) -> None:
    words = WORDS[variant]
    ana = Phone(browser, "Ana", **VARIANTS[variant])
    ben = Phone(browser, "Ben", **VARIANTS[variant])
    make_profile(ana, server, "Ana")
    make_profile(ben, server, "Ben")
    count_casual_duel(server, ana, ben, words, variant)
    tid = play_tournament(app, server, ana, ben, words)
    for player in (ana, ben):
        player.page.goto(server + "/club")
        for game in ("Flash Duel", "Puzzle Strike"):
            board = player.page.locator("section", has=player.page.locator("h2", has_text=game))
            board.get_by_role("link", name="Ana").wait_for(timeout=SEEN_WITHIN_MS)
            assert board.locator("tbody tr").count() == 2, game
    ana.shot(f"club-{variant}")
    ana.page.get_by_role("link", name="Ben").first.click()
    ana.page.locator("svg.chart").nth(1).wait_for(timeout=SEEN_WITHIN_MS)  # both games
    assert "(Flash Duel, 1)" in ana.page.locator("main").inner_text()  # Ben's Rook
    assert "(Puzzle Strike, 1)" in ana.page.locator("main").inner_text()
    ana.shot(f"club-player-ben-{variant}")
    ben.page.goto(server + "/club/stats/puzzle-strike")
    chips = ben.page.locator("section", has=ben.page.locator("#chips"))
    chips.get_by_text(words["chips"]).wait_for(timeout=SEEN_WITHIN_MS)
    assert chips.get_by_text(words["too_few"]).count() >= 1  # the tournament's buys: n = 1
    assert "(n = 1)" in chips.inner_text()
    ben.shot(f"club-stats-puzzle-strike-{variant}")
    ben.page.goto(server + "/club/stats/flash-duel")
    ben.page.get_by_text(words["too_few"]).first.wait_for(timeout=SEEN_WITHIN_MS)
    ben.shot(f"club-stats-flash-duel-{variant}")
    ben.page.goto(server + f"/club/t/{tid}")
    ben.shot(f"club-tournament-{variant}")
    for player in (ana, ben):
        player.check_no_errors()
    profile = ben.page.request.get(server + "/api/club/me").json()["profile"]
    pages = ("/club", "/club/me", profile["url"], "/club/stats/puzzle-strike",
             "/club/stats/flash-duel", f"/club/t/{tid}", "/club/device/x", "/club/count/x",
             "/club/admin")  # fmt: skip
    assert axe_findings(browser, ben, server, pages, variant) == {}


def axe_findings(
    browser: Any, reader: Phone, server: str, pages: tuple[str, ...], variant: str
) -> dict[str, list[str]]:
    """Run axe on each page with the reader's cookies (in a context where axe may run);
    return the serious and critical findings by page."""
    context = browser.new_context(**PHONE, **VARIANTS[variant], bypass_csp=True)
    page = context.new_page()
    page.context.add_cookies(reader.context.cookies())
    failures = {}
    for url in pages:
        page.goto(server + url)
        page.wait_for_load_state("load")
        found = violations(page)
        if found:
            failures[url] = found
    context.close()
    return failures


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
    stranger = Phone(browser, "Stranger", locale="ja-JP")
    assert stranger.page.goto(server + "/club").status == 403
    stranger.page.goto(server + "/club/me")  # a private club takes no new player from a phone
    stranger.page.get_by_text("クラブ管理者に頼んでください").wait_for(timeout=SEEN_WITHIN_MS)
    assert stranger.page.locator("#profile-form").count() == 0
    stranger.shot("club-me-private-ja")
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


@pytest.mark.parametrize("ben_seat", ["no phone", "pass and play"])
def test_a_shared_phone_shows_a_confirm_code_the_other_player_opens(
    server: str, browser: Any, ben_seat: str
) -> None:
    ana = Phone(browser, "Ana")
    helper = Phone(browser, "Ben's seat, played from a phone handed back")
    make_profile(ana, server, "Ana")
    room = play_duel(server, ana, helper)
    handed = call(ana, server, f"/api/matches/{room}/seats/1/hand-over", {})  # no phone has it
    if ben_seat == "pass and play":  # Ana's phone takes Ben's seat too, as a shared phone
        code, claim = join_parts(handed["join_url"])
        call(ana, server, f"/api/join/{code}", {"seat": 1, "claim": claim, "shared": True})
    ana.page.goto(server + f"/m/{room}")
    ana.page.get_by_role("button", name="Count this match for the club").click()
    ana.page.get_by_role("button", name="Show a confirm code for Ben").click()
    code = ana.page.locator("#club-count img.qr")
    code.wait_for(timeout=SEEN_WITHIN_MS)
    ana.shot(f"club-count-shared-phone-{ben_seat.replace(' ', '-')}")
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
