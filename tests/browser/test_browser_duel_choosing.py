"""Flash Duel on two phones (#18): characters chosen double-blind, each phone seeing only its
own pick until the reveal; then the draw pile lowered by the table at the end of a turn.
Screenshots in $STRIKEKIT_SHOTS (duel-choose-*.png)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_duel import Phone, no_errors, open_table, running
from tests.phones import CHROMIUM, SEEN_WITHIN_MS, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


def open_blind_table(url: str, ana: Phone, ben: Phone) -> None:
    """Ana opens a Full Game whose characters are chosen on the phones; Ben joins."""
    first = ana.page
    first.goto(url + "/")
    first.select_option("#duel select[name=mode]", "full")
    first.fill("#duel input[name=p1]", "Ana")
    first.fill("#duel input[name=p2]", "Ben")
    first.check("#duel input[name=blind]")
    first.click("#duel button[type=submit]")
    first.wait_for_url("**/m/**")
    first.wait_for_selector("#choose #choose-go")
    join_url = first.locator("#share a").first.get_attribute("href")
    ben.page.goto(str(join_url))
    ben.page.click("#seats button:has-text('Ben')")
    ben.page.wait_for_url("**/m/**")
    ben.page.wait_for_selector("#choose #choose-go")


def secret_seen(phone: Phone) -> Any:
    """Return what the phone's own table state says of the choice (as its page read it)."""
    return phone.page.evaluate("(() => { const c = ROOM.current.state.choosing; "
                               "return c && {mine: c.mine, chosen: c.chosen}; })()")  # fmt: skip


def test_two_phones_choose_double_blind_then_the_table_draws(
    request: pytest.FixtureRequest,
) -> None:
    url, chromium = running(request)
    ana, ben = Phone(chromium, "Ana"), Phone(chromium, "Ben", dark=True, ja=True)
    open_blind_table(url, ana, ben)
    ana.see("#next-step", "Choose your character in secret")
    ana.page.select_option("#choose #character", "midori")
    ana.act("#choose #choose-go")
    ana.see("#my-choice", "Midori")
    ben.catch_up(ana)
    ben.see("#choosers li[data-chooser='Ana']", "✓")
    # Ben's phone knows Ana has chosen, not what: nothing on its page or in its state says it
    assert secret_seen(ben) == {"mine": None, "chosen": ["Ana"]}
    assert ben.page.locator("#my-choice").count() == 0
    for section in ("#choosers", "#status", "#abilities", "#history", "#next-step"):
        assert "Midori" not in ben.page.locator(section).inner_text(), section
    ana.shot("choose-ana-committed")
    ben.shot("choose-ben-before")
    ben.page.select_option("#choose #character", "rook")
    ben.act("#choose #choose-go")
    # Ben's phone reads Japanese
    revealed = {ana: "the characters are revealed", ben: "キャラクター公開"}
    for phone in (ana, ben):
        phone.catch_up(ben)
        phone.see("#abilities h3", "Midori")
        phone.see("#abilities h3", "Rook")
        phone.see("#history li", revealed[phone])
        phone.see("#history li", "Ana Midori, Ben Rook")
        phone.page.locator("#choose").wait_for(state="hidden", timeout=SEEN_WITHIN_MS)
    ana.shot("choose-revealed")
    ben.shot("choose-revealed-ja-dark")
    # the first player moves and ends the turn: the table draws back the card played
    first = ana.page.locator("#status h1").inner_text().rsplit(": ", 1)[1]
    phone = {"Ana": ana, "Ben": ben}[first]
    phone.see("#pile h2", ": 15")
    phone.cards(2)
    phone.act("#controls #move")
    phone.act("#controls #end-turn")
    for seen in (ana, ben):
        seen.catch_up(phone)
        seen.see("#pile h2", ": 14")
        japanese = f"{first} が 1 枚引いた（山札残り 14）"
        drew = f"{first} draws 1 (14 left)" if seen is ana else japanese
        seen.see("#history li", drew)
    phone.shot("choose-first-draw")
    no_errors([ana, ben])


def test_the_clockwork_coin_flip_is_shown_on_every_phone(request: pytest.FixtureRequest) -> None:
    # seed 002: "Flip a coin to determine who will choose first."
    url, chromium = running(request)
    ana, ben = Phone(chromium, "Ana"), Phone(chromium, "Ben", ja=True)
    first = ana.page
    first.goto(url + "/")
    first.select_option("#room select[name=kind]", "draft:flash-duel")
    first.fill("#room input[name=p1]", "Ana")
    first.fill("#room input[name=p2]", "Ben")
    first.click("#room button[type=submit]")
    first.wait_for_url("**/m/**")
    join_url = first.locator("#share a").first.get_attribute("href")
    ben.page.goto(str(join_url))
    ben.page.click("#seats button:has-text('Ben')")
    ben.page.wait_for_url("**/m/**")
    winner = first.evaluate("ROOM.current.state.coin")
    assert winner in ("Ana", "Ben")
    ana.see("#coin", f"Coin flip: {winner} drafts first and plays first")
    ben.see("#coin", f"{winner} が先にピック")
    ben.see(".pick-order", winner)
    ana.shot("coin-en")
    ben.shot("coin-ja")
    no_errors([ana, ben])


def post_action(phone: Phone, url: str, action: dict[str, Any]) -> None:
    """Send an action from the phone's own seat (its cookies), as its page would."""
    match_id = phone.page.url.rsplit("/", 1)[1]
    version = phone.page.evaluate("ROOM.current.version")
    csrf = next(c["value"] for c in phone.page.context.cookies() if c["name"] == "csrf")
    body = {"action": action, "base_version": version, "idempotency_key": f"fd-test-{version}-key"}
    sent = phone.page.request.post(
        f"{url}/api/matches/{match_id}/actions", data=body, headers={"X-CSRF-Token": csrf}
    )
    assert sent.status == 200, sent.text()
    until(phone.page, f"ROOM.current.version > {version}")


def test_raid_reshuffle_is_prompted_on_the_dragons_phone(request: pytest.FixtureRequest) -> None:
    # seed 002: with 3 mortals, "reshuffle the discard pile and Dragon's hand cards into the
    # draw deck the first time the draw pile runs out ... Then the Dragon draws the number of
    # cards he just discarded."
    url, chromium = running(request)
    names = ("Ana", "Ben", "Cid", "Drake")
    phones = [Phone(chromium, n, ja=n == "Cid") for n in names]
    ana, _, cid, drake = phones
    open_table(url, phones, "raid")
    for count in (10, 7):  # a recount by hand empties the pile (40 less 3 hands and 8: 17)
        post_action(ana, url, {"type": "draw", "count": count})
    drake.see("#next-step", "The draw pile ran out: shuffle the discard pile and your hand")
    ana.see("#next-step", "waiting for Drake to reshuffle")
    cid.see("#next-step", "Drake のリシャッフルを待っています")
    assert ana.page.locator("#next-step button, #pile #reshuffle").count() == 0
    assert ana.page.locator("#controls").is_hidden()  # no play before the reshuffle
    drake.see("#pile #reshuffle")
    drake.shot("raid-reshuffle-dragon")
    ana.shot("raid-reshuffle-mortal")
    drake.act("#next-step button")
    for phone in phones:
        phone.catch_up(drake)
        phone.see("#pile h2", ": 17")
    drake.see("#history li", "reshuffled once (17 cards)")
    ana.see("#next-step", "Your turn")
    drake.shot("raid-reshuffled")
    no_errors(phones)


def test_team_battle_picks_in_the_open_in_pick_order(request: pytest.FixtureRequest) -> None:
    # seed 002: team A picks, then team B twice, then the second member of team A
    url, chromium = running(request)
    phones = [Phone(chromium, n) for n in ("Ana", "Ben", "Cat", "Dan")]
    ana, ben, cat, dan = phones
    first = ana.page
    first.goto(url + "/")
    first.select_option("#duel select[name=mode]", "team-battle")
    for n, phone in enumerate(phones, start=1):
        first.fill(f"#duel input[name=p{n}]", phone.name)
    first.check("#duel input[name=blind]")
    first.click("#duel button[type=submit]")
    first.wait_for_url("**/m/**")
    join_url = str(first.locator("#share a").first.get_attribute("href"))
    for phone in phones[1:]:
        phone.page.goto(join_url)
        phone.page.click(f"#seats button:has-text('{phone.name}')")
        phone.page.wait_for_url("**/m/**")
    ben.see("#next-step", "Waiting for Ana, Cat to pick")
    assert ben.page.locator("#choose-go").count() == 0  # not team B's pick yet
    ana.see("#next-step", "Your team picks now")
    ana.page.select_option("#choose #character", "grave")
    ana.act("#choose #choose-go")
    for phone in (ben, dan):
        phone.catch_up(ana)
        phone.see("#choosers li[data-chooser='Ana']", "Grave")  # in the open
        phone.see("#next-step", "Your team picks now")
    ben.shot("pick-team-b")
    ben.page.select_option("#choose #character", "rook")
    ben.act("#choose #choose-go")
    dan.catch_up(ben)
    dan.page.select_option("#choose #character", "lum")
    dan.act("#choose #choose-go")
    cat.catch_up(dan)
    cat.see("#next-step", "Your team picks now")
    cat.page.select_option("#choose #character", "jaina")
    cat.act("#choose #choose-go")
    for phone in phones:
        phone.catch_up(cat)
        phone.page.locator("#choose").wait_for(state="hidden", timeout=SEEN_WITHIN_MS)
        phone.see("#status", "Ana (Grave), Cat (Jaina)")
    dan.shot("pick-done")
    no_errors(phones)
