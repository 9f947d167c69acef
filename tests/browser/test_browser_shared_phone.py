"""One phone holding every seat at a casual table (#27 item 2, pass-and-play), at 390 x 844:
it shows the seat that must act, following the turn and the pending decision, and covers
the page with "Pass the phone to Ben" (tapped through) before another seat's screen, so one
seat's secret is never on screen while another's is entered. Played to the end in Puzzle
Strike, Flash Duel (a secret pick) and Shadowfist. Screenshots: $STRIKEKIT_SHOTS/shared-*."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_accessibility import violations
from tests.phones import CHROMIUM, SEEN_WITHIN_MS, WORKER_MS, Phone, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def start_on_one_phone(
    page: Any, server: str, form: str, choices: dict[str, str], check: str | None = None
) -> None:
    """Open a table for Ana and Ben from a form of the home page on this one phone."""
    page.goto(server + "/")
    for name, value in choices.items():
        page.select_option(f"{form} select[name={name}]", value)
    page.fill(f"{form} input[name=p1]", "Ana")
    page.fill(f"{form} input[name=p2]", "Ben")
    if check:
        page.check(f"{form} input[name={check}]")
    page.click(f"{form} button[type=submit]")


def share_every_seat(page: Any, names: list[str]) -> None:
    """Take every other seat on this phone from the share section."""
    for name in names[1:]:
        page.locator("#shared-seats summary").click()
        page.locator(f"#shared-seats button[data-share-seat='{name}']").click()
        held = page.locator("#shared-seats p", has_text=name)  # the page may be covered
        held.wait_for(state="attached", timeout=SEEN_WITHIN_MS)  # already: passed to them


def passed_to(phone: Phone, name: str, shots: list[str]) -> None:
    """Wait for the cover naming this player; nothing of the page shows; tap through."""
    page = phone.page
    page.locator("#pass h1", has_text=name).wait_for(timeout=SEEN_WITHIN_MS)
    assert not page.locator("main").is_visible() or not page.locator("#next-step").is_visible()
    if name not in shots:
        shots.append(name)
        phone.shot(f"shared-pass-{name}")
    page.locator("#pass-go").click()
    until(page, f"ROOM.current && ROOM.current.state.you === {name!r}")


def look(page: Any) -> tuple[str | None, dict[str, Any]]:
    """Return, read at one moment, the player a cover asks for (None: no cover) and the
    state drawn (a cover may come between two separate reads)."""
    covered, state = page.evaluate(
        "[document.querySelector('#pass h1')?.textContent ?? null, ROOM.current.state]"
    )
    return covered, state


def test_puzzle_strike_on_one_phone_to_the_end(server: str, browser: Any) -> None:
    phone = Phone(browser, "table", bypass_csp=True)  # axe is run on the cover
    page = phone.page
    start_on_one_phone(page, server, "#start", {})
    page.click("#table-link")
    page.wait_for_selector("#status h1")
    share_every_seat(page, ["Ana", "Ben"])
    shots: list[str] = []
    page.locator("#choose button", has_text="Grave").click()
    page.locator("#pass-go").wait_for(timeout=SEEN_WITHIN_MS)
    assert violations(page) == []  # the cover passes axe (0 serious or critical)
    passed_to(phone, "Ben", shots)  # Ana's pick is covered before Ben's screen shows
    assert "✓ Grave" not in page.locator("#choose").inner_text()  # Ana's pick is hers
    page.locator("#choose button", has_text="Rook").click()
    for _ in range(40):
        covered, s = look(page)
        if covered:
            passed_to(phone, covered.rsplit(" ", 1)[1], shots)
            continue
        if s["phase"] == "over":
            break
        version = page.evaluate("ROOM.current.version")
        if s["phase"] == "between" and s["match"]["choosers"]:
            page.locator("#next-step button", has_text="Keep everything").click()
        elif s["phase"] == "playing" and s["table"]["turn"] == s["you"]:
            own = f"#piles section[data-owner='{s['you']}']"
            for value in (4, 4, 2):  # ends the turn at 10: the game is lost
                v = page.evaluate("ROOM.current.version")
                page.locator(f"{own} button:text-is('+{value}')").click()
                until(page, f"ROOM.current.version > {v}")
            v = page.evaluate("ROOM.current.version")
            page.locator("#next-step button", has_text="End turn").click()
            page.locator("#next-step button.danger").click()
            until(page, f"ROOM.current.version > {v}")
        until(page, f"ROOM.current.version > {version} || !!document.getElementById('pass')")
    page.locator("#status .winner", has_text="Match to").wait_for(timeout=SEEN_WITHIN_MS)
    phone.shot("shared-ps-won")
    assert set(shots) == {"Ana", "Ben"}
    phone.check_no_errors()


def mine(state: dict[str, Any]) -> bool:
    """Whether the seat shown must act now, as the page itself decides (its next step): the
    page turns to another seat as soon as the step is not the shown seat's, so a test that
    acted on "whose turn" alone tapped the turn player's pawn under the cover coming for the
    player who must answer an attack first."""
    step = state.get("next_step")
    return bool(step and step.get("mine"))


def tap_and_wait(page: Any, selector: str) -> None:
    """Tap a control that changes the table; wait until the phone shows the change (or
    covers itself to pass to the next player)."""
    version = page.evaluate("ROOM.current.version")
    page.locator(selector).first.click(timeout=SEEN_WITHIN_MS)
    until(page, f"ROOM.current.version > {version} || !!document.getElementById('pass')")


def duel_move(page: Any, s: dict[str, Any]) -> None:
    """The seat shown acts: its turn (put its pawn 3 away and attack with a 3), its answer
    (take the hit), or its side's choice of who goes first."""
    me = s["you"]
    if s["round_over"]:
        tap_and_wait(page, f"#between button[data-first='{me}']")
    elif s["pending"] and me in s["pending"]["targets"]:
        page.locator(f"#answer button[data-hit='{me}']").click()
        tap_and_wait(page, f"#answer button[data-hit-confirm='{me}']")
    elif s["turn"] == me:
        foe = next(f["position"] for f in s["fighters"] if f["name"] != me)
        space = foe - 3 if foe - 3 >= 1 else foe + 3
        page.locator(f"#track .pawn[title='{me}']").click()
        page.locator(f"#track .space[data-space='{space}'] .num").click()
        page.locator(f"#track .space[data-space='{space}'] .pawn[title='{me}']").wait_for()
        page.locator("#controls button[data-card='3']").click()
        tap_and_wait(page, "#controls #attack")


def test_flash_duel_with_a_secret_pick_on_one_phone_to_the_end(server: str, browser: Any) -> None:
    phone = Phone(browser, "table", color_scheme="dark")
    page = phone.page
    start_on_one_phone(page, server, "#duel", {"mode": "full"}, check="blind")  # in secret
    page.wait_for_url("**/m/**")
    page.wait_for_selector("#share a")
    share_every_seat(page, ["Ana", "Ben"])
    shots: list[str] = []
    page.select_option("#character", index=0)
    picked = page.locator("#character option").first.inner_text()
    page.click("#choose-go")
    passed_to(phone, "Ben", shots)  # Ana's secret pick is covered first...
    assert page.locator("#my-choice").count() == 0  # ...and not on Ben's screen
    page.select_option("#character", index=1)
    page.click("#choose-go")
    until(page, "!ROOM.current.state.choosing")  # both chosen: revealed to all at once
    for _ in range(60):
        covered, s = look(page)
        if covered:
            passed_to(phone, covered.rsplit(" ", 1)[1], shots)
            continue
        if s["game_winner"]:
            break
        if not mine(s):  # another seat decides now (an attack to answer): the phone turns
            page.wait_for_timeout(100)
            continue
        duel_move(page, s)
    page.locator("#winner", has_text="wins").wait_for(timeout=SEEN_WITHIN_MS)
    assert picked in page.locator("#abilities").inner_text()
    phone.shot("shared-fd-won-dark")
    assert set(shots) == {"Ana", "Ben"}
    phone.check_no_errors()


def shadowfist_on_one_phone(page: Any, server: str) -> None:
    """Open a Shadowfist table for Ana and Ben on this phone, holding both seats."""
    start_on_one_phone(page, server, "#room", {"kind": "shadowfist"})
    page.wait_for_url("**/m/**")
    page.wait_for_selector("#share a")
    share_every_seat(page, ["Ana", "Ben"])


def test_shadowfist_on_one_phone_to_the_end(server: str, browser: Any) -> None:
    phone = Phone(browser, "table", locale="ja-JP")
    page = phone.page
    shadowfist_on_one_phone(page, server)
    shots: list[str] = []
    for _ in range(20):
        covered, s = look(page)
        if covered:
            passed_to(phone, covered.split(" ")[0], shots)  # "Ben に端末を渡してください"
            continue
        if s["winner"]:
            break
        if not mine(s):
            page.wait_for_timeout(100)  # the phone is turning to the player on turn
            continue
        if s["step"]["index"] == 0:
            tap_and_wait(page, "#next-step button:has-text('ターン開始')")
        elif s["you"] == "Ben":  # Ben draws his last card on his own turn: Ana wins
            ben = "#players section:has(h3 span:text-is('Ben'))"
            tap_and_wait(page, f"{ben} button:has-text('最後のカードを引いた')")
        else:
            tap_and_wait(page, "#next-step button:has-text('ターン終了')")
    page.locator("#winner", has_text="Ana").wait_for(timeout=SEEN_WITHIN_MS)
    phone.shot("shared-sf-won-ja")
    assert set(shots) >= {"Ben"}
    phone.check_no_errors()


def test_a_shared_phone_keeps_only_its_own_seat_s_state_for_offline(
    server: str, browser: Any
) -> None:
    """The offline copy a reload shows is the phone's own (first) seat's: after the phone
    turned to Ben and read the table as Ben, the kept copy is still Ana's view, so a reload
    without network never shows Ben's view to a page that acts as Ana."""
    phone = Phone(browser, "table")
    page = phone.page
    start_on_one_phone(page, server, "#duel", {"mode": "full"}, check="blind")
    page.wait_for_url("**/m/**")
    page.wait_for_selector("#share a")
    share_every_seat(page, ["Ana", "Ben"])
    page.select_option("#character", index=0)
    page.click("#choose-go")
    passed_to(phone, "Ben", [])  # the phone reads and shows the table as Ben now
    kept = "caches.match(location.origin + ROOM.url).then((r) => r ? r.json() : null)"
    until(page, f"{kept}.then((s) => !!s && s.version === ROOM.current.version)", WORKER_MS)
    assert page.evaluate(f"{kept}.then((s) => s.state.you)") == "Ana"
    phone.check_no_errors()
