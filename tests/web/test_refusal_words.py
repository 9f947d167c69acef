"""Refusals in the phone's language (issue 27, item 11): the rules raise a refusal with a word
key and its slots, the API answers it beside the English message, and every key has Japanese
in static/refusals.js; a kept tap's label is a word key too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

import companion.kinds  # noqa: F401  (every kind of room, so every table of refusals is known)
from companion.game import errors
from companion.game.flash_duel.actions import PARSERS as FLASH_DUEL
from companion.game.puzzle_strike.actions import ACTION_TYPES as PUZZLE_STRIKE
from companion.game.shadowfist.actions import PARSERS as SHADOWFIST
from tests.helpers import act, start_duel
from tests.web.test_tournament_api import create, org

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "companion" / "web" / "static"
SAID_BY_KEYS = [
    "companion/game/puzzle_strike/room.py",
    "companion/game/puzzle_strike/bank_play.py",
    "companion/game/shadowfist/room.py",
    "companion/game/flash_duel/combat.py",
    "companion/game/flash_duel/track.py",
    "companion/game/flash_duel/rounds.py",
    "companion/game/flash_duel/choosing.py",
    "companion/game/flash_duel/raid.py",
    "companion/game/flash_duel/match.py",
    "companion/game/flash_duel/room.py",
    "companion/game/flash_duel/solo.py",
    "companion/game/flash_duel/raid_modes.py",
    "companion/game/draft/rules.py",
    "companion/game/tournament/model.py",
    "companion/game/tournament/pairing.py",
    "companion/game/puzzle_strike/piles.py",
    "companion/game/puzzle_strike/turns.py",
    "companion/game/flash_duel/state.py",
    "companion/game/flash_duel/draws.py",
    "companion/game/flash_duel/one_vs_one.py",
    "companion/game/flash_duel/modes.py",
    "companion/game/flash_duel/mode.py",
    "companion/game/shadowfist/rules.py",
    "companion/game/draft/room.py",
    "companion/game/tournament/config.py",
    "companion/game/tournament/banks.py",
    # A Puzzle Strike table's gems, Panic and match; the bank randomizer page's bank
    "companion/game/puzzle_strike/gems.py",
    "companion/game/puzzle_strike/panic.py",
    "companion/game/puzzle_strike/match.py",
    "companion/game/puzzle_strike/bank.py",
    "companion/game/puzzle_strike/bank_json.py",
    "companion/game/puzzle_strike/setup.py",
    "companion/game/names.py",
    # The store: tables, seats and hand-over, version conflicts, tournaments and results
    "companion/storage/matches.py",
    "companion/storage/seats.py",
    "companion/storage/tournaments.py",
    "companion/storage/results.py",
    "companion/storage/clients.py",
    # The web layer's refusals a page can meet
    "companion/web/common.py",
    "companion/web/matches.py",
    "companion/web/banks.py",
    "companion/web/rooms.py",
    "companion/web/drafts.py",
    "companion/web/tournaments/__init__.py",
    "companion/web/tournaments/tables.py",
    # The club's
    "companion/storage/club.py",
    "companion/storage/club_codes.py",
    "companion/storage/club_results.py",
    "companion/storage/club_tournaments.py",
    "companion/web/club/__init__.py",
    "companion/web/club/pages.py",
]
"""Modules whose every refusal is a word key (the others still say theirs in English)."""

IN_ENGLISH = [
    re.compile(r"raise \w+\(\s*f?[\"']"),  # raise NotFound("no such match")
    re.compile(r"ApiError\(\s*[\w.]+,\s*f?[\"']"),  # ApiError(400, "...")
    re.compile(r"(?:Error|ApiError)\([^()]*(?:str\(exc\)|exc\.message)"),  # its key lost
]
"""A refusal said in English only: a text, or another error's text without its word key."""


def japanese() -> dict[str, str]:
    """Return refusals.js's words: key -> Japanese."""
    script = (STATIC / "refusals.js").read_text(encoding="utf-8")
    return dict(re.findall(r'(\w+):\s*"([^"]*)"', script))


def test_every_refusal_key_has_japanese_with_the_same_slots() -> None:
    assert len(errors.ALL) >= 3  # Puzzle Strike, Shadowfist, Flash Duel
    words = japanese()
    for table in errors.ALL:
        for key, english in table.texts.items():
            assert key in words, key
            slots = set(re.findall(r"\{(\w+)\}", english))
            assert set(re.findall(r"\{(\w+)\}", words[key])) == slots, key


@pytest.mark.parametrize("module", SAID_BY_KEYS)
def test_every_refusal_of_these_modules_is_raised_by_its_key(module: str) -> None:
    source = (ROOT / module).read_text(encoding="utf-8")
    in_english = [found for pattern in IN_ENGLISH for found in pattern.findall(source)]
    assert in_english == [], module


def test_every_action_type_has_a_label_in_japanese() -> None:
    words = japanese()
    types = {*PUZZLE_STRIKE, *FLASH_DUEL, *SHADOWFIST, "pick"}
    assert sorted(t for t in types if f"act_{t}" not in words) == []


def test_a_refused_tap_carries_its_word_key_and_slots(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    act(a, match_id, {"type": "choose", "character": "rook"})
    act(b, match_id, {"type": "choose", "character": "grave"})
    refused = act(b, match_id, {"type": "buy", "stack": "base-3e/sneak-attack"})
    assert refused.status_code == 422
    answer = refused.get_json()
    assert answer["error"] == "Ben cannot buy: it is Ana's turn"
    assert answer["said"] == {
        "say": "ps_buy_turn",
        "text": "{actor} cannot buy: it is {turn}'s turn",
        "args": {"actor": "Ben", "turn": "Ana"},
    }


def test_a_tournament_refusal_carries_its_word_key(client: FlaskClient) -> None:
    tid, h = create(client, players=["Ana", "Ben", "Cid", "Dee"])
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    early = org(client, f"/api/tournaments/{tid}/rounds", {"round": 2}, h)
    assert early.status_code == 409
    said = early.get_json()["said"]
    assert said["say"] == "tr_tables_waiting" and said["args"] == {"round": 1, "tables": "1, 2"}


def test_no_refusal_key_is_also_another_word() -> None:
    """The phone looks a key up in every block of words: a refusal named like a word of the
    bar or the glossary ("sf_power") would replace that word on a Japanese phone."""
    refusals = set(japanese())
    others: set[str] = set()
    for script in STATIC.glob("*.js"):
        if script.name != "refusals.js":
            others |= set(re.findall(r"^\s+(\w+):\s*\n?\s*\"", script.read_text("utf-8"), re.M))
    from companion.web.glossary import PHONE_TERMS

    others |= set(PHONE_TERMS)
    assert sorted(refusals & others) == []
