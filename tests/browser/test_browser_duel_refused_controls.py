"""Flash Duel phones show no control the server would refuse (issue #27, item 1), checked on
the phone that is not on turn at a tournament table, after a reveal in Betrayal and after a
game has ended, at 390 x 844 in Debian's Chromium.

The rules behind each refusal: a pawn is placed by hand at a tournament table only by its own
player on their own turn (room.deciders); once a game is over only "New game" is taken
(room.apply); once the traitor has shown the card nobody else can reveal (seed 002 l.321:
loyal mortals cannot reveal their card until the game ends; l.336: the traitor reveals, once)
and the Dragon holds no traitor card to show; at the end every loyalty card is face up
(seed 002 l.315, Betrayal.on_round_end), so there is nothing left to hold to see.
Screenshots: $STRIKEKIT_SHOTS/refused-*.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_betrayal_naming import betrayal_with_traitor
from tests.browser.test_browser_time_over_hands import duel_round_one
from tests.browser.test_tournament_browser import act, api, take_seat
from tests.phones import CHROMIUM, SEEN_WITHIN_MS, Phone, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")

BOXES = ", ".join(
    ["#choose", "#loyalty", ".track-card", "#answer", "#controls", "#bot", "#between", "#pile"]
    + ["#abilities", "#betrayal", "#next-step"]
)
"""The page's game boxes and the next-step bar (the footer's Undo, history and links aside)."""

BUTTONS = f"""() => Array.from(document.querySelectorAll('{BOXES}'))
  .flatMap((box) => Array.from(box.querySelectorAll('button, select, input')))
  .filter((b) => b.offsetParent !== null && !b.disabled)
  .map((b) => {{
    const owner = b.closest('#abilities > section')?.querySelector('h3 span')?.textContent;
    const data = Object.entries(b.dataset).map(([k, v]) => k + '=' + v).join(' ');
    return (owner ? owner + ': ' : '') + (b.id || data || b.textContent.trim());
  }})"""
"""Each visible, enabled control of the game boxes, named by its id, data or text (an
ability's "Use" by its fighter first)."""

HINT = "document.getElementById('place-hint').textContent"


def controls(phone: Phone) -> list[str]:
    """Return the controls the phone shows in its game boxes."""
    shown: list[str] = phone.page.evaluate(BUTTONS)
    return shown


def tap_pawn_does_nothing(phone: Any, name: str = "") -> None:
    """Tap a pawn (this player's, or the first on the track): a phone that may not place it
    neither selects it nor asks for a space."""
    phone.page.locator(f"#track .pawn[title='{name}']" if name else "#track .pawn").first.click()
    phone.page.wait_for_timeout(200)  # a selection would redraw at once
    assert phone.page.locator("#track .pawn.selected").count() == 0
    assert phone.page.evaluate(HINT) == ""


def state(phone: Any, server: str, match_id: str) -> dict[str, Any]:
    """Read the table's state through the phone's own cookies."""
    found: dict[str, Any] = api(phone.page, "GET", f"{server}/api/matches/{match_id}/state")
    return dict(found["state"])


def win_round(server: str, match_id: str, phones: dict[str, Phone]) -> dict[str, Any]:
    """The turn player places their pawn next to the other's and strikes with a 1; the
    other takes the hit on their own phone, and names who goes first. Return the state."""
    s = state(next(iter(phones.values())), server, match_id)
    me = s["turn"]
    foe = next(f for f in s["fighters"] if f["name"] != me)
    space = foe["position"] - 1 if foe["position"] > 1 else foe["position"] + 1
    act(phones[me].page, server, match_id, {"type": "place", "player": me, "space": space})
    strike = {"type": "attack", "player": me, "target": foe["name"], "cards": [1]}
    act(phones[me].page, server, match_id, strike)
    act(phones[foe["name"]].page, server, match_id, {"type": "hit", "player": foe["name"]})
    s = state(phones[me], server, match_id)
    if not s["game_winner"]:
        loser = phones[foe["name"]].page
        act(loser, server, match_id, {"type": "first_player", "player": foe["name"]})
    return s


def tournament_table(server: str, browser: Any) -> tuple[str, dict[str, Phone]]:
    """Seat Ana (light) and Ben (dark, Japanese) at a tournament Flash Duel table; return
    the match id and the phones by player."""
    _, _, table = duel_round_one(server, browser)
    phones: dict[str, Phone] = {}
    match_id = ""
    looks = ({"color_scheme": "light"}, {"color_scheme": "dark", "locale": "ja-JP"})
    for side, url, look in zip(("a", "b"), table["seat_urls"], looks, strict=True):
        phone = Phone(browser, table[side]["name"], **look)
        match_id = take_seat(phone.page, url)
        phones[phone.name] = phone
    for phone in phones.values():
        phone.page.wait_for_selector("#track .pawn", timeout=SEEN_WITHIN_MS)
    return match_id, phones


def test_the_phone_off_turn_at_a_tournament_table_shows_only_its_own(
    server: str, browser: Any
) -> None:
    match_id, phones = tournament_table(server, browser)
    s = state(next(iter(phones.values())), server, match_id)
    waiting = next(p for name, p in phones.items() if name != s["turn"])
    on_turn = phones[s["turn"]]
    until(waiting.page, "document.querySelector('[data-discard]')")
    until(on_turn.page, "document.querySelector('#end-turn')")
    assert waiting.page.evaluate(HINT) == ""  # "Tap a pawn ..." is refused off turn
    # Its own hand's correction and its own abilities; no move, pawn, pile or other's card.
    shown = controls(waiting)
    assert "discard=1" in shown
    assert all(c == "discard=1" or c.startswith(f"{waiting.name}: ") for c in shown), shown
    tap_pawn_does_nothing(waiting, waiting.name)
    waiting.shot("refused-off-turn-tournament")
    # The turn player's phone still places its own pawn.
    assert on_turn.page.evaluate(HINT) != ""
    for phone in phones.values():
        phone.check_no_errors()


def test_nothing_but_the_result_after_a_tournament_game(server: str, browser: Any) -> None:
    match_id, phones = tournament_table(server, browser)
    for _ in range(9):
        if win_round(server, match_id, phones)["game_winner"]:
            break
    for phone in phones.values():
        phone.page.wait_for_selector("#winner:not([hidden])", timeout=SEEN_WITHIN_MS)
        assert phone.page.evaluate(HINT) == ""
        assert controls(phone) == [], phone.name  # no New game either: the event decides
        tap_pawn_does_nothing(phone)
        phone.shot(f"refused-game-over-{phone.name}")
        phone.check_no_errors()


def test_betrayal_after_the_reveal_and_after_the_game(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    by_name = betrayal_with_traitor(request, monkeypatch, "Ana")
    server = request.getfixturevalue("server")
    ana, drake = by_name["Ana"], by_name["Drake"]
    match_id = ana.page.url.rsplit("/m/", 1)[1]
    # Ana names Ben's hand right and reveals: she joins the Dragon, Ben is defeated.
    ana.tap("#betrayal [data-naming='Ben'] label:has(input[value='right'])")
    ana.tap("#betrayal #reveal")
    for phone in by_name.values():
        phone.see("#betrayal p", "Ana: ")
    for name in ("Cid", "Dee"):  # nobody else can reveal now: no naming, no Reveal
        phone = by_name[name]
        until(phone.page, "!document.querySelector('#betrayal [data-naming]')")
        assert phone.page.locator("#betrayal #reveal").count() == 0
        phone.see("#betrayal #accuse")  # accusing the one hidden card left is still allowed
    by_name["Dee"].shot("refused-after-reveal-dark-ja")
    assert drake.page.locator("#dragon-reveal").count() == 0  # the traitor card is Ana's
    until(ana.page, "!document.querySelector('#hold-card')")  # her card is face up
    # The Dragon's phone strikes Cid and Dee on one space (a casual table: any seated phone
    # places pawns and ends turns); each takes the hit on their own phone.
    for name, space in (("Cid", 10), ("Dee", 10), ("Drake", 13)):
        act(drake.page, server, match_id, {"type": "place", "player": name, "space": space})
    for _ in range(8):
        s = state(drake, server, match_id)
        if s["turn"] == "Drake":
            break
        act(drake.page, server, match_id, {"type": "end_turn", "turn": s["turn_no"]})
    strike = {"type": "attack", "player": "Drake", "target": "Cid", "cards": [3]}
    act(drake.page, server, match_id, strike)
    for name in ("Cid", "Dee"):
        act(by_name[name].page, server, match_id, {"type": "hit", "player": name})
    for phone in by_name.values():
        phone.see("#winner", "Drake")
        assert phone.page.locator("#hold-card").count() == 0, phone.name
        assert phone.page.locator("#betrayal button").count() == 0, phone.name
        assert phone.page.evaluate(HINT) == "", phone.name
        assert [c for c in controls(phone) if c != "new-game"] == [], phone.name
        tap_pawn_does_nothing(phone)
    # The traitor won with the Dragon's team (seed 002 l.315): the line names her too.
    assert drake.page.inner_text("#winner") == "Drake (Dragon) & Ana win"
    assert by_name["Dee"].page.inner_text("#winner") == "Drake（ドラゴン） & Anaの勝ち"
    by_name["Dee"].shot("refused-betrayal-over-dark-ja")
    drake.shot("refused-betrayal-over")
    for phone in by_name.values():
        assert phone.errors == [], (phone.name, phone.errors)
