"""Whole games on several phones in Debian's Chromium: Shadowfist to a win by seizing, a
3-phone Custom Clockwork draft carried into one match, taps made offline, the screen kept on.

Screenshots go to $STRIKEKIT_SHOTS (see tests/phones.py) for a person to look at.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.phones import CHROMIUM, SEEN_WITHIN_MS, WORKER_MS, Phone, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def open_room(server: str, phones: list[Phone], kind: str) -> str:
    """Open a room from the first phone's home page; every other phone joins its own seat.
    Return the room's id."""
    first = phones[0].page
    first.goto(server + "/")
    first.select_option("#room select[name=kind]", kind)
    for n, phone in enumerate(phones, start=1):
        first.fill(f"#room input[name=p{n}]", phone.name)
    first.click("#room button[type=submit]")
    first.wait_for_url("**/m/**")
    first.wait_for_selector("#share a")
    join_url = first.locator("#share a").first.get_attribute("href")
    for phone in phones[1:]:
        phone.page.goto(join_url)
        phone.page.click(f"#seats button:has-text('{phone.name}')")
        phone.page.wait_for_url("**/m/**")
    return first.url.rsplit("/", 1)[1]


def card(page: Any, name: str) -> Any:
    """A Shadowfist player's card on a phone."""
    heading = page.locator("h3 > span", has_text=re.compile(f"^{name}$"))
    return page.locator("#players section").filter(has=heading)


def turn_of(page: Any) -> str:
    """Whose turn a Shadowfist phone shows."""
    return str(page.locator("#prompt h1").inner_text().rsplit(": ", 1)[1])


def caught_up(page: Any) -> None:
    """Wait until the phone shows the table's latest version before it taps: a tap based on
    an older table (another phone's action not yet seen) is refused as stale, as it should
    be, and the test's tap would be lost (the flake of the Shadowfist game below: Ben played
    first and tapped Next step before his phone had seen Ana's +5 power)."""
    url = page.url.replace("/m/", "/api/matches/") + "/state"
    version = page.request.get(url).json()["version"]
    until(page, f"ROOM.current.version >= {version}")


def end_turn_until(phones: dict[str, Phone], name: str, new_turn: bool = False) -> None:
    """End turns (each on the phone of the player whose turn it is) until it is name's
    (a new turn of theirs with ``new_turn``)."""
    any_page = next(iter(phones.values())).page
    while new_turn or turn_of(any_page) != name:
        new_turn = False
        current = turn_of(any_page)
        page = phones[current].page
        page.locator("#prompt h1", has_text=f": {current}").wait_for(timeout=SEEN_WITHIN_MS)
        caught_up(page)
        page.get_by_role("button", name="End turn").click()
        any_page.locator("#prompt h1").filter(has_not_text=f": {current}").wait_for(
            timeout=SEEN_WITHIN_MS
        )


def to_main_shot(page: Any) -> None:
    """Tap Next step until the table is in the Main Shot (sites are played there)."""
    while page.evaluate("ROOM.current.state.step.phase") != "main-shot":
        caught_up(page)
        index = page.evaluate("ROOM.current.state.step.index")
        page.get_by_role("button", name="Next step", exact=True).click()
        until(page, f"ROOM.current.state.step.index === {index + 1}")


def play_site(phone: Phone, sites_after: int) -> None:
    """Play a Feng Shui Site on the player's own phone and wait for it to show."""
    mine = card(phone.page, phone.name)
    phone.page.locator("#prompt h1", has_text=f": {phone.name}").wait_for(timeout=SEEN_WITHIN_MS)
    to_main_shot(phone.page)
    caught_up(phone.page)
    mine.get_by_role("button", name=re.compile("Play a Feng Shui Site")).click()
    mine.locator("p", has_text=f"Sites: {sites_after} ").wait_for(timeout=SEEN_WITHIN_MS)


def test_shadowfist_to_a_win_by_seizing_on_three_phones(server: str, browser: Any) -> None:
    ana, ben = Phone(browser, "Ana"), Phone(browser, "Ben")
    cid = Phone(browser, "Cid", color_scheme="dark")
    phones = {p.name: p for p in (ana, ben, cid)}
    open_room(server, [ana, ben, cid], "shadowfist")
    for phone in phones.values():
        phone.page.wait_for_selector("#players section")
    # The drawn seating is said on every phone from the start, before anyone acts.
    order = ana.page.evaluate("ROOM.current.state.order")
    assert order[0] == turn_of(ana.page)  # from the player drawn to go first
    for phone in phones.values():
        shown = phone.page.locator("#seating").inner_text()
        assert shown == f"Order of play (drawn): {' → '.join(order)}"
    # The bar at the bottom: "Your turn" on the phone whose turn it is only.
    turn = ana.page.evaluate("ROOM.current.state.turn")
    for phone in phones.values():
        bar = phone.page.locator("#next-step #next-line")
        if phone.name == turn:
            phone.page.locator("#next-step.mine #next-line", has_text="Your turn").wait_for()
        else:
            bar.filter(has_text=f"Waiting for {turn}'s turn").wait_for(timeout=SEEN_WITHIN_MS)
    card(ana.page, "Ana").get_by_role("button", name="+5", exact=True).click()
    card(ana.page, "Ana").get_by_role("button", name="+5", exact=True).click()
    card(cid.page, "Ana").locator("p", has_text="Power: 11").wait_for(timeout=SEEN_WITHIN_MS)
    for name in ("Ben", "Cid"):
        end_turn_until(phones, name)
        play_site(phones[name], 1)
    for sites in range(1, 5):
        end_turn_until(phones, "Ana", new_turn=sites > 1)
        play_site(ana, sites)
        # One Feng Shui Site a turn: the button is off until Ana's next turn.
        played = card(ana.page, "Ana").get_by_role("button", name=re.compile("Play a Feng Shui"))
        assert played.is_disabled()
    end_turn_until(phones, "Ana", new_turn=True)
    main_note = card(ana.page, "Ana").locator("p.note", has_text="played in the Main Shot")
    main_note.wait_for(timeout=SEEN_WITHIN_MS)
    assert card(ana.page, "Ana").get_by_role("button", name=re.compile("Play a Feng")).is_disabled()
    caught_up(ana.page)
    ana.page.get_by_role("button", name="Next step", exact=True).click()
    until(ana.page, "ROOM.current.state.step.id === 'generate-power'")
    ana.page.get_by_role("button", name=re.compile("^Generate power")).click()
    card(cid.page, "Ana").locator("p", has_text="Sites: 4 ").wait_for(timeout=SEEN_WITHIN_MS)
    until(ana.page, "ROOM.current.state.step.id === 'unturn'")
    ana.shot("shadowfist-power-generated")
    to_main_shot(ana.page)
    fifth_note = card(ana.page, "Ana").locator("p.note", has_text="The fifth must be seized")
    fifth_note.wait_for(timeout=SEEN_WITHIN_MS)
    ana.shot("shadowfist-fifth-rule")
    play_site(ana, 5)
    assert ben.page.locator("#winner").is_hidden()  # Ben and Cid still have sites to attack
    mine = card(ana.page, "Ana")
    mine.locator("select").select_option("Ben")
    mine.get_by_role("button", name="Seize").click()
    for phone in phones.values():
        phone.page.wait_for_selector("#winner:has-text('Ana')", timeout=SEEN_WITHIN_MS)
    ana.shot("shadowfist-win")
    cid.page.wait_for_selector("#history li:has-text('Ana seized a site from Ben')")
    ben.page.click("#lang")  # Ben reads Japanese: the history too (#18)
    ben.page.wait_for_selector("#history li:has-text('Ana が Ben のサイトを奪取しました')")
    ben.page.wait_for_selector(
        "#history li:has-text('が次のステップへ：エスタブリッシング・ショット')"
    )
    assert "の勝利" in ben.page.locator("#winner").inner_text()
    ben.shot("shadowfist-win-ja")
    cid.shot("shadowfist-win-dark")
    for phone in phones.values():
        phone.check_no_errors()


def test_shadowfist_controls_in_japanese(server: str, browser: Any) -> None:
    ana, ben = Phone(browser, "Ana", locale="ja-JP"), Phone(browser, "Ben")
    open_room(server, [ana, ben], "shadowfist")
    page = ana.page
    page.wait_for_selector("#players section")
    turn = turn_of(page)
    # The bar: Ana's turn ("あなたのターン", with 次のステップ) or the turn she waits for.
    page.locator("#next-step #next-line", has_text="ターン").wait_for()
    if turn == "Ana":
        page.get_by_role("button", name="次のステップ").wait_for()
    texts = card(page, "Ana").inner_text()  # her own card: another's is behind "Record for"
    for word in ("風水サイトを出す", "パワー", "最後のカードを引いた", "サイトを失った"):
        assert word in texts
    assert page.locator("#seating").inner_text().startswith("手番の順（抽選）: ")
    ana.shot("shadowfist-ja")
    ana.check_no_errors()


def draft_to_the_end(phones: dict[str, Phone]) -> None:
    """Each phone picks the first free chip when its own screen says 'Your pick'."""
    first = next(iter(phones.values())).page
    while first.locator("#status p.big").inner_text() != "The draft is done":
        turn = first.locator("#status p.big").inner_text().removeprefix("Pick: ")
        picker = phones[turn].page if turn in phones else None
        if picker is None:  # the first phone's own pick
            picker = first
        picker.locator("#status p.big", has_text="Your pick").wait_for(timeout=SEEN_WITHIN_MS)
        taken = first.locator("#pool button.empty").count()
        picker.locator("#pool button:not(.empty)").first.click()  # read it, then pick it
        picker.locator("#pool-detail p").first.wait_for(timeout=SEEN_WITHIN_MS)
        picker.locator("#pick").click()
        first.locator("#pool button.empty").nth(taken).wait_for(timeout=SEEN_WITHIN_MS)


def test_a_three_phone_clockwork_draft_lands_everyone_seated(server: str, browser: Any) -> None:
    ana, ben, cid = Phone(browser, "Ana"), Phone(browser, "Ben"), Phone(browser, "Cid")
    phones = {p.name: p for p in (ana, ben, cid)}
    draft = open_room(server, [ana, ben, cid], "draft:puzzle-strike")
    for phone in phones.values():
        phone.page.wait_for_selector("#pool button")
    # Any phone reads a chip's text by tapping it, whoever's pick it is; the pick order shows.
    item = ben.state(server, draft)["state"]["pool"][0]
    ben.page.locator("#pool button").first.click()
    ben.page.locator("#pool-detail", has_text=item["text"]).wait_for(timeout=SEEN_WITHIN_MS)
    assert ben.page.locator("#status .pick-order [aria-current=step]").inner_text() == "▶ Ana"
    # Each phone's bar: Ana picks (3 left), the others wait for her.
    ana.page.locator("#next-step.mine #next-line", has_text="Your pick (3 left)").wait_for()
    waiting = ben.page.locator("#next-step:not(.mine) #next-line")
    waiting.filter(has_text="Waiting for Ana's pick").wait_for()
    ben.shot("clockwork-draft-reading")
    draft_to_the_end(phones)
    draft_url = ana.page.url
    ana.page.locator("#carry").click()
    ana.page.wait_for_url(lambda url: url != draft_url)
    match_url = ana.page.url
    for phone in (ben, cid):
        phone.page.wait_for_selector("#carry:has-text('Go to the match')", timeout=SEEN_WITHIN_MS)
        phone.page.locator("#carry").click()
        phone.page.wait_for_url(lambda url: url != draft_url)
        assert phone.page.url == match_url
    match_id = match_url.rsplit("/", 1)[1]
    assert match_id != draft
    for phone in phones.values():
        seen = phone.state(server, match_id)
        assert seen["state"]["you"] == phone.name
        assert seen["state"]["characters"][phone.name].startswith("Clockwork")
    cid.page.wait_for_selector("#piles .pile")
    cid.shot("clockwork-match-cid")
    for phone in phones.values():
        phone.check_no_errors()


def power_of(page: Any, name: str) -> Any:
    return card(page, name).locator("p", has_text="Power:")


def test_a_tap_made_offline_is_kept_and_sent_when_back(server: str, browser: Any) -> None:
    ana, ben = Phone(browser, "Ana"), Phone(browser, "Ben")
    open_room(server, [ana, ben], "shadowfist")
    page = ana.page
    page.wait_for_selector("#players section")
    until(page, "navigator.serviceWorker.controller !== null", WORKER_MS)
    page.reload()  # now the service worker keeps this page and its state
    page.wait_for_selector("#players section")
    ana.context.set_offline(True)
    card(page, "Ana").get_by_role("button", name="+1", exact=True).click()
    page.wait_for_selector("#outbox:has-text('Offline: your last tap is kept')")
    # A second tap while the first waits is refused at once, with a message.
    card(page, "Ana").get_by_role("button", name="+5", exact=True).click()
    page.wait_for_selector("#message:has-text('still waiting for the network')")
    ana.shot("offline-tap-kept")
    page.reload()  # reloading offline shows the table, not the start page
    page.wait_for_selector("#players section")
    assert page.locator("#offline").is_visible() and page.locator("#room").count() == 0
    page.wait_for_selector("#outbox")  # the kept tap survived the reload
    ana.context.set_offline(False)
    page.wait_for_selector("#outbox", state="detached", timeout=SEEN_WITHIN_MS * 2)
    power_of(ben.page, "Ana").filter(has_text="Power: 2 ").wait_for(timeout=SEEN_WITHIN_MS)
    # Offline again; the table moves on meanwhile: the kept tap is refused, visibly.
    ana.context.set_offline(True)
    card(page, "Ana").get_by_role("button", name="+5", exact=True).click()
    page.wait_for_selector("#outbox")
    card(ben.page, "Ben").get_by_role("button", name="+1", exact=True).click()
    power_of(ben.page, "Ben").filter(has_text="Power: 2 ").wait_for(timeout=SEEN_WITHIN_MS)
    ana.context.set_offline(False)
    page.wait_for_selector(
        "#message:has-text('Your kept tap was not applied')", timeout=SEEN_WITHIN_MS * 2
    )
    ana.shot("offline-tap-refused")
    assert "Power: 2 " in power_of(ben.page, "Ana").inner_text()  # +5 never applied
    ben.check_no_errors()


def test_the_screen_stays_on_without_the_wake_lock_api(server: str, browser: Any) -> None:
    ana, ben = Phone(browser, "Ana"), Phone(browser, "Ben")
    # As on a LAN address over plain HTTP: no Wake Lock API (not a secure context).
    ana.context.add_init_script("delete Navigator.prototype.wakeLock;")
    open_room(server, [ana, ben], "shadowfist")
    page = ana.page
    page.wait_for_selector("#players section")
    assert page.evaluate("'wakeLock' in navigator") is False
    card(page, "Ana").get_by_role("button", name="+1", exact=True).click()
    until(
        page,
        "document.querySelector('video.awake') && !document.querySelector('video.awake').paused",
    )
    assert page.evaluate("document.querySelector('video.awake').muted") is True
    ana.check_no_errors()


def test_japanese_words_from_every_block_and_from_page_scripts(server: str, browser: Any) -> None:
    phone = Phone(browser, "Ana", locale="ja-JP")
    phone.page.goto(server + "/tournaments/new")  # tournament.js adds its Japanese words (addWords)
    phone.page.wait_for_selector("h1:has-text('大会を開く')")
    phone.page.goto(server + "/")  # the common block
    phone.page.wait_for_selector("#lang:has-text('English')")
    assert (
        phone.page.locator("[data-i18n=start_match]").inner_text() == "Puzzle Strike の対戦を始める"
    )
    phone.check_no_errors()


def test_a_lost_phones_seat_is_handed_to_a_new_phone(server: str, browser: Any) -> None:
    ana, ben = Phone(browser, "Ana"), Phone(browser, "Ben")
    room = open_room(server, [ana, ben], "shadowfist")
    page = ana.page
    page.wait_for_selector("#players section")
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#hand-over summary")
    page.locator("#hand-over").get_by_role("button", name="Ben").click()
    link = page.locator("#hand-over-link a")
    link.wait_for(timeout=SEEN_WITHIN_MS)
    url = link.get_attribute("href")
    assert url and "claim=" in url
    ana.shot("hand-over-link")
    # Ben's old phone can no longer act: its controls go away, and it says why.
    ben.page.wait_for_selector(
        "#players button:has-text('+1')", state="detached", timeout=SEEN_WITHIN_MS
    )
    ben.page.wait_for_selector("#message:has-text('Your seat was handed to a new phone')")
    ben.shot("hand-over-old-phone")
    # The box's words follow a switch of language (it is kept across redraws).
    page.click("#lang")
    page.wait_for_selector("#hand-over summary:has-text('席を新しい端末に渡す')")
    page.click("#lang")
    page.wait_for_selector("#hand-over summary:has-text('Hand a seat to a new phone')")
    new = Phone(browser, "Ben's new phone")
    new.page.goto(url)
    new.page.wait_for_selector("#seats button")
    assert new.page.locator("#seats button:has-text('Ana')").is_disabled()
    new.page.click("#seats button:has-text('Ben')")
    new.page.wait_for_url(f"**/m/{room}")
    new.page.wait_for_selector("#players button:has-text('+1')")
    assert new.state(server, room)["state"]["you"] == "Ben"
    for phone in (ana, ben, new):
        phone.check_no_errors()
