"""Flash Duel played through on phones after the page moved to Preact + htm (issue #27, item
13 and "Done when"): a Full Game with double-blind picks on two phones to the end, and a 2 vs
2 Team Battle on four, each phone its own browser context at 390 x 844 (light, dark,
Japanese). At each step every phone, the ones not on turn too, is screenshot and passes axe
with no serious or critical violation, and no phone shows another player's controls unless
they are folded behind "Record for". Screenshots: $STRIKEKIT_SHOTS/duel-play-*.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_accessibility import violations
from tests.browser.test_browser_duel import Phone, no_errors, open_table, running
from tests.browser.test_browser_duel_choosing import open_blind_table
from tests.phones import CHROMIUM, PHONE, SEEN_WITHIN_MS, SHOTS

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")


class AxePhone(Phone):
    """A phone whose page lets axe in (bypass_csp: the CSP refuses injected scripts)."""

    def __init__(self, chromium: Any, name: str, dark: bool = False, ja: bool = False) -> None:
        self.name = name
        look = {"color_scheme": "dark" if dark else "light", "locale": "ja-JP" if ja else "en-US"}
        self.page = chromium.new_context(**PHONE, **look, bypass_csp=True).new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))


def look_at(phones: list[Phone], label: str) -> None:
    """Screenshot every phone and run axe on it: no serious or critical violation."""
    found = {}
    for phone in phones:
        phone.shot(f"play-{label}-{phone.name}")
        phone.page.evaluate("window.scrollTo(0, 0)")  # what the phone shows first, as seen
        phone.page.screenshot(path=str(SHOTS / f"duel-play-{label}-{phone.name}-top.png"))
        if seen := violations(phone.page):
            found[phone.name] = seen
    assert found == {}, (label, found)


def turn_of(phone: Phone) -> str:
    """Return whose turn the phone's table says it is."""
    return str(phone.page.evaluate("ROOM.current.state.turn"))


OPEN_FOR_OTHERS = """(me) => {
  const s = ROOM.current.state;
  const folded = (b) => !!b.closest('.acting-for');
  const open = [];
  for (const b of document.querySelectorAll('#answer [data-hit], #answer [data-block]'))
    if ((b.dataset.hit || b.dataset.block) !== me && !folded(b)) open.push(b.textContent);
  for (const b of document.querySelectorAll('#controls #attack, #controls #end-turn'))
    if (s.turn !== me && !folded(b)) open.push(b.id);
  for (const b of document.querySelectorAll('#abilities [data-ability]'))
    if (b.closest('section').querySelector('h3 span').textContent !== me && !folded(b))
      open.push(b.textContent);
  return open;
}"""
"""The controls of another player a phone shows open (not behind "Record for")."""


def others_folded(phone: Phone) -> None:
    """Another player's strike, answers and abilities are not drawn open on this phone."""
    assert phone.page.evaluate(OPEN_FOR_OTHERS, phone.name) == [], phone.name


def folded_answer(attacker: Phone) -> None:
    """The attacker's phone has the answer behind "Record for", and no card picker until
    it is opened on purpose (the cards are the answer's); closed again, the picker goes."""
    page = attacker.page
    assert page.locator("#answer [data-card]").count() == 0
    attacker.tap("#answer button.record-for")
    attacker.see("#answer .acting-for")
    attacker.see("#answer button[data-card='1']")
    attacker.tap("#answer .acting-head button")
    page.locator("#answer [data-card]").first.wait_for(state="detached", timeout=SEEN_WITHIN_MS)


def strike_and_take(attacker: Phone, defender: str, by_name: dict[str, Phone], label: str) -> None:
    """The attacker puts its pawn 2 spaces from the defender and strikes with a 2; every
    phone is looked at while the strike waits; each fighter struck (the defender, and a
    teammate on the same space) takes the hit on their own phone."""
    phones = list(by_name.values())
    s = attacker.page.evaluate("ROOM.current.state")
    foe = next(f["position"] for f in s["fighters"] if f["name"] == defender)
    attacker.place(attacker.name, foe - 2 if foe > 2 else foe + 2)
    attacker.cards(2)
    attacker.act("#controls #attack")
    targets = attacker.page.evaluate("ROOM.current.state.pending.targets")
    for phone in phones:
        phone.catch_up(attacker)
        others_folded(phone)
    if label:
        look_at(phones, label)
        folded_answer(attacker)
    for name in targets:
        struck = by_name[name]
        struck.tap(f"#answer button[data-hit='{name}']")
        struck.act(f"#answer button[data-hit-confirm='{name}']")
        for phone in phones:
            phone.catch_up(struck)


def test_full_game_with_blind_picks_on_two_phones_to_the_end(
    request: pytest.FixtureRequest,
) -> None:
    url, chromium = running(request)
    ana, ben = AxePhone(chromium, "Ana"), AxePhone(chromium, "Ben", dark=True, ja=True)
    phones: list[Phone] = [ana, ben]
    by_name = {"Ana": ana, "Ben": ben}
    open_blind_table(url, ana, ben)
    ana.page.select_option("#choose #character", "midori")
    ana.act("#choose #choose-go")
    ben.catch_up(ana)
    look_at(phones, "chosen-one")  # Ben's phone: Ana has chosen, not what
    ben.page.select_option("#choose #character", "rook")
    ben.act("#choose #choose-go")
    ana.catch_up(ben)
    look_at(phones, "first-turn")
    for round_no in range(1, 10):
        first = turn_of(ben)
        attacker, defender = by_name[first], by_name["Ben" if first == "Ana" else "Ana"]
        attacker.catch_up(ben)
        label = "attacked" if round_no == 1 else ""
        strike_and_take(attacker, defender.name, by_name, label)
        if ben.page.evaluate("!!ROOM.current.state.game_winner"):
            break
        if round_no == 1:
            look_at(phones, "between")
        defender.act(f"#between button[data-first='{defender.name}']")
        for phone in phones:
            phone.catch_up(defender)
    for phone in phones:
        phone.see("#winner")
        phone.see("#new-game")
    look_at(phones, "won")
    no_errors(phones)


def test_team_battle_on_four_phones_to_the_end(request: pytest.FixtureRequest) -> None:
    url, chromium = running(request)
    looks = {
        "Ana": {},
        "Ben": {"dark": True},
        "Cat": {"ja": True},
        "Dan": {"dark": True, "ja": True},
    }
    phones: list[Phone] = [AxePhone(chromium, n, **look) for n, look in looks.items()]
    by_name = {p.name: p for p in phones}
    open_table(url, phones, "team-battle")
    look_at(phones, "team-start")
    for round_no in range(1, 25):
        first = turn_of(phones[0])
        attacker = by_name[first]
        foes = phones[0].page.evaluate(
            "(() => { const s = ROOM.current.state; const mine = s.fighters.find(f => f.name"
            f" === '{first}').side; return s.fighters.filter(f => f.side !== mine && "
            "!f.defeated).map(f => f.name); })()"
        )
        attacker.catch_up(phones[0])
        strike_and_take(attacker, foes[0], by_name, "team-attacked" if round_no == 1 else "")
        state = phones[0].page.evaluate("ROOM.current.state")
        if state["game_winner"]:
            break
        if not state["round_over"]:  # a 2 vs 2 round ends when a side has nobody standing
            attacker.act("#controls #end-turn")
            for phone in phones:
                phone.catch_up(attacker)
            continue
        chooser = by_name[state["chooser"]]
        if round_no <= 2:
            look_at(phones, f"team-between-{round_no}")
        chooser.act(f"#between button[data-first='{chooser.name}']")
        for phone in phones:
            phone.catch_up(chooser)
    for phone in phones:
        phone.page.locator("#winner:not([hidden])").wait_for(timeout=SEEN_WITHIN_MS)
    look_at(phones, "team-won")
    no_errors(phones)


def test_raid_on_three_phones_to_the_end(request: pytest.FixtureRequest) -> None:
    url, chromium = running(request)
    phones: list[Phone] = [
        AxePhone(chromium, "Ana"),
        AxePhone(chromium, "Ben", ja=True),
        AxePhone(chromium, "Drake", dark=True),
    ]
    by_name = {p.name: p for p in phones}
    drake = by_name["Drake"]
    open_table(url, phones, "raid")
    look_at(phones, "raid-start")
    for turn in range(1, 12):
        state = drake.page.evaluate("ROOM.current.state")
        if state["game_winner"]:
            break
        on_turn = by_name[state["turn"]]
        on_turn.catch_up(drake)
        if on_turn is not drake:  # a mortal strikes the Dragon, who takes the hit
            strike_and_take(on_turn, "Drake", by_name, "raid-attacked" if turn == 1 else "")
            if drake.page.evaluate("!!ROOM.current.state.game_winner"):
                break
        on_turn.act("#controls #end-turn")
        for phone in phones:
            phone.catch_up(on_turn)
    for phone in phones:
        phone.page.locator("#winner:not([hidden])").wait_for(timeout=SEEN_WITHIN_MS)
    # One sentence in each phone's words: no English space before Japanese's の勝ち.
    assert by_name["Ben"].page.inner_text("#winner") == "人間たちの勝ち"
    assert drake.page.inner_text("#winner") == "the mortals win"
    look_at(phones, "raid-won")
    no_errors(phones)


def test_betrayal_on_five_phones_before_and_after_the_reveal(
    request: pytest.FixtureRequest,
) -> None:
    url, chromium = running(request)
    looks = {
        "Ana": {},
        "Ben": {"dark": True},
        "Cid": {"ja": True},
        "Dee": {"dark": True, "ja": True},
    }
    phones: list[Phone] = [AxePhone(chromium, n, **look) for n, look in looks.items()]
    phones.append(AxePhone(chromium, "Drake", dark=True))
    by_name = {p.name: p for p in phones}
    open_table(url, phones, "betrayal")
    cards = {p.name: p.held_card() for p in phones}  # each phone's own card, held to see
    look_at(phones, "betrayal-start")  # the naming rows on every mortal's phone alike
    traitor = next(n for n, c in cards.items() if c == "traitor")
    if traitor == "Drake":  # no traitor among the mortals this game: the Dragon shows it
        drake = by_name["Drake"]
        drake.act("#betrayal #dragon-reveal")
        for phone in phones:
            phone.catch_up(drake)
        look_at(phones, "betrayal-dragon-revealed")
    else:
        by_name[traitor].act("#betrayal #reveal")
        for phone in phones:
            phone.catch_up(by_name[traitor])
            assert phone.page.locator("#betrayal #reveal, #dragon-reveal").count() == 0
        look_at(phones, "betrayal-revealed")
    no_errors(phones)
