"""Two phones in Debian's Chromium (390 x 844): start, join, act on A and see it on B, undo on B.

Screenshots of the main pages go to $STRIKEKIT_SHOTS (default: strikekit-shots in the temporary
folder) for a person to look at; nothing is written into the checkout.
"""

from __future__ import annotations

import re

import pytest

from tests.phones import CHROMIUM, PHONE, SEEN_WITHIN_MS, SHOTS

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def test_two_phones_play_and_undo(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    a = browser.new_context(**PHONE).new_page()
    b = browser.new_context(**PHONE).new_page()
    a.goto(server + "/")
    a.screenshot(path=str(SHOTS / "home.png"), full_page=True)
    a.fill("input[name=p1]", "Ana")
    a.fill("input[name=p2]", "Ben")
    a.click("#start button[type=submit]")
    a.wait_for_selector("#started:not([hidden])")
    join_url = a.get_attribute("#join-link", "href")
    assert join_url and "/join/" in join_url
    a.click("#table-link")
    a.wait_for_selector("#choose:not([hidden]) button")

    b.goto(join_url)
    b.screenshot(path=str(SHOTS / "join.png"), full_page=True)
    b.click("#seats button:has-text('Ben')")
    b.wait_for_url("**/m/**")
    b.wait_for_selector("#choose:not([hidden]) button")

    a.click("#choose button:has-text('Grave')")
    # Ben's phone shows that only Ben is left to choose before he taps (else his tap is stale).
    b.locator("#choose p.small").filter(has_text=re.compile(r": Ben$")).wait_for(
        timeout=SEEN_WITHIN_MS
    )
    b.click("#choose button:has-text('Rook')")
    a.wait_for_selector("#next-step:not([hidden]) button", timeout=SEEN_WITHIN_MS)
    a.click("#next-step button:has-text('Ante')")
    # Phone B sees Ana's gem within 3 seconds.
    b.wait_for_selector("#piles .gem", timeout=SEEN_WITHIN_MS)
    b.screenshot(path=str(SHOTS / "table-ben.png"), full_page=True)
    a.screenshot(path=str(SHOTS / "table-ana.png"), full_page=True)
    # The ante is Ana's: Ben's phone offers no undo of it; Ana's names it. Ana undoes and
    # Ben's phone shows the pile empty again.
    assert b.locator("#undo").is_disabled()
    a.wait_for_selector("#undo:not([disabled]):has-text('Ana anted')", timeout=SEEN_WITHIN_MS)
    a.click("#undo")
    b.wait_for_selector("#piles .gem", state="detached", timeout=SEEN_WITHIN_MS)
    b.wait_for_selector("#history li:has-text('Ana undid: Ana anted')", timeout=SEEN_WITHIN_MS)
    assert b.locator("#undo").is_disabled()


def test_bank_page_and_language_switch(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_context(**PHONE).new_page()
    page.goto(server + "/bank")
    page.fill("input[name=seed]", "42")
    page.click("#options button[type=submit]")
    page.wait_for_selector("#stacks li")
    assert page.locator("#stacks li").count() == 10
    page.screenshot(path=str(SHOTS / "bank.png"), full_page=True)
    page.click("#lang")
    assert page.inner_text("h1") == "銀行ランダマイザー"
    page.screenshot(path=str(SHOTS / "bank-ja.png"), full_page=True)
    page.goto(server + "/")  # the language is kept; every link of the home page is in it
    assert page.inner_text("a[href='/tournaments/new']") == "大会を開く"
    assert page.inner_text("a[href='/bank']") == "銀行ランダマイザー"


def test_a_printed_qr_address_opens_the_bank_under_its_name(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    from printkit.build import bank_url

    page = browser.new_context(**PHONE).new_page()
    page.goto(bank_url(server, "1209E2TS7", "First Game"))  # as a bank sheet's QR code reads
    page.wait_for_selector("#stacks li")
    assert page.inner_text("#about").startswith("First Game")


def open_room_on_phones(server: str, browser, kind: str):  # type: ignore[no-untyped-def]
    """Open a room from the home page on phone A and join it on phone B."""
    a = browser.new_context(**PHONE).new_page()
    b = browser.new_context(**PHONE).new_page()
    a.goto(server + "/")
    a.select_option("#room select[name=kind]", kind)
    a.fill("#room input[name=p1]", "Ana")
    a.fill("#room input[name=p2]", "Ben")
    a.click("#room button[type=submit]")
    a.wait_for_url("**/m/**")
    a.wait_for_selector("#share a")
    join_url = a.locator("#share a").first.get_attribute("href")
    b.goto(join_url)
    b.click("#seats button:has-text('Ben')")
    b.wait_for_url("**/m/**")
    return a, b


def test_flash_duel_clockwork_draft_on_two_phones(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    a, b = open_room_on_phones(server, browser, "draft:flash-duel")
    phones = {"Ana": a, "Ben": b}
    for _ in range(8):
        status = a.locator("#status p.big").inner_text()
        for page in phones.values():
            page.wait_for_selector("#pool button")
        # whoever's phone says "Your pick" takes the first free ability
        picker = next(
            p for p in phones.values() if p.locator("#status p.big").inner_text() == "Your pick"
        )
        before = picker.locator("#pool button.empty").count()
        picker.locator("#pool button:not(.empty)").first.click()  # read the ability
        picker.locator("#pick").click()  # then pick it
        for page in phones.values():  # both phones show the pick within 3 seconds
            page.locator("#pool button.empty").nth(before).wait_for(timeout=SEEN_WITHIN_MS)
        assert status
    a.wait_for_selector("#status p.big:has-text('The draft is done')", timeout=SEEN_WITHIN_MS)
    b.wait_for_selector("#status p.big:has-text('The draft is done')", timeout=SEEN_WITHIN_MS)
    assert a.locator("#pool button.empty").count() == 8
    a.screenshot(path=str(SHOTS / "draft.png"), full_page=True)
    # Carry the draft into a Custom Clockwork table: Ana's tap makes it and seats her; Ben's
    # phone then shows the way to the same match and is seated there too.
    draft_url = a.url
    a.locator("#carry").click()
    a.wait_for_url(lambda url: url != draft_url)
    b.wait_for_selector("#carry:has-text('Go to the match')", timeout=SEEN_WITHIN_MS)
    b.locator("#carry").click()
    b.wait_for_url(lambda url: url != draft_url)
    assert a.url == b.url and "/m/" in b.url
    b.wait_for_selector("#track .pawn")
    assert "Custom Clockwork" in b.locator("#status").inner_text()  # the mode's name
    assert b.locator("#abilities section").count() == 2
    # A round: the first player hits; the loser swaps one ability for an unused one.
    first = b.locator("#status h1").inner_text().rsplit(": ", 1)[1]
    loser = "Ben" if first == "Ana" else "Ana"
    page = phones[first]
    page.locator("#status h1", has_text=f": {first}").wait_for(timeout=SEEN_WITHIN_MS)
    page.locator(f"#track .pawn[title={first}]").click()
    # Stand 3 spaces in front of the other fighter, whichever end each started at.
    theirs = int(
        page.locator(f"#track .space:has(.pawn[title={loser}])").get_attribute("data-space") or 0
    )
    space = theirs - 3 if theirs > 9 else theirs + 3
    page.locator(f"#track .space[data-space='{space}'] .num").click()
    page.locator(f"#track .space[data-space='{space}'] .pawn[title={first}]").wait_for(
        timeout=SEEN_WITHIN_MS
    )
    page.locator("#controls button[data-card='3']").click()
    page.locator("#controls #attack").click()
    page.locator("#answer:not([hidden])").wait_for(timeout=SEEN_WITHIN_MS)  # applied
    phones[loser].locator(f"#answer button[data-hit={loser}]").click(timeout=SEEN_WITHIN_MS)
    phones[loser].locator(f"#answer button[data-hit-confirm={loser}]").click()
    page.locator("#between:not([hidden])").wait_for(timeout=SEEN_WITHIN_MS)
    phones[loser].locator("#swap-go").wait_for(timeout=SEEN_WITHIN_MS)
    assert phones[first].locator("#swap-go").count() == 0  # the winner keeps theirs
    taken = phones[loser].locator("#swap-take option").first.inner_text()
    phones[loser].locator("#swap-go").click()
    page.locator("#outcome", has_text=f"{loser} swapped").wait_for(timeout=SEEN_WITHIN_MS)
    mine = page.locator("#abilities section", has_text=loser)
    mine.locator("strong", has_text=taken).wait_for(timeout=SEEN_WITHIN_MS)
    phones[loser].screenshot(path=str(SHOTS / "duel-clockwork-swap.png"), full_page=True)


def open_duel_on_phones(server: str, browser, mode: str, players: list[str]):  # type: ignore[no-untyped-def]
    """Open a Flash Duel table from the home page on the first phone; the others join."""
    pages = [browser.new_context(**PHONE).new_page() for _ in players]
    a = pages[0]
    a.goto(server + "/")
    a.select_option("#duel select[name=mode]", mode)
    for n, player in enumerate(players, start=1):
        a.fill(f"#duel input[name=p{n}]", player)
    a.click("#duel button[type=submit]")
    a.wait_for_url("**/m/**")
    a.wait_for_selector("#share a")
    join_url = a.locator("#share a").first.get_attribute("href")
    for page, player in zip(pages[1:], players[1:], strict=True):
        page.goto(join_url)
        page.click(f"#seats button:has-text('{player}')")
        page.wait_for_url("**/m/**")
        page.wait_for_selector("#track .space")
    return dict(zip(players, pages, strict=True))


def test_flash_duel_match_to_three_round_wins(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    phones = open_duel_on_phones(server, browser, "full", ["Ana", "Ben"])
    a = phones["Ana"]
    a.wait_for_selector("#track .pawn")
    a.screenshot(path=str(SHOTS / "duel.png"), full_page=True)
    winners = []
    for round_no in range(1, 6):
        heading = a.locator("#status h1").inner_text()
        attacker = heading.rsplit(": ", 1)[1]
        target = "Ben" if attacker == "Ana" else "Ana"
        page = phones[attacker]
        page.locator("#status h1", has_text=f": {attacker}").wait_for(timeout=SEEN_WITHIN_MS)
        page.locator("#next-step.mine #next-line", has_text="Your turn").wait_for()
        phones[target].locator(
            "#next-step:not(.mine) #next-line", has_text="Waiting for"
        ).wait_for()
        # Tap the attacker's pawn, then the space three in front of the enemy's start.
        page.locator(f"#track .pawn[title={attacker}]").click()
        space = 15 if attacker == "Ana" else 4
        page.locator(f"#track .space[data-space='{space}']").click()
        page.locator(f"#track .space[data-space='{space}'] .pawn[title={attacker}]").wait_for(
            timeout=SEEN_WITHIN_MS
        )
        page.locator("#controls button[data-card='3']").click()
        page.locator("#controls #attack").click()
        defender = phones[target]
        if round_no == 1:  # the attacked phone says so in its bar; the attacker's waits
            defender.locator("#next-step.mine #next-line", has_text="You are attacked").wait_for(
                timeout=SEEN_WITHIN_MS
            )
            page.locator("#next-step:not(.mine) #next-line", has_text="to answer").wait_for()
            defender.screenshot(path=str(SHOTS / "duel-attacked-bar.png"))
        defender.locator(f"#answer button[data-hit={target}]").click(timeout=SEEN_WITHIN_MS)
        if round_no == 1:  # a stray tap loses nothing: the round goes on until a second tap
            defender.locator(f"#answer button[data-hit-confirm={target}]").wait_for()
            assert a.locator("#outcome").count() == 0
        defender.locator(f"#answer button[data-hit-confirm={target}]").click()
        winners.append(attacker)
        a.locator("#outcome", has_text="round to").wait_for(timeout=SEEN_WITHIN_MS)
        if winners.count(attacker) == 3:
            break
        # The loser chooses who goes first: they go first themselves.
        defender.locator(f"#between button[data-first={target}]").click(timeout=SEEN_WITHIN_MS)
        a.locator("#outcome", has_text=f"{target} goes first").wait_for(timeout=SEEN_WITHIN_MS)
        assert round_no < 5
    champion = winners[-1]
    for page in phones.values():
        page.locator("#winner", has_text="wins").wait_for(timeout=SEEN_WITHIN_MS)
        assert page.locator("#new-game").count() == 1
    assert winners.count(champion) == 3
    a.screenshot(path=str(SHOTS / "duel-won.png"), full_page=True)


def held_card(page):  # type: ignore[no-untyped-def]
    """Press and hold the loyalty button; return the card shown, checking it hides again."""
    page.wait_for_selector("#hold-card")
    assert page.locator("#my-card").inner_text() == ""  # hidden until pressed
    page.locator("#hold-card").dispatch_event("pointerdown")
    page.locator("#my-card", has_text=": ").wait_for(timeout=SEEN_WITHIN_MS)
    shown = page.locator("#my-card").inner_text().rsplit(": ", 1)[1]
    page.locator("#hold-card").dispatch_event("pointerup")
    assert page.locator("#my-card").inner_text() == ""
    return shown


def test_betrayal_each_phone_sees_only_its_own_card(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    players = ["Ana", "Ben", "Cid", "Dee", "Drake"]
    phones = open_duel_on_phones(server, browser, "betrayal", players)
    cards = {}
    for player, page in phones.items():
        cards[player] = held_card(page)
        assert cards[player] in ("Loyal", "Traitor")  # "Your card: Traitor" (#27 item 12)
    assert list(cards.values()).count("Traitor") == 1
    status = phones["Ana"].locator("#status").inner_text()
    assert "Mortals:" in status and "Dragon:" in status, status

    # Until a card is held, a traitor's phone and a loyal mortal's look alike: the same
    # words and controls (Reveal on every mortal's phone), the same layout. (Whose turn it
    # is differs, as it does at any table.)
    def seen(player: str) -> tuple[str, list[int]]:
        page = phones[player]
        text = page.locator("#loyalty").inner_text() + page.locator("#betrayal").inner_text()
        for name in players:
            text = text.replace(name, "P")
        boxes = [page.locator(s).bounding_box() for s in ("#loyalty", "#betrayal")]
        return text, [round(b["height"]) for b in boxes if b]

    looks = {player: seen(player) for player in players[:4]}
    assert len(set(map(str, looks.values()))) == 1, looks
    for card in ("Traitor", "Loyal"):  # the Dragon may hold the traitor card instead
        holder = next((p for p in players[:4] if cards[p] == card), None)
        if holder is not None:
            shot = SHOTS / f"betrayal-{card.lower()}.png"
            phones[holder].screenshot(path=str(shot), full_page=True)
    view_url = phones["Ana"].locator("#share a").nth(1).get_attribute("href")
    spectator = browser.new_context(**PHONE).new_page()
    spectator.goto(view_url)
    spectator.wait_for_selector("#track .pawn")
    assert spectator.locator("#loyalty").is_hidden()
    assert "traitor" not in spectator.locator("main").inner_text().lower()
    phones["Ana"].screenshot(path=str(SHOTS / "betrayal.png"), full_page=True)
