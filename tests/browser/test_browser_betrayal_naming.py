"""Betrayal: the traitor names hands on its own phone (issue #26, item 7).

Seed 002 l.336: revealing, the traitor may name the exact hand of a loyal mortal (named
right: that mortal is defeated), "then try to name the exact hand of another mortal, and so
on"; after a wrong one "you can't attempt to name cards in any other hands". So a mortal
may be left out. The page marks each mortal: not named (untouched), named right (tick),
named wrong (cross). One context per phone, 390 x 844.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from companion.game.flash_duel import raid
from companion.game.flash_duel.room import RULES
from companion.web import common
from printkit.catalog import load_catalog
from tests.browser.test_browser_duel import Phone, open_table, running
from tests.phones import CHROMIUM, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")

PLAYERS = ["Ana", "Ben", "Cid", "Dee", "Drake"]  # the home page makes the last one the Dragon


def seed_with_traitor(traitor: str) -> int:
    """Return the first table seed that deals the traitor card to this player."""
    fd = RULES.start(RULES.setup_from_request(
        {"mode": "betrayal", "players": PLAYERS, "dragon": "Drake"}, load_catalog(), 0
    ), load_catalog()).fd  # fmt: skip
    for seed in range(1000):
        dealt = raid.deal_loyalty(fd, PLAYERS[:4], "Drake", random.Random(seed))
        if dealt.card_of(traitor) == "traitor":
            return seed
    raise AssertionError(f"no seed below 1000 makes {traitor} the traitor")


def defeated(phone: Phone) -> list[str]:
    """Return the fighters this phone's table says are defeated."""
    found: list[str] = phone.page.evaluate(
        "fetch(location.pathname.replace('/m/', '/api/matches/') + '/state')"
        ".then(r => r.json()).then(d => d.state.fighters.filter(f => f.defeated).map(f => f.name))"
    )
    return found


def betrayal_with_traitor(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, traitor: str
) -> dict[str, Phone]:
    """Open a Betrayal table dealt so that ``traitor`` holds the traitor card (Dee's phone
    dark and in Japanese); return the phones by player."""
    seed = seed_with_traitor(traitor)
    monkeypatch.setattr(common, "secrets", SimpleNamespace(randbelow=lambda _: seed))
    url, chromium = running(request)
    phones = [Phone(chromium, n, dark=n == "Dee", ja=n == "Dee") for n in PLAYERS]
    open_table(url, phones, "betrayal")
    assert phones[PLAYERS.index(traitor)].held_card() == "traitor"
    return {p.name: p for p in phones}


def test_the_traitor_names_one_hand_right_and_leaves_the_others_out(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    by_name = betrayal_with_traitor(request, monkeypatch, "Ana")
    phones = list(by_name.values())
    ana = by_name["Ana"]
    # Ana named Cid's hand right and did not try Ben's or Dee's.
    ana.tap("#betrayal [data-naming='Cid'] label:has(input[value='right'])")
    ana.shot("betrayal-naming-marked")
    by_name["Dee"].shot("betrayal-naming-loyal-dark-ja")  # a loyal phone has the same controls
    ana.tap("#betrayal #reveal")
    by_name["Drake"].see("#betrayal p", "Ana: traitor")
    until(ana.page, "!document.querySelector(\"#track .pawn[title='Cid']\")")
    assert sorted(defeated(ana)) == ["Cid"]
    for name in ("Ben", "Dee"):  # still at the table, on every phone
        by_name["Drake"].see(f"#track .pawn[title='{name}']")
    ana.shot("betrayal-naming-revealed")
    by_name["Cid"].see("#betrayal p", "Ana: traitor")
    by_name["Cid"].shot("betrayal-naming-defeated")
    for phone in phones:
        assert phone.errors == [], (phone.name, phone.errors)


def test_a_wrong_guess_ends_the_naming(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    by_name = betrayal_with_traitor(request, monkeypatch, "Ben")
    phones = list(by_name.values())
    ben = by_name["Ben"]
    # Ben named Dee's hand right, then Ana's wrong: Dee is defeated, Ana and Cid are not.
    ben.tap("#betrayal [data-naming='Ana'] label:has(input[value='wrong'])")
    ben.tap("#betrayal [data-naming='Dee'] label:has(input[value='right'])")
    ben.tap("#betrayal #reveal")
    until(ben.page, "!document.querySelector(\"#track .pawn[title='Dee']\")")
    assert sorted(defeated(ben)) == ["Dee"]
    ben.shot("betrayal-naming-wrong")
    for phone in phones:
        assert phone.errors == [], (phone.name, phone.errors)


def test_every_mortals_phone_shows_the_same_naming_controls(request: pytest.FixtureRequest) -> None:
    url, chromium = running(request)
    phones = [Phone(chromium, n) for n in PLAYERS]
    open_table(url, phones, "betrayal")
    shown: dict[str, Any] = {}
    for phone in phones[:4]:  # a loyal mortal's phone and the traitor's look alike
        rows = phone.page.locator("#betrayal [data-naming]")
        shown[phone.name] = rows.count()
        marks = phone.page.locator("#betrayal [data-naming] input:checked").evaluate_all(
            "els => els.map(e => e.value)"
        )
        assert marks == ["none"] * 3, (phone.name, marks)
    assert set(shown.values()) == {3}
    for phone in phones:
        assert phone.errors == [], (phone.name, phone.errors)
